package service_test

import (
	"context"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/store"
)

// awaitLockWait returns once PostgreSQL shows a transaction of the test waiting for a lock:
// count is a query of pg_stat_activity (with args) that counts the waiting backends. It polls
// the server's view rather than sleeping out the other transaction, and fails the test after two
// minutes, or as soon as ended (nil: not watched) reports that the waiting side ended instead.
func awaitLockWait(t *testing.T, db *store.DB, what string, ended <-chan error, count string, args ...any) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); ; {
		var waiting int
		if err := db.R.GetContext(context.Background(), &waiting, count, args...); err != nil {
			t.Fatal(err)
		}
		if waiting > 0 {
			return
		}
		select {
		case err := <-ended:
			t.Fatalf("%s ended without waiting for the lock: %v", what, err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never waited for the lock", what)
		}
		time.Sleep(5 * time.Millisecond) // polling PostgreSQL's view, not waiting out the other transaction
	}
}
