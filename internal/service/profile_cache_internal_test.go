package service

import (
	"context"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// Another player's profile page (GET /api/players/{id}: StampHint.ProfilePlayer) keeps the
// account in memory under its version, read with the session's, and takes the co-players flag
// from the same statement: repeated views read the account once per instance, and a change made
// by any code path (plain SQL here) shows at the next view on both instances: a new name, the
// two becoming co-players (contact details shown), the account deleted.
func TestProfileKeptUnderAccountVersion(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := New(db, Options{}), New(db, Options{})
		u, _ := signInAs(t, a, "rita")
		viewer, token := signInAs(t, a, "rui")
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.W.ExecContext(ctx, db.W.Rebind(q), args...); err != nil {
				t.Fatal(err)
			}
		}
		exec(`UPDATE users SET first_name = 'Rita', phone = '+351910000000', contact_visibility = ? WHERE id = ?`, policy.ContactCoPlayers, u.ID)
		view := func(s *Service, id int64) (PlayerView, error) {
			t.Helper()
			cur, err := s.AuthenticateFor(ctx, token, store.StampHint{ProfilePlayer: id})
			if err != nil || cur.User.ID != viewer.ID {
				t.Fatalf("not signed in: %v", err)
			}
			return s.Player(ctx, cur, id)
		}
		check := func(what string, ok func(PlayerView) bool) {
			t.Helper()
			for _, s := range []*Service{a, b} {
				for range 3 {
					pv, err := view(s, u.ID)
					if err != nil || !ok(pv) {
						t.Fatalf("%s: %+v, %v", what, pv, err)
					}
				}
			}
		}
		check("first", func(pv PlayerView) bool { return pv.User.FirstName == "Rita" && !pv.ContactVisible && !pv.Self })
		if a.reads.profiles.reads.Load() != 1 || b.reads.profiles.reads.Load() != 1 {
			t.Fatalf("accounts read: %d and %d, want 1 each", a.reads.profiles.reads.Load(), b.reads.profiles.reads.Load())
		}

		exec(`UPDATE users SET first_name = 'Rosa' WHERE id = ?`, u.ID)
		check("renamed", func(pv PlayerView) bool { return pv.User.FirstName == "Rosa" })

		now := time.Now().UTC()
		tour := store.Tournament{Name: "Escada Um", Privacy: "public", RankingType: "points", Preset: "standard", Status: "active",
			ResponseDays: 7, MaxRejections: 3, ExpiresAt: now}
		if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertTournament(ctx, tx, &tour) }); err != nil {
			t.Fatal(err)
		}
		for _, id := range []int64{u.ID, viewer.ID} {
			exec(`INSERT INTO tournament_players (tournament_id, user_id, role, status, joined_at, updated_at) VALUES (?, ?, 'player', 'active', ?, ?)`,
				tour.ID, id, now, now)
		}
		check("co-players", func(pv PlayerView) bool { return pv.ContactVisible && pv.User.Phone == "+351910000000" })
		reads := a.reads.profiles.reads.Load()

		exec(`UPDATE tournament_players SET status = 'requested' WHERE user_id = ?`, viewer.ID)
		check("no longer co-players", func(pv PlayerView) bool { return !pv.ContactVisible })
		if got := a.reads.profiles.reads.Load(); got != reads {
			t.Fatalf("a membership change read the account again (%d reads, was %d)", got, reads)
		}

		exec(`UPDATE users SET deleted_at = ? WHERE id = ?`, now, u.ID)
		for _, s := range []*Service{a, b} {
			if _, err := view(s, u.ID); !isNotFound(err) {
				t.Fatalf("deleted account: %v", err)
			}
			if _, err := view(s, u.ID+1000); !isNotFound(err) {
				t.Fatalf("no such account: %v", err)
			}
		}
	})
}

func isNotFound(err error) bool {
	e, ok := AsError(err)
	return ok && e.Kind == KindNotFound
}
