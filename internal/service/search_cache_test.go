package service_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The global search's answers are kept in memory and checked against versions on every request
// (issue 16): two instances over one database both see at once a renamed player, a new
// tournament and club, a player hiding themself, a new challenge and a changed one, whatever
// instance or code path (plain SQL: triggers move the versions) makes the change; a change the
// search does not show (the standings' version) reads nothing again; visitors never get the
// signed-in readers' part, nor one reader another's challenges.
func TestSearchAcrossInstances(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := service.New(db, service.Options{}), service.New(db, service.Options{}) // two instances
		tokens := map[int64]string{}
		signIn := func(sub, email, name string) service.Current {
			t.Helper()
			u, token, err := a.SignIn(ctx, service.Identity{Issuer: "test", Subject: sub, Email: email, EmailVerified: true, Name: name}, "test", "127.0.0.1")
			if err != nil {
				t.Fatal(err)
			}
			tokens[u.ID] = token
			return service.Current{User: u, Actor: a.ActorFor(u)}
		}
		pedro := signIn("pedro", "pedro@example.pt", "Pedro Costa")
		ana := signIn("ana", "ana@example.pt", "Ana Lisboa")
		rui := signIn("rui", "rui@example.pt", "Rui Lima")
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.W.ExecContext(ctx, db.W.Rebind(q), args...); err != nil {
				t.Fatal(err)
			}
		}
		now := time.Now().UTC()
		club := store.Club{Name: "Clube de Lisboa", District: "lisboa", Surfaces: "[]", Facilities: "[]", Status: "validated", ExpiresAt: now}
		tour := store.Tournament{Name: "Escada de Lisboa", Privacy: "public", RankingType: "points", Preset: "standard", Status: "active",
			ResponseDays: 7, MaxRejections: 3, ExpiresAt: now}
		insert := func(c *store.Club, tr *store.Tournament) {
			t.Helper()
			if err := db.Tx(ctx, func(tx *store.Tx) error {
				if c != nil {
					if err := db.InsertClub(ctx, tx, c); err != nil {
						return err
					}
				}
				if tr != nil {
					return db.InsertTournament(ctx, tx, tr)
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		insert(&club, &tour)

		// found lists "type:title" of a search on one instance, in order.
		found := func(s *service.Service, cur service.Current, q string) string {
			t.Helper()
			rs, err := s.Search(ctx, cur, q, "pt", 5)
			if err != nil {
				t.Fatal(err)
			}
			out := make([]string, len(rs))
			for i, r := range rs {
				out[i] = r.Type + ":" + r.Title
				if r.Type == "challenge" {
					out[i] += ":" + r.Description
				}
			}
			return strings.Join(out, ",")
		}
		// check searches q on both instances as cur, and as a request does: with the Current
		// Authenticate makes, which carries the versions read with the session.
		check := func(what string, cur service.Current, q, want string) {
			t.Helper()
			for i, s := range []*service.Service{a, b} {
				if got := found(s, cur, q); got != want {
					t.Fatalf("%s, instance %d, %q: %s, want %s", what, i, q, got, want)
				}
				if cur.User.ID == 0 {
					continue
				}
				req, err := s.Authenticate(ctx, tokens[cur.User.ID])
				if err != nil || req.User.ID != cur.User.ID {
					t.Fatalf("authenticate: %v %d", err, req.User.ID)
				}
				if got := found(s, req, q); got != want {
					t.Fatalf("%s, instance %d, %q, authenticated: %s, want %s", what, i, q, got, want)
				}
			}
		}
		visitor := service.Current{}
		check("first", pedro, "LISBOA", "tournament:Escada de Lisboa,club:Clube de Lisboa,player:Ana")
		check("first", visitor, "lisboa", "tournament:Escada de Lisboa,club:Clube de Lisboa")

		// Kept: searching again reads nothing, however the query is cased or accented.
		shared, own := b.SearchReads()
		for range 3 {
			found(b, pedro, "lisbôa")
			found(b, visitor, " Lisboa ")
		}
		// A change the search does not show (a result's standings) keeps the answers.
		exec(`UPDATE tournaments SET version = version + 1 WHERE id = ?`, tour.ID)
		found(b, pedro, "lisboa")
		if s2, o2 := b.SearchReads(); s2 != shared || o2 != own {
			t.Fatalf("kept answers read again: shared %d → %d, own %d → %d", shared, s2, own, o2)
		}

		// A rename by plain SQL, seen by both instances.
		exec(`UPDATE users SET first_name = 'Beatriz', last_name = 'Sousa', search_key = 'beatriz sousa' WHERE id = ?`, ana.User.ID)
		check("renamed", pedro, "lisboa", "tournament:Escada de Lisboa,club:Clube de Lisboa")
		check("renamed", pedro, "sousa", "player:Beatriz Sousa")

		// A new tournament and a new club (the club renamed by SQL afterwards).
		club2 := store.Club{Name: "Ténis Sousa", District: "porto", Surfaces: "[]", Facilities: "[]", Status: "validated", ExpiresAt: now}
		tour2 := store.Tournament{Name: "Taça Sousa", Privacy: "public", RankingType: "points", Preset: "standard", Status: "active",
			ResponseDays: 7, MaxRejections: 3, ExpiresAt: now}
		insert(&club2, nil)
		check("new club", pedro, "sousa", "club:Ténis Sousa,player:Beatriz Sousa")
		insert(nil, &tour2)
		check("new tournament", pedro, "sousa", "tournament:Taça Sousa,club:Ténis Sousa,player:Beatriz Sousa")
		check("new tournament", visitor, "sousa", "tournament:Taça Sousa,club:Ténis Sousa")

		// The player hides themself through one instance; the other stops finding them.
		beatriz, err := db.UserByID(ctx, nil, ana.User.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.UpdateSettings(ctx, service.Current{User: beatriz, Actor: a.ActorFor(beatriz)},
			service.Settings{ContactVisibility: "nobody", Listed: false, Language: "pt"}); err != nil {
			t.Fatal(err)
		}
		check("hidden", pedro, "sousa", "tournament:Taça Sousa,club:Ténis Sousa")
		// A suspension by SQL hides Rui the same way.
		check("rui", pedro, "lima", "player:Rui")
		exec(`UPDATE users SET status = 'suspended' WHERE id = ?`, rui.User.ID)
		check("suspended", pedro, "lima", "")
		exec(`UPDATE users SET status = 'active' WHERE id = ?`, rui.User.ID)
		check("active again", pedro, "lima", "player:Rui")

		// Challenges: Pedro's new one is found by him (by the tournament's name) on both instances,
		// by nobody else; its new status too.
		c := store.Challenge{TournamentID: tour.ID, ChallengerID: pedro.User.ID, ChallengedID: ana.User.ID, ProposedTimes: "[]",
			Status: "pending", ExpiresAt: now.Add(72 * time.Hour)}
		if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertChallenge(ctx, tx, &c) }); err != nil {
			t.Fatal(err)
		}
		check("challenge", pedro, "escada", "tournament:Escada de Lisboa,challenge:Beatriz Sousa:pending")
		check("challenge, another reader", rui, "escada", "tournament:Escada de Lisboa")
		check("challenge, visitor", visitor, "escada", "tournament:Escada de Lisboa")
		exec(`UPDATE challenges SET status = 'rejected' WHERE id = ?`, c.ID)
		check("challenge rejected", pedro, "escada", "tournament:Escada de Lisboa,challenge:Beatriz Sousa:rejected")
		// The tournament renamed: the shared part and the challenge's subtitle both follow.
		exec(`UPDATE tournaments SET name = 'Escada do Tejo', sort_key = 'escada do tejo' WHERE id = ?`, tour.ID)
		rs, err := b.Search(ctx, pedro, "tejo", "pt", 5)
		if err != nil || len(rs) != 2 || rs[0].Title != "Escada do Tejo" || rs[1].Subtitle != "Escada do Tejo" {
			t.Fatalf("renamed tournament: %v %+v", err, rs)
		}
		// The club closes: no longer found.
		exec(`UPDATE clubs SET status = 'rejected' WHERE id = ?`, club2.ID)
		check("club rejected", visitor, "sousa", "tournament:Taça Sousa")
	})
}
