package service_test

import (
	"context"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The statistics page finds kept standings by the tournament version read with the player's
// tournaments: after a validation moves the ladder, the next page shows the new positions, never
// the ones kept from before (the standings read before the validation are in memory).
func TestStatisticsPositionsFollowValidation(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 3, nil)
		low, top := w.players[2], w.players[0]
		position := func(who service.Current) (int, int) {
			t.Helper()
			v, err := w.svc.PlayerStatistics(ctx, w.players[1], who.User.ID)
			if err != nil || len(v.Tournaments) != 1 {
				t.Fatalf("statistics %+v %v", v, err)
			}
			_, rows, err := w.svc.Standings(ctx, w.players[1], w.id)
			if err != nil {
				t.Fatal(err)
			}
			want := 0
			for _, r := range rows {
				if r.UserID == who.User.ID {
					want = r.Position
				}
			}
			return v.Tournaments[0].Position, want
		}
		lowBefore, want := position(low)
		if lowBefore != want || lowBefore == 0 {
			t.Fatalf("before: position %d, standings %d", lowBefore, want)
		}
		topBefore, _ := position(top)
		m := playedMatch(t, w, low, top, low)
		if _, err := w.svc.ValidateResult(ctx, w.creator, m.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		lowAfter, wantLow := position(low)
		topAfter, wantTop := position(top)
		if lowAfter != wantLow || topAfter != wantTop {
			t.Fatalf("after: low %d (standings %d), top %d (standings %d)", lowAfter, wantLow, topAfter, wantTop)
		}
		if lowAfter == lowBefore && topAfter == topBefore {
			t.Fatalf("the validation moved nobody: low %d, top %d", lowAfter, topAfter)
		}
	})
}
