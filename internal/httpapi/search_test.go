package httpapi

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The search's answer is joined from kept encodings (service.SearchPage): it must be byte for
// byte what huma encodes of searchOutput's body, for a visitor (no challenges), a signed-in
// reader with and without challenges, and with no result at all; and it stays private.
func TestSearchBodyIsTheStructsEncoding(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLive(t, db, nil)
		creatorB, playerB, visitorB := l.browser(), l.browser(), l.browser()
		cv, pv := creatorB.signIn("creator@ladder.test"), playerB.signIn("player@ladder.test")
		svc := l.srv.svc
		as := func(id int64) service.Current {
			u, err := db.UserByID(ctx, nil, id)
			if err != nil {
				t.Fatal(err)
			}
			return service.Current{User: u, Actor: svc.ActorFor(u)}
		}
		creator, player := as(cv.ID), as(pv.ID)
		tr, err := svc.CreateTournament(ctx, creator, service.TournamentInput{Name: "Escada <Procura> & Co", Privacy: "public",
			RankingType: "points", Preset: "standard", ResponseDays: 7, MaxRejections: 3, MaxGames: 10, PeriodWeeks: 2, Play: true})
		if err != nil {
			t.Fatal(err)
		}
		rootB := l.browser()
		rootB.signIn(testRoot)
		rootU, err := db.UserByEmail(ctx, nil, testRoot)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.DecideTournament(ctx, as(rootU.ID), tr.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.JoinTournament(ctx, player, tr.ID); err != nil {
			t.Fatal(err)
		}
		slots := []store.Slot{{Weekday: 1, StartMinute: 8 * 60, EndMinute: 22 * 60}}
		if err := db.Tx(ctx, func(tx *store.Tx) error { return db.ReplaceAvailability(ctx, tx, creator.User.ID, slots) }); err != nil {
			t.Fatal(err)
		}
		at := time.Now().UTC().Add(72 * time.Hour).Truncate(time.Minute)
		if _, err := svc.CreateChallenge(ctx, creator, service.ChallengeInput{TournamentID: tr.ID, OpponentID: player.User.ID, Times: []time.Time{at}}); err != nil {
			t.Fatal(err)
		}
		want := func(cur service.Current, q string) string {
			rs, err := svc.Search(ctx, cur, q, "pt", 5)
			if err != nil {
				t.Fatal(err)
			}
			var out searchOutput
			out.Body.Results = make([]searchResult, len(rs))
			for i, r := range rs {
				out.Body.Results[i] = searchResult{Type: r.Type, ID: r.ID, Title: r.Title, Subtitle: r.Subtitle, Description: r.Description, URL: r.URL}
			}
			b, err := encodeJSON(out.Body)
			if err != nil {
				t.Fatal(err)
			}
			return string(b)
		}
		for _, c := range []struct {
			b   *browser
			cur service.Current
			q   string
		}{{visitorB, service.Current{}, "procura"}, {playerB, player, "procura"}, {creatorB, creator, "procura"},
			{playerB, player, "nada-disto"}, {playerB, player, "x"}} {
			r := c.b.do("GET", "/api/search?q="+c.q, nil)
			if r.code != 200 || r.body != want(c.cur, c.q) || r.hdr.Get("Cache-Control") != "private, no-store" ||
				r.hdr.Get("Content-Type") != "application/json" {
				t.Fatalf("%q: %d %q %v, want %q", c.q, r.code, r.body, r.hdr, want(c.cur, c.q))
			}
			if mine := strings.Contains(r.body, `"type":"challenge"`); mine != (c.q == "procura" && c.b != visitorB) {
				t.Fatalf("%q: challenges %v in %s", c.q, mine, r.body)
			}
		}
	})
}
