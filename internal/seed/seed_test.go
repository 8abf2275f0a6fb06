package seed_test

import (
	"context"
	"testing"

	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func TestDemoFillsOnceOnly(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		res, err := seed.Demo(ctx, db)
		if err != nil || res.Skipped || res.ContactMessages == 0 {
			t.Fatalf("first run: %+v %v", res, err)
		}
		again, err := seed.Demo(ctx, db)
		if err != nil || !again.Skipped {
			t.Fatalf("second run should skip: %+v %v", again, err)
		}
		n, _ := db.CountContactMessages(ctx)
		if n != res.ContactMessages {
			t.Fatalf("rows %d, want %d", n, res.ContactMessages)
		}
		validated, _, _ := db.ListClubs(ctx, store.ClubFilter{Statuses: []string{"validated"}, Limit: 100})
		pending, _, _ := db.ListClubs(ctx, store.ClubFilter{Statuses: []string{"pending"}})
		rejected, _, _ := db.ListClubs(ctx, store.ClubFilter{Statuses: []string{"rejected"}})
		if len(validated) < 20 || len(pending) == 0 || len(rejected) != 1 || validated[0].Members == 0 {
			t.Fatalf("demo clubs: %d validated, %d pending, %d rejected", len(validated), len(pending), len(rejected))
		}
		// The replayed matches went through the ratings and statistics: every validated match
		// has two history rows, and the players' totals add up to them.
		var completed, history, played int
		_ = db.R.GetContext(ctx, &completed, `SELECT COUNT(*) FROM matches WHERE state = 'completed'`)
		_ = db.R.GetContext(ctx, &history, `SELECT COUNT(*) FROM rating_history`)
		_ = db.R.GetContext(ctx, &played, `SELECT COALESCE(SUM(matches), 0) FROM player_stats`)
		if completed == 0 || history != 2*completed || played != history {
			t.Fatalf("demo statistics: %d completed matches, %d history rows, %d matches in player_stats", completed, history, played)
		}
		list, _ := db.ListContactMessages(ctx, 0, 10)
		if !list[0].CreatedAt.After(list[len(list)-1].CreatedAt) {
			t.Fatal("demo messages should be spread in time, newest first")
		}
	})
}
