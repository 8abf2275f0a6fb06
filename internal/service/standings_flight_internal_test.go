package service

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// N readers that all miss the standings cache at once share one computation (issue 16: the
// cache had no single flight, and 43 requests each computed the same ranking). The computation
// is held until every reader has missed, so without the single flight all N would compute.
func TestStandingsSingleFlight(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		tr := store.Tournament{Name: "Ladder", Privacy: "public", RankingType: "points", Preset: "standard", WinVsHigher: 3,
			WinVsLower: 2, Defeat: 0, ResponseDays: 7, MaxRejections: 3, MinGames: 1, MaxGames: 4, PeriodWeeks: 2,
			ChallengeRange: 3, Status: "active", ExpiresAt: time.Now().Add(time.Hour)}
		err := db.Tx(ctx, func(tx *store.Tx) error {
			if err := db.InsertTournament(ctx, tx, &tr); err != nil {
				return err
			}
			for i := range 6 {
				u := store.User{Email: fmt.Sprintf("p%d@flight.test", i), Role: "player"}
				if err := db.InsertUser(ctx, tx, &u); err != nil {
					return err
				}
				if _, err := db.AddParticipant(ctx, tx, tr.ID, u.ID, "active"); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		list := []store.Tournament{tr}
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
