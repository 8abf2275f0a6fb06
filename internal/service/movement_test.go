package service_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// Weekly movement compares only the players of the week's snapshot among themselves
// (DECISIONS "Fair movement arrows"): newcomers and leavers move nobody.
func TestMovementsAreFair(t *testing.T) {
	p := func(id int64, week int) store.Participant { return store.Participant{UserID: id, WeekPosition: week} }
	cases := []struct {
		name string
		st   []store.Participant // today's order
		want string              // Places per row, "N" for a newcomer
	}{
		{"no change", []store.Participant{p(1, 1), p(2, 2), p(3, 3)}, "[0 0 0]"},
		{"a newcomer placed above the last", []store.Participant{p(1, 1), p(2, 2), p(9, 0), p(3, 3)}, "[0 0 N 0]"},
		{"a newcomer on top", []store.Participant{p(9, 0), p(1, 1), p(2, 2)}, "[N 0 0]"},
		{"a winner passes two", []store.Participant{p(3, 3), p(1, 1), p(2, 2)}, "[2 -1 -1]"},
		{"a player left", []store.Participant{p(1, 1), p(3, 3), p(4, 4)}, "[0 0 0]"},
		{"a climb past a newcomer", []store.Participant{p(3, 3), p(9, 0), p(1, 1), p(2, 2)}, "[2 N -1 -1]"},
	}
	for _, c := range cases {
		var got []string
		for _, m := range service.Movements(c.st) {
			if m.New {
				got = append(got, "N")
			} else {
				got = append(got, fmt.Sprint(m.Places))
			}
		}
		if s := fmt.Sprint(got); s != c.want {
			t.Errorf("%s: %s, want %s", c.name, s, c.want)
		}
	}
}

// On a points ladder a newcomer starts at 0 points, above a player with negative points: the
// player below, who did not play since, shows no drop; the newcomer shows as new.
func TestNewcomerAboveNegativePointsMovesNobody(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 3, nil)
		p1, p2, p3 := w.players[0], w.players[1], w.players[2]
		*w.now = w.at(7 * 24 * time.Hour)  // the next week: the three are no longer this week's newcomers
		m := playedMatch(t, w, p3, p1, p1) // p1 beats p3: p3 goes below 0
		if _, err := w.svc.ValidateResult(ctx, w.creator, m.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		late := newAccount(t, db, w.svc, "late@example.pt", "player")
		if _, err := w.svc.JoinTournament(ctx, late, w.id); err != nil {
			t.Fatal(err)
		}
		_, rows, err := w.svc.Standings(ctx, p2, w.id)
		if err != nil {
			t.Fatal(err)
		}
		got := map[int64]service.StandingRow{}
		var order []int64
		for _, r := range rows {
			got[r.UserID] = r
			order = append(order, r.UserID)
		}
		if want := fmt.Sprint([]int64{p1.User.ID, p2.User.ID, late.User.ID, p3.User.ID}); fmt.Sprint(order) != want {
			t.Fatalf("order %v, want %s (newcomer at 0 above negative points)", order, want)
		}
		if got[p3.User.ID].Points >= 0 {
			t.Fatalf("the loser should have negative points: %+v", got[p3.User.ID].Participant)
		}
		if !got[late.User.ID].New {
			t.Fatalf("the newcomer is new: %+v", got[late.User.ID])
		}
		for _, id := range []int64{p1.User.ID, p2.User.ID, p3.User.ID} {
			if r := got[id]; r.Movement != 0 || r.New {
				t.Fatalf("player %d at %d moved %d (new %v); the newcomer must move nobody", id, r.Position, r.Movement, r.New)
			}
		}
	})
}
