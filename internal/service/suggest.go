package service

import (
	"context"
	"sync"
	"time"

	"github.com/tennisladder/ladder/internal/store"
)

// Suggested match times (beyond the spec): starts where both players' weekly availabilities hold
// a 90-minute match, at least 2 hours ahead, outside 12h–14h and not after 21h (SPEC §5's
// advice), within the next two weeks, on the half hour; at most six, spread over different days.
const (
	suggestMatchLength = 90 * time.Minute
	suggestHorizon     = 14 * 24 * time.Hour
	suggestMax         = 6
)

// Suggestions is the create challenge dialog's help for one opponent.
type Suggestions struct {
	Times                              []time.Time
	MineConfigured, OpponentConfigured bool
}

// SuggestTimes proposes times that suit both the caller and the opponent.
func (s *Service) SuggestTimes(ctx context.Context, cur Current, opponentID int64) (Suggestions, error) {
	var out Suggestions
	if err := signedIn(cur); err != nil {
		return out, err
	}
	opp, err := s.db.UserByID(ctx, nil, opponentID)
	if err != nil || opp.Status != "active" {
		return out, &Error{Kind: KindNotFound, Code: "player.not_found"}
	}
	mine, err := s.db.Availability(ctx, nil, cur.User.ID)
	if err != nil {
		return out, err
	}
	theirs, err := s.db.Availability(ctx, nil, opp.ID)
	if err != nil {
		return out, err
	}
	out.MineConfigured, out.OpponentConfigured = len(mine) > 0, len(theirs) > 0
	out.Times = suggest(s.now(), cur.User.Timezone, mine, opp.Timezone, theirs)
	return out, nil
}

func suggest(now time.Time, tzA string, a []store.Slot, tzB string, b []store.Slot) []time.Time {
	out := []time.Time{}
	if len(a) == 0 || len(b) == 0 {
		return out
	}
	locA, locB := location(tzA), location(tzB)
	start := now.Add(MinNotice).Truncate(30 * time.Minute).Add(30 * time.Minute)
	lastDay := ""
	for t := start; t.Before(now.Add(suggestHorizon)) && len(out) < suggestMax; t = t.Add(30 * time.Minute) {
		local := t.In(locA)
		day := local.Format("2006-01-02")
		h := local.Hour()
		if day == lastDay || (h >= 12 && h < 14) || h >= 21 {
			continue
		}
		if covers(a, t.In(locA), suggestMatchLength) && covers(b, t.In(locB), suggestMatchLength) {
			out = append(out, t.UTC())
			lastDay = day
		}
	}
	return out
}

func location(name string) *time.Location {
	if l, ok := locations.Load(name); ok {
		return l.(*time.Location)
	}
	if l, err := time.LoadLocation(name); err == nil && name != "" {
		locations.Store(name, l) // bounded: the time zone database's names
		return l
	}
	l, err := time.LoadLocation(store.DefaultTimezone)
	if err != nil {
		return time.UTC
	}
	return l
}

// locations keeps the zones loaded by location: time.LoadLocation reads the zone's file on every
// call (a leaderboard read per request, issue 14's budget).
var locations sync.Map // name → *time.Location

// covers reports whether one weekly range (weekday 1 = Monday … 7 = Sunday, minutes of the
// local day) holds [t, t+d).
func covers(slots []store.Slot, t time.Time, d time.Duration) bool {
	wd := int(t.Weekday())
	if wd == 0 {
		wd = 7
	}
	from := t.Hour()*60 + t.Minute()
	to := from + int(d/time.Minute)
	for _, s := range slots {
		if s.Weekday == wd && s.StartMinute <= from && to <= s.EndMinute {
			return true
		}
	}
	return false
}
