package service

import (
	"context"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// A signed-in request reads the whole account only when it changed: the remembered account is
// checked against the session's stamp on every request, so two instances over one database
// both see at once a new name, a suspension, a role change made by any code path (here plain
// SQL, which knows nothing of the memory), and a sign-out.
func TestSessionMemoryAcrossInstances(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := New(db, Options{}), New(db, Options{}) // two instances
		u, token, err := a.SignIn(ctx, Identity{Issuer: "test", Subject: "ana", Email: "ana@example.pt", EmailVerified: true, Name: "Ana"}, "test", "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		auth := func(s *Service) Current {
			t.Helper()
			cur, err := s.Authenticate(ctx, token)
			if err != nil {
				t.Fatal(err)
			}
			return cur
		}
		for range 3 {
			if cur := auth(a); cur.User.ID != u.ID {
				t.Fatalf("not signed in: %+v", cur)
			}
			auth(b)
		}
		if a.reads.sessionReads.Load() != 1 || b.reads.sessionReads.Load() != 1 {
			t.Fatalf("whole-account reads: %d and %d, want 1 each", a.reads.sessionReads.Load(), b.reads.sessionReads.Load())
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.W.ExecContext(ctx, db.W.Rebind(q), args...); err != nil {
				t.Fatal(err)
			}
		}
		exec(`UPDATE users SET first_name = 'Beatriz' WHERE id = ?`, u.ID)
		if a, b := auth(a), auth(b); a.User.FirstName != "Beatriz" || b.User.FirstName != "Beatriz" {
			t.Fatalf("renamed: %q and %q", a.User.FirstName, b.User.FirstName)
		}
		exec(`UPDATE users SET role = 'admin' WHERE id = ?`, u.ID)
		if a, b := auth(a), auth(b); a.User.Role != "admin" || b.User.Role != "admin" {
			t.Fatalf("role: %q and %q", a.User.Role, b.User.Role)
		}
		exec(`UPDATE users SET status = 'suspended' WHERE id = ?`, u.ID)
		if a, b := auth(a), auth(b); a.Actor.SignedIn() || b.Actor.SignedIn() {
			t.Fatal("a suspended account is still signed in")
		}
		exec(`UPDATE users SET status = 'active' WHERE id = ?`, u.ID)
		if cur := auth(b); !cur.Actor.SignedIn() {
			t.Fatal("reactivated account not signed in")
		}
		if err := a.SignOut(ctx, token); err != nil {
			t.Fatal(err)
		}
		if a, b := auth(a), auth(b); a.Actor.SignedIn() || b.Actor.SignedIn() {
			t.Fatal("signed out on one instance, still signed in")
		}
	})
}

// One's own profile is the account authentication holds (Player does not read it again): a
// change made by any code path shows on the next request, on every instance, to its owner and to
// another player alike.
func TestOwnProfileIsFresh(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := New(db, Options{}), New(db, Options{})
		u, token := signInAs(t, a, "rita")
		_, other := signInAs(t, a, "rui")
		view := func(s *Service, token string) PlayerView {
			t.Helper()
			pv, err := s.Player(ctx, authOn(t, s, token), u.ID)
			if err != nil {
				t.Fatal(err)
			}
			return pv
		}
		if pv := view(a, token); !pv.Self || pv.User.FirstName != u.FirstName {
			t.Fatalf("own profile: %+v", pv)
		}
		view(b, token)
		if _, err := db.W.ExecContext(ctx, db.W.Rebind(`UPDATE users SET first_name = 'Rosa', phone = '+351910000000',
			contact_visibility = 'everyone' WHERE id = ?`), u.ID); err != nil {
			t.Fatal(err)
		}
		for _, s := range []*Service{a, b} {
			for _, tok := range []string{token, other} {
				if pv := view(s, tok); pv.User.FirstName != "Rosa" || pv.User.Phone != "+351910000000" || !pv.ContactVisible {
					t.Fatalf("after the change: %q %q contact %v (self %v)", pv.User.FirstName, pv.User.Phone, pv.ContactVisible, pv.Self)
				}
			}
		}
	})
}

