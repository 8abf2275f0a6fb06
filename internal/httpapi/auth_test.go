package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func TestSignInFlow(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLive(t, db, nil)
		b := l.browser()
		if r := b.do("GET", "/api/users/me", nil); r.code != 401 || r.problem(t).Code != "auth.sign_in_required" {
			t.Fatalf("signed out me: %d %s", r.code, r.body)
		}
		u := b.signIn("Nova.Jogadora@Example.pt")
		if u.Email != "nova.jogadora@example.pt" || u.Role != "player" || u.Status != "active" || u.IsRoot {
			t.Fatalf("new account: %+v", u)
		}
		r := b.do("GET", "/api/users/me", nil)
		if r.code != 200 || !strings.Contains(r.body, `"email":"nova.jogadora@example.pt"`) || !strings.Contains(r.body, `"photo_url"`) {
			t.Fatalf("me: %d %s", r.code, r.body)
		}
		first := b.sessionCookie()
		// A second sign-in gets a new token; the old one still works until revoked.
		b2 := l.browser()
		b2.signIn("nova.jogadora@example.pt")
		if b2.sessionCookie() == first || b2.sessionCookie() == "" {
			t.Fatal("a sign-in must issue a new token")
		}
		n, _ := db.CountUsers(context.Background())
		if n != 1 {
			t.Fatalf("the second sign-in created another account: %d", n)
		}
		// Logout revokes on the server: replaying the old cookie fails.
		if r := b.do("POST", "/api/logout", nil); r.code != 204 || !strings.Contains(r.hdr.Get("Set-Cookie"), "Max-Age=0") {
			t.Fatalf("logout: %d %v", r.code, r.hdr)
		}
		replay := l.browser()
		if r := replay.do("GET", "/api/users/me", nil, "Cookie", "ladder_session="+first); r.code != 401 {
			t.Fatalf("revoked token still works: %d", r.code)
		}
		if r := b2.do("GET", "/api/users/me", nil); r.code != 200 {
			t.Fatalf("the other session should survive: %d", r.code)
		}
	})
}

func TestSessionCookieAttributes(t *testing.T) {
	l := newLive(t, storetest.NewTestSQLite(t), nil)
	b := l.browser()
	code, state := b.startSignIn("ana@example.pt")
	r := b.do("POST", "/api/sessions", map[string]string{"code": code, "state": state})
	var session string
	for _, c := range r.hdr.Values("Set-Cookie") {
		if strings.HasPrefix(c, "ladder_session=") {
			session = c
		}
	}
	if !strings.Contains(session, "HttpOnly") || !strings.Contains(session, "SameSite=Lax") || strings.Contains(session, "Secure") {
		t.Fatalf("session cookie over http: %q", session)
	}
	tok := strings.TrimPrefix(strings.SplitN(session, ";", 2)[0], "ladder_session=")
	if len(tok) < 43 {
		t.Fatalf("token too short for 256 bits: %q", tok)
	}
	var raw, hashed int
	q := l.db.R.Rebind(`SELECT COUNT(*) FROM sessions WHERE token_hash = ?`)
	sum := sha256.Sum256([]byte(tok))
	if err := l.db.R.Get(&raw, q, tok); err != nil {
		t.Fatal(err)
	}
	if err := l.db.R.Get(&hashed, q, hex.EncodeToString(sum[:])); err != nil {
		t.Fatal(err)
	}
	if raw != 0 || hashed != 1 {
		t.Fatalf("want only the token's hash stored: raw %d, hashed %d", raw, hashed)
	}
}

