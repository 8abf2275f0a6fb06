package store_test

import (
	"context"
	"errors"
	"testing"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// AfterCommit hooks run once the transaction has committed, never for a rolled-back one, and
// after the commit (the committed row is visible to them).
func TestAfterCommit(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		var ran []string
		_ = db.Tx(ctx, func(tx *store.Tx) error {
			db.AfterCommit(tx, func() { ran = append(ran, "rolled back") })
			return errors.New("no")
		})
		err := db.Tx(ctx, func(tx *store.Tx) error {
			if _, err := tx.ExecContext(ctx, db.W.Rebind("INSERT INTO contact_messages (kind, name, email, subject, message, created_at) VALUES ('contact', 'a', 'a@b.pt', 's', 'x', ?)"), db.Now()); err != nil {
				return err
			}
			db.AfterCommit(tx, func() {
				var n int
				_ = db.R.GetContext(ctx, &n, "SELECT COUNT(*) FROM contact_messages")
				ran = append(ran, map[bool]string{true: "committed", false: "not visible"}[n == 1])
			})
			if len(ran) != 0 {
				t.Error("hook ran before the commit")
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(ran) != 1 || ran[0] != "committed" {
			t.Fatalf("hooks ran: %v", ran)
		}
	})
}
