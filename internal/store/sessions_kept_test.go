package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/ladder"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// A session's answer is judged at each call's clock, kept or not (SQLite keeps it until a
// commit): due for a touch once last seen an hour ago, gone once expired, back while the clock is
// before its expiry; a sign-out ends it at the next call.
func TestSessionJudgedAtEachCall(t *testing.T) {
	for _, tc := range []struct {
		name string
		db   *store.DB
	}{{"sqlite", storetest.NewTestSQLite(t)}, {"postgres", storetest.NewTestPostgres(t)}} {
		t.Run(tc.name, func(t *testing.T) {
			db := tc.db
			if db == nil {
				t.Skip(storetest.PostgresTestURLEnv + " is not set")
			}
			ctx := context.Background()
			_, ids := newTournament(t, db, "kept sessions", string(ladder.Points), ladder.Presets["standard"], 2)
			now := time.Now().UTC().Truncate(time.Microsecond)
			s := store.Session{TokenHash: "kept-hash", UserID: ids[0], CreatedAt: now, LastSeenAt: now.Add(-30 * time.Minute),
				ExpiresAt: now.Add(time.Hour)}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertSession(ctx, tx, &s) }); err != nil {
				t.Fatal(err)
			}
			for _, hint := range []store.StampHint{{SessionOnly: true}, {}, {PagePlayer: ids[1]}, {ProfilePlayer: ids[1]},
				{RecentNotifications: 5}, {Leaderboard: true}} {
				for _, step := range []struct {
					at    time.Duration
					found bool
					touch bool
				}{{0, true, false}, {31 * time.Minute, true, true}, {2 * time.Hour, false, false}, {time.Minute, true, false}} {
					st, _, err := db.SessionStampWith(ctx, s.TokenHash, now.Add(step.at), hint)
					switch {
					case !step.found && !errors.Is(err, store.ErrNotFound):
						t.Fatalf("%+v at +%v: %v, want not found (expired)", hint, step.at, err)
					case step.found && err != nil:
						t.Fatalf("%+v at +%v: %v", hint, step.at, err)
					case step.found && (st.ID != s.ID || st.UserID != ids[0] || st.TouchDue != step.touch):
						t.Fatalf("%+v at +%v: %+v, want session %d, touch due %v", hint, step.at, st, s.ID, step.touch)
					}
				}
			}
			if _, err := db.DeleteSessionByTokenHash(ctx, s.TokenHash); err != nil {
				t.Fatal(err)
			}
			if _, _, err := db.SessionStampWith(ctx, s.TokenHash, now, store.StampHint{SessionOnly: true}); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("after the sign-out: %v, want not found", err)
			}
		})
	}
}
