package service

import (
	"context"
	"strconv"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/tennisladder/ladder/internal/store"
)

// readCache is the state of the read-path caches (issue 16), kept in one field of Service.
type readCache struct {
	// standingsFlight lets one computation of a tournament's standings run per key (tournament,
	// version, week) at a time: when the cache expires under load, the other readers wait for it
	// instead of each computing the same ranking (43 requests once took 8–10 s each that way).
	standingsFlight   singleflight.Group
	standingsComputed atomic.Int64 // computations run (tests, profiles)
	// hooks, nil outside tests: after a reader missed the standings cache, and before a
	// computation starts. They let a test hold the computation until every reader missed.
	onStandingsMiss, onStandingsCompute func()
}

// StandingsComputations reports how many times standings were computed since start.
func (s *Service) StandingsComputations() int64 { return s.reads.standingsComputed.Load() }

// cachedStandings returns the cached ranking of t when it is still good.
func (s *Service) cachedStandings(t store.Tournament, week string) ([]StandingRow, bool) {
	now := s.now()
	if e, ok := s.standings.Load(t.ID); ok {
		e := e.(standingsEntry)
		if e.version == t.Version && e.week == week && now.Sub(e.at) < standingsTTL && !now.Before(e.at) {
			return e.rows, true
		}
	}
	return nil, false
}

// standingRows returns the ranking of t, computed by the database once per version of the
// tournament (store.Bump) and kept in memory: a ladder is read far more often than it changes.
// t must be freshly read, so its Version is current. Concurrent misses share one computation.
func (s *Service) standingRows(ctx context.Context, t store.Tournament) ([]StandingRow, error) {
	week := store.WeekOf(s.now())
	if rows, ok := s.cachedStandings(t, week); ok {
		return rows, nil
	}
	if h := s.reads.onStandingsMiss; h != nil {
		h()
	}
	key := strconv.FormatInt(t.ID, 10) + "/" + strconv.FormatInt(t.Version, 10) + "/" + week
	ch := s.reads.standingsFlight.DoChan(key, func() (any, error) {
		// A reader that missed the cache just before the previous computation stored it comes
		// here after that computation ended: the cache has the rows now.
		if rows, ok := s.cachedStandings(t, week); ok {
			return rows, nil
		}
		if h := s.reads.onStandingsCompute; h != nil {
			h()
		}
		s.reads.standingsComputed.Add(1)
		// The computation serves every waiter, so it does not end with the request that started
		// it; it has a deadline of its own, and each waiter stops waiting at its own deadline.
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), standingsComputeTimeout)
		defer cancel()
		rows, err := s.computeStandingRows(cctx, t)
		if err == nil {
			s.standings.Store(t.ID, standingsEntry{version: t.Version, week: week, at: s.now(), rows: rows})
		}
		return rows, err
	})
	select {
	case r := <-ch:
		if r.Err != nil {
			return nil, r.Err
		}
		return r.Val.([]StandingRow), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// standingsComputeTimeout bounds one shared computation of standings (the request timeout's
// default): it must not hang on for ever when the database does.
const standingsComputeTimeout = 10 * time.Second
