package service_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// ValidateResult returns the match as its transaction left it, without reading it again after
// the commit (issue 16): it must be exactly what a read of the match gives, approved or
// rejected, on both databases, in the server's zone and in one an hour east of UTC (an approved
// match is built by the app: SQLite's reads give its UTC text a zone of its own there, pgx's
// the local one). The package's tests do not run in parallel, so the zone is the process's
// for this test alone.
func TestValidateResultReturnsTheStoredMatch(t *testing.T) {
	local := time.Local
	t.Cleanup(func() { time.Local = local })
	for _, zone := range []*time.Location{local, time.FixedZone("UTC+1", 3600)} {
		time.Local = zone
		t.Run(zone.String(), testValidateResultReturnsTheStoredMatch)
	}
}

func testValidateResultReturnsTheStoredMatch(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 6, nil)
		p := w.players
		// Odd nanoseconds: the database's own precision must come back, not the clock's.
		*w.now = w.now.Add(123456789 * time.Nanosecond)
		for i, c := range []struct {
			approve bool
			notes   string
		}{{true, "ok"}, {false, "score illegible"}, {true, ""}} {
			m := playedMatch(t, w, p[2*i], p[2*i+1], p[2*i])
			*w.now = w.now.Add(time.Hour + 987654321*time.Nanosecond)
			got, err := w.svc.ValidateResult(ctx, w.creator, m.ID, c.approve, c.notes)
			if err != nil {
				t.Fatal(err)
			}
			want, err := db.MatchByID(ctx, nil, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("approve=%v: returned\n%+v\nstored\n%+v", c.approve, got.Match, want.Match)
			}
		}
	})
}
