package service_test

import (
	"context"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func TestSearch(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := seed.Demo(ctx, db); err != nil {
			t.Fatal(err)
		}
		svc := service.New(db, service.Options{})
		me, _ := db.UserByEmail(ctx, nil, "player@ladder.test")
		cur := service.Current{User: me, Actor: svc.ActorFor(me)}

		if r, _ := svc.Search(ctx, cur, " f ", "pt", 5); len(r) != 0 {
			t.Fatalf("one character searched: %v", r)
		}
		r, err := svc.Search(ctx, cur, "TENIS DA FOZ", "pt", 5)
		if err != nil || len(r) != 1 || r[0].Type != "club" || r[0].URL == "" || r[0].Subtitle != "Porto" {
			t.Fatalf("club search: %v %+v", err, r)
		}
		r, _ = svc.Search(ctx, cur, "ines", "en", 5)
		if len(r) != 1 || r[0].Type != "player" || r[0].Title != "Inês Rodrigues" || r[0].Subtitle != "Cascais, Lisbon" {
			t.Fatalf("player search: %+v", r)
		}
		// Active tournaments are found by everyone; pending and rejected ones are not.
		r, _ = svc.Search(ctx, service.Current{}, "outono", "pt", 5)
		if len(r) != 1 || r[0].Type != "tournament" || r[0].Subtitle != "Clube de Ténis da Foz" {
			t.Fatalf("tournament search: %+v", r)
		}
		if r, _ := svc.Search(ctx, cur, "Relâmpago", "pt", 5); len(r) != 0 {
			t.Fatalf("a rejected tournament was found: %+v", r)
		}
		if r, _ := svc.Search(ctx, service.Current{}, "ines", "pt", 5); len(r) != 0 {
			t.Fatalf("visitors found players: %+v", r)
		}
		if r, _ := svc.Search(ctx, cur, "Bragança", "pt", 5); len(r) != 0 {
			t.Fatalf("a pending club was found: %+v", r)
		}
		// A hidden player is not found.
		ines, _ := db.UserByEmail(ctx, nil, "ines.rodrigues@ladder.test")
		icur := service.Current{User: ines, Actor: svc.ActorFor(ines)}
		if _, err := svc.UpdateSettings(ctx, icur, service.Settings{ContactVisibility: "nobody", Listed: false, Language: "pt"}); err != nil {
			t.Fatal(err)
		}
		if r, _ := svc.Search(ctx, cur, "ines", "pt", 5); len(r) != 0 {
			t.Fatalf("hidden player found: %+v", r)
		}
		// 100% and _ are literal, not wildcards.
		if r, _ := svc.Search(ctx, cur, "%%", "pt", 5); len(r) != 0 {
			t.Fatalf("%% matched everything: %d", len(r))
		}
	})
}

// Issue 15: the reader finds their own challenges (sent and received) by the opponent's or the
// tournament's name; nobody else finds them, and visitors find none.
func TestSearchChallengesOfTheReaderOnly(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := seed.Demo(ctx, db); err != nil {
			t.Fatal(err)
		}
		svc := service.New(db, service.Options{})
		user := func(email string) service.Current {
			u, err := db.UserByEmail(ctx, nil, email)
			if err != nil {
				t.Fatal(err)
			}
			return service.Current{User: u, Actor: svc.ActorFor(u)}
		}
		pedro, ines, tiago, andre := user("player@ladder.test"), user("ines.rodrigues@ladder.test"), user("tiago.almeida@ladder.test"), user("admin@ladder.test")
		ts, _, err := db.ListTournaments(ctx, store.TournamentFilter{Query: "outono", Statuses: []string{"active"}, Limit: 1})
		if err != nil || len(ts) != 1 {
			t.Fatalf("tournament: %v %d", err, len(ts))
		}
		insert := func(from, to service.Current, status string) int64 {
			c := store.Challenge{TournamentID: ts[0].ID, ChallengerID: from.User.ID, ChallengedID: to.User.ID, ProposedTimes: "[]",
				Status: status, ExpiresAt: time.Now().Add(72 * time.Hour)}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertChallenge(ctx, tx, &c) }); err != nil {
				t.Fatal(err)
			}
			return c.ID
		}
		sent := insert(pedro, ines, "pending")
		received := insert(tiago, pedro, "rejected")
		others := insert(ines, tiago, "pending")

		challenges := func(cur service.Current, q string) map[int64]service.SearchResult {
			rs, err := svc.Search(ctx, cur, q, "pt", 5)
			if err != nil {
				t.Fatal(err)
			}
			out := map[int64]service.SearchResult{}
			for _, r := range rs {
				if r.Type == "challenge" {
					out[r.ID] = r
				}
			}
			return out
		}
		got := challenges(pedro, "INES")
		if r, ok := got[sent]; len(got) != 1 || !ok || r.Title != "Inês Rodrigues" || r.Subtitle != ts[0].Name ||
			r.Description != "pending" || r.URL != "/challenges?box=sent&status=pending" {
			t.Fatalf("sent challenge by opponent: %+v", got)
		}
		if r, ok := challenges(pedro, "tiago")[received]; !ok || r.URL != "/challenges?box=received&status=rejected" {
			t.Fatalf("received challenge by challenger: %+v", r)
		}
		if got := challenges(pedro, "outono"); len(got) != 2 || got[others].ID != 0 {
			t.Fatalf("by tournament: %+v", got)
		}
		if got := challenges(pedro, "pedro"); len(got) != 0 {
			t.Fatalf("the reader's own name matched their challenges: %+v", got)
		}
		// Someone who plays none of them finds none, however the query reads.
		for _, q := range []string{"ines", "tiago", "pedro", "outono"} {
			if got := challenges(andre, q); len(got) != 0 {
				t.Fatalf("%q: another player's challenges found: %+v", q, got)
			}
		}
		if rs, _ := svc.Search(ctx, service.Current{}, "outono", "pt", 5); len(rs) != 1 || rs[0].Type != "tournament" {
			t.Fatalf("visitor: %+v", rs)
		}
		// Inês finds the one she sent to Tiago, not Pedro's others.
		if got := challenges(ines, "tiago"); len(got) != 1 || got[others].URL != "/challenges?box=sent&status=pending" {
			t.Fatalf("ines: %+v", got)
		}
	})
}
