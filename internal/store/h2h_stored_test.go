package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tennisladder/ladder/internal/ladder"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The head-to-head the result write keeps in each row (00030) must equal the one counted from
// the matches, and the write's positions must equal the standings computed from scratch, also
// when other paths change what the head-to-heads count between results: points corrected by
// hand, a completed match annulled, a player suspended or removed from the standings (the
// triggers mark the tournament stale and the next write recounts). The players per points value
// (tournament_points) and per tie group and block of seeds (tournament_rank_blocks) must equal
// those counted; seeds are spread over several blocks (negative ones too) and moved between them.
func TestStoredHeadToHeadFollowsEveryChange(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		sc := ladder.Presets["standard"]
		tr, ids := newTournament(t, db, "stored h2h", string(ladder.Points), sc, 10)
		r := rand.New(rand.NewPCG(7, 16))
		var completed []int64
		position := func(s []store.Participant, id int64) int {
			for _, p := range s {
				if p.UserID == id {
					return p.Position
				}
			}
			return 0
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.W.ExecContext(ctx, db.W.Rebind(q), args...); err != nil {
				t.Fatal(err)
			}
		}
		// Seeds around the blocks' bounds (store.rankBlockSize); a player's seed moves, often to another block.
		edges := []int{-128, -65, -64, -63, -1, 0, 1, 63, 64, 65, 127, 128}
		seed := func() {
			s := r.IntN(400) - 100
			if r.IntN(2) == 0 {
				s = edges[r.IntN(len(edges))]
			}
			exec(`UPDATE tournament_players SET seed = ? WHERE tournament_id = ? AND user_id = ?`, s, tr.ID, ids[r.IntN(len(ids))])
		}
		for range ids {
			seed()
		}
		for k := range 120 {
			switch r.IntN(9) {
			case 3:
				seed()
			case 0: // points corrected by another path
				exec(`UPDATE tournament_players SET points = points + 2 WHERE tournament_id = ? AND user_id = ?`, tr.ID, ids[r.IntN(len(ids))])
			case 1: // a completed match annulled
				if len(completed) > 0 {
					exec(`UPDATE matches SET state = 'cancelled' WHERE id = ?`, completed[r.IntN(len(completed))])
				}
			case 2: // a player leaves the standings and comes back as a request
				exec(`UPDATE tournament_players SET status = CASE WHEN status = 'requested' THEN 'active' ELSE 'requested' END
					WHERE tournament_id = ? AND user_id = ?`, tr.ID, ids[r.IntN(len(ids))])
			}
			before, err := db.Standings(ctx, nil, tr.ID, string(ladder.Points))
			if err != nil {
				t.Fatal(err)
			}
			if len(before) < 2 {
				continue
			}
			w, l := before[r.IntN(len(before))].UserID, before[r.IntN(len(before))].UserID
			if w == l {
				continue
			}
			var rc store.ResultChange
			if err := db.Tx(ctx, func(tx *store.Tx) error {
				tt, err := db.LockTournament(ctx, tx, tr.ID)
				if err != nil {
					return err
				}
				m := store.Match{TournamentID: tr.ID, Player1ID: w, Player2ID: l, State: "completed",
					WinnerID: sql.NullInt64{Int64: w, Valid: true}, LoserID: sql.NullInt64{Int64: l, Valid: true}}
				if err := db.InsertMatch(ctx, tx, &m); err != nil {
					return err
				}
				completed = append(completed, m.ID)
				rc, err = db.RecordResult(ctx, tx, &tt, m.ID, w, l)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			after, err := db.Standings(ctx, nil, tr.ID, string(ladder.Points))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := [4]int{rc.WinnerBefore, rc.LoserBefore, rc.WinnerAfter, rc.LoserAfter},
				[4]int{position(before, w), position(before, l), position(after, w), position(after, l)}; got != want {
				t.Fatalf("match %d: the write placed %v, the standings from scratch %v", k, got, want)
			}
			type level struct{ Points, Players int }
			var kept, counted []level
			if err := db.R.SelectContext(ctx, &kept, db.R.Rebind(`SELECT points, players FROM tournament_points
				WHERE tournament_id = ? AND players <> 0 ORDER BY points`), tr.ID); err != nil {
				t.Fatal(err)
			}
			if err := db.R.SelectContext(ctx, &counted, db.R.Rebind(`SELECT points, COUNT(*) AS players FROM tournament_players
				WHERE tournament_id = ? AND role = 'player' AND status <> 'requested' GROUP BY points ORDER BY points`), tr.ID); err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(kept) != fmt.Sprint(counted) {
				t.Fatalf("match %d: players per points kept %v, counted %v", k, kept, counted)
			}
			expectBlocks(t, db, fmt.Sprintf("match %d", k))
			for _, p := range after {
				var stored int
				if err := db.R.GetContext(ctx, &stored, db.R.Rebind(`SELECT h2h FROM tournament_players WHERE tournament_id = ? AND user_id = ?`),
					tr.ID, p.UserID); err != nil {
					t.Fatal(err)
				}
				if stored != p.H2H {
					t.Fatalf("match %d: player %d stores head-to-head %d, the matches say %d", k, p.UserID, stored, p.H2H)
				}
			}
		}
	})
}

// A player level with others on points, head-to-head and wins is placed by seed: the write sums
// the earlier blocks of seeds and counts the player's own block (store.placeOf, 00034). Seeds
// on and around every block bound, two pairs of them equal (then by id), each player placed in
// turn in a write rolled back.
func TestPlacesBySeedAcrossBlocks(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		seeds := []int{-128, -65, -64, -63, -1, 0, 0, 1, 63, 64, 64, 65, 127, 128}
		tr, ids := newTournament(t, db, "seed blocks", string(ladder.Points), ladder.Presets["standard"], len(seeds))
		for i, id := range ids {
			if _, err := db.W.ExecContext(ctx, db.W.Rebind(`UPDATE tournament_players SET seed = ? WHERE tournament_id = ? AND user_id = ?`),
				seeds[len(seeds)-1-i], tr.ID, id); err != nil {
				t.Fatal(err)
			}
		}
		standings, err := db.Standings(ctx, nil, tr.ID, string(ladder.Points))
		if err != nil {
			t.Fatal(err)
		}
		want := map[int64]int{}
		for _, p := range standings {
			want[p.UserID] = p.Position
		}
		rollback := fmt.Errorf("rolled back")
		for i, w := range ids {
			l := ids[(i+1)%len(ids)]
			var rc store.ResultChange
			err := db.Tx(ctx, func(tx *store.Tx) error {
				tt, err := db.LockTournament(ctx, tx, tr.ID)
				if err != nil {
					return err
				}
				m := store.Match{TournamentID: tr.ID, Player1ID: w, Player2ID: l, State: "completed",
					WinnerID: sql.NullInt64{Int64: w, Valid: true}, LoserID: sql.NullInt64{Int64: l, Valid: true}}
				if err := db.InsertMatch(ctx, tx, &m); err != nil {
					return err
				}
				if rc, err = db.RecordResult(ctx, tx, &tt, m.ID, w, l); err != nil {
					return err
				}
				return rollback
			})
			if err != rollback {
				t.Fatal(err)
			}
			if got := [2]int{rc.WinnerBefore, rc.LoserBefore}; got != [2]int{want[w], want[l]} {
				t.Fatalf("players %d and %d (seeds %d, %d): placed %v, the standings say %d and %d",
					w, l, seeds[len(seeds)-1-i], seeds[len(seeds)-1-(i+1)%len(ids)], got, want[w], want[l])
			}
		}
	})
}
