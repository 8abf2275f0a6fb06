package service

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// N readers that all miss the standings cache at once share one computation (issue 16: the
// cache had no single flight, and 43 requests each computed the same ranking). The computation
// is held until every reader has missed, so without the single flight all N would compute.
func TestStandingsSingleFlight(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := seed.Demo(ctx, db); err != nil {
			t.Fatal(err)
		}
		list, _, err := db.ListTournaments(ctx, store.TournamentFilter{Query: "Super Ladder", Statuses: []string{"active"}})
		if err != nil || len(list) != 1 {
			t.Fatalf("demo tournament: %v", err)
		}
		s := New(db, Options{})
		const n = 16
		var missed atomic.Int32
		allMissed := make(chan struct{})
		s.reads.onStandingsMiss = func() {
			if missed.Add(1) == n {
				close(allMissed)
			}
		}
		s.reads.onStandingsCompute = func() { <-allMissed }

		results := make([][]StandingRow, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() { _, results[i], errs[i] = s.Standings(ctx, Current{}, list[0].ID) })
		}
		wg.Wait()
		for i := range n {
			if errs[i] != nil {
				t.Fatalf("reader %d: %v", i, errs[i])
			}
			if len(results[i]) != len(results[0]) || len(results[i]) == 0 {
				t.Fatalf("reader %d got %d rows, reader 0 %d", i, len(results[i]), len(results[0]))
			}
		}
		if got := s.StandingsComputations(); got != 1 {
			t.Fatalf("%d concurrent misses computed the standings %d times, want 1", n, got)
		}
		// Cached now: another read computes nothing.
		if _, _, err := s.Standings(ctx, Current{}, list[0].ID); err != nil || s.StandingsComputations() != 1 {
			t.Fatalf("cached read: %v, computations %d", err, s.StandingsComputations())
		}
	})
}
