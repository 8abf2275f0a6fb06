package service_test

import (
	"context"
	"sync"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// First sign-ins of one new identity at the same moment (a double click, two tabs): all are
// signed in, into one account created once.
func TestConcurrentFirstSignIns(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := service.New(db, service.Options{})
		id := service.Identity{Issuer: "https://issuer.test", Subject: "sub-1", Email: "new@example.pt",
			EmailVerified: true, GivenName: "Ana"}
		start := make(chan struct{})
		var wg sync.WaitGroup
		errs := make([]error, 8)
		ids := make([]int64, len(errs))
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				u, _, err := svc.SignIn(ctx, id, "test", "127.0.0.1")
				ids[i], errs[i] = u.ID, err
			}()
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			if err != nil || ids[i] != ids[0] {
				t.Errorf("sign-in %d: account %d, %v", i, ids[i], err)
			}
		}
		if n, _ := db.CountUsers(ctx); n != 1 {
			t.Fatalf("%d accounts", n)
		}
		if rows, _ := db.AuditFor(ctx, "user", ids[0]); len(rows) != 1 {
			t.Fatalf("audit rows: %+v", rows)
		}
	})
}