func TestSignInRefusals(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLive(t, db, nil)
		ctx := context.Background()

		t.Run("missing code", func(t *testing.T) {
			r := l.browser().do("POST", "/api/sessions", map[string]string{"code": ""}, "Accept-Language", "en")
			if p := r.problem(t); r.code != 422 || p.Code != "auth.no_code" || p.Message != "No code provided in the URL search params." {
				t.Fatalf("%d %+v", r.code, p)
			}
		})
		t.Run("wrong state", func(t *testing.T) {
			b := l.browser()
			code, _ := b.startSignIn("ana@example.pt")
			r := b.do("POST", "/api/sessions", map[string]string{"code": code, "state": "forged"})
			if r.code != 400 || r.problem(t).Code != "auth.bad_state" || b.sessionCookie() != "" {
				t.Fatalf("%d %s", r.code, r.body)
			}
		})
		t.Run("no flow cookie", func(t *testing.T) {
			b := l.browser()
			code, state := b.startSignIn("ana@example.pt")
			other := l.browser() // another browser carries the code: no flow cookie there
			if r := other.do("POST", "/api/sessions", map[string]string{"code": code, "state": state}); r.code != 400 || r.problem(t).Code != "auth.bad_state" {
				t.Fatalf("%d %s", r.code, r.body)
			}
		})
		t.Run("replayed code", func(t *testing.T) {
			b := l.browser()
			code, state := b.startSignIn("ana@example.pt")
			flow := ""
			for _, c := range b.c.Jar.Cookies(mustURL(l.ts.URL)) {
				if c.Name == "ladder_oidc" {
					flow = c.Value
				}
			}
			if r := b.do("POST", "/api/sessions", map[string]string{"code": code, "state": state}); r.code != 201 {
				t.Fatalf("first use: %d %s", r.code, r.body)
			}
			// Even with the flow cookie put back, the issuer refuses a used code.
			r := l.browser().do("POST", "/api/sessions", map[string]string{"code": code, "state": state}, "Cookie", "ladder_oidc="+flow)
			if r.code != 400 || r.problem(t).Code != "auth.exchange_failed" {
				t.Fatalf("replay: %d %s", r.code, r.body)
			}
		})
		t.Run("bad code", func(t *testing.T) {
			b := l.browser()
			_, state := b.startSignIn("ana@example.pt")
			if r := b.do("POST", "/api/sessions", map[string]string{"code": "made-up", "state": state}); r.code != 400 || r.problem(t).Code != "auth.exchange_failed" {
				t.Fatalf("%d %s", r.code, r.body)
			}
		})
		tampered := func(t *testing.T, edit func(map[string]any), want string) {
			l.issuer.Tamper = edit
			defer func() { l.issuer.Tamper = nil }()
			b := l.browser()
			code, state := b.startSignIn("tampered@example.pt")
			r := b.do("POST", "/api/sessions", map[string]string{"code": code, "state": state})
			if r.code != 400 || r.problem(t).Code != want || b.sessionCookie() != "" {
				t.Fatalf("%d %s", r.code, r.body)
			}
		}
		t.Run("wrong nonce", func(t *testing.T) { tampered(t, func(c map[string]any) { c["nonce"] = "other" }, "auth.bad_token") })
		t.Run("other audience", func(t *testing.T) {
			tampered(t, func(c map[string]any) { c["aud"] = "someone-else" }, "auth.bad_token")
		})
		t.Run("expired token", func(t *testing.T) {
			tampered(t, func(c map[string]any) { c["exp"] = time.Now().Add(-time.Hour).Unix() }, "auth.bad_token")
		})
		if n, _ := db.CountUsers(ctx); n != 1 { // only ana, from the replay case
			t.Fatalf("refused sign-ins created accounts: %d", n)
		}
		t.Run("suspended account", func(t *testing.T) {
			b := l.browser()
			u := b.signIn("ze@example.pt")
			if _, err := l.srv.svc.ChangeStatus(ctx, policy.Actor{UserID: -1, Role: policy.SuperAdmin, Root: true}, u.ID, policy.Suspended); err != nil {
				t.Fatal(err)
			}
			if r := b.do("GET", "/api/users/me", nil); r.code != 401 {
				t.Fatalf("a suspended account's session still works: %d", r.code)
			}
			b2 := l.browser()
			code, state := b2.startSignIn("ze@example.pt")
			r := b2.do("POST", "/api/sessions", map[string]string{"code": code, "state": state})
			if r.code != 403 || r.problem(t).Code != "auth.suspended" || b2.sessionCookie() != "" {
				t.Fatalf("suspended sign-in: %d %s", r.code, r.body)
			}
		})
	})
}

