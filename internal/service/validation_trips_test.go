package service_test

import (
	"context"
	"os"
	"testing"

	"github.com/tennisladder/ladder/internal/store/storetest"
)

// maxValidationTrips bounds a result validation's round trips in PostgreSQL mode: 29 before its
// writes nobody reads back were deferred and sent along with its next statements (issue 16,
// store/pg_pipeline.go), 14 before its BEGIN and COMMIT went with its first and last (store/tx.go). A statement added to the validation, or a deferred write turned back
// into one of its own, shows here first. pgx's prepare of a statement text new to a connection is
// not counted (store.DB.RoundTrips), so a text built anew on every call would not show.
const maxValidationTrips = 12

func TestValidationRoundTripsPostgres(t *testing.T) {
	if os.Getenv(storetest.PostgresTestURLEnv) == "" {
		t.Skip("needs " + storetest.PostgresTestURLEnv)
	}
	db := storetest.NewTestPostgres(t)
	w := newBenchWorld(t, db)
	ids := w.reported(t, db, w.addLadder(t, db, 24, 0), 6)
	ctx := context.Background()
	for i, id := range ids {
		before := db.RoundTrips()
		if _, err := w.svc.ValidateResult(ctx, w.creator, id, true, ""); err != nil {
			t.Fatal(err)
		}
		n := db.RoundTrips() - before
		t.Logf("validation %d: %d round trips", i+1, n)
		if n > maxValidationTrips {
			t.Errorf("validation %d made %d round trips, want at most %d", i+1, n, maxValidationTrips)
		}
	}
}
