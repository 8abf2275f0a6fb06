package service

import (
	"context"
	"strconv"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// Pages of the global rankings (all time and the maintained weeks and months) are kept per
// version of the rankings' data (store.LeaderboardVersion, Service.leaderPages), with their
// encoding: one tiny query per request instead of a page of ~40 columns scanned and encoded
// (issue 14's read budget, like the tournament list's cachedList). The version covers every
// column a page shows: points, wins, ratings (validations, transfers), visibility (hidden,
// status, deleted) and the names and pictures (migration 00027).
type leaderPageEntry struct {
	rows []store.LeaderRow
	more bool
	body []byte
}

// leaderPagesMax bounds the kept pages (one per ranking, offset and limit; ~10 KB each); past
// it the memory starts afresh.
const leaderPagesMax = 1024

// LeaderPageReads reports how many leaderboard pages were read from the database by the page
// cache (tests).
func (s *Service) LeaderPageReads() int64 { return s.leaderPages.reads.Load() }

// LeaderboardRender encodes the shared part of a page (everything but the reader's own row); it
// must not depend on who asks: its result is kept and served to every viewer of that ranking.
type LeaderboardRender func(v LeaderboardView) ([]byte, error)

// LeaderboardEncoded is Leaderboard with the page's rows and their encoding (render) kept per
// version of the rankings' data when the page is the same for every reader of its ranking: all
// time or a maintained period, read by someone who is not themselves left out of it (a hidden or
// suspended reader sees their own row among the others, so their pages are their own). body is
// nil when the page was read for this reader alone; the caller then encodes v. The reader's
// own row is taken from the ranking's kept keys (rankingKeys, same version). v.Rows and body are shared: not to be
// modified.
func (s *Service) LeaderboardEncoded(ctx context.Context, cur Current, period string, offset, limit int,
	render LeaderboardRender) (v LeaderboardView, body []byte, err error) {
	f := s.leaderFilter(cur, period, offset, limit)
	if !f.SeeHidden && cur.Actor.SignedIn() && (cur.User.Hidden || cur.User.Status == "suspended") ||
		!f.From.IsZero() && f.Zone == "" {
		v, err = s.Leaderboard(ctx, cur, period, offset, limit)
		return v, nil, err
	}
	v.From, v.To = f.From, f.To
	// Read with the session's stamp at the request's start when the route hinted it.
	version := cur.stamps.hinted.Leaders
	if !cur.stamps.hinted.Read.Leaderboard {
		if version, err = s.db.LeaderboardVersion(ctx); err != nil {
			return v, nil, err
		}
	}
	key := strconv.FormatBool(f.SeeHidden) + "/" + f.Kind + "/" + f.Zone + "/" + strconv.FormatInt(f.From.Unix(), 10) +
		"/" + strconv.FormatInt(f.To.Unix(), 10) + "/" + strconv.Itoa(offset) + "/" + strconv.Itoa(limit)
	e, err := s.leaderPages.get(ctx, key, version, func(ctx context.Context) (leaderPageEntry, error) {
		shared := f
		shared.ReaderID = 0 // the page as every reader of this ranking sees it (see above)
		rows, err := s.db.Leaderboard(ctx, shared)
		if err != nil {
			return leaderPageEntry{}, err
		}
		var e leaderPageEntry
		if len(rows) > limit {
			rows, e.more = rows[:limit], true
		}
		e.rows = rows
		pv := v
		pv.Rows, pv.More = rows, e.more
		e.body, err = render(pv)
		return e, err
	})
	if err != nil {
		return v, nil, err
	}
	v.Rows, v.More = e.rows, e.more
	if cur.Actor.SignedIn() {
		// The reader is one of the shared page's readers (see above), so their row is in the
		// ranking's kept keys, read under the same version as the page (or later).
		keys, at, err := s.rankingKeys(ctx, f, version)
		if err != nil {
			return v, nil, err
		}
		if i, ok := at[cur.User.ID]; ok {
			k := keys[i]
			v.Me = &store.LeaderRow{Position: int(i) + 1, UserID: k.UserID, User: cur.User, Points: k.Points, Wins: k.Wins,
				Losses: k.Losses, Matches: k.Matches, Rating: k.Rating, RD: k.RD, Sigma: k.Sigma}
		}
	}
	return v, e.body, nil
}

// leaderFilter is the filter of the ranking of period as cur sees it, page offset..limit (one
// more row asked, to know whether more follow).
func (s *Service) leaderFilter(cur Current, period string, offset, limit int) store.LeaderFilter {
	from, to := PeriodBounds(period, s.now(), readerLocation(cur))
	// In UTC: SQLite compares the stored text, written in UTC.
	f := store.LeaderFilter{From: from.UTC(), To: to.UTC(), ReaderID: cur.User.ID, SeeHidden: policy.SeeHiddenPlayers(cur.Actor),
		Offset: offset, Limit: limit + 1}
	if !from.IsZero() {
		// This week or month of Lisbon or the Azores (or a zone with the same bounds now): the
		// maintained rows (player_period_stats); any other zone sums rating_history.
		f.Kind, f.Zone = period, store.MaintainedZone(period, from, to)
	}
	return f
}
