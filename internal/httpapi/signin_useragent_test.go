package httpapi

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The browser's User-Agent is kept as a one-line valid text of at most 300 characters.
func TestSignInUserAgent(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLive(t, db, nil)
		for _, c := range []struct{ name, ua, want string }{
			{"invalid UTF-8", "Mozilla\xff/5.0", "Mozilla\uFFFD/5.0"},
			{"cut by characters", strings.Repeat("é", 400), strings.Repeat("é", 300)},
		} {
			t.Run(c.name, func(t *testing.T) {
				b := l.browser()
				code, state := b.startSignIn("ua@example.pt")
				r := b.do("POST", "/api/sessions", map[string]string{"code": code, "state": state}, "User-Agent", c.ua)
				if r.code != 201 {
					t.Fatalf("%d %s", r.code, r.body)
				}
				var got string
				if err := db.R.Get(&got, `SELECT user_agent FROM sessions ORDER BY id DESC LIMIT 1`); err != nil {
					t.Fatal(err)
				}
				if got != c.want || !utf8.ValidString(got) {
					t.Fatalf("stored %q, want %q", got, c.want)
				}
			})
		}
	})
}
