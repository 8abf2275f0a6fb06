package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/ladder"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The standings the database computes (store.Standings, store.RecordResult) must equal the pure
// model of internal/ladder after any sequence of validated results: points with head-to-head
// among tied players, wins and seed; classic with its moves.
func TestStandingsMatchTheLadderModel(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		for _, kind := range []ladder.RankingType{ladder.Points, ladder.Classic} {
			for round := range 3 {
				r := rand.New(rand.NewPCG(uint64(round), 99))
				sc := ladder.Presets[[]string{"standard", "conservative", "aggressive"}[round]]
				tr, ids := newTournament(t, db, fmt.Sprintf("%s %d", kind, round), string(kind), sc, 9)
				model := make([]ladder.Standing, len(ids))
				for i, id := range ids {
					model[i] = ladder.Standing{PlayerID: id, Position: i + 1, Seed: i + 1}
				}
				rec := ladder.Record{}
				for k := range 60 {
					w, l := ids[r.IntN(len(ids))], ids[r.IntN(len(ids))]
					if w == l {
						continue
					}
					wBefore, lBefore := modelPosition(model, w), modelPosition(model, l)
					model, _ = ladder.Result(kind, sc, model, rec, w, l)
					var rc store.ResultChange
					err := db.Tx(ctx, func(tx *store.Tx) error {
						tt, err := db.LockTournament(ctx, tx, tr.ID)
						if err != nil {
							return err
						}
						m := store.Match{TournamentID: tr.ID, Player1ID: w, Player2ID: l, State: "completed",
							WinnerID: sql.NullInt64{Int64: w, Valid: true}, LoserID: sql.NullInt64{Int64: l, Valid: true},
							ValidatedAt: sql.NullTime{Time: db.Now(), Valid: true}}
						if err := db.InsertMatch(ctx, tx, &m); err != nil {
							return err
						}
						rc, err = db.RecordResult(ctx, tx, &tt, m.ID, w, l)
						return err
					})
					if err != nil {
						t.Fatal(err)
					}
					// The write places the two players itself, without reading the standings.
					if want := [4]int{wBefore, lBefore, modelPosition(model, w), modelPosition(model, l)}; want !=
						[4]int{rc.WinnerBefore, rc.LoserBefore, rc.WinnerAfter, rc.LoserAfter} {
						t.Fatalf("%s round %d match %d: write placed %+v, model (winner, loser before; after) %v", kind, round, k, rc, want)
					}
					got, err := db.Standings(ctx, nil, tr.ID, string(kind))
					if err != nil {
						t.Fatal(err)
					}
					for i := range model {
						g, m := got[i], model[i]
						if g.UserID != m.PlayerID || g.Points != m.Points || g.Wins != m.Wins || g.Losses != m.Losses || g.Position != m.Position {
							t.Fatalf("%s round %d match %d, place %d: database %d (%d pts %d-%d h2h %d), model %d (%d pts %d-%d h2h %d)",
								kind, round, k, i+1, g.UserID, g.Points, g.Wins, g.Losses, g.H2H, m.PlayerID, m.Points, m.Wins, m.Losses, m.H2H)
						}
					}
				}
			}
		}
	})
}

func modelPosition(s []ladder.Standing, id int64) int {
	for _, x := range s {
		if x.PlayerID == id {
			return x.Position
		}
	}
	return 0
}

