package httpapi

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// signInAs runs one sign-in through the in-process issuer for email, with the ID token's and
// the userinfo answer's claims edited by idToken and userInfo (nil: as issued).
func (b *browser) signInAs(email string, idToken, userInfo func(map[string]any)) resp {
	b.l.t.Helper()
	b.l.issuer.Tamper, b.l.issuer.TamperUserInfo = idToken, userInfo
	defer func() { b.l.issuer.Tamper, b.l.issuer.TamperUserInfo = nil, nil }()
	code, state := b.startSignIn(email)
	return b.do("POST", "/api/sessions", map[string]string{"code": code, "state": state}, "Accept-Language", "en")
}

func otherSubject(sub string) func(map[string]any) {
	return func(c map[string]any) { c["sub"] = sub }
}

func without(keys ...string) func(map[string]any) {
	return func(c map[string]any) {
		for _, k := range keys {
			delete(c, k)
		}
	}
}

func set(k string, v any) func(map[string]any) { return func(c map[string]any) { c[k] = v } }

func both(fs ...func(map[string]any)) func(map[string]any) {
	return func(c map[string]any) {
		for _, f := range fs {
			f(c)
		}
	}
}

func insertUnlinked(t *testing.T, db *store.DB, email, role string) store.User {
	t.Helper()
	ctx := context.Background()
	u := store.User{Email: email, FirstName: "Pre", LastName: "Created", Role: role}
	if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertUser(ctx, tx, &u) }); err != nil {
		t.Fatal(err)
	}
	return u
}

func wantRefused(t *testing.T, b *browser, r resp, status int, code string) {
	t.Helper()
	if r.code != status || r.problem(t).Code != code || b.sessionCookie() != "" {
		t.Fatalf("want %d %s, got %d %s", status, code, r.code, r.body)
	}
}

func subjectOf(t *testing.T, db *store.DB, id int64) string {
	t.Helper()
	u, err := db.UserByID(context.Background(), nil, id)
	if err != nil {
		t.Fatal(err)
	}
	if !u.OIDCSubject.Valid {
		return ""
	}
	return u.OIDCSubject.String
}

func TestSignInLinking(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLive(t, db, nil)
		ctx := context.Background()

		t.Run("linked account, other subject with the same email: refused", func(t *testing.T) {
			ana := l.browser().signIn("ana@example.pt") // linked to dev|ana@example.pt
			b := l.browser()
			wantRefused(t, b, b.signInAs("ana@example.pt", otherSubject("attacker"), otherSubject("attacker")), 403, "auth.email_linked_elsewhere")
			// The same with the email written otherwise, and from a provider that omits email_verified.
			b = l.browser()
			wantRefused(t, b, b.signInAs("ana@example.pt", both(otherSubject("attacker"), set("email", "ANA@Example.PT"), without("email_verified")),
				both(otherSubject("attacker"), without("email_verified"))), 403, "auth.email_linked_elsewhere")
			if got := subjectOf(t, db, ana.ID); got != "dev|ana@example.pt" {
				t.Fatalf("the account's identity changed to %q", got)
			}
			// Its own subject still enters it, even when the provider no longer says verified.
			b = l.browser()
			if r := b.signInAs("ana@example.pt", set("email_verified", false), set("email_verified", false)); r.code != 201 {
				t.Fatalf("own subject: %d %s", r.code, r.body)
			}
		})

		t.Run("unlinked account, email_verified true: linked and audited", func(t *testing.T) {
			pre := insertUnlinked(t, db, "pre@example.pt", "admin")
			b := l.browser()
			r := b.signInAs("pre@example.pt", set("email", "PRE@Example.pt"), nil) // case ignored
			if r.code != 201 || !strings.Contains(r.body, `"id":`+strconv.FormatInt(pre.ID, 10)) || !strings.Contains(r.body, `"role":"admin"`) {
				t.Fatalf("%d %s", r.code, r.body)
			}
			if got := subjectOf(t, db, pre.ID); got != "dev|pre@example.pt" {
				t.Fatalf("not linked: %q", got)
			}
			rows, err := db.AuditFor(ctx, "user", pre.ID)
			if err != nil || len(rows) != 1 {
				t.Fatalf("audit rows: %v %+v", err, rows)
			}
			var d map[string]any
			_ = json.Unmarshal([]byte(rows[0].Details), &d)
			if a := rows[0]; a.Action != "auth.linked_by_email" || a.ActorID.Valid || a.IP != "127.0.0.1" ||
				d["subject"] != "dev|pre@example.pt" || d["issuer"] != l.issuer.Issuer() {
				t.Fatalf("audit row: %+v %v", a, d)
			}
		})

		for _, c := range []struct {
			name             string
			idToken, userInf func(map[string]any)
		}{
			{"missing claim", without("email_verified"), without("email_verified")},
			{"email_verified false", set("email_verified", false), set("email_verified", false)},
			{"verified only for another address at userinfo", without("email_verified"), set("email", "other@example.pt")},
		} {
			t.Run("unlinked account, "+c.name+": refused", func(t *testing.T) {
				pre := insertUnlinked(t, db, "unverified-"+strings.ReplaceAll(c.name, " ", "-")+"@example.pt", "player")
				b := l.browser()
				wantRefused(t, b, b.signInAs(pre.Email, c.idToken, c.userInf), 403, "auth.email_unverified")
				if got := subjectOf(t, db, pre.ID); got != "" {
					t.Fatalf("linked anyway: %q", got)
				}
				if rows, _ := db.AuditFor(ctx, "user", pre.ID); len(rows) != 0 {
					t.Fatalf("audited a refusal: %+v", rows)
				}
			})
		}

		t.Run("root email from another subject: refused", func(t *testing.T) {
			root := l.browser().signIn(testRoot)
			b := l.browser()
			wantRefused(t, b, b.signInAs(testRoot, otherSubject("intruder"), otherSubject("intruder")), 403, "auth.email_linked_elsewhere")
			if got := subjectOf(t, db, root.ID); got != "dev|"+testRoot {
				t.Fatalf("root's identity changed to %q", got)
			}
		})

		t.Run("new account needs a verified email", func(t *testing.T) {
			before, _ := db.CountUsers(ctx)
			b := l.browser()
			wantRefused(t, b, b.signInAs("new-unverified@example.pt", without("email_verified"), without("email_verified")), 403, "auth.email_unverified")
			b = l.browser()
			wantRefused(t, b, b.signInAs("new-noemail@example.pt", without("email"), without("email")), 403, "auth.email_missing")
			if n, _ := db.CountUsers(ctx); n != before {
				t.Fatalf("refused sign-ins created %d accounts", n-before)
			}
			u := l.browser().signIn("new-verified@example.pt")
			rows, _ := db.AuditFor(ctx, "user", u.ID)
			if len(rows) != 1 || rows[0].Action != "auth.account_created" {
				t.Fatalf("creation not audited: %+v", rows)
			}
		})
	})
}

