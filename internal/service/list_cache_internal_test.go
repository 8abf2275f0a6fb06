package service

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The club and tournament lists are kept in memory per filter and checked against the lists'
// version on every request: two instances over one database both see at once every change to a
// listed column, whatever code path makes it (here plain SQL, which knows nothing of the memory:
// triggers bump the version), and a change to the standings alone reads nothing again. Read by
// a visitor (the version read apart) and by a signed-in reader (the version read with the
// session's stamp at each request's start).
func TestListMemoryAcrossInstances(t *testing.T) {
	for _, signedIn := range []bool{false, true} {
		t.Run(map[bool]string{false: "visitor", true: "signed in"}[signedIn], func(t *testing.T) {
			listMemoryScenario(t, signedIn)
		})
	}
}

func listMemoryScenario(t *testing.T, signedIn bool) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := New(db, Options{}), New(db, Options{}) // two instances
		u, token, err := a.SignIn(ctx, Identity{Issuer: "test", Subject: "ana", Email: "ana@example.pt", EmailVerified: true, Name: "Ana"}, "test", "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		club := store.Club{Name: "Clube Um", District: "porto", Surfaces: "[]", Facilities: "[]", Status: "validated", ExpiresAt: now}
		tour := store.Tournament{Name: "Escada Um", Privacy: "public", RankingType: "points", Preset: "standard", Status: "active",
			ResponseDays: 7, MaxRejections: 3, ExpiresAt: now}
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			if err := db.InsertClub(ctx, tx, &club); err != nil {
				return err
			}
			tour.ClubID = sql.NullInt64{Int64: club.ID, Valid: true}
			return db.InsertTournament(ctx, tx, &tour)
		}); err != nil {
			t.Fatal(err)
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.W.ExecContext(ctx, db.W.Rebind(q), args...); err != nil {
				t.Fatal(err)
			}
		}
		reader := func(s *Service) Current { // a new request's reader
			t.Helper()
			if !signedIn {
				return Current{}
			}
			cur, err := s.Authenticate(ctx, token)
			if err != nil || !cur.search.read {
				t.Fatalf("authenticate: %v", err)
			}
			return cur
		}
		clubs := func(s *Service) []store.Club {
			t.Helper()
			items, _, err := s.Clubs(ctx, reader(s), ClubListInput{})
			if err != nil {
				t.Fatal(err)
			}
			return items
		}
		tournaments := func(s *Service) []store.Tournament {
			t.Helper()
			items, _, err := s.Tournaments(ctx, reader(s), TournamentListInput{})
			if err != nil {
				t.Fatal(err)
			}
			return items
		}
		// check reads both lists on both instances.
		check := func(what string, ok func([]store.Club, []store.Tournament) bool) {
			t.Helper()
			for _, s := range []*Service{a, b} {
				if cs, ts := clubs(s), tournaments(s); !ok(cs, ts) {
					t.Fatalf("%s: clubs %+v, tournaments %+v", what, cs, ts)
				}
			}
		}
		check("first", func(cs []store.Club, ts []store.Tournament) bool {
			return len(cs) == 1 && len(ts) == 1 && ts[0].ClubName == "Clube Um"
		})
		for range 3 {
			clubs(a)
			tournaments(a)
			clubs(b)
			tournaments(b)
		}
		if a.ListReads() != 2 || b.ListReads() != 2 {
			t.Fatalf("database reads: %d and %d, want 2 each (one per list)", a.ListReads(), b.ListReads())
		}
		// A result changes the standings only: the lists stay in memory.
		if err := db.Tx(ctx, func(tx *store.Tx) error { return db.Bump(ctx, tx, tour.ID) }); err != nil {
			t.Fatal(err)
		}
		exec(`UPDATE tournaments SET snapshot_week = 'x', updated_at = ? WHERE id = ?`, now, tour.ID)
		clubs(a)
		tournaments(a)
		if a.ListReads() != 2 {
			t.Fatalf("a standings change read the lists again: %d reads", a.ListReads())
		}
		exec(`UPDATE clubs SET name = 'Clube Dois' WHERE id = ?`, club.ID)
		check("club renamed", func(cs []store.Club, ts []store.Tournament) bool {
			return cs[0].Name == "Clube Dois" && ts[0].ClubName == "Clube Dois"
		})
		exec(`UPDATE tournaments SET name = 'Escada Dois' WHERE id = ?`, tour.ID)
		check("tournament renamed", func(_ []store.Club, ts []store.Tournament) bool { return ts[0].Name == "Escada Dois" })
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			_, err := db.AddClubMember(ctx, tx, club.ID, u.ID, "member")
			return err
		}); err != nil {
			t.Fatal(err)
		}
		check("member joined", func(cs []store.Club, _ []store.Tournament) bool { return cs[0].Members == 1 })
		exec(`INSERT INTO tournament_players (tournament_id, user_id, role, status, joined_at, updated_at) VALUES (?, ?, 'player', 'active', ?, ?)`,
			tour.ID, u.ID, now, now)
		check("player joined", func(_ []store.Club, ts []store.Tournament) bool { return ts[0].Players == 1 })
		exec(`UPDATE tournaments SET image_etag = 'abc' WHERE id = ?`, tour.ID)
		check("picture", func(_ []store.Club, ts []store.Tournament) bool { return ts[0].ImageETag == "abc" })
		exec(`UPDATE tournaments SET status = 'inactive' WHERE id = ?`, tour.ID)
		check("closed", func(_ []store.Club, ts []store.Tournament) bool { return len(ts) == 0 })
		exec(`DELETE FROM clubs WHERE id = ?`, club.ID)
		check("club deleted", func(cs []store.Club, _ []store.Tournament) bool { return len(cs) == 0 })
	})
}
