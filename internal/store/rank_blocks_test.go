package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/ladder"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// expectBlocks fails unless tournament_rank_blocks (00034) holds exactly the players counted
// per tournament, tie group and block of seeds, with no empty group left behind.
func expectBlocks(t *testing.T, db *store.DB, when string) {
	t.Helper()
	ctx := context.Background()
	type group struct{ Tournament, Points, H2H, Wins, Block, Players int64 }
	var kept, counted []group
	if err := db.W.SelectContext(ctx, &kept, `SELECT tournament_id AS tournament, points, h2h, wins, block, players
		FROM tournament_rank_blocks ORDER BY 1, 2, 3, 4, 5`); err != nil {
		t.Fatal(err)
	}
	if err := db.W.SelectContext(ctx, &counted, `SELECT tournament_id AS tournament, points, h2h, wins, seed / 64 AS block,
		COUNT(*) AS players FROM tournament_players WHERE role = 'player' AND status <> 'requested'
		GROUP BY tournament_id, points, h2h, wins, seed / 64 ORDER BY 1, 2, 3, 4, 5`); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(kept) != fmt.Sprint(counted) {
		t.Fatalf("%s: players per tie group and block kept %v, counted %v", when, kept, counted)
	}
}

// The kept counts follow the paths that move many rows at once: an account merged into another
// (a row moved to the other account, two rows folded into one), a shuffle, an account and a
// tournament deleted (the cascades), a row "moved" to its own tournament.
func TestRankBlocksFollowBulkPaths(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		sc := ladder.Presets["standard"]
		tr, ids := newTournament(t, db, "blocks one", string(ladder.Points), sc, 8)
		tr2, ids2 := newTournament(t, db, "blocks two", string(ladder.Points), sc, 5)
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.W.ExecContext(ctx, db.W.Rebind(q), args...); err != nil {
				t.Fatal(err)
			}
		}
		src, dst := ids[0], ids[1]
		now := time.Now()
		exec(`INSERT INTO tournament_players (tournament_id, user_id, role, status, points, seed, joined_at, updated_at)
			VALUES (?, ?, 'player', 'active', 9, -70, ?, ?)`, tr2.ID, src, now, now)
		exec(`UPDATE tournament_players SET seed = 200, points = 6, wins = 2 WHERE tournament_id = ? AND user_id = ?`, tr.ID, src)
		exec(`UPDATE tournament_players SET seed = -5, points = 3 WHERE tournament_id = ? AND user_id = ?`, tr.ID, dst)
		m := store.Match{TournamentID: tr.ID, Player1ID: src, Player2ID: dst, State: "completed",
			WinnerID: sql.NullInt64{Int64: src, Valid: true}, LoserID: sql.NullInt64{Int64: dst, Valid: true}}
		if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertMatch(ctx, tx, &m) }); err != nil {
			t.Fatal(err)
		}
		exec(`UPDATE matches SET winner_points = 3, loser_points = 1 WHERE id = ?`, m.ID)
		expectBlocks(t, db, "before the merge")
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			if err := db.TransferLocks(ctx, tx, src, dst); err != nil {
				return err
			}
			_, err := db.MoveOwnership(ctx, tx, src, dst, dst)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		expectBlocks(t, db, "after the merge")
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			ps, err := db.Standings(ctx, tx, tr2.ID, string(ladder.Points))
			if err != nil {
				return err
			}
			var st []ladder.Standing
			for _, p := range ps {
				st = append(st, ladder.Standing{PlayerID: p.UserID, Points: p.Points, H2H: p.H2H, Wins: p.Wins, Seed: p.Seed})
			}
			return db.SetStandingOrder(ctx, tx, tr2.ID, ladder.Shuffle(ladder.Points, st, rand.New(rand.NewPCG(3, 4))))
		}); err != nil {
			t.Fatal(err)
		}
		expectBlocks(t, db, "after a shuffle")
		exec(`DELETE FROM users WHERE id = ?`, ids2[2])
		expectBlocks(t, db, "after an account's deletion")
		exec(`DELETE FROM tournaments WHERE id = ?`, tr.ID)
		expectBlocks(t, db, "after a tournament's deletion")
		exec(`UPDATE tournament_players SET tournament_id = ? WHERE tournament_id = ? AND user_id = ?`, tr2.ID, tr2.ID, ids2[0])
		expectBlocks(t, db, "after a row set to its own tournament")
	})
}

