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
	matrix["GET /api/leaderboards"] = matrixRow{path: "/api/leaderboards?period=week&limit=5", want: all(200)}
	matrix["GET /api/leaderboards.csv"] = matrixRow{path: "/api/leaderboards.csv?period=month", want: all(200)}
	matrix["GET /api/leaderboards/leaders"] = matrixRow{path: "/api/leaderboards/leaders?limit=5", want: all(200)}
	matrix["GET /api/leaderboards/week"] = matrixRow{path: "/api/leaderboards/week", want: all(200)}
	matrix["GET /api/leaderboards/compare"] = matrixRow{path: "/api/leaderboards/compare?ids={target}", want: signedIn(200)}
}

// The leaderboard API pages by offset to the end without repeats, carries the reader's row, and
// its CSV export (parsed with encoding/csv) holds the same rows, header translated, with a BOM
// and the day in the file name. A bad period is a translated 422.
func TestLeaderboardAPIAndCSV(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLive(t, db, nil)
		b, ob, vb := l.browser(), l.browser(), l.browser()
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
		tr, err := svc.CreateTournament(ctx, as(me.ID), service.TournamentInput{Name: "Escada do Ranking", Privacy: "public",
			RankingType: "points", Preset: "standard", ResponseDays: 7, MaxRejections: 3, MaxGames: 10, PeriodWeeks: 2, Play: true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.DecideTournament(ctx, as(rootU.ID), tr.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		// More players than the default page of 20 (the export reads in larger batches), with
		// accents, quotes and a comma in their names to exercise the quoting.
		ids := []int64{me.ID, opp.ID}
		for i := range 21 {
			u := store.User{Email: fmt.Sprintf("rank%d@ladder.test", i), Role: "player", FirstName: "João, \"Zé\"",
				LastName: "Conceição " + strconv.Itoa(i)}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertUser(ctx, tx, &u) }); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, u.ID)
		}
		for _, id := range ids[1:] {
			if _, err := svc.JoinTournament(ctx, as(id), tr.ID); err != nil {
				t.Fatal(err)
			}
		}
		for k := range len(ids) + 2 {
			winner, loser := ids[k%len(ids)], ids[(k+1)%len(ids)]
			err := db.Tx(ctx, func(tx *store.Tx) error {
				locked, err := db.LockTournament(ctx, tx, tr.ID)
				if err != nil {
					return err
				}
				m := store.Match{TournamentID: tr.ID, Player1ID: winner, Player2ID: loser, State: "completed", Score: "6-4 6-4",
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
		for _, period := range []string{"all", "week", "month"} {
			var rows []leaderRowView
			offset := 0
			for pages := 0; ; pages++ {
				var page leaderboardView
				r := b.do("GET", fmt.Sprintf("/api/leaderboards?period=%s&limit=7&offset=%d", period, offset), nil)
				if err := json.Unmarshal([]byte(r.body), &page); err != nil || r.code != 200 || pages > 10 {
					t.Fatalf("%d %s", r.code, r.body)
				}
				rows = append(rows, page.Items...)
				if page.Me == nil || page.Me.Player.ID != me.ID {
					t.Fatalf("%s: me %+v", period, page.Me)
				}
				if page.NextOffset == 0 {
					break
				}
				offset = page.NextOffset
			}
			if len(rows) != len(ids) {
				t.Fatalf("%s: %d rows for %d players", period, len(rows), len(ids))
			}
			for i, r := range rows {
				if r.Position != i+1 || r.Wins+r.Losses != r.Matches || (i > 0 && r.Points > rows[i-1].Points) {
					t.Fatalf("%s: row %d %+v", period, i, r)
				}
			}
			r := vb.do("GET", "/api/leaderboards.csv?period="+period, nil, "Accept-Language", "pt")
			if r.code != 200 || !strings.HasPrefix(r.body, "\ufeff") || !strings.HasPrefix(r.hdr.Get("Content-Type"), "text/csv") {
				t.Fatalf("csv %d %v %q", r.code, r.hdr, r.body)
			}
			if !regexp.MustCompile(`^attachment; filename="ranking-` + period + `-\d{4}-\d{2}-\d{2}\.csv"$`).MatchString(r.hdr.Get("Content-Disposition")) {
				t.Fatalf("file name %q", r.hdr.Get("Content-Disposition"))
			}
			recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(r.body, "\ufeff"))).ReadAll()
			if err != nil || len(recs) != len(rows)+1 || recs[0][0] != "Posição" || recs[0][7] != "Provisório" {
				t.Fatalf("csv %v %v", recs, err)
			}
			for i, rec := range recs[1:] {
				w := rows[i]
				want := []string{strconv.Itoa(w.Position), w.Player.DisplayName, strconv.Itoa(w.Points), strconv.Itoa(w.Wins),
					strconv.Itoa(w.Losses), strconv.Itoa(w.Matches), strconv.Itoa(w.Rating.Rating), map[bool]string{true: "sim", false: "não"}[w.Rating.Provisional]}
				if strings.Join(rec, "|") != strings.Join(want, "|") {
					t.Fatalf("%s csv row %d: %q, API %q", period, i, rec, want)
				}
			}
		}
		if r := vb.do("GET", "/api/leaderboards.csv?period=all", nil, "Accept-Language", "en"); !strings.HasPrefix(r.body, "\ufeffPosition,Player,") {
			t.Fatalf("english header %q", r.body)
		}
		if r := b.do("GET", "/api/leaderboards?period=year", nil, "Accept-Language", "en"); r.code != 422 {
			t.Fatalf("bad period: %d %s", r.code, r.body)
		}
	})
}
