package service_test

import (
	"context"
	"os"
	"testing"

	"github.com/tennisladder/ladder/internal/store/storetest"
)

// maxValidationTrips bounds a result validation's round trips in PostgreSQL mode: 29 before its
// writes nobody reads back were deferred and sent along with its next statements (issue 16,
// store/pg_pipeline.go), 14 before its BEGIN and COMMIT went with its first and last
// (store/tx.go), 12 before the history insert waited for the next round trip
// (store.RecordStats), 11 before the match's completion went with the write of its positions
// (store.CompleteResult), 10 before the two players' places were read with their rows
// (store.placeOf), 8 before the match and the caller's relation were read with the tournament's
// lock (store.LockMatch). A statement added to the validation, or a deferred write turned back into
// one of its own, shows here first. pgx's prepare of a statement text new to a connection is not
// counted (store.DB.RoundTrips), so a text built anew on every call would not show.
const maxValidationTrips = 7

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

// TestValidationStatementsKeepTheirPlansPostgres checks that PostgreSQL plans none of a
// validation's statements again at every execution once its tables have statistics. Left to
// itself, a prepared statement takes five plans for its values, then keeps its generic plan
// unless that looks dearer: moveH2H's head-to-head update never stopped planning, ~9 % of the
// server's CPU per validation (issue 16), until the validation asked for generic plans
// (store.PlanForKeys). One connection, so that pg_prepared_statements, which is per connection,
// sees every statement.
func TestValidationStatementsKeepTheirPlansPostgres(t *testing.T) {
	if os.Getenv(storetest.PostgresTestURLEnv) == "" {
		t.Skip("needs " + storetest.PostgresTestURLEnv)
	}
	db := storetest.NewTestPostgres(t)
	db.W.SetMaxOpenConns(1)
	w := newBenchWorld(t, db)
	ids := w.reported(t, db, w.addLadder(t, db, 24, 0), benchHistory+20)
	// A season under way, as the write benchmarks measure it; then statistics, as autovacuum
	// would give them, and with them every plan made again.
	w.validate(t, ids[:benchHistory])
	if err := db.Analyze(context.Background()); err != nil {
		t.Fatal(err)
	}
	w.validate(t, ids[benchHistory:])
	var planned []struct {
		Statement string `db:"statement"`
		Custom    int    `db:"custom_plans"`
		Generic   int    `db:"generic_plans"`
	}
	if err := db.W.SelectContext(context.Background(), &planned, `SELECT statement, custom_plans, generic_plans
		FROM pg_prepared_statements WHERE custom_plans > 10`); err != nil {
		t.Fatal(err)
	}
	for _, p := range planned {
		t.Errorf("planned for its values %d times (generic plan used %d times) over 20 validations:\n%s", p.Custom, p.Generic, p.Statement)
	}
}
