package service_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// BenchmarkPlayerStatistics reads a statistics page (the overview with its series and
// tournaments, and the first page of history) with 4,000 and with 200,000 rating-history rows
// (2,000 and 100,000 matches among the tournament's 24 players; the read player has more than
// the 100 rows of a chart in both): the reads are index ranges bounded by the page, so both
// sizes cost the same.
//
//	go test ./internal/service -run ^$ -bench PlayerStatistics
func BenchmarkPlayerStatistics(b *testing.B) {
	for _, matches := range []int{2_000, 100_000} {
		// Set up once per size (b.Run calls its function again for every b.N it tries).
		{
			db := storetest.NewTestSQLite(b)
			ctx := context.Background()
			w := newLadderWorld(b, db, 24, nil)
			first, n := w.players[0].User.ID, int64(len(w.players))
			now := w.now.UTC()
			// Synthetic matches (cancelled, so the tournament's standings do not count them) and
			// two history rows each, in two set-based statements.
			if _, err := db.W.ExecContext(ctx, db.W.Rebind(`WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?)
				INSERT INTO matches (tournament_id, player1_id, player2_id, state, score, created_at, updated_at)
				SELECT ?, ? + (i % ?), ? + ((i * 7 + 1) % ?), 'cancelled', '6-4 6-4', ?, ? FROM seq WHERE (i % ?) <> ((i * 7 + 1) % ?)`),
				matches, w.id, first, n, first, n, now, now, n, n); err != nil {
				b.Fatal(err)
			}
			for _, side := range []string{"m.player1_id, m.id, m.tournament_id, m.player2_id, 1", "m.player2_id, m.id, m.tournament_id, m.player1_id, 0"} {
				if _, err := db.W.ExecContext(ctx, db.W.Rebind(`INSERT INTO rating_history (user_id, match_id, tournament_id, opponent_id, won,
					score, played_on, sets_won, sets_lost, points, rating_before, rating_after, rd_before, rd_after, opponent_rating,
					position_before, position_after, validated_at)
					SELECT `+side+`, '6-4 6-4', '2026-11-01', 2, 0, 3, 1500, 1510, 200, 190, 1490, 3, 2, ?
					FROM matches m WHERE m.tournament_id = ? AND m.state = 'cancelled'`), now, w.id); err != nil {
					b.Fatal(err)
				}
			}
			viewer, id := w.players[1], w.players[0].User.ID
			b.Run(fmt.Sprintf("matches=%d", matches), func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					if _, err := w.svc.PlayerStatistics(ctx, viewer, id); err != nil {
						b.Fatal(err)
					}
					rows, err := w.svc.PlayerHistory(ctx, viewer, id, service.HistoryInput{Limit: 21})
					if err != nil || len(rows) != 21 {
						b.Fatal(len(rows), err)
					}
				}
			})
		}
	}
}
