package service_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/jmoiron/sqlx"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// BenchmarkValidateResult measures the result-validation write of DESIGN §6 (budget: at least
// 1,500 per second on SQLite with 2 cores): the conditional move of the match, the standings
// update with the tournament's points, and the notifications, in one transaction, on a
// 24-player tournament.
//
//	go test ./internal/service -run ^$ -bench ValidateResult
func BenchmarkValidateResult(b *testing.B) { benchValidate(b, 24) }

// BenchmarkValidateResultLadder600 is the same write on a 600-player ladder: issue 16 asks that
// its cost not grow with the ladder (it does while the standings are read in full).
func BenchmarkValidateResultLadder600(b *testing.B) { benchValidate(b, 600) }

func benchValidate(b *testing.B, players int) {
	db := storetest.NewTestSQLite(b)
	ctx := context.Background()
	w := newLadderWorld(b, db, players, nil)
	ids := make([]int64, 0, b.N)
	for i := range b.N {
		a, c := w.players[i%players], w.players[(i*7+3)%players]
		if a.User.ID == c.User.ID {
			c = w.players[(i+1)%players]
		}
		m := store.Match{TournamentID: w.id, Player1ID: a.User.ID, Player2ID: c.User.ID, State: "result_reported", Score: "6-4 6-4",
			ReporterID: sql.NullInt64{Int64: a.User.ID, Valid: true}, WinnerID: sql.NullInt64{Int64: a.User.ID, Valid: true},
			LoserID: sql.NullInt64{Int64: c.User.ID, Valid: true}}
		if err := db.Tx(ctx, func(tx *sqlx.Tx) error { return db.InsertMatch(ctx, tx, &m) }); err != nil {
			b.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for _, id := range ids {
		if _, err := w.svc.ValidateResult(ctx, w.creator, id, true, ""); err != nil {
			b.Fatal(err)
		}
	}
}
