package service_test

import (
	"context"
	"testing"

	"github.com/tennisladder/ladder/internal/gamification"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The kept statistics and history pages (player_pages.go) follow every kind of change made
// through another instance on the same database, at the next read: a validation between other
// players moving the player's position, a new achievement and XP, a tournament's new name, an
// opponent's new name, and hiding the player ('Player not found' to others at once). Changes go
// through instance A or straight to the database (the triggers cover every path); B serves.
func TestPlayerPagesFollowChangesAcrossInstances(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 4, nil)
		a, b := w.svc, service.New(db, service.Options{})
		top, mid, low, last := w.players[0], w.players[1], w.players[2], w.players[3]
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.W.ExecContext(ctx, db.W.Rebind(q), args...); err != nil {
				t.Fatal(err)
			}
		}
		validate := func(from, to, reporter service.Current) {
			t.Helper()
			m := playedMatch(t, w, from, to, reporter)
			if _, err := a.ValidateResult(ctx, w.creator, m.ID, true, ""); err != nil {
				t.Fatal(err)
			}
		}
		// The page as B keeps it (the render's value) and as the reader gets it (positions).
		stats := func(reader service.Current) (kept, got service.PlayerStatsView) {
			t.Helper()
			got, body, err := b.PlayerStatisticsKept(ctx, reader, mid.User.ID,
				func(v service.PlayerStatsView) (any, error) { return v, nil })
			if err != nil || body == nil {
				t.Fatalf("statistics: %v (kept %v)", err, body != nil)
			}
			return body.(service.PlayerStatsView), got
		}
		history := func() []store.HistoryRow {
			t.Helper()
			_, body, err := b.PlayerHistoryKept(ctx, top, mid.User.ID, service.HistoryInput{Limit: 21},
				func(rows []store.HistoryRow) (any, error) { return rows, nil })
			if err != nil || body == nil {
				t.Fatalf("history: %v (kept %v)", err, body != nil)
			}
			return body.([]store.HistoryRow)
		}
		standing := func() int {
			t.Helper()
			_, rows, err := b.Standings(ctx, top, w.id)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rows {
				if r.UserID == mid.User.ID {
					return r.Position
				}
			}
			return 0
		}

		validate(mid, top, mid) // mid's only match: a win over top, to first place
		kept, got := stats(mid)
		h := history()
		before := standing()
		if len(kept.Series) != 1 || len(h) != 1 || got.Tournaments[0].Position != before {
			t.Fatalf("first read: series %d, history %d, position %d (standings %d)", len(kept.Series), len(h),
				got.Tournaments[0].Position, before)
		}
		stats(mid)
		stats(top) // another reader: the same kept page (no private tournament)
		history()
		if s, hs := b.PlayerPageReads(); s != 1 || hs != 1 {
			t.Fatalf("pages read %d and %d times for unchanged data", s, hs)
		}

		// Validations between other players move mid down the ladder (last passes them on points).
		validate(last, low, last)
		validate(last, top, last)
		after := standing()
		if after == before {
			t.Fatalf("setup: the validation did not move mid (position %d)", after)
		}
		if _, got := stats(mid); got.Tournaments[0].Position != after || got.Tournaments[0].Players != 4 {
			t.Fatalf("position %d of %d after the validation, standings say %d", got.Tournaments[0].Position,
				got.Tournaments[0].Players, after)
		}

		// XP and a new achievement.
		kept, _ = stats(mid)
		fresh := ""
		for _, c := range gamification.Catalogue {
			earned := false
			for _, e := range kept.Gamification.Achievements {
				earned = earned || (e.Code == c.Code && e.EarnedAt != nil)
			}
			if !earned {
				fresh = c.Code
				break
			}
		}
		exec(`INSERT INTO user_achievements (user_id, code, earned_at) VALUES (?, ?, ?)`, mid.User.ID, fresh, *w.now)
		exec(`UPDATE player_progress SET xp = xp + 500 WHERE user_id = ?`, mid.User.ID)
		if k, _ := stats(mid); k.Gamification.Earned != kept.Gamification.Earned+1 ||
			k.Gamification.Progress.XP != kept.Gamification.Progress.XP+500 {
			t.Fatalf("achievements %d → %d, XP %d → %d", kept.Gamification.Earned, k.Gamification.Earned,
				kept.Gamification.Progress.XP, k.Gamification.Progress.XP)
		}

		// The tournament's new name, on the statistics and the history.
		exec(`UPDATE tournaments SET name = ? WHERE id = ?`, "Escada Renomeada", w.id)
		if k, _ := stats(mid); k.Tournaments[0].Name != "Escada Renomeada" {
			t.Fatalf("tournament name %q", k.Tournaments[0].Name)
		}
		if h := history(); h[0].TournamentName != "Escada Renomeada" {
			t.Fatalf("history's tournament name %q", h[0].TournamentName)
		}

		// The opponent's new name.
		exec(`UPDATE users SET first_name = ?, last_name = ? WHERE id = ?`, "Novo", "Nome", top.User.ID)
		if h := history(); h[0].OpponentFirst != "Novo" || h[0].OpponentLast != "Nome" {
			t.Fatalf("opponent %q %q", h[0].OpponentFirst, h[0].OpponentLast)
		}

		// Hidden: not found to others at once, on both pages; the player still sees theirs.
		exec(`UPDATE users SET hidden = ? WHERE id = ?`, true, mid.User.ID)
		if _, _, err := b.PlayerStatisticsKept(ctx, top, mid.User.ID, func(v service.PlayerStatsView) (any, error) { return v, nil }); code(err) != "player.not_found" {
			t.Fatalf("hidden player's statistics to another: %v", err)
		}
		if _, _, err := b.PlayerHistoryKept(ctx, top, mid.User.ID, service.HistoryInput{Limit: 21},
			func(rows []store.HistoryRow) (any, error) { return rows, nil }); code(err) != "player.not_found" {
			t.Fatalf("hidden player's history to another: %v", err)
		}
		stats(mid)
	})
}

// A member of a private tournament without a validated match there yet: the kept page (the
// player's own view, which lists that tournament) is not handed to outsiders, who get the page
// as they may see it, as the uncached read gives it. The page is first kept while the tournament
// is public, so the privacy change itself must move the stamp too.
func TestKeptStatisticsHidePrivateMemberships(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 2, nil)
		p := w.players[0]
		outsider := newAccount(t, db, w.svc, "outsider@example.pt", "player")
		render := func(v service.PlayerStatsView) (any, error) { return v, nil }
		count := func(reader service.Current) int {
			t.Helper()
			got, _, err := w.svc.PlayerStatisticsKept(ctx, reader, p.User.ID, render)
			if err != nil {
				t.Fatal(err)
			}
			return len(got.Tournaments)
		}
		if own, other := count(p), count(outsider); own != 1 || other != 1 {
			t.Fatalf("public tournament: owner sees %d, outsider %d; want 1 and 1", own, other)
		}
		if _, err := db.W.ExecContext(ctx, db.W.Rebind(`UPDATE tournaments SET privacy = 'private' WHERE id = ?`), w.id); err != nil {
			t.Fatal(err)
		}
		fresh, err := w.svc.PlayerStatistics(ctx, outsider, p.User.ID)
		if err != nil {
			t.Fatal(err)
		}
		if own, other := count(p), count(outsider); own != 1 || other != 0 || len(fresh.Tournaments) != 0 {
			t.Fatalf("private tournament: owner sees %d, outsider %d (uncached %d); want 1, 0, 0", own, other, len(fresh.Tournaments))
		}
	})
}