func newTournament(t *testing.T, db *store.DB, name, kind string, sc ladder.Scoring, players int) (store.Tournament, []int64) {
	t.Helper()
	ctx := context.Background()
	tr := store.Tournament{Name: name, Privacy: "public", RankingType: kind, Preset: "custom", WinVsHigher: sc.WinVsHigher,
		WinVsLower: sc.WinVsLower, Defeat: sc.Defeat, ResponseDays: 7, MaxRejections: 3, MinGames: 1, MaxGames: 4,
		PeriodWeeks: 2, ChallengeRange: 3, Status: "active", ExpiresAt: time.Now().Add(time.Hour)}
	var ids []int64
	err := db.Tx(ctx, func(tx *store.Tx) error {
		if err := db.InsertTournament(ctx, tx, &tr); err != nil {
			return err
		}
		for i := range players {
			u := store.User{Email: fmt.Sprintf("p%d-%d@%s.test", i, tr.ID, kind), Role: "player"}
			if err := db.InsertUser(ctx, tx, &u); err != nil {
				return err
			}
			if _, err := db.AddParticipant(ctx, tx, tr.ID, u.ID, "active"); err != nil {
				return err
			}
			ids = append(ids, u.ID)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tr, ids
}

// Removing a player, promoting one to referee and demoting them keep classic positions a
// gapless 1..n; the weekly snapshot gives movement.
func TestClassicPositionsStayGapless(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		tr, ids := newTournament(t, db, "gapless", "classic", ladder.Scoring{}, 6)
		check := func(want ...int64) {
			t.Helper()
			got, err := db.Standings(ctx, nil, tr.ID, "classic")
			if err != nil {
				t.Fatal(err)
			}
			var order []int64
			for i, p := range got {
				order = append(order, p.UserID)
				var stored int
				if err := db.R.GetContext(ctx, &stored, db.R.Rebind(`SELECT position FROM tournament_players WHERE tournament_id = ? AND user_id = ?`), tr.ID, p.UserID); err != nil || stored != i+1 {
					t.Fatalf("stored position of %d is %d, want %d (%v)", p.UserID, stored, i+1, err)
				}
			}
			if fmt.Sprint(order) != fmt.Sprint(want) {
				t.Fatalf("order %v, want %v", order, want)
			}
		}
		tx := func(fn func(tx *store.Tx) error) {
			t.Helper()
			if err := db.Tx(ctx, fn); err != nil {
				t.Fatal(err)
			}
		}
		tx(func(tx *store.Tx) error { _, err := db.RemoveParticipant(ctx, tx, tr.ID, ids[1]); return err })
		check(ids[0], ids[2], ids[3], ids[4], ids[5])
		tx(func(tx *store.Tx) error {
			_, err := db.SetParticipantRole(ctx, tx, tr.ID, ids[2], "referee")
			return err
		})
		check(ids[0], ids[3], ids[4], ids[5])
		tx(func(tx *store.Tx) error {
			_, err := db.SetParticipantRole(ctx, tx, tr.ID, ids[2], "player")
			return err
		})
		check(ids[0], ids[3], ids[4], ids[5], ids[2])
		// A request does not take a place; admitting it puts the player at the bottom.
		var late store.User
		tx(func(tx *store.Tx) error {
			late = store.User{Email: "late@classic.test", Role: "player"}
			if err := db.InsertUser(ctx, tx, &late); err != nil {
				return err
			}
			_, err := db.AddParticipant(ctx, tx, tr.ID, late.ID, "requested")
			return err
		})
		check(ids[0], ids[3], ids[4], ids[5], ids[2])
		tx(func(tx *store.Tx) error { _, err := db.AdmitRequest(ctx, tx, tr.ID, late.ID); return err })
		check(ids[0], ids[3], ids[4], ids[5], ids[2], late.ID)
	})
}

// TournamentPageByID joins the creator and says whether there are referees; RefereePersons lists
// them by id; a promotion and a rename show on the next read; no creator reads as ID 0.
func TestTournamentPage(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		tr, ids := newTournament(t, db, "people", "classic", ladder.Scoring{}, 4)
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.W.ExecContext(ctx, db.W.Rebind(q), args...); err != nil {
				t.Fatal(err)
			}
		}
		got := func() string {
			t.Helper()
			p, err := db.TournamentPageByID(ctx, tr.ID)
			if err != nil {
				t.Fatal(err)
			}
			refs, err := db.RefereePersons(ctx, tr.ID)
			if err != nil {
				t.Fatal(err)
			}
			s := fmt.Sprintf("%s creator %d %s referees %v:", p.Name, p.Creator.ID, p.Creator.FirstName, p.HasReferees)
			for _, r := range refs {
				s += fmt.Sprintf(" %d %s", r.ID, r.FirstName)
			}
			return s
		}
		if g, want := got(), "people creator 0  referees false:"; g != want {
			t.Fatalf("got %q, want %q", g, want)
		}
		exec(`UPDATE tournaments SET creator_id = ? WHERE id = ?`, ids[0], tr.ID)
		exec(`UPDATE users SET first_name = 'Ana' WHERE id = ?`, ids[0])
		for _, id := range []int64{ids[3], ids[0]} {
			if err := db.Tx(ctx, func(tx *store.Tx) error {
				_, err := db.SetParticipantRole(ctx, tx, tr.ID, id, "referee")
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		if g, want := got(), fmt.Sprintf("people creator %d Ana referees true: %d Ana %d ", ids[0], ids[0], ids[3]); g != want {
			t.Fatalf("got %q, want %q", g, want)
		}
		if _, err := db.TournamentPageByID(ctx, tr.ID+1000); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("missing tournament: %v", err)
		}
	})
}
