package service

import (
	"context"
	"slices"
	"time"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// Bounds of the leaderboards' other tabs.
const (
	// MaxCompare is how many players a comparison takes (SPEC §5).
	MaxCompare = 4
	// LeadersTop is how many of each tournament's first places the leaders tab shows.
	LeadersTop = 3
	// WeekTopSize is the length of each "Top of the week" list.
	WeekTopSize = 10
	// CompareTrend is how many recent matches the comparison's rating trend covers.
	CompareTrend = 10
)

// TournamentLeaders is one active tournament and its first LeadersTop players.
type TournamentLeaders struct {
	Tournament store.Tournament
	Top        []StandingRow
}

// Leaders pages the active tournaments whose standings cur may see (policy.SeeStandings, in
// SQL), by name, each with its first places read from the cached standings
// (standingRows): a page costs its tournaments' cache reads, never a scan of matches.
func (s *Service) Leaders(ctx context.Context, cur Current, offset, limit int) ([]TournamentLeaders, bool, error) {
	r := store.StatsReader{UserID: cur.User.ID, All: policy.SeeEveryStandings(cur.Actor)}
	ts, err := s.db.LeaderTournaments(ctx, r, offset, limit+1)
	if err != nil {
		return nil, false, err
	}
	more := len(ts) > limit
	if more {
		ts = ts[:limit]
	}
	out := make([]TournamentLeaders, 0, len(ts))
	for _, t := range ts {
		rows, err := s.standingRows(ctx, t)
		if err != nil {
			return nil, false, err
		}
		out = append(out, TournamentLeaders{Tournament: t, Top: rows[:min(LeadersTop, len(rows))]})
	}
	return out, more, nil
}

// WeekView is the "Top of the week": the reader's current week (Monday to Monday in their time
// zone), its players with most wins and those who gained most positions.
type WeekView struct {
	From, To     time.Time
	Wins, Climbs []store.WeekRow
}

// TopOfWeek reads the week's two lists from rating_history (an index-only range of the week).
func (s *Service) TopOfWeek(ctx context.Context, cur Current) (WeekView, error) {
	var out WeekView
	out.From, out.To = PeriodBounds(PeriodWeek, s.now(), readerLocation(cur))
	see := policy.SeeHiddenPlayers(cur.Actor)
	var err error
	// In UTC: SQLite compares the stored text, written in UTC.
	if out.Wins, err = s.db.WeekTop(ctx, out.From.UTC(), out.To.UTC(), store.WeekByWins, cur.User.ID, see, WeekTopSize); err != nil {
		return out, err
	}
	out.Climbs, err = s.db.WeekTop(ctx, out.From.UTC(), out.To.UTC(), store.WeekByClimb, cur.User.ID, see, WeekTopSize)
	return out, err
}

// CompareEntry is one compared player: totals, and the rating after each of their last
// CompareTrend matches (plus the one before, so Change covers the whole window).
type CompareEntry struct {
	User   store.User
	Stats  store.PlayerStats
	Series []store.SeriesPoint
}

// Change is the rating gained (or lost) over the series.
func (c CompareEntry) Change() float64 {
	if len(c.Series) < 2 {
		return 0
	}
	return c.Series[len(c.Series)-1].Rating - c.Series[0].Rating
}

// CompareView is a comparison: the players in the order asked, and the results among them.
type CompareView struct {
	Players []CompareEntry
	H2H     []store.H2HRow
}

// Compare reads up to MaxCompare players side by side (duplicates count once). More is
// compare.too_many; a hidden player is "Player not found" to others, as their profile is.
// Head-to-head counts only matches of tournaments the reader may see.
func (s *Service) Compare(ctx context.Context, cur Current, ids []int64) (CompareView, error) {
	var out CompareView
	uniq := []int64{}
	for _, id := range ids {
		if !slices.Contains(uniq, id) {
			uniq = append(uniq, id)
		}
	}
	if len(uniq) == 0 {
		return out, &Error{Kind: KindInvalid, Code: "validation.failed", Fields: []FieldError{{Field: "ids", Code: "validation.required"}}}
	}
	if len(uniq) > MaxCompare {
		return out, &Error{Kind: KindInvalid, Code: "compare.too_many", Params: map[string]any{"max": MaxCompare}}
	}
	for _, id := range uniq {
		u, err := s.seePlayer(ctx, cur, id)
		if err != nil {
			return out, err
		}
		e := CompareEntry{User: u}
		if e.Stats, err = s.db.PlayerStatsOf(ctx, nil, id); err != nil {
			return out, err
		}
		if e.Series, err = s.db.Series(ctx, statsReader(cur, id), id, CompareTrend+1); err != nil {
			return out, err
		}
		out.Players = append(out.Players, e)
	}
	var err error
	out.H2H, err = s.db.HeadToHead(ctx, store.StatsReader{UserID: cur.User.ID, All: policy.SeeEveryStandings(cur.Actor)}, uniq)
	return out, err
}
