package service_test

import (
	"context"
	"sync"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func statsOf(t *testing.T, db *store.DB, id int64) store.PlayerStats {
	t.Helper()
	st, err := db.PlayerStatsOf(context.Background(), nil, id)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// A validated match moves both players' ratings and statistics in the validation transaction,
// once, even when four validators approve it at the same moment; applying it again is a no-op.
func TestValidationRatesOnce(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 3, nil)
		low, top := w.players[2], w.players[0]
		m := playedMatch(t, w, low, top, low) // low wins 6-3 6-3
		var wg sync.WaitGroup
		for _, who := range []service.Current{w.creator, w.super, w.creator, w.super} {
			wg.Add(1)
			go func() { defer wg.Done(); _, _ = w.svc.ValidateResult(ctx, who, m.ID, true, "") }()
		}
		wg.Wait()
		win, loss := statsOf(t, db, low.User.ID), statsOf(t, db, top.User.ID)
		if win.Matches != 1 || win.Wins != 1 || win.Losses != 0 || win.SetsWon != 2 || win.SetsLost != 0 ||
			win.GamesWon != 12 || win.GamesLost != 6 || win.Points != 3 || win.Form != "W" || win.BestPosition != 1 {
			t.Fatalf("winner stats %+v", win)
		}
		if loss.Matches != 1 || loss.Losses != 1 || loss.SetsWon != 0 || loss.SetsLost != 2 || loss.Form != "L" || loss.Points != -1 {
			t.Fatalf("loser stats %+v", loss)
		}
		if win.Rating <= 1500 || loss.Rating >= 1500 || win.RD >= 350 || loss.RD >= 350 || !win.RatedAt.Valid {
			t.Fatalf("ratings: winner %+v loser %+v", win.Glicko(), loss.Glicko())
		}
		h, err := db.History(ctx, store.StatsReader{All: true}, store.HistoryFilter{UserID: low.User.ID})
		if err != nil || len(h) != 1 || !h[0].Won || h[0].Score != "6-3 6-3" || h[0].RatingBefore != 1500 ||
			h[0].RatingAfter != win.Rating || h[0].PositionBefore != 3 || h[0].PositionAfter != 1 || h[0].OpponentID.Int64 != top.User.ID {
			t.Fatalf("history %+v %v", h, err)
		}
		if lh, _ := db.History(ctx, store.StatsReader{All: true}, store.HistoryFilter{UserID: top.User.ID}); len(lh) != 1 || lh[0].Score != "3-6 3-6" {
			t.Fatalf("loser's history is not from their side: %+v", lh)
		}
		// The same match applied again (a replay, a retried transaction) changes nothing.
		err = db.Tx(ctx, func(tx *store.Tx) error {
			applied, err := db.RecordStats(ctx, tx, store.RatedMatch{MatchID: m.ID, TournamentID: w.id, Winner: low.User.ID,
				Loser: top.User.ID, Score: "6-3 6-3"})
			if applied {
				t.Error("applied twice")
			}
			return err
		})
		if again := statsOf(t, db, low.User.ID); err != nil || again != win {
			t.Fatalf("second application: %+v %v", again, err)
		}
		// The reader's win probability is on the standings rows (not on their own row).
		_, rows, _ := w.svc.Standings(ctx, top, w.id)
		if rows[0].UserID != low.User.ID || rows[0].Rating.R != win.Rating {
			t.Fatalf("standings ratings %+v", rows[0])
		}
	})
}

// Two matches of one player validated at once in the same instant (their stats rows, not a
// tournament lock, serialise them) both count.
func TestConcurrentMatchesOfOnePlayer(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 3, nil)
		a, b, c := w.players[0], w.players[1], w.players[2]
		m1 := playedMatch(t, w, b, a, a)
		m2 := playedMatch(t, w, c, a, a)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, m := range []store.MatchRow{m1, m2} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = db.Tx(ctx, func(tx *store.Tx) error {
					_, err := db.RecordStats(ctx, tx, store.RatedMatch{MatchID: m.ID, TournamentID: w.id, Winner: a.User.ID,
						Loser: m.Player1ID, Score: "6-3 6-3"})
					return err
				})
			}()
		}
		wg.Wait()
		if errs[0] != nil || errs[1] != nil {
			t.Fatal(errs)
		}
		if st := statsOf(t, db, a.User.ID); st.Matches != 2 || st.Wins != 2 || st.Form != "WW" {
			t.Fatalf("lost update: %+v", st)
		}
	})
}

// Idle time grows the deviation before the next match is rated (rating.Decay).
func TestDeviationGrowsWhenIdle(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 2, nil)
		a, b := w.players[0], w.players[1]
		m := playedMatch(t, w, b, a, b)
		if _, err := w.svc.ValidateResult(ctx, w.creator, m.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		after := statsOf(t, db, a.User.ID)
		*w.now = w.now.AddDate(0, 3, 0) // three months without a match
		m = playedMatch(t, w, a, b, a)
		if _, err := w.svc.ValidateResult(ctx, w.creator, m.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		h, _ := db.History(ctx, store.StatsReader{All: true}, store.HistoryFilter{UserID: a.User.ID, Limit: 1})
		if len(h) != 1 || h[0].RatingBefore != after.Rating {
			t.Fatalf("history %+v", h)
		}
		var rdBefore float64
		if err := db.R.GetContext(ctx, &rdBefore, db.W.Rebind(`SELECT rd_before FROM rating_history WHERE id = ?`), h[0].ID); err != nil {
			t.Fatal(err)
		}
		if rdBefore <= after.RD+10 {
			t.Fatalf("deviation did not grow: %v after three idle months, was %v", rdBefore, after.RD)
		}
	})
}

