package httpapi

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The statistics API: the totals match the history, which pages by cursor to
// the end without repeats; bad filters are translated 422s; an unknown player is a 404.
func TestPlayerStatsAPI(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLive(t, db, nil)
		b, ob, rb := l.browser(), l.browser(), l.browser()
		me, opp := b.signIn("player@ladder.test"), ob.signIn("opponent@ladder.test")
		rb.signIn(testRoot)
		svc := l.srv.svc
		as := func(id int64) service.Current {
			u, err := db.UserByID(ctx, nil, id)
			if err != nil {
				t.Fatal(err)
			}
			return service.Current{User: u, Actor: svc.ActorFor(u)}
		}
		rootU, _ := db.UserByEmail(ctx, nil, testRoot)
		tr, err := svc.CreateTournament(ctx, as(me.ID), service.TournamentInput{Name: "Escada das Estatísticas", Privacy: "public",
			RankingType: "points", Preset: "standard", ResponseDays: 7, MaxRejections: 3, MaxGames: 10, PeriodWeeks: 2, Play: true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.DecideTournament(ctx, as(rootU.ID), tr.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.JoinTournament(ctx, as(opp.ID), tr.ID); err != nil {
			t.Fatal(err)
		}
		// Seven validated matches, recorded as validation records them (as the demo seed does).
		for k := range 7 {
			winner, loser := me.ID, opp.ID
			if k%3 == 2 {
				winner, loser = loser, winner
			}
			err := db.Tx(ctx, func(tx *store.Tx) error {
				locked, err := db.LockTournament(ctx, tx, tr.ID)
				if err != nil {
					return err
				}
				m := store.Match{TournamentID: tr.ID, Player1ID: me.ID, Player2ID: opp.ID, State: "completed", Score: "6-4 6-4",
					WinnerID: sql.NullInt64{Int64: winner, Valid: true}, LoserID: sql.NullInt64{Int64: loser, Valid: true}}
				if err := db.InsertMatch(ctx, tx, &m); err != nil {
					return err
				}
				rc, err := db.RecordResult(ctx, tx, &locked, m.ID, winner, loser)
				if err != nil {
					return err
				}
				_, err = db.RecordStats(ctx, tx, store.RatedMatch{MatchID: m.ID, TournamentID: tr.ID, Winner: winner, Loser: loser,
					Score: m.Score, Change: rc})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		var st playerStatsView
		r := b.do("GET", fmt.Sprintf("/api/players/%d/stats", me.ID), nil)
		if err := json.Unmarshal([]byte(r.body), &st); err != nil || r.code != 200 {
			t.Fatalf("%d %s", r.code, r.body)
		}
		if st.Matches != 7 || st.Wins != 5 || st.Wins+st.Losses != st.Matches || len(st.Form) == 0 || len(st.Series) == 0 || st.WinProbability != nil {
			t.Fatalf("demo player's statistics %+v", st)
		}
		seen := map[int64]bool{}
		before, pages := int64(0), 0
		for {
			var page struct {
				Items      []historyItemView `json:"items"`
				NextBefore int64             `json:"next_before"`
			}
			r := b.do("GET", fmt.Sprintf("/api/players/%d/history?limit=3&before=%d", me.ID, before), nil)
			if err := json.Unmarshal([]byte(r.body), &page); err != nil || r.code != 200 {
				t.Fatalf("%d %s", r.code, r.body)
			}
			pages++
			for _, h := range page.Items {
				if seen[h.ID] || (before > 0 && h.ID >= before) || h.RatingChange != h.RatingAfter-h.RatingBefore {
					t.Fatalf("row %+v (cursor %d)", h, before)
				}
				seen[h.ID] = true
			}
			if page.NextBefore == 0 {
				break
			}
			if len(page.Items) != 3 || pages > 1000 {
				t.Fatalf("page of %d with a next cursor", len(page.Items))
			}
			before = page.NextBefore
		}
		if len(seen) != st.Matches {
			t.Fatalf("history has %d rows, statistics count %d matches", len(seen), st.Matches)
		}
		if r := b.do("GET", fmt.Sprintf("/api/players/%d/history?from=2026-02-31x", me.ID), nil, "Accept-Language", "en"); r.code != 422 {
			t.Fatalf("bad date: %d %s", r.code, r.body)
		}
		r = b.do("GET", fmt.Sprintf("/api/players/%d/history?from=2026-05-02&to=2026-05-01", me.ID), nil, "Accept-Language", "en")
		if r.code != 422 || r.problem(t).Code != "validation.failed" {
			t.Fatalf("inverted period: %d %s", r.code, r.body)
		}
		if r := b.do("GET", "/api/players/99999999/stats", nil); r.code != 404 || r.problem(t).Code != "player.not_found" {
			t.Fatalf("unknown player: %d %s", r.code, r.body)
		}
	})
}
