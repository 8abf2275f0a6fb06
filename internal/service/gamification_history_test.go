package service_test

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The result write counts a player's distinct tournaments only up to three and their matches of
// the played month through an index range (issue 16): "tournaments_3" comes with the first
// result in a third tournament (not with more results in the first two), and "month_10" with the
// tenth result played in one calendar month (results of other months and the validation day do
// not count), on both databases.
func TestAchievementsFromHistoryCounts(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 18, 9, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return now }
		svc := service.New(db, service.Options{})
		creator := newAccount(t, db, svc, "creator@example.pt", "player")
		super := newAccount(t, db, svc, "super@example.pt", "superadmin")
		var tids []int64
		for i := range 4 {
			in := tournamentInput(fmt.Sprintf("Ladder %d", i))
			in.Play = false
			tr, err := svc.CreateTournament(ctx, creator, in)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.DecideTournament(ctx, super, tr.ID, true, ""); err != nil {
				t.Fatal(err)
			}
			tids = append(tids, tr.ID)
		}
		var players []int64
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			for i := range 12 {
				u := store.User{Email: fmt.Sprintf("p%d@example.pt", i+1), Role: "player", FirstName: "Test"}
				if err := db.InsertUser(ctx, tx, &u); err != nil {
					return err
				}
				players = append(players, u.ID)
				for _, tid := range tids {
					if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO tournament_players (tournament_id, user_id, role, status,
						position, seed, joined_at, updated_at) VALUES (?, ?, 'player', 'active', ?, ?, ?, ?)`), tid, u.ID, i+1, i+1, now, now); err != nil {
						return err
					}
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		me := players[0]
		opp := 1
		// play validates one result of me against the next opponent in tournament k, played on
		// the given day ("" leaves played_on empty: the validation's month counts).
		play := func(k int, playedOn string) []string {
			t.Helper()
			c := players[opp]
			opp = opp%11 + 1
			var m store.Match
			if err := db.Tx(ctx, func(tx *store.Tx) error {
				m = store.Match{TournamentID: tids[k], Player1ID: me, Player2ID: c, State: "result_reported", Score: "6-4 6-4",
					PlayedOn: playedOn, ReporterID: sql.NullInt64{Int64: me, Valid: true}, WinnerID: sql.NullInt64{Int64: c, Valid: true},
					LoserID: sql.NullInt64{Int64: me, Valid: true}}
				return db.InsertMatch(ctx, tx, &m)
			}); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.ValidateResult(ctx, creator, m.ID, true, ""); err != nil {
				t.Fatal(err)
			}
			got, err := db.AchievementsOf(ctx, me)
			if err != nil {
				t.Fatal(err)
			}
			var codes []string
			for _, a := range got {
				codes = append(codes, a.Code)
			}
			return codes
		}
		// Tournaments: many results in two, then the first in a third.
		for i := range 6 {
			if codes := play(i%2, "2026-10-0"+fmt.Sprint(i+1)); slices.Contains(codes, "tournaments_3") {
				t.Fatalf("tournaments_3 after results in two tournaments: %v", codes)
			}
		}
		if codes := play(3, "2026-09-30"); !slices.Contains(codes, "tournaments_3") {
			t.Fatalf("no tournaments_3 after a result in a third tournament: %v", codes)
		}
		// Month: six results played in October so far; three more in October and five in
		// September or December, then the tenth in October.
		for i, d := range []string{"2026-10-20", "2026-09-01", "2026-10-21", "2026-12-01", "2026-10-31", "2026-11-01", "2026-09-30"} {
			if codes := play(i%4, d); slices.Contains(codes, "month_10") {
				t.Fatalf("month_10 after %d results: %v", i+1, codes)
			}
		}
		// Results with no played date count in the validation's month (November): not October.
		if codes := play(0, ""); slices.Contains(codes, "month_10") {
			t.Fatalf("month_10 from a November result: %v", codes)
		}
		if codes := play(1, "2026-10-15"); !slices.Contains(codes, "month_10") {
			t.Fatalf("no month_10 after the tenth October result: %v", codes)
		}
	})
}