// The statistics page and the history: paging by cursor, filters, privacy.
func TestPlayerStatisticsAndHistory(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 3, nil)
		a, b, c := w.players[0], w.players[1], w.players[2]
		first := w.now.Format("2006-01-02")
		for _, p := range [][3]service.Current{{b, a, a}, {c, a, c}, {b, a, b}} {
			m := playedMatch(t, w, p[0], p[1], p[2])
			if _, err := w.svc.ValidateResult(ctx, w.creator, m.ID, true, ""); err != nil {
				t.Fatal(err)
			}
		}
		v, err := w.svc.PlayerStatistics(ctx, b, a.User.ID)
		if err != nil || v.Stats.Matches != 3 || v.Stats.Wins != 1 || v.Stats.Form != "LLW" || len(v.Series) != 3 ||
			len(v.Tournaments) != 1 || v.Tournaments[0].Position == 0 || v.Tournaments[0].BestPosition != 1 ||
			v.ActiveTournaments != 1 || v.WinProbability == nil {
			t.Fatalf("statistics %+v %v", v, err)
		}
		if self, _ := w.svc.PlayerStatistics(ctx, a, a.User.ID); self.WinProbability != nil {
			t.Fatal("a win probability against oneself")
		}
		// Pages of one, newest first, by cursor.
		var ids []int64
		before := int64(0)
		for range 4 {
			page, err := w.svc.PlayerHistory(ctx, c, a.User.ID, service.HistoryInput{Before: before, Limit: 1})
			if err != nil {
				t.Fatal(err)
			}
			if len(page) == 0 {
				break
			}
			ids, before = append(ids, page[0].ID), page[0].ID
		}
		if len(ids) != 3 || ids[0] < ids[1] || ids[1] < ids[2] {
			t.Fatalf("pages %v", ids)
		}
		day := w.now.Format("2006-01-02")
		for _, f := range []struct {
			in   service.HistoryInput
			want int
		}{
			{service.HistoryInput{TournamentID: w.id}, 3},
			{service.HistoryInput{TournamentID: w.id + 1000}, 0},
			{service.HistoryInput{From: first, To: day}, 3},
			{service.HistoryInput{From: day, To: day}, 1},
			{service.HistoryInput{From: w.now.AddDate(0, 0, 1).Format("2006-01-02")}, 0},
			{service.HistoryInput{To: w.now.AddDate(0, 0, -30).Format("2006-01-02")}, 0},
		} {
			rows, err := w.svc.PlayerHistory(ctx, b, a.User.ID, f.in)
			if err != nil || len(rows) != f.want {
				t.Errorf("%+v: %d rows, %v", f.in, len(rows), err)
			}
		}
		if _, err := w.svc.PlayerHistory(ctx, b, a.User.ID, service.HistoryInput{From: day, To: "2000-01-01"}); code(err) != "to:stats.period_invalid" {
			t.Errorf("inverted period: %v", err)
		}
		if _, err := w.svc.PlayerHistory(ctx, b, a.User.ID, service.HistoryInput{From: "2026-13-40"}); code(err) != "from:validation.invalid" {
			t.Errorf("bad date: %v", err)
		}
		// A private tournament's rows show to its members, not to outsiders; the totals stay.
		if _, err := db.W.ExecContext(ctx, db.W.Rebind(`UPDATE tournaments SET privacy = 'private' WHERE id = ?`), w.id); err != nil {
			t.Fatal(err)
		}
		outsider := newAccount(t, db, w.svc, "outsider@example.pt", "player")
		if rows, err := w.svc.PlayerHistory(ctx, outsider, a.User.ID, service.HistoryInput{}); err != nil || len(rows) != 0 {
			t.Fatalf("outsider sees a private tournament's matches: %d %v", len(rows), err)
		}
		if v, _ := w.svc.PlayerStatistics(ctx, outsider, a.User.ID); len(v.Series) != 0 || len(v.Tournaments) != 0 || v.Stats.Matches != 3 {
			t.Fatalf("outsider's view %+v", v)
		}
		if rows, _ := w.svc.PlayerHistory(ctx, c, a.User.ID, service.HistoryInput{}); len(rows) != 3 {
			t.Fatalf("member sees %d rows", len(rows))
		}
		// A hidden player's statistics are not found, as their profile is, except to themselves
		// and super admins.
		st := service.SettingsOf(a.User)
		st.Listed = false
		if _, err := w.svc.UpdateSettings(ctx, a, st); err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.PlayerStatistics(ctx, b, a.User.ID); code(err) != "player.not_found" {
			t.Fatalf("hidden player's statistics: %v", err)
		}
		if _, err := w.svc.PlayerHistory(ctx, b, a.User.ID, service.HistoryInput{}); code(err) != "player.not_found" {
			t.Fatalf("hidden player's history: %v", err)
		}
		for _, who := range []service.Current{a, w.super} {
			if _, err := w.svc.PlayerStatistics(ctx, who, a.User.ID); err != nil {
				t.Fatalf("%s: %v", who.User.Email, err)
			}
		}
		if _, err := w.svc.PlayerStatistics(ctx, b, 999999); code(err) != "player.not_found" {
			t.Fatalf("missing player: %v", err)
		}
	})
}
