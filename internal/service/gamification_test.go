package service_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func xpOf(t *testing.T, db *store.DB, id int64) (int, int) {
	t.Helper()
	var total, events int
	if err := db.R.GetContext(context.Background(), &total, db.W.Rebind(`SELECT COALESCE(SUM(amount), 0) FROM xp_events WHERE user_id = ?`), id); err != nil {
		t.Fatal(err)
	}
	if err := db.R.GetContext(context.Background(), &events, db.W.Rebind(`SELECT COUNT(*) FROM xp_events WHERE user_id = ?`), id); err != nil {
		t.Fatal(err)
	}
	p, err := db.ProgressOf(context.Background(), nil, id)
	if err != nil || p.XP != total {
		t.Fatalf("progress %+v out of step with the events' %d (%v)", p, total, err)
	}
	return total, events
}

// A validated win earns XP, achievements and a level once, even when four validators approve it
// at the same moment; a replay of the match awards nothing; the popups show once.
func TestGamificationAwardsOnceUnderConcurrentValidations(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 3, nil)
		low, top := w.players[2], w.players[0]
		m := playedMatch(t, w, low, top, low) // low (3rd) beats top (1st) 6-3 6-3
		var wg sync.WaitGroup
		for _, who := range []service.Current{w.creator, w.super, w.creator, w.super} {
			wg.Add(1)
			go func() { defer wg.Done(); _, _ = w.svc.ValidateResult(ctx, who, m.ID, true, "") }()
		}
		wg.Wait()
		// low: joined (40) + first challenge (30) + played (20) + won (30) + beat a higher-ranked player (20).
		if xp, n := xpOf(t, db, low.User.ID); xp != 140 || n != 5 {
			t.Fatalf("winner XP %d in %d events", xp, n)
		}
		if xp, n := xpOf(t, db, top.User.ID); xp != 60 || n != 2 {
			t.Fatalf("loser XP %d in %d events", xp, n)
		}
		sum, err := w.svc.Gamification(ctx, low)
		if err != nil || sum.Progress.Level != 2 || sum.Streak.Current != 1 || sum.Streak.Best != 1 || sum.Earned != 6 {
			t.Fatalf("summary %+v %v", sum, err)
		}
		pop, err := w.svc.GamificationPopups(ctx, low)
		for _, code := range []string{"first_tournament", "first_challenge", "first_match", "first_win", "giant_killer", "straight_sets"} {
			if !slices.Contains(pop.Achievements, code) {
				t.Errorf("popup %s missing from %v", code, pop.Achievements)
			}
		}
		if err != nil || len(pop.Achievements) != 6 || pop.Level != 2 {
			t.Fatalf("popups %+v %v", pop, err)
		}
		// A replay (the seed, a retried transaction) awards nothing more.
		err = db.Tx(ctx, func(tx *store.Tx) error {
			_, err := db.AwardMatch(ctx, tx, store.RatedMatch{MatchID: m.ID, TournamentID: w.id, Winner: low.User.ID,
				Loser: top.User.ID, Score: "6-3 6-3"})
			return err
		})
		if xp, n := xpOf(t, db, low.User.ID); err != nil || n != 5 {
			t.Fatalf("replay: %d XP in %d events (%v)", xp, n, err)
		}
		// Seen once: marking them seen empties the popups; a level above the real one is capped.
		if err := w.svc.MarkPopupsSeen(ctx, low, pop.Achievements, 9); err != nil {
			t.Fatal(err)
		}
		if again, _ := w.svc.GamificationPopups(ctx, low); len(again.Achievements) != 0 || again.Level != 0 {
			t.Fatalf("popups after seen %+v", again)
		}
		if p, _ := db.ProgressOf(ctx, nil, low.User.ID); p.LevelSeen != 2 {
			t.Fatalf("level seen %d", p.LevelSeen)
		}
		if err := w.svc.MarkPopupsSeen(ctx, low, []string{"nope"}, 0); err == nil {
			t.Fatal("unknown achievement accepted")
		}
		// History newest first, paged.
		h, err := w.svc.XPHistory(ctx, low, 0, 2)
		if err != nil || len(h) != 2 {
			t.Fatalf("history %+v %v", h, err)
		}
		if rest, _ := w.svc.XPHistory(ctx, low, h[1].ID, 10); len(rest) != 3 || rest[0].ID >= h[1].ID {
			t.Fatalf("next page %+v", rest)
		}
		// The friendly leaderboard: the reader's tournament's players, by XP.
		board, err := w.svc.XPLeaderboard(ctx, top)
		if err != nil || len(board) != 3 || board[0].User.ID != low.User.ID || board[0].XP != 140 {
			t.Fatalf("leaderboard %+v %v", board, err)
		}
		// Visitors have no progress page.
		if _, err := w.svc.Gamification(ctx, service.Current{}); err == nil {
			t.Fatal("visitor")
		}
	})
}

// Two matches of one player validated at once in different transactions both award (their
// statistics rows serialise them), and the streak counts their week once.
func TestGamificationConcurrentMatchesOfOnePlayer(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 3, nil)
		a, b, c := w.players[0], w.players[1], w.players[2]
		m1 := playedMatch(t, w, b, a, a)
		m2 := playedMatch(t, w, c, a, a)
		before, _ := xpOf(t, db, a.User.ID)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, m := range []store.MatchRow{m1, m2} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = w.svc.ValidateResult(ctx, w.super, m.ID, true, "")
			}()
		}
		wg.Wait()
		if errs[0] != nil || errs[1] != nil {
			t.Fatal(errs)
		}
		if xp, _ := xpOf(t, db, a.User.ID); xp != before+2*50 {
			t.Fatalf("XP %d, want %d", xp, before+100)
		}
		p, _ := db.ProgressOf(ctx, nil, a.User.ID)
		if p.Streak != 1 || p.BestStreak != 1 || p.StreakWeek == "" {
			t.Fatalf("streak %+v", p)
		}
	})
}

// One-time actions award once: completing the profile twice gives its XP once.
func TestGamificationOneTimeActions(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 1, nil)
		p := w.players[0]
		before, _ := xpOf(t, db, p.User.ID)
		in := service.ProfileInput{FirstName: "Ana", LastName: "Silva", Phone: "+351912345678", District: "porto", Municipality: "porto-porto"}
		for range 2 {
			if _, err := w.svc.UpdateProfile(ctx, p, in); err != nil {
				t.Fatal(err)
			}
		}
		if xp, _ := xpOf(t, db, p.User.ID); xp != before+50 {
			t.Fatalf("XP %d, want %d", xp, before+50)
		}
		for range 2 {
			if _, err := w.svc.SetAvailability(ctx, p, []store.Slot{{Weekday: 1, StartMinute: 600, EndMinute: 660}}); err != nil {
				t.Fatal(err)
			}
		}
		if xp, _ := xpOf(t, db, p.User.ID); xp != before+80 {
			t.Fatalf("XP %d, want %d", xp, before+80)
		}
	})
}
