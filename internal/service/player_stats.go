package service

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/rating"
	"github.com/tennisladder/ladder/internal/store"
)

// Bounds of the statistics page: the charts show the last SeriesLength rated matches; the
// Rankings tab lists at most MaxStatsTournaments tournaments.
const (
	SeriesLength        = 100
	MaxStatsTournaments = 20
)

// TournamentPlace is a player's place in one tournament for the Rankings tab.
type TournamentPlace struct {
	store.TournamentRecord
	Position int // now (0: not in the standings any more)
	Players  int // players in the standings now
}

// PlayerStatsView is the statistics page of a player as cur may see it.
type PlayerStatsView struct {
	User              store.User
	Stats             store.PlayerStats
	ActiveTournaments int
	Series            []store.SeriesPoint
	Tournaments       []TournamentPlace
	// WinProbability is the reader's chance of beating this player (nil for themselves or a
	// visitor).
	WinProbability *float64
	// Gamification is the player's level, XP, streak and achievements (issue 15).
	Gamification GamificationSummary
}

// seePlayer reads player id if cur may see them: a hidden or suspended player is "Player not
// found" to others, as their profile is (policy.SeePlayer).
func (s *Service) seePlayer(ctx context.Context, cur Current, id int64) (store.User, error) {
	u, err := s.db.UserByID(ctx, nil, id)
	return u, playerSeen(cur, u, err)
}

// playerSeen is err, or "Player not found" when the player read as u is not there or hidden
// from cur.
func playerSeen(cur Current, u store.User, err error) error {
	if errors.Is(err, store.ErrNotFound) || (err == nil && !policy.SeePlayer(cur.Actor, u.ID, u.Hidden, u.Status == "suspended")) {
		return &Error{Kind: KindNotFound, Code: "player.not_found"}
	}
	return err
}

// maySeePlayer is seePlayer for reads that do not show the account (the history): it reads only
// the three columns the policy needs, not the whole account.
func (s *Service) maySeePlayer(ctx context.Context, cur Current, id int64) error {
	u, err := s.db.VisibilityByID(ctx, id)
	return playerSeen(cur, u, err)
}

func statsReader(cur Current, owner int64) store.StatsReader {
	return store.StatsReader{UserID: cur.User.ID, All: policy.SeeAllPlayerStats(cur.Actor, owner)}
}

// PlayerStatistics reads a player's precomputed statistics, rating series and tournaments: a
// fixed number of indexed reads (plus one standings read per listed tournament), whatever the
// number of players or matches.
func (s *Service) PlayerStatistics(ctx context.Context, cur Current, id int64) (PlayerStatsView, error) {
	u, err := s.seePlayer(ctx, cur, id)
	if err != nil {
		return PlayerStatsView{}, err
	}
	out, err := s.readStats(ctx, u, statsReader(cur, id))
	if err != nil {
		return out, err
	}
	return s.forReader(ctx, cur, out)
}

// readStats reads the part of u's statistics page that does not depend on the reader beyond
// which tournaments r may see: no positions now (Position and Players zero) and no win
// probability (see forReader).
func (s *Service) readStats(ctx context.Context, u store.User, r store.StatsReader) (PlayerStatsView, error) {
	out := PlayerStatsView{User: u}
	var err error
	if out.Stats, err = s.db.PlayerStatsOf(ctx, nil, u.ID); err != nil {
		return out, err
	}
	if out.Gamification, err = s.summary(ctx, u); err != nil {
		return out, err
	}
	if out.Series, err = s.db.Series(ctx, r, u.ID, SeriesLength); err != nil {
		return out, err
	}
	recs, err := s.db.TournamentRecords(ctx, r, u.ID, MaxStatsTournaments)
	if err != nil {
		return out, err
	}
	out.Tournaments = make([]TournamentPlace, len(recs))
	for i, rec := range recs {
		out.Tournaments[i] = TournamentPlace{TournamentRecord: rec}
		if rec.Status == "active" && rec.TournamentStatus == "active" {
			out.ActiveTournaments++
		}
	}
	return out, nil
}

