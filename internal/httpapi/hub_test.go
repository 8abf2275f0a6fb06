package httpapi

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The hub lists, for the reader's district: active tournaments, clubs, players whose
// availability overlaps the reader's (the same municipality first; never hidden players, nor
// those with no overlap or of another district) and recent validated results of public
// tournaments. Without a district every list is empty.
func TestTennisHub(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLive(t, db, nil)
		b := l.browser()
		me := b.signIn("player@ladder.test")
		l.browser().signIn(testRoot)
		svc := l.srv.svc
		as := func(id int64) service.Current {
			u, err := db.UserByID(ctx, nil, id)
			if err != nil {
				t.Fatal(err)
			}
			return service.Current{User: u, Actor: svc.ActorFor(u)}
		}
		var hub hubView
		get := func() {
			t.Helper()
			r := b.do("GET", "/api/hub", nil)
			hub = hubView{}
			if err := json.Unmarshal([]byte(r.body), &hub); err != nil || r.code != 200 {
				t.Fatalf("%d %s", r.code, r.body)
			}
		}
		get()
		if hub.District != "" || len(hub.Players)+len(hub.Tournaments)+len(hub.Clubs)+len(hub.Results) != 0 {
			t.Fatalf("no district: %+v", hub)
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if err := db.Tx(ctx, func(tx *store.Tx) error { _, err := tx.ExecContext(ctx, db.W.Rebind(q), args...); return err }); err != nil {
				t.Fatal(err)
			}
		}
		user := func(name, district, municipality string, hidden bool, slots ...store.Slot) int64 {
			u := store.User{Email: strings.ToLower(name) + "@ladder.test", Role: "player", FirstName: name}
			if err := db.Tx(ctx, func(tx *store.Tx) error {
				if err := db.InsertUser(ctx, tx, &u); err != nil {
					return err
				}
				return db.ReplaceAvailability(ctx, tx, u.ID, slots)
			}); err != nil {
				t.Fatal(err)
			}
			exec(`UPDATE users SET district = ?, municipality = ?, hidden = ? WHERE id = ?`, district, municipality, hidden, u.ID)
			return u.ID
		}
		evening := store.Slot{Weekday: 2, StartMinute: 18 * 60, EndMinute: 21 * 60}
		exec(`UPDATE users SET district = 'lisboa', municipality = 'sintra' WHERE id = ?`, me.ID)
		if err := db.Tx(ctx, func(tx *store.Tx) error { return db.ReplaceAvailability(ctx, tx, me.ID, []store.Slot{evening}) }); err != nil {
			t.Fatal(err)
		}
		cascais := user("Carla", "lisboa", "cascais", false, store.Slot{Weekday: 2, StartMinute: 20 * 60, EndMinute: 22 * 60})
		sintra := user("Sofia", "lisboa", "sintra", false, store.Slot{Weekday: 2, StartMinute: 19 * 60, EndMinute: 20 * 60})
		user("Hugo", "lisboa", "sintra", true, evening)                                                             // hidden
		user("Manuel", "lisboa", "sintra", false, store.Slot{Weekday: 3, StartMinute: 18 * 60, EndMinute: 21 * 60}) // no overlap
		user("Paulo", "porto", "porto", false, evening)                                                             // elsewhere

		rootU, _ := db.UserByEmail(ctx, nil, testRoot)
		tr, err := svc.CreateTournament(ctx, as(rootU.ID), service.TournamentInput{Name: "Escada de Lisboa", District: "lisboa", Privacy: "public",
			RankingType: "points", Preset: "standard", ResponseDays: 7, MaxRejections: 3, MaxGames: 10, PeriodWeeks: 2})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.DecideTournament(ctx, as(rootU.ID), tr.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		for _, id := range []int64{cascais, sintra} {
			if _, err := svc.JoinTournament(ctx, as(id), tr.ID); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			m := store.Match{TournamentID: tr.ID, Player1ID: sintra, Player2ID: cascais, State: "completed", Score: "6-4 7-6(3)",
				WinnerID: sql.NullInt64{Int64: sintra, Valid: true}, LoserID: sql.NullInt64{Int64: cascais, Valid: true},
				ValidatedAt: sql.NullTime{Time: db.Now(), Valid: true}}
			return db.InsertMatch(ctx, tx, &m)
		}); err != nil {
			t.Fatal(err)
		}

		get()
		if hub.District != "lisboa" || hub.Municipality != "sintra" {
			t.Fatalf("place %q %q", hub.District, hub.Municipality)
		}
		var names []string
		for _, p := range hub.Players {
			names = append(names, p.Player.DisplayName)
		}
		if fmt.Sprint(names) != "[Sofia Carla]" {
			t.Errorf("players %v, want Sofia (Sintra) then Carla", names)
		}
		if len(hub.Tournaments) != 1 || hub.Tournaments[0].ID != tr.ID {
			t.Errorf("tournaments %+v", hub.Tournaments)
		}
		if len(hub.Results) != 1 || hub.Results[0].Winner.ID != sintra || hub.Results[0].Score != "6-4 7-6(3)" {
			t.Errorf("results %+v", hub.Results)
		}
	})
}

// The score checker answers with the server's own validation: the winner and canonical score,
// or the translated reason.
func TestScoreCheck(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLive(t, db, nil)
		b := l.browser()
		for _, c := range []struct{ score, lang, want string }{
			{"6-4 3-6 [10-8]", "en", `"valid":true,"canonical":"6-4 3-6 10-8","winner":"first"`},
			{"4-6 6-7(5)", "en", `"winner":"second"`},
			{"6-5 6-4", "en", `Set 1 is not a valid set`},
			{"6-4 3-6 10-9", "pt", `super tie-break`},
			{"", "en", `"code":"score.empty"`},
		} {
			r := b.do("POST", "/api/scores/check", map[string]string{"score": c.score}, "Accept-Language", c.lang)
			if r.code != 200 || !strings.Contains(r.body, c.want) {
				t.Errorf("%q: %d %s", c.score, r.code, r.body)
			}
		}
	})
}
