package httpapi

import (
	"context"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The provider's claims follow the text rules of every stored string: a name with a control or
// invisible character is blanked (the person signs in), an email with one is refused.
func TestSignInClaimText(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLive(t, db, nil)
		ctx := context.Background()
		for _, c := range []struct{ name, email, bad string }{
			{"NUL", "nul-name@example.pt", "A\x00na"},
			{"bidi override", "bidi-name@example.pt", "\u202Egnp.exe"},
		} {
			t.Run(c.name+" in the names: signed in, names blank", func(t *testing.T) {
				bad := both(set("given_name", c.bad), set("name", c.bad+" Silva"), set("family_name", c.bad),
					set("picture", "https://example.pt/"+c.bad))
				b := l.browser()
				r := b.signInAs(c.email, bad, bad)
				if r.code != 201 || b.sessionCookie() == "" {
					t.Fatalf("%d %s", r.code, r.body)
				}
				u, err := db.UserByEmail(ctx, nil, c.email)
				if err != nil {
					t.Fatal(err)
				}
				if u.FirstName != "" || u.LastName != "" || u.ExtGivenName != "" || u.ExtName != "" || u.ExtPicture != "" {
					t.Fatalf("claims stored: %+v", u)
				}
				if want, _, _ := strings.Cut(c.email, "@"); !strings.Contains(r.body, `"display_name":"`+want+`"`) {
					t.Fatalf("display name: %s", r.body)
				}
			})
		}
		t.Run("bad characters in the email: refused", func(t *testing.T) {
			before, _ := db.CountUsers(ctx)
			for _, email := range []string{"nul\x00@example.pt", "bidi\u202E@example.pt"} {
				b := l.browser()
				wantRefused(t, b, b.signInAs("bad-email@example.pt", set("email", email), set("email", email)), 400, "auth.bad_token")
			}
			if n, _ := db.CountUsers(ctx); n != before {
				t.Fatalf("refused sign-ins created %d accounts", n-before)
			}
		})
	})
}
