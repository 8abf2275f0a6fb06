package service

import (
	"context"
	"time"

	"github.com/tennisladder/ladder/internal/store"
)

// Periods of the global ranking.
const (
	PeriodAll   = "all"
	PeriodMonth = store.PeriodMonth
	PeriodWeek  = store.PeriodWeek
)

// PeriodBounds is the period containing now in loc, as [from, to) instants: this week (Monday
// to Monday, the Portuguese calendar week) or this month; zero times for all time.
func PeriodBounds(period string, now time.Time, loc *time.Location) (from, to time.Time) {
	return store.PeriodBounds(period, now, loc)
}

// readerLocation is the time zone periods are counted in: the reader's profile zone, the
// platform's (Europe/Lisbon) for a visitor.
func readerLocation(cur Current) *time.Location {
	if cur.Actor.SignedIn() {
		return location(cur.User.Timezone)
	}
	return location(store.DefaultTimezone)
}

// LeaderboardView is a page of the global ranking as cur sees it.
type LeaderboardView struct {
	From, To time.Time // the period (zero: all time)
	Rows     []store.LeaderRow
	More     bool
	Me       *store.LeaderRow // the reader's own row (nil: visitor, or no match in the period)
}

// Leaderboard reads the global ranking of period (points won in validated matches of every
// tournament, ties by wins then rating): one page from offset, and the reader's own row (its
// position from the ranking's keys kept per data version: leaderRowOf).
// Hidden and suspended players are left out for others (policy.SeePlayer), as in search.
func (s *Service) Leaderboard(ctx context.Context, cur Current, period string, offset, limit int) (LeaderboardView, error) {
	var out LeaderboardView
	f := s.leaderFilter(cur, period, offset, limit)
	out.From, out.To = f.From, f.To
	rows, err := s.db.Leaderboard(ctx, f)
	if err != nil {
		return out, err
	}
	if len(rows) > limit {
		rows, out.More = rows[:limit], true
	}
	out.Rows = rows
	if cur.Actor.SignedIn() {
		me, ok, err := s.leaderRowOf(ctx, f, cur.User.ID)
		if err != nil {
			return out, err
		}
		if ok {
			out.Me = &me
		}
	}
	return out, nil
}

// Today is the reader's current day (YYYY-MM-DD) in their time zone: export file names.
func (s *Service) Today(cur Current) string {
	return s.now().In(readerLocation(cur)).Format("2006-01-02")
}