func TestRootAndLinkedAccounts(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		admin := store.User{Email: "admin@ladder.test", FirstName: "André", LastName: "Costa", Role: "admin"}
		if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertUser(ctx, tx, &admin) }); err != nil {
			t.Fatal(err)
		}
		l := newLive(t, db, nil)
		root := l.browser().signIn(testRoot)
		if root.Role != "superadmin" || !root.IsRoot || !slices.Contains(root.Capabilities, "manageSuperAdmins") {
			t.Fatalf("root: %+v", root)
		}
		a := l.browser().signIn("ADMIN@ladder.test")
		if a.ID != admin.ID || a.Role != "admin" || a.DisplayName != "André Costa" {
			t.Fatalf("pre-created account not linked: %+v", a)
		}
		// The web shows menus by the capabilities the policy gives, never by the role.
		if !slices.Equal(a.Capabilities, []string{"play", "adminPanel", "suspendUsers", "changeToPlayer", "listPlayers"}) {
			t.Fatalf("admin capabilities: %v", a.Capabilities)
		}
	})
}

func TestSessionExpiryAndSliding(t *testing.T) {
	db := storetest.NewTestSQLite(t)
	l := newLive(t, db, nil)
	b := l.browser()
	b.signIn("ana@example.pt")
	start := time.Now().UTC()
	// 20 days later the session still works and slides forward…
	db.Now = func() time.Time { return start.Add(20 * 24 * time.Hour) }
	if r := b.do("GET", "/api/users/me", nil); r.code != 200 {
		t.Fatalf("day 20: %d", r.code)
	}
	// …so 45 days after sign-in (25 after last use) it is still alive.
	db.Now = func() time.Time { return start.Add(45 * 24 * time.Hour) }
	if r := b.do("GET", "/api/users/me", nil); r.code != 200 {
		t.Fatalf("day 45 after sliding: %d", r.code)
	}
	// Unused for more than 30 days: gone.
	db.Now = func() time.Time { return start.Add(80 * 24 * time.Hour) }
	if r := b.do("GET", "/api/users/me", nil); r.code != 401 {
		t.Fatalf("day 80: %d", r.code)
	}
	if n, err := db.DeleteExpiredSessions(context.Background(), db.Now()); err != nil || n != 1 {
		t.Fatalf("cleanup: %d %v", n, err)
	}
}

func TestGetLogoutRefusesCrossSite(t *testing.T) {
	l := newLive(t, storetest.NewTestSQLite(t), nil)
	b := l.browser()
	b.signIn("ana@example.pt")
	for _, h := range [][]string{{"Sec-Fetch-Site", "cross-site"}, {"Sec-Fetch-Site", "same-site"}, {"Origin", "https://evil.example"}} {
		if r := b.do("GET", "/api/logout", nil, h...); r.code != 403 {
			t.Fatalf("%v: %d", h, r.code)
		}
	}
	if r := b.do("GET", "/api/users/me", nil); r.code != 200 {
		t.Fatal("a refused logout signed out")
	}
	if r := b.do("GET", "/api/logout", nil, "Sec-Fetch-Site", "same-origin"); r.code != 204 {
		t.Fatalf("same-origin logout: %d", r.code)
	}
	if r := b.do("GET", "/api/users/me", nil); r.code != 401 {
		t.Fatal("still signed in after logout")
	}
}

func TestHTTPSCookies(t *testing.T) {
	l := newLive(t, storetest.NewTestSQLite(t), nil)
	l.srv.cookies.Secure = true
	r := l.browser().do("GET", "/api/oauth/google/redirect_url", nil)
	c := r.hdr.Get("Set-Cookie")
	if !strings.HasPrefix(c, "__Host-ladder_oidc=") || !strings.Contains(c, "Secure") || !strings.Contains(c, "HttpOnly") || !strings.Contains(c, "Path=/") {
		t.Fatalf("flow cookie over https: %q", c)
	}
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

var _ = http.StatusOK
