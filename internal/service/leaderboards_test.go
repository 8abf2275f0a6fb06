package service_test

import (
	"context"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// rated applies one completed match between winner and loser, validated at instant at with the
// given ranking points, as the validation transaction does.
func rated(t *testing.T, w ladderWorld, at time.Time, winner, loser service.Current, wp, lp int) {
	t.Helper()
	*w.now = at
	err := w.db.Tx(context.Background(), func(tx *store.Tx) error {
		var matchID int64
		err := tx.GetContext(context.Background(), &matchID, tx.Rebind(`INSERT INTO matches (tournament_id, player1_id,
			player2_id, state, score, winner_id, loser_id, validated_at, created_at, updated_at)
			VALUES (?, ?, ?, 'completed', '6-3 6-3', ?, ?, ?, ?, ?) RETURNING id`),
			w.id, winner.User.ID, loser.User.ID, winner.User.ID, loser.User.ID, at, at, at)
		if err != nil {
			return err
		}
		_, err = w.db.RecordStats(context.Background(), tx, store.RatedMatch{MatchID: matchID, TournamentID: w.id,
			Winner: winner.User.ID, Loser: loser.User.ID, Score: "6-3 6-3",
			Change: store.ResultChange{WinnerPoints: wp, LoserPoints: lp}})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func boardIDs(v service.LeaderboardView) []int64 {
	out := []int64{}
	for _, r := range v.Rows {
		out = append(out, r.UserID)
	}
	return out
}

func sameIDs(a, b []int64) bool {
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

// The global ranking: points of every validated match in the reader's period (week and month in
// their own time zone), ties by wins then rating, hidden players left out for others, paged.
func TestLeaderboard(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 4, nil)
		p0, p1, p2, p3, c := w.players[0], w.players[1], w.players[2], w.players[3], w.creator
		utc := func(s string) time.Time {
			at, err := time.Parse(time.DateTime, s)
			if err != nil {
				t.Fatal(err)
			}
			return at
		}
		// November 2026: Lisbon is on UTC. Sunday 15 23:30 Lisbon is Monday 00:30 in Madrid;
		// Monday 16 02:00 Lisbon is Sunday 21:00 in Bogotá (UTC-5); 1 November 02:00 Lisbon is
		// still 31 October in Bogotá.
		rated(t, w, utc("2026-10-10 10:00:00"), p1, p2, 0, 0)
		rated(t, w, utc("2026-10-11 10:00:00"), p1, c, 0, 0)
		rated(t, w, utc("2026-11-01 02:00:00"), p3, p0, 3, 0)
		rated(t, w, utc("2026-11-15 23:30:00"), p0, p1, 3, 0)
		rated(t, w, utc("2026-11-16 02:00:00"), p2, p3, 5, 0)
		*w.now = utc("2026-11-18 12:00:00") // a Wednesday
		if _, err := db.W.ExecContext(ctx, db.W.Rebind(`UPDATE users SET hidden = ? WHERE id = ?`), true, p3.User.ID); err != nil {
			t.Fatal(err)
		}
		p1.User.Timezone, p2.User.Timezone = "Europe/Madrid", "America/Bogota"

		board := func(cur service.Current, period string, offset, limit int) service.LeaderboardView {
			t.Helper()
			v, err := w.svc.Leaderboard(ctx, cur, period, offset, limit)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		// All time: p2 (5); p0 and p3 tie on 3 points and 1 win, so the higher rating first; p1
		// and the creator tie on 0 points, p1 has 2 wins.
		tied := []int64{p0.User.ID, p3.User.ID}
		if statsOf(t, db, p3.User.ID).Rating > statsOf(t, db, p0.User.ID).Rating {
			tied = []int64{p3.User.ID, p0.User.ID}
		}
		all := []int64{p2.User.ID, tied[0], tied[1], p1.User.ID, c.User.ID}
		if got := boardIDs(board(w.super, service.PeriodAll, 0, 20)); !sameIDs(got, all) {
			t.Fatalf("all time for a super admin %v, want %v", got, all)
		}
		var paged []int64
		for off := 0; ; off += 2 {
			v := board(w.super, service.PeriodAll, off, 2)
			for i, r := range v.Rows {
				if r.Position != off+i+1 {
					t.Fatalf("position %d at offset %d", r.Position, off)
				}
			}
			paged = append(paged, boardIDs(v)...)
			if !v.More {
				break
			}
		}
		if !sameIDs(paged, all) {
			t.Fatalf("pages %v, want %v", paged, all)
		}
		// A hidden player is left out for others (visitors included) and sees their own row.
		var visible []int64
		for _, id := range all {
			if id != p3.User.ID {
				visible = append(visible, id)
			}
		}
		v := board(p0, service.PeriodAll, 0, 20)
		if got := boardIDs(v); !sameIDs(got, visible) {
			t.Fatalf("all time for a player %v, want %v", got, visible)
		}
		if v.Me == nil || v.Me.UserID != p0.User.ID || v.Me.Points != 3 || v.Me.Wins != 1 || v.Me.Losses != 1 || v.Me.Matches != 2 {
			t.Fatalf("me %+v", v.Me)
		}
		if got := boardIDs(board(service.Current{}, service.PeriodAll, 0, 20)); !sameIDs(got, visible) {
			t.Fatalf("all time for a visitor %v", got)
		}
		if v := board(p3, service.PeriodAll, 0, 20); !sameIDs(boardIDs(v), all) || v.Me == nil || v.Me.UserID != p3.User.ID {
			t.Fatalf("the hidden player's own view %v %+v", boardIDs(v), v.Me)
		}
		// This week: Lisbon counts Monday 16 only; Madrid also Sunday 15 23:30 (its Monday
		// 00:30); Bogotá neither (both are its Sunday).
		if v := board(p0, service.PeriodWeek, 0, 20); !sameIDs(boardIDs(v), []int64{p2.User.ID}) || v.Me != nil {
			t.Fatalf("week in Lisbon %v %+v", boardIDs(v), v.Me)
		}
		v = board(p1, service.PeriodWeek, 0, 20)
		if !sameIDs(boardIDs(v), []int64{p2.User.ID, p0.User.ID, p1.User.ID}) || v.Me == nil || v.Me.Position != 3 ||
			v.Me.Points != 0 || v.Me.Losses != 1 || v.Rows[0].Points != 5 {
			t.Fatalf("week in Madrid %v %+v", boardIDs(v), v.Me)
		}
		if v := board(p2, service.PeriodWeek, 0, 20); len(v.Rows) != 0 || v.Me != nil {
			t.Fatalf("week in Bogotá %v", boardIDs(v))
		}
		// This month: 1 November 02:00 is November in Lisbon, October in Bogotá.
		v = board(p0, service.PeriodMonth, 0, 20)
		if !sameIDs(boardIDs(v), []int64{p2.User.ID, p0.User.ID, p1.User.ID}) || v.Me == nil || v.Me.Position != 2 ||
			v.Me.Points != 3 || v.Me.Matches != 2 {
			t.Fatalf("month in Lisbon %v %+v", boardIDs(v), v.Me)
		}
		v = board(p2, service.PeriodMonth, 0, 20)
		if !sameIDs(boardIDs(v), []int64{p2.User.ID, p0.User.ID, p1.User.ID}) || v.Me == nil || v.Me.Position != 1 ||
			v.Rows[1].Matches != 1 {
			t.Fatalf("month in Bogotá %v %+v", boardIDs(v), v.Rows)
		}
	})
}

func TestPeriodBounds(t *testing.T) {
	lis, _ := time.LoadLocation("Europe/Lisbon")
	now := time.Date(2026, 3, 29, 12, 0, 0, 0, time.UTC) // Sunday of the change to summer time
	from, to := service.PeriodBounds(service.PeriodWeek, now, lis)
	if !from.Equal(time.Date(2026, 3, 23, 0, 0, 0, 0, time.UTC)) || !to.Equal(time.Date(2026, 3, 29, 23, 0, 0, 0, time.UTC)) {
		t.Fatalf("week %v %v", from, to)
	}
	from, to = service.PeriodBounds(service.PeriodMonth, now, lis)
	if !from.Equal(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)) || !to.Equal(time.Date(2026, 3, 31, 23, 0, 0, 0, time.UTC)) {
		t.Fatalf("month %v %v", from, to)
	}
	if from, to := service.PeriodBounds(service.PeriodAll, now, lis); !from.IsZero() || !to.IsZero() {
		t.Fatal("all time has bounds")
	}
}