// forReader completes v for cur: each tournament's position now (from the kept standings of
// the version read with the records) and cur's chance of beating the player. v's Tournaments
// are copied, not modified: v may be a kept page.
func (s *Service) forReader(ctx context.Context, cur Current, v PlayerStatsView) (PlayerStatsView, error) {
	id := v.User.ID
	v.Tournaments = slices.Clone(v.Tournaments)
	now := s.now()
	week := store.WeekOf(now)
	for i, rec := range v.Tournaments {
		if rec.Status == "" {
			continue
		}
		e, err := s.standingsOf(ctx, rec.TournamentRecord, week, now)
		if err != nil {
			return v, err
		}
		v.Tournaments[i].Players = len(e.rows)
		v.Tournaments[i].Position = e.placeOf(id)
	}
	if cur.Actor.SignedIn() && cur.User.ID != id {
		// The reader's rating came with the session's statement when it read this page's stamp.
		me := cur.stamps.hinted.Reader
		if cur.stamps.hinted.Read.PagePlayer != id {
			var err error
			if me, err = s.RatingOf(ctx, cur.User.ID); err != nil {
				return v, err
			}
		}
		p := rating.WinProbability(me, v.Stats.Glicko())
		v.WinProbability = &p
	}
	return v, nil
}

// standingsOf is the ranking of rec's tournament. The record carries the tournament's version,
// read with it: when the standings of that version are kept in memory they serve without
// reading the tournament again (that full read was ~45 % of the page's CPU); else the
// tournament is read afresh and the standings come as everywhere else.
func (s *Service) standingsOf(ctx context.Context, rec store.TournamentRecord, week string, now time.Time) (standingsEntry, error) {
	if e, ok := s.cachedStandingsEntry(store.Tournament{ID: rec.TournamentID, Version: rec.Version}, week, now); ok {
		return e, nil
	}
	t, err := s.db.TournamentByID(ctx, nil, rec.TournamentID)
	if err != nil {
		return standingsEntry{}, err
	}
	rows, err := s.standingRows(ctx, t)
	if err != nil {
		return standingsEntry{}, err
	}
	// The entry just kept, or (when it was replaced meanwhile) an index built for this read.
	if e, ok := s.cachedStandingsEntry(t, week, s.now()); ok && len(e.rows) == len(rows) && (len(rows) == 0 || &e.rows[0] == &rows[0]) {
		return e, nil
	}
	return newStandingsEntry(t.Version, week, s.now(), rows), nil
}

// RatingOf is a player's current rating (a newcomer's when they never played).
func (s *Service) RatingOf(ctx context.Context, userID int64) (rating.Rating, error) {
	st, err := s.db.PlayerStatsOf(ctx, nil, userID)
	return st.Glicko(), err
}

// HistoryInput filters a player's match history: From and To are dates (YYYY-MM-DD, To
// included) in the reader's time zone; Before is the cursor of the next page.
type HistoryInput struct {
	TournamentID int64
	From, To     string
	Before       int64
	Limit        int
}

// PlayerHistory pages a player's validated matches, newest first.
func (s *Service) PlayerHistory(ctx context.Context, cur Current, id int64, in HistoryInput) ([]store.HistoryRow, error) {
	if err := s.maySeePlayer(ctx, cur, id); err != nil {
		return nil, err
	}
	loc := time.UTC
	// The zone only bounds a period: time.LoadLocation reads the zone database from disk (13 %
	// of a page's CPU), so it is not loaded for a page without one.
	if (in.From != "" || in.To != "") && cur.Actor.SignedIn() {
		if l, err := time.LoadLocation(cur.User.Timezone); err == nil && cur.User.Timezone != "" {
			loc = l
		}
	}
	var fe fieldErrors
	from, to := fe.date("from", in.From, loc), fe.date("to", in.To, loc)
	if !to.IsZero() {
		to = to.AddDate(0, 0, 1)
	}
	if !from.IsZero() && !to.IsZero() && !from.Before(to) {
		fe.add("to", "stats.period_invalid", nil)
	}
	if err := fe.err(); err != nil {
		return nil, err
	}
	// The store compares stored UTC times (as text on SQLite): bounds go in as UTC instants.
	return s.db.History(ctx, statsReader(cur, id), store.HistoryFilter{UserID: id, TournamentID: in.TournamentID,
		From: from.UTC(), To: to.UTC(), Before: in.Before, Limit: in.Limit})
}

// date parses an optional YYYY-MM-DD day as its midnight in loc.
func (f *fieldErrors) date(field, s string, loc *time.Location) time.Time {
	if s == "" {
		return time.Time{}
	}
	t, err := time.ParseInLocation("2006-01-02", s, loc)
	if err != nil {
		f.add(field, "validation.invalid", nil)
	}
	return t
}
