package service

import (
	"context"

	"github.com/tennisladder/ladder/internal/gamification"
	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// A player's statistics page and first history page are kept in memory with their encoding
// (issue 14's read budget: reading and encoding them per request cost ~15× the budget) under the
// page stamp (store.PlayerPageStampOf), read in one small query per request on every instance:
//
//   - version: the player's own rows and their opponents' names (player_versions, triggers of
//     migration 00028);
//   - stamp: for the statistics, the account's version (name, picture, time zone, …), the sum of
//     the versions of the player's tournaments (their names, statuses, order and people;
//     standings move with store.Bump) and the week of the streak in the player's zone (the
//     clock); for the history, the tournaments' sum (their names).
//
// The stamp is read before the page: a change in between leaves newer data under the older
// stamp (read again by the next request), never older data under a newer one. The visibility
// check (policy.SeePlayer) runs on every request with the stamp's columns before anything kept
// is served. What depends on the reader is added per request: the statistics' positions now
// (from the kept standings of the tournaments' versions read with the page: those versions are
// current while the stamp is) and the win probability. A page is kept only as the player
// themselves sees it (policy.SeeAllPlayerStats); another reader is served it when the player
// played in no private tournament (store.PlayedPrivate, read with the page: a change of privacy
// moves the tournament's version), otherwise the page is read for that reader as before.

// playerPagesMax bounds the kept pages of each kind (~10–30 KB each); past it the memory starts
// afresh.
const playerPagesMax = 2048

// KeptHistoryLimit is the row limit of the one history page kept per player: the web's page of 20
// plus the row that tells a next page exists (httpapi asks for limit+1).
const KeptHistoryLimit = 21

// keptStats is a statistics page as the player sees it, without positions and win probability,
// with its encoding by the caller's render.
type keptStats struct {
	view   PlayerStatsView
	body   any
	shared bool // every reader sees this page (see store.PlayedPrivate)
}

// keptHistory is a first history page with its encoding.
type keptHistory struct {
	rows   []store.HistoryRow
	body   any
	shared bool
}

// StatsRender encodes a statistics page without its reader's parts (see PlayerStatisticsKept);
// its result is kept and shared by every reader.
type StatsRender func(PlayerStatsView) (any, error)

// HistoryRender encodes a history page; its result is kept and shared by every reader.
type HistoryRender func([]store.HistoryRow) (any, error)

// pageStamp reads the player's page stamp (or takes the one read with the session's, when
// AuthenticateFor named this player) and checks cur may see the player; all says whether cur
// sees every row of the player (themselves, admins).
func (s *Service) pageStamp(ctx context.Context, cur Current, id int64) (st store.PlayerPageStamp, all bool, err error) {
	if rs := cur.stamps; rs.hinted.Read.PagePlayer == id && id != 0 {
		st = rs.hinted.Page
		if !rs.hinted.PageFound {
			err = store.ErrNotFound
		}
	} else {
		st, err = s.db.PlayerPageStampOf(ctx, id)
	}
	if err = playerSeen(cur, st.User(), err); err != nil {
		return st, false, err
	}
	return st, policy.SeeAllPlayerStats(cur.Actor, id), nil
}

// PlayerStatisticsKept is PlayerStatistics through the kept pages. body is render's encoding of
// the page without Position, Players and WinProbability (nil when the page was read for this
// reader alone); the returned view has them.
func (s *Service) PlayerStatisticsKept(ctx context.Context, cur Current, id int64, render StatsRender) (PlayerStatsView, any, error) {
	st, all, err := s.pageStamp(ctx, cur, id)
	if err != nil {
		return PlayerStatsView{}, nil, err
	}
	stamp := itoa64(st.UserVersion) + "/" + itoa64(st.Tournaments) + "/" + gamification.WeekOf("", s.now(), st.Timezone)
	k, err := s.statsPages.getStamped(ctx, itoa64(id), st.PlayerVersion, stamp, func(ctx context.Context) (keptStats, error) {
		u, err := s.db.UserByID(ctx, nil, id)
		if err != nil {
			return keptStats{}, err
		}
		v, err := s.readStats(ctx, u, store.StatsReader{UserID: id, All: true})
		if err != nil {
			return keptStats{}, err
		}
		private, err := s.db.PlayedPrivate(ctx, id)
		if err != nil {
			return keptStats{}, err
		}
		b, err := render(v)
		return keptStats{view: v, body: b, shared: !private}, err
	})
	if err != nil {
		return PlayerStatsView{}, nil, err
	}
	if !all && !k.shared {
		v, err := s.PlayerStatistics(ctx, cur, id)
		return v, nil, err
	}
	v, err := s.forReader(ctx, cur, k.view)
	return v, k.body, err
}

// PlayerHistoryKept is PlayerHistory through the kept pages for the first page without filters
// (the one the statistics page opens with); body is render's encoding of the rows, nil when they
// were read for this request alone.
func (s *Service) PlayerHistoryKept(ctx context.Context, cur Current, id int64, in HistoryInput, render HistoryRender) ([]store.HistoryRow, any, error) {
	// Only the page the statistics page opens with (20 rows and the one that says more follow) is
	// kept: keeping every limit up to 100 would let one reader pin ~100 KB per player.
	if in.TournamentID != 0 || in.From != "" || in.To != "" || in.Before != 0 || in.Limit != KeptHistoryLimit {
		rows, err := s.PlayerHistory(ctx, cur, id, in)
		return rows, nil, err
	}
	st, all, err := s.pageStamp(ctx, cur, id)
	if err != nil {
		return nil, nil, err
	}
	key := itoa64(id) + "/" + itoa64(int64(in.Limit))
	k, err := s.histPages.getStamped(ctx, key, st.PlayerVersion, itoa64(st.Tournaments), func(ctx context.Context) (keptHistory, error) {
		rows, err := s.db.History(ctx, store.StatsReader{UserID: id, All: true}, store.HistoryFilter{UserID: id, Limit: in.Limit})
		if err != nil {
			return keptHistory{}, err
		}
		private, err := s.db.PlayedPrivate(ctx, id)
		if err != nil {
			return keptHistory{}, err
		}
		b, err := render(rows)
		return keptHistory{rows: rows, body: b, shared: !private}, err
	})
	if err != nil {
		return nil, nil, err
	}
	if !all && !k.shared {
		rows, err := s.PlayerHistory(ctx, cur, id, in)
		return rows, nil, err
	}
	return k.rows, k.body, nil
}

// PlayerPageReads reports how many statistics and history pages were read from the database
// (the others came from memory) since start.
func (s *Service) PlayerPageReads() (stats, history int64) {
	return s.statsPages.reads.Load(), s.histPages.reads.Load()
}
