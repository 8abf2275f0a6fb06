package httpapi

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/store"
)

// deletionPlaceholders fills {deletable_email}, the email of a fresh player, and
// {pending_deletion}, a pending request by the superadmin actor about a fresh player.
func deletionPlaceholders(t *testing.T, db *store.DB, userIDs map[string]int64, s string) string {
	ctx := context.Background()
	fresh := func() store.User {
		u := store.User{Email: fmt.Sprintf("deletable-%d@ladder.test", time.Now().UnixNano()), Role: "player"}
		if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertUser(ctx, tx, &u) }); err != nil {
			t.Fatal(err)
		}
		return u
	}
	if strings.Contains(s, "{deletable_email}") {
		s = strings.ReplaceAll(s, "{deletable_email}", fresh().Email)
	}
	if strings.Contains(s, "{pending_deletion}") {
		u := fresh()
		r := store.DeletionRequest{UserID: u.ID, RequestedBy: sql.NullInt64{Int64: userIDs["superadmin"], Valid: true}, Reason: "matriz"}
		if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertDeletionRequest(ctx, tx, &r) }); err != nil {
			t.Fatal(err)
		}
		s = strings.ReplaceAll(s, "{pending_deletion}", fmt.Sprint(r.ID))
	}
	return s
}

// rootDecides: only the main super admin decides deletion requests; other super admins are
// refused like everyone else.
func rootDecides(code int) map[string]int {
	m := signedIn(403)
	m["root"] = code
	return m
}

// superButRoot: super admins other than root (root decides, so it never requests).
func superButRoot(code int) map[string]int {
	m := superOnly(code)
	m["root"] = 403
	return m
}
