package jobs

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// Pending clubs older than their validation period are removed by exactly one of several
// instances; validated and rejected clubs stay; a clock we control drives it.
func TestPendingClubExpiryRunsOnce(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		start := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
		now := start
		var mu sync.Mutex
		db.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		setNow := func(t time.Time) { mu.Lock(); now = t; mu.Unlock() }
		mk := func(name, status string) {
			c := store.Club{Name: name, Status: status, ExpiresAt: start.Add(5 * 24 * time.Hour), CreatorID: sql.NullInt64{}}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertClub(ctx, tx, &c) }); err != nil {
				t.Fatal(err)
			}
		}
		mk("Pendente A", "pending")
		mk("Pendente B", "pending")
		mk("Validado", "validated")
		mk("Rejeitado", "rejected")

		var runs atomic.Int64
		var removed atomic.Int64
		instance := func(holder string) *Leased {
			return &Leased{DB: db, Name: "expire-pending-clubs", Holder: holder, TTL: 50 * time.Second,
				Run: func(ctx context.Context) (int64, error) {
					runs.Add(1)
					n, err := db.DeleteExpiredPendingClubs(ctx, db.Now())
					removed.Add(n)
					return n, err
				}}
		}
		tickAll := func() {
			var wg sync.WaitGroup
			for _, h := range []string{"a", "b", "c"} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if _, _, err := instance(h).Tick(ctx); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
		}
		setNow(start.Add(4 * 24 * time.Hour))
		tickAll()
		if runs.Load() != 1 || removed.Load() != 0 {
			t.Fatalf("day 4: runs %d removed %d", runs.Load(), removed.Load())
		}
		setNow(start.Add(5*24*time.Hour + time.Minute)) // lease expired, clubs expired
		tickAll()
		if runs.Load() != 2 || removed.Load() != 2 {
			t.Fatalf("day 5: runs %d (want exactly one more), removed %d", runs.Load(), removed.Load())
		}
		left, _, _ := db.ListClubs(ctx, store.ClubFilter{Statuses: []string{"pending", "validated", "rejected"}})
		if len(left) != 2 {
			t.Fatalf("left %d clubs, want the validated and the rejected", len(left))
		}
		setNow(start.Add(5*24*time.Hour + 2*time.Minute))
		tickAll()
		if removed.Load() != 2 {
			t.Fatal("removed more than the expired ones")
		}
	})
}
