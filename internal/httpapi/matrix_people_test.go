package httpapi

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tennisladder/ladder/internal/store"
)

var peopleSeq atomic.Int64

// peopleMatrix are the rows of the super admins and transfer routes: listing for super admins,
// creating and removing super admins for root alone, transfers for super admins.
var peopleMatrix = map[string]matrixRow{
	"GET /api/admin/super-admins":         {path: "/api/admin/super-admins", want: superOnly(200)},
	"POST /api/admin/super-admins":        {path: "/api/admin/super-admins", body: `{"email": "{fresh_email}"}`, want: only("root", 201, 403)},
	"DELETE /api/admin/super-admins/{id}": {path: "/api/admin/super-admins/{fresh_superadmin}", want: only("root", 204, 403)},
	"GET /api/admin/transfers":            {path: "/api/admin/transfers?limit=5", want: superOnly(200)},
	"POST /api/admin/transfers": {path: "/api/admin/transfers", want: superOnly(201),
		body: `{"source_email": "{fresh_email}", "target_email": "{fresh_email}", "reason": "duplicada", "identity_verified": true, "irreversible_understood": true, "user_informed": true}`},
}

func init() {
	for k, v := range peopleMatrix {
		matrix[k] = v
	}
}

// peoplePlaceholders fills each {fresh_email} with the email of a new player and
// {fresh_superadmin} with the id of a new super admin.
func peoplePlaceholders(t *testing.T, db *store.DB, s string) string {
	ctx := context.Background()
	insert := func(role string) store.User {
		u := store.User{Email: fmt.Sprintf("people-%d@ladder.test", peopleSeq.Add(1)), Role: role}
		if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertUser(ctx, tx, &u) }); err != nil {
			t.Fatal(err)
		}
		return u
	}
	for strings.Contains(s, "{fresh_email}") {
		s = strings.Replace(s, "{fresh_email}", insert("player").Email, 1)
	}
	if strings.Contains(s, "{fresh_superadmin}") {
		s = strings.ReplaceAll(s, "{fresh_superadmin}", fmt.Sprint(insert("superadmin").ID))
	}
	return s
}
