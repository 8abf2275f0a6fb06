package jobs

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// Pending tournaments are removed after 5 days and ended ones closed, by exactly one of three
// instances per period, on a clock we control; rejected ones stay marked.
func TestTournamentExpiryRunsOnce(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		start := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
		now := start
		var mu sync.Mutex
		db.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		setNow := func(t time.Time) { mu.Lock(); now = t; mu.Unlock() }
		svc := service.New(db, service.Options{})
		mk := func(name, status, end string) {
			tr := store.Tournament{Name: name, Status: status, EndDate: end, Privacy: "public", RankingType: "points",
				Preset: "standard", ResponseDays: 7, MaxRejections: 3, MinGames: 1, MaxGames: 4, PeriodWeeks: 2,
				ExpiresAt: start.Add(service.TournamentApprovalPeriod)}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertTournament(ctx, tx, &tr) }); err != nil {
				t.Fatal(err)
			}
		}
		mk("Pendente A", "pending", "")
		mk("Pendente B", "pending", "")
		mk("Rejeitado", "rejected", "")
		mk("Ativo sem fim", "active", "")
		mk("Ativo até dia 3", "active", "2026-11-03")

		var runs, handled atomic.Int64
		tickAll := func() {
			var wg sync.WaitGroup
			for _, h := range []string{"a", "b", "c"} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					l := &Leased{DB: db, Name: "expire-tournaments", Holder: h, TTL: 50 * time.Second,
						Run: func(ctx context.Context) (int64, error) {
							runs.Add(1)
							n, err := svc.ExpireTournaments(ctx)
							handled.Add(n)
							return n, err
						}}
					if _, _, err := l.Tick(ctx); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
		}
		count := func(status string) int {
			list, _, err := db.ListTournaments(ctx, store.TournamentFilter{Statuses: []string{status}})
			if err != nil {
				t.Fatal(err)
			}
			return len(list)
		}
		setNow(start.Add(3 * 24 * time.Hour)) // the 4th: the tournament ending on the 3rd closes
		tickAll()
		if runs.Load() != 1 || handled.Load() != 1 || count("inactive") != 1 || count("pending") != 2 {
			t.Fatalf("day 3: runs %d handled %d inactive %d pending %d", runs.Load(), handled.Load(), count("inactive"), count("pending"))
		}
		setNow(start.Add(service.TournamentApprovalPeriod + time.Minute))
		tickAll()
		if runs.Load() != 2 || handled.Load() != 3 || count("pending") != 0 || count("rejected") != 1 || count("active") != 1 {
			t.Fatalf("day 5: runs %d handled %d pending %d rejected %d active %d", runs.Load(), handled.Load(),
				count("pending"), count("rejected"), count("active"))
		}
	})
}