// A used session's expiry slides once SessionTouchEvery has passed since it was last seen, not
// before, whatever stamps the request reads with the session's (the comparison is in each
// statement), and the slide restarts the hour.
func TestSessionExpirySlides(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 18, 9, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return now }
		s := New(db, Options{})
		u, token, err := s.SignIn(ctx, Identity{Issuer: "test", Subject: "eva", Email: "eva@example.pt", EmailVerified: true, Name: "Eva"}, "test", "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		seen := func() (last, expires time.Time) {
			t.Helper()
			var row struct {
				Last    time.Time `db:"last_seen_at"`
				Expires time.Time `db:"expires_at"`
			}
			if err := db.W.GetContext(ctx, &row, db.W.Rebind(`SELECT last_seen_at, expires_at FROM sessions WHERE user_id = ?`), u.ID); err != nil {
				t.Fatal(err)
			}
			return row.Last.UTC(), row.Expires.UTC()
		}
		signedIn := now
		for i, hint := range []store.StampHint{{}, {PagePlayer: u.ID}, {RecentNotifications: 20}, {Leaderboard: true}} {
			now = now.Add(SessionTouchEvery - time.Minute) // not yet an hour since last seen
			if cur, err := s.AuthenticateFor(ctx, token, hint); err != nil || !cur.Actor.SignedIn() {
				t.Fatalf("hint %+v: not signed in (%v)", hint, err)
			}
			if last, _ := seen(); !last.Equal(signedIn) {
				t.Fatalf("hint %+v: touched after %v: last seen %v", hint, now.Sub(signedIn), last)
			}
			now = now.Add(2 * time.Minute) // an hour and a minute
			if cur, err := s.AuthenticateFor(ctx, token, hint); err != nil || !cur.Actor.SignedIn() {
				t.Fatalf("hint %+v: not signed in (%v)", hint, err)
			}
			if last, expires := seen(); !last.Equal(now) || !expires.Equal(now.Add(SessionTTL)) {
				t.Fatalf("hint %d: last seen %v, expires %v; want %v and %v", i, last, expires, now, now.Add(SessionTTL))
			}
			signedIn = now
		}
	})
}

// A player page keeps the weekly availability in memory under the account's version: repeated
// views read it once per instance, for its owner and for another player, and a change made on
// one instance shows on the other at its next view (store.ReplaceAvailability moves the version).
func TestAvailabilityKeptUnderAccountVersion(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := New(db, Options{}), New(db, Options{})
		u, token := signInAs(t, a, "rita")
		_, other := signInAs(t, a, "rui")
		auth := func(s *Service, token string) Current { return authOn(t, s, token) }
		set := func(s *Service, start int) {
			t.Helper()
			if _, err := s.SetAvailability(ctx, auth(s, token), []store.Slot{{Weekday: 2, StartMinute: start, EndMinute: start + 90}}); err != nil {
				t.Fatal(err)
			}
		}
		views := func(want int) {
			t.Helper()
			for _, s := range []*Service{a, b} {
				for _, tok := range []string{token, other} {
					pv, err := s.Player(ctx, auth(s, tok), u.ID)
					if err != nil {
						t.Fatal(err)
					}
					if len(pv.Availability) != 1 || pv.Availability[0].StartMinute != want {
						t.Fatalf("availability seen by %v: %+v, want one range from %d", pv.Self, pv.Availability, want)
					}
				}
			}
		}
		set(a, 18*60)
		for range 3 {
			views(18 * 60)
		}
		if a.reads.avail.reads.Load() != 1 || b.reads.avail.reads.Load() != 1 {
			t.Fatalf("availability reads: %d and %d, want 1 each", a.reads.avail.reads.Load(), b.reads.avail.reads.Load())
		}
		set(b, 9*60)
		views(9 * 60)
		if a.reads.avail.reads.Load() != 2 || b.reads.avail.reads.Load() != 2 {
			t.Fatalf("availability reads after the change: %d and %d, want 2 each", a.reads.avail.reads.Load(), b.reads.avail.reads.Load())
		}
	})
}

// signInAs signs a test account in on s (its subject, email and name made from sub) and returns
// it with its session token.
func signInAs(t *testing.T, s *Service, sub string) (store.User, string) {
	t.Helper()
	u, token, err := s.SignIn(context.Background(), Identity{Issuer: "test", Subject: sub, Email: sub + "@example.pt",
		EmailVerified: true, Name: sub}, "test", "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	return u, token
}

// authOn resolves a session token on s.
func authOn(t *testing.T, s *Service, token string) Current {
	t.Helper()
	cur, err := s.Authenticate(context.Background(), token)
	if err != nil {
		t.Fatal(err)
	}
	return cur
}
