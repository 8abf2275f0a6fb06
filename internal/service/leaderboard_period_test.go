package service_test

import (
	"context"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// leaderLine is what a ranking row shows, without the user's columns.
type leaderLine struct {
	Position, Points, Wins, Losses, Matches int
	UserID                                  int64
	Rating, RD, Sigma                       float64
}

func leaderLines(rows []store.LeaderRow) []leaderLine {
	out := []leaderLine{}
	for _, r := range rows {
		out = append(out, leaderLine{r.Position, r.Points, r.Wins, r.Losses, r.Matches, r.UserID, r.Rating, r.RD, r.Sigma})
	}
	return out
}

func sameLines(a, b []leaderLine) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// checkPeriodRankings compares, at the world's instant, the rankings read from
// player_period_stats with the sums of rating_history (the query used before 00025) for this
// week and month in zone, for every reader, and each reader's "me" row (position from the kept
// keys) with a brute-force count: their index in the whole ranking as they see it.
func checkPeriodRankings(t *testing.T, w ladderWorld, zone string, readers []service.Current) {
	t.Helper()
	ctx := context.Background()
	loc, err := time.LoadLocation(zone)
	if err != nil {
		t.Fatal(err)
	}
	for _, period := range []string{service.PeriodAll, service.PeriodWeek, service.PeriodMonth} {
		from, to := service.PeriodBounds(period, *w.now, loc)
		kept := ""
		if period != service.PeriodAll {
			if kept = store.MaintainedZone(period, from.UTC(), to.UTC()); kept == "" {
				t.Fatalf("%s in %s is not maintained", period, zone)
			}
		}
		for _, r := range readers {
			r.User.Timezone = zone
			seeHidden := r.User.Role == "superadmin"
			summed := store.LeaderFilter{From: from.UTC(), To: to.UTC(), ReaderID: r.User.ID, SeeHidden: seeHidden, Limit: 1000}
			read := summed
			read.Kind, read.Zone = period, kept
			if period == service.PeriodAll {
				read.Kind = ""
			}
			want, err := w.db.Leaderboard(ctx, summed)
			if err != nil {
				t.Fatal(err)
			}
			got, err := w.db.Leaderboard(ctx, read)
			if err != nil {
				t.Fatal(err)
			}
			if !sameLines(leaderLines(got), leaderLines(want)) {
				t.Fatalf("%s in %s for %d: kept %+v\nsummed %+v", period, zone, r.User.ID, leaderLines(got), leaderLines(want))
			}
			v, err := w.svc.Leaderboard(ctx, r, period, 0, 100)
			if err != nil {
				t.Fatal(err)
			}
			if !sameLines(leaderLines(v.Rows), leaderLines(want)) {
				t.Fatalf("%s in %s, service page for %d: %+v, want %+v", period, zone, r.User.ID, leaderLines(v.Rows), leaderLines(want))
			}
			position := 0
			for i, row := range want {
				if row.UserID == r.User.ID {
					position = i + 1
				}
			}
			switch {
			case position == 0 && v.Me != nil:
				t.Fatalf("%s in %s: %d has no row, me %+v", period, zone, r.User.ID, v.Me)
			case position > 0 && (v.Me == nil || v.Me.Position != position || v.Me.UserID != r.User.ID ||
				leaderLines([]store.LeaderRow{*v.Me})[0] != leaderLines(want[position-1 : position])[0]):
				t.Fatalf("%s in %s: me of %d %+v, want position %d %+v", period, zone, r.User.ID, v.Me, position, want[position-1])
			}
		}
	}
}

// The week and month rankings of Lisbon and the Azores come from player_period_stats, kept in
// the validation transaction, and equal the sums of rating_history: across the week's and the
// month's boundary in Lisbon time, with ties down to the user id, after a player is hidden, after
// the table is filled again from the history (00025's backfill) and after a user transfer.
func TestPeriodStatsEqualTheHistory(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 8, nil)
		p := w.players
		utc := func(s string) time.Time {
			at, err := time.Parse(time.DateTime, s)
			if err != nil {
				t.Fatal(err)
			}
			return at
		}
		// June 2026: Lisbon is UTC+1, the Azores UTC+0.
		rated(t, w, utc("2026-05-31 22:30:00"), p[0], p[1], 3, 0) // 1 June 00:30 Lisbon; 31 May 23:30 in the Azores
		rated(t, w, utc("2026-06-14 22:30:00"), p[1], p[2], 3, 1) // Sunday 23:30 Lisbon: the week of 8 June in both
		rated(t, w, utc("2026-06-14 23:30:00"), p[2], p[3], 4, 0) // Monday 15 00:30 Lisbon; still Sunday in the Azores
		rated(t, w, utc("2026-06-15 00:30:00"), p[3], p[0], 2, 0) // Monday in both
		// Two fresh pairs, same points: equal ratings, wins and points; the user id decides.
		rated(t, w, utc("2026-06-16 10:00:00"), p[4], p[5], 2, 0)
		rated(t, w, utc("2026-06-16 11:00:00"), p[6], p[7], 2, 0)
		*w.now = utc("2026-06-17 12:00:00") // a Wednesday
		if a, b := statsOf(t, db, p[4].User.ID), statsOf(t, db, p[6].User.ID); a.Rating != b.Rating {
			t.Fatalf("ratings %v %v, want a tie", a.Rating, b.Rating)
		}
		readers := append([]service.Current{w.super, w.creator}, p...)

		lis, _ := time.LoadLocation("Europe/Lisbon")
		from, to := service.PeriodBounds(service.PeriodWeek, *w.now, lis)
		week, err := db.Leaderboard(ctx, store.LeaderFilter{From: from.UTC(), To: to.UTC(), Kind: service.PeriodWeek,
			Zone: "Europe/Lisbon", Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		// Lisbon's week: p2's Monday 00:30 counts, p1's Sunday 23:30 does not; p4, p6 and p3 tie on
		// points and wins, p3 (who lost once before) has the lower rating; p4 before p6 (ids).
		ids := []int64{}
		for _, r := range week {
			ids = append(ids, r.UserID)
		}
		if want := []int64{p[2].User.ID, p[4].User.ID, p[6].User.ID, p[3].User.ID, p[0].User.ID, p[5].User.ID, p[7].User.ID}; !sameIDs(ids, want) {
			t.Fatalf("Lisbon's week %v, want %v", ids, want)
		}
		for _, zone := range []string{"Europe/Lisbon", "Atlantic/Azores", "Atlantic/Madeira"} {
			checkPeriodRankings(t, w, zone, readers)
		}

		// The position is read once per version of the data, then kept.
		before := w.svc.LeaderKeysReads()
		for range 2 {
			if _, err := w.svc.Leaderboard(ctx, p[7], service.PeriodWeek, 0, 10); err != nil {
				t.Fatal(err)
			}
		}
		if n := w.svc.LeaderKeysReads() - before; n != 0 {
			t.Fatalf("%d rankings read again with nothing changed", n)
		}
		// Hiding a player moves the others' positions (the version moves with it).
		exec(t, db, `UPDATE users SET hidden = ? WHERE id = ?`, true, p[4].User.ID)
		checkPeriodRankings(t, w, "Europe/Lisbon", readers)

		// Filled again from the history, as on the first start after 00025.
		exec(t, db, `DELETE FROM player_period_stats`)
		exec(t, db, `UPDATE period_stats_backfill SET done = ?`, false)
		if _, err := db.Migrate(ctx, nil); err != nil {
			t.Fatal(err)
		}
		checkPeriodRankings(t, w, "Atlantic/Azores", readers)

		// A transfer moves p7's history to p5: their period rows are summed again.
		if _, err := w.svc.TransferUser(ctx, w.super, transferInput(p[7], p[5])); err != nil {
			t.Fatal(err)
		}
		checkPeriodRankings(t, w, "Europe/Lisbon", readers[:7])
		checkPeriodRankings(t, w, "Atlantic/Azores", readers[:7])
	})
}