// Providers that follow OpenID Connect strictly (oidc-provider with its defaults) put email and
// names only in the userinfo answer.
func TestSignInUserInfo(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLive(t, db, nil)
		profileOnly := without("email", "email_verified", "given_name", "family_name", "name")

		b := l.browser()
		r := b.signInAs("strict@example.pt", profileOnly, nil)
		if r.code != 201 || !strings.Contains(r.body, `"email":"strict@example.pt"`) || b.sessionCookie() == "" {
			t.Fatalf("claims from userinfo: %d %s", r.code, r.body)
		}
		// email_verified alone missing from the token: userinfo says it about the same address.
		b = l.browser()
		if r := b.signInAs("half@example.pt", without("email_verified"), nil); r.code != 201 {
			t.Fatalf("email_verified from userinfo: %d %s", r.code, r.body)
		}
		// Names only missing, userinfo answering for someone else: refused.
		b = l.browser()
		wantRefused(t, b, b.signInAs("mixup@example.pt", profileOnly, otherSubject("someone-else")), 400, "auth.userinfo_failed")
		// Userinfo failing: refused when the email is needed, signed in when only names were.
		l.issuer.UserInfoDown.Store(true)
		defer l.issuer.UserInfoDown.Store(false)
		b = l.browser()
		wantRefused(t, b, b.signInAs("broken@example.pt", profileOnly, nil), 400, "auth.userinfo_failed")
		b = l.browser()
		if r := b.signInAs("nameless@example.pt", without("given_name", "family_name", "name"), nil); r.code != 201 {
			t.Fatalf("names only missing: %d %s", r.code, r.body)
		}
	})
}

func TestRoleAndStatusChangesAudited(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLive(t, db, nil)
		ctx := context.Background()
		root := l.browser().signIn(testRoot)
		u := l.browser().signIn("promoted@example.pt")
		actor := policy.Actor{UserID: root.ID, Role: policy.SuperAdmin, Root: true}
		if _, err := l.srv.svc.ChangeRole(ctx, actor, u.ID, policy.Admin); err != nil {
			t.Fatal(err)
		}
		if _, err := l.srv.svc.ChangeStatus(ctx, actor, u.ID, policy.Paused); err != nil {
			t.Fatal(err)
		}
		rows, err := db.AuditFor(ctx, "user", u.ID)
		if err != nil || len(rows) != 3 {
			t.Fatalf("%v %+v", err, rows)
		}
		for i, want := range []string{"auth.account_created", "user.role_changed", "user.status_changed"} {
			if rows[i].Action != want {
				t.Fatalf("row %d: %+v", i, rows[i])
			}
		}
		if !rows[1].ActorID.Valid || rows[1].ActorID.Int64 != root.ID || rows[1].Details != `{"from":"player","to":"admin"}` {
			t.Fatalf("role row: %+v", rows[1])
		}
		if rows[2].Details != `{"from":"active","to":"paused"}` {
			t.Fatalf("status row: %+v", rows[2])
		}
	})
}
