package store_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/tennisladder/ladder/internal/ladder"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// On PostgreSQL a player's page version moves once per transaction that changes the player's
// rows, however many rows or statements (00036: a result validation bumped it a dozen times,
// issue 16); a second transaction moves it again; a change undone by a rolled-back savepoint
// does not count as the bump of the change after it; and a statement over more players than the
// transaction remembers still moves every one of them.
func TestPageVersionMovesOncePerTransactionPostgres(t *testing.T) {
	db := storetest.NewTestPostgres(t)
	if db == nil {
		t.Skip("needs " + storetest.PostgresTestURLEnv)
	}
	ctx := context.Background()
	tr, ids := newTournament(t, db, "Ladder", "points", ladder.Presets["standard"], 100)
	a := ids[0]
	versions := func() map[int64]int64 {
		t.Helper()
		var rows []struct {
			UserID  int64 `db:"user_id"`
			Version int64 `db:"version"`
		}
		if err := db.R.SelectContext(ctx, &rows, `SELECT user_id, version FROM player_versions`); err != nil {
			t.Fatal(err)
		}
		out := map[int64]int64{}
		for _, r := range rows {
			out[r.UserID] = r.Version
		}
		return out
	}
	touch := `UPDATE tournament_players SET updated_at = now() WHERE tournament_id = $1 AND user_id = $2`
	inTx := func(stmts ...string) {
		t.Helper()
		tx, err := db.W.BeginTxx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		for _, q := range stmts {
			var args []any
			if q == touch {
				args = []any{tr.ID, a}
			}
			if _, err := tx.ExecContext(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	before := versions()
	inTx(touch, touch, touch)
	if got := versions()[a]; got != before[a]+1 {
		t.Fatalf("three changes in one transaction moved the version from %d to %d, want one more", before[a], got)
	}
	inTx(touch)
	if got := versions()[a]; got != before[a]+2 {
		t.Fatalf("a second transaction moved the version to %d, want %d", got, before[a]+2)
	}
	inTx(`SAVEPOINT s`, touch, `ROLLBACK TO SAVEPOINT s`, touch)
	if got := versions()[a]; got != before[a]+3 {
		t.Fatalf("after a rolled-back savepoint the change moved the version to %d, want %d", got, before[a]+3)
	}
	// Every player, twice, in one transaction: the list stops at its bound (256 characters), so
	// the players remembered move once and the others at each statement.
	all := versions()
	every := `UPDATE tournament_players SET updated_at = now() WHERE tournament_id = ` + strconv.FormatInt(tr.ID, 10)
	tx, err := db.W.BeginTxx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	var listed int
	for range 2 {
		if _, err := tx.ExecContext(ctx, every); err != nil {
			t.Fatal(err)
		}
		if err := tx.GetContext(ctx, &listed, `SELECT length(current_setting('ladder.versions_bumped'))`); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if listed < 256 || listed > 256+len(",9223372036854775807,") {
		t.Fatalf("the list of players bumped is %d characters long, want it stopped at its bound", listed)
	}
	now := versions()
	moved := map[int64]int{}
	for _, id := range ids {
		moved[now[id]-all[id]]++
	}
	if moved[1] == 0 || moved[2] == 0 || moved[1]+moved[2] != len(ids) {
		t.Fatalf("players by how far their version moved in a transaction of two changes of every one: %v, want 1 (remembered) and 2 (past the bound)", moved)
	}
}