// On PostgreSQL two transactions that move the last two players out of one group, the second
// waiting for the first's row lock, leave no empty group behind (each deletes what its own
// decrement emptied). The app serialises a tournament's writes; the triggers must not rely on it.
func TestRankBlocksConcurrentMovesOnPostgres(t *testing.T) {
	db := storetest.NewTestPostgres(t)
	if db == nil {
		t.Skip("needs " + storetest.PostgresTestURLEnv)
	}
	ctx := context.Background()
	tr, ids := newTournament(t, db, "blocks race", string(ladder.Points), ladder.Presets["standard"], 2)
	expectBlocks(t, db, "at the start")
	tx1, err := db.W.BeginTxx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx1.Rollback()
	tx2, err := db.W.BeginTxx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx2.Rollback()
	var pid2 int
	if err := tx2.GetContext(ctx, &pid2, `SELECT pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	move := `UPDATE tournament_players SET seed = $1 WHERE tournament_id = $2 AND user_id = $3`
	if _, err := tx1.ExecContext(ctx, move, 500, tr.ID, ids[0]); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := tx2.ExecContext(ctx, move, 900, tr.ID, ids[1])
		done <- err
	}()
	// tx2 waits on the group's row lock before tx1 commits (polled, not slept: a deadline only
	// ends a test that truly hangs).
	for deadline := time.Now().Add(time.Minute); ; {
		var waiting bool
		if err := db.W.GetContext(ctx, &waiting, `SELECT COALESCE(wait_event_type = 'Lock', false) FROM pg_stat_activity WHERE pid = $1`, pid2); err != nil {
			t.Fatal(err)
		}
		if waiting {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the second transaction never waited for the first")
		}
		runtime.Gosched()
	}
	if err := tx1.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := tx2.Commit(); err != nil {
		t.Fatal(err)
	}
	expectBlocks(t, db, "after the two moves")
}

// The kept counts lose their rowid on SQLite in 00035 (a sum over their key reads no table
// rows): rolled back and applied again, they keep every count, and the triggers made again
// around the swap keep them afterwards.
func TestRankCountsSurviveTheirMigration(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		tr, ids := newTournament(t, db, "counts kept", string(ladder.Points), ladder.Presets["standard"], 6)
		move := func(user int64, points, seed int) {
			t.Helper()
			if _, err := db.W.ExecContext(ctx, db.W.Rebind(`UPDATE tournament_players SET points = ?, seed = ?
				WHERE tournament_id = ? AND user_id = ?`), points, seed, tr.ID, user); err != nil {
				t.Fatal(err)
			}
		}
		points := func(when string) {
			t.Helper()
			var kept, counted string
			if err := db.W.GetContext(ctx, &kept, db.W.Rebind(`SELECT COALESCE(STRING_AGG(points || ':' || players, ',' ORDER BY points), '')
				FROM tournament_points WHERE tournament_id = ? AND players > 0`), tr.ID); err != nil {
				t.Fatal(err)
			}
			if err := db.W.GetContext(ctx, &counted, db.W.Rebind(`SELECT COALESCE(STRING_AGG(points || ':' || n, ',' ORDER BY points), '')
				FROM (SELECT points, COUNT(*) AS n FROM tournament_players WHERE tournament_id = ? AND role = 'player'
				AND status <> 'requested' GROUP BY points) c`), tr.ID); err != nil {
				t.Fatal(err)
			}
			if kept != counted {
				t.Fatalf("%s: players per points kept %s, counted %s", when, kept, counted)
			}
			expectBlocks(t, db, when)
		}
		move(ids[0], 6, 70)
		move(ids[1], 3, -2)
		points("migrated")
		if db.Dialect == store.SQLite {
			for _, table := range []string{"tournament_points", "tournament_rank_blocks"} {
				var sql string
				if err := db.W.GetContext(ctx, &sql, `SELECT sql FROM sqlite_master WHERE name = ?`, table); err != nil {
					t.Fatal(err)
				}
				if !strings.HasSuffix(sql, "WITHOUT ROWID") {
					t.Fatalf("%s has a rowid: %s", table, sql)
				}
			}
		}
		if err := db.MigrateDownToForTest(ctx, 34); err != nil {
			t.Fatal(err)
		}
		points("rolled back")
		move(ids[2], 6, 130)
		points("moved after the rollback")
		if _, err := db.Migrate(ctx, nil); err != nil {
			t.Fatal(err)
		}
		points("applied again")
		move(ids[0], 9, 1)
		move(ids[3], 3, 64)
		points("moved after applying again")
	})
}
