package store_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// Migration 00023 turns the phones saved before issue 15 ("912345678") into the one international
// format the application writes now, and leaves international numbers and usernames alone. The
// rows are written the old way on a migrated database, then the migration's statements run again.
func TestPhonesMigrationNormalises(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		src, err := os.ReadFile("migrations/" + string(db.Dialect) + "/00023_phones_e164.sql")
		if err != nil {
			t.Fatal(err)
		}
		up, _, _ := strings.Cut(string(src), "-- +goose Down")
		rows := []struct{ phone, whatsapp, signal, telegram string }{
			{"912345678", "351913000111", "ana.01", "@ana_tenis"},
			{"+351913000111", "+447911123456", "926111222", "939876543"},
		}
		for i, r := range rows {
			if _, err := db.W.ExecContext(ctx, db.W.Rebind(`INSERT INTO users (email, first_name, role, status, created_at, updated_at,
				phone, whatsapp, signal, telegram) VALUES (?, 'P', 'player', 'active', ?, ?, ?, ?, ?, ?)`),
				"p"+string(rune('a'+i))+"@x.pt", db.Now(), db.Now(), r.phone, r.whatsapp, r.signal, r.telegram); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.W.ExecContext(ctx, db.W.Rebind(`INSERT INTO clubs (name, sort_key, phone, status, created_at, updated_at, expires_at)
			VALUES ('C', 'c', '212345678', 'validated', ?, ?, ?)`), db.Now(), db.Now(), db.Now()); err != nil {
			t.Fatal(err)
		}
		for _, stmt := range strings.Split(up, ";") {
			if strings.Contains(stmt, "UPDATE") {
				if _, err := db.W.ExecContext(ctx, stmt[strings.Index(stmt, "UPDATE"):]); err != nil {
					t.Fatal(err)
				}
			}
		}
		var got []struct{ Phone, WhatsApp, Signal, Telegram string }
		if err := db.W.SelectContext(ctx, &got, `SELECT phone, whatsapp, signal, telegram FROM users ORDER BY email`); err != nil {
			t.Fatal(err)
		}
		want := []struct{ Phone, WhatsApp, Signal, Telegram string }{
			{"+351912345678", "+351913000111", "ana.01", "@ana_tenis"},
			{"+351913000111", "+447911123456", "+351926111222", "+351939876543"},
		}
		if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
			t.Fatalf("users after the migration: %+v, want %+v", got, want)
		}
		var club string
		if err := db.W.GetContext(ctx, &club, `SELECT phone FROM clubs`); err != nil || club != "+351212345678" {
			t.Fatalf("club phone %q, %v", club, err)
		}
	})
}
