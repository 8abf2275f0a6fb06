package httpapi

import (
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func init() {
	matrix["GET /api/players/{id}/history.csv"] = matrixRow{path: "/api/players/{target}/history.csv", want: signedIn(200)}
}

// The history export, parsed with encoding/csv, holds exactly the rows of the API's history
// (every page, same filter), header translated, BOM, the day in the file name; a bad filter is a
// translated 422; a hidden player's export is 'Player not found' to others, as the page is.
func TestPlayerHistoryCSV(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLive(t, db, nil)
		b, ob := l.browser(), l.browser()
		me, opp := b.signIn("player@ladder.test"), ob.signIn("opponent@ladder.test")
		l.browser().signIn(testRoot)
		svc := l.srv.svc
		as := func(id int64) service.Current {
			u, err := db.UserByID(ctx, nil, id)
			if err != nil {
				t.Fatal(err)
			}
			return service.Current{User: u, Actor: svc.ActorFor(u)}
		}
		rootU, _ := db.UserByEmail(ctx, nil, testRoot)
		var trs []int64
		for _, name := range []string{"Escada \"Norte\", Porto", "Escada do Sul"} {
			tr, err := svc.CreateTournament(ctx, as(me.ID), service.TournamentInput{Name: name, Privacy: "public",
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
			trs = append(trs, tr.ID)
		}
		for k := range 105 { // more than one export batch of 100
			tid := trs[k%2]
			winner, loser := me.ID, opp.ID
			if k%3 == 2 {
				winner, loser = loser, winner
			}
			err := db.Tx(ctx, func(tx *store.Tx) error {
				locked, err := db.LockTournament(ctx, tx, tid)
				if err != nil {
					return err
				}
				m := store.Match{TournamentID: tid, Player1ID: me.ID, Player2ID: opp.ID, State: "completed", Score: "6-4 3-6 7-5",
					WinnerID: sql.NullInt64{Int64: winner, Valid: true}, LoserID: sql.NullInt64{Int64: loser, Valid: true}}
				if err := db.InsertMatch(ctx, tx, &m); err != nil {
					return err
				}
				rc, err := db.RecordResult(ctx, tx, &locked, m.ID, winner, loser)
				if err != nil {
					return err
				}
				_, err = db.RecordStats(ctx, tx, store.RatedMatch{MatchID: m.ID, TournamentID: tid, Winner: winner, Loser: loser,
					Score: m.Score, Change: rc})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		api := func(filter string) []historyItemView {
			var out []historyItemView
			before := int64(0)
			for pages := 0; ; pages++ {
				var page struct {
					Items      []historyItemView `json:"items"`
					NextBefore int64             `json:"next_before"`
				}
				r := ob.do("GET", fmt.Sprintf("/api/players/%d/history?limit=50&before=%d%s", me.ID, before, filter), nil)
				if err := json.Unmarshal([]byte(r.body), &page); err != nil || r.code != 200 || pages > 20 {
					t.Fatalf("%d %s", r.code, r.body)
				}
				out = append(out, page.Items...)
				if page.NextBefore == 0 {
					return out
				}
				before = page.NextBefore
			}
		}
		for _, filter := range []string{"", fmt.Sprintf("&tournament_id=%d", trs[0]), "&from=2000-01-01&to=2999-12-31", "&to=2000-01-01"} {
			want := api(filter)
			r := ob.do("GET", fmt.Sprintf("/api/players/%d/history.csv?x=1%s", me.ID, filter), nil, "Accept-Language", "pt")
			if r.code != 200 || !strings.HasPrefix(r.body, "\ufeff") || !strings.HasPrefix(r.hdr.Get("Content-Type"), "text/csv") {
				t.Fatalf("csv %d %v %q", r.code, r.hdr, r.body)
			}
			if !regexp.MustCompile(fmt.Sprintf(`^attachment; filename="historico-%d-\d{4}-\d{2}-\d{2}\.csv"$`, me.ID)).MatchString(r.hdr.Get("Content-Disposition")) {
				t.Fatalf("file name %q", r.hdr.Get("Content-Disposition"))
			}
			recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(r.body, "\ufeff"))).ReadAll()
			if err != nil || len(recs) != len(want)+1 || recs[0][0] != "Data" || recs[0][2] != "Adversário" {
				t.Fatalf("filter %q: %d csv records for %d rows: %v", filter, len(recs), len(want), err)
			}
			for i, rec := range recs[1:] {
				h := want[i]
				res := map[bool]string{true: "Vitória", false: "Derrota"}[h.Won]
				exp := []string{h.PlayedOn, h.TournamentName, h.Opponent.DisplayName, res, h.Score, strconv.Itoa(h.Points),
					strconv.Itoa(h.RatingBefore), strconv.Itoa(h.RatingAfter), strconv.Itoa(h.RatingChange),
					strconv.Itoa(h.PositionBefore), strconv.Itoa(h.PositionAfter)}
				if strings.Join(rec, "|") != strings.Join(exp, "|") {
					t.Fatalf("filter %q csv row %d: %q, API %q", filter, i, rec, exp)
				}
			}
			switch filter {
			case "":
				if len(want) != 105 {
					t.Fatalf("%d rows", len(want))
				}
			case "&to=2000-01-01":
				if len(want) != 0 {
					t.Fatalf("empty period: %d rows", len(want))
				}
			}
		}
		if r := ob.do("GET", fmt.Sprintf("/api/players/%d/history.csv", me.ID), nil, "Accept-Language", "en"); !strings.HasPrefix(r.body, "\ufeffDate,Tournament,Opponent,") ||
			!strings.Contains(r.hdr.Get("Content-Disposition"), `filename="history-`) {
			t.Fatalf("english %q %q", r.hdr.Get("Content-Disposition"), r.body)
		}
		r := ob.do("GET", fmt.Sprintf("/api/players/%d/history.csv?from=2026-05-02&to=2026-05-01", me.ID), nil, "Accept-Language", "en")
		if r.code != 422 || r.problem(t).Code != "validation.failed" {
			t.Fatalf("inverted period: %d %s", r.code, r.body)
		}
		// Hidden: others get 'Player not found'; the player still exports their own.
		st := service.SettingsOf(as(me.ID).User)
		st.Listed = false
		if _, err := svc.UpdateSettings(ctx, as(me.ID), st); err != nil {
			t.Fatal(err)
		}
		r = ob.do("GET", fmt.Sprintf("/api/players/%d/history.csv", me.ID), nil, "Accept-Language", "en")
		if r.code != 404 || r.problem(t).Code != "player.not_found" || !strings.Contains(r.body, "Player not found") {
			t.Fatalf("hidden player's export: %d %s", r.code, r.body)
		}
		if r := b.do("GET", fmt.Sprintf("/api/players/%d/history.csv", me.ID), nil); r.code != 200 {
			t.Fatalf("own export while hidden: %d %s", r.code, r.body)
		}
	})
}
