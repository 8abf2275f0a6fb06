package service

import (
	"context"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/singleflight"

	"github.com/tennisladder/ladder/internal/store"
)

// leaderKeysCache keeps the order of each global ranking (all time; this week and month of the
// maintained zones; with or without hidden players) per version of the rankings' data
// (store.LeaderboardVersion): the reader's position is a binary search in it instead of a count
// of the rows ahead of them in SQL, which grew with the rank (issue 14's budget). The keys are
// read once per version (a validation, a transfer, a change of visibility moves it) by one
// reader while the others wait (single flight, like the standings).
type leaderKeysCache struct {
	entries sync.Map // key → leaderKeysEntry
	count   atomic.Int64
	reads   atomic.Int64 // rankings read whole (tests)
	flight  singleflight.Group
}

type leaderKeysEntry struct {
	version int64
	keys    []store.LeaderKey
	at      map[int64]int32 // user id → index in keys
}

// leaderKeysMax bounds the kept rankings (about 100 bytes per player each, with the index); past it the memory
// starts afresh.
const leaderKeysMax = 32

// LeaderKeysReads reports how many times a whole ranking's order was read (tests).
func (s *Service) LeaderKeysReads() int64 { return s.leaderKeys.reads.Load() }

// leaderRowOf is the reader's row and position in the ranking of f, as store.LeaderRowOf
// counts it. For all time and the maintained periods the position comes from the ranking's keys
// kept for the current version: the version is read before and after the row and the keys, and
// an answer is given only when it did not move (so all three are of one state of the data);
// otherwise, and for other zones' periods, the rows ahead are counted in SQL.
func (s *Service) leaderRowOf(ctx context.Context, f store.LeaderFilter, id int64) (store.LeaderRow, bool, error) {
	if !f.From.IsZero() && f.Zone == "" {
		return s.db.LeaderRowOf(ctx, f, id)
	}
	for range 3 {
		v, err := s.db.LeaderboardVersion(ctx)
		if err != nil {
			return store.LeaderRow{}, false, err
		}
		row, ok, err := s.db.LeaderRowAt(ctx, f, id)
		if err != nil || !ok {
			return row, ok, err
		}
		keys, _, err := s.rankingKeys(ctx, f, v)
		if err != nil {
			return store.LeaderRow{}, false, err
		}
		if again, err := s.db.LeaderboardVersion(ctx); err != nil {
			return store.LeaderRow{}, false, err
		} else if again != v {
			continue // the data moved meanwhile
		}
		k := store.LeaderKey{Points: row.Points, Wins: row.Wins, Rating: row.Rating, UserID: row.UserID}
		row.Position = 1 + sort.Search(len(keys), func(i int) bool { return !keys[i].Before(k) })
		return row, true, nil
	}
	return s.db.LeaderRowOf(ctx, f, id)
}

// rankingKeys returns the keys of the ranking of f read under version (or later).
// at maps a user id to their index in the keys.
func (s *Service) rankingKeys(ctx context.Context, f store.LeaderFilter, version int64) (keys []store.LeaderKey,
	at map[int64]int32, err error) {
	key := "all"
	if !f.From.IsZero() {
		key = f.Kind + "/" + f.Zone + "/" + strconv.FormatInt(f.From.Unix(), 10)
	}
	key += "/" + strconv.FormatBool(f.SeeHidden)
	c := &s.leaderKeys
	if e, ok := c.entries.Load(key); ok && e.(leaderKeysEntry).version == version {
		return e.(leaderKeysEntry).keys, e.(leaderKeysEntry).at, nil
	}
	ch := c.flight.DoChan(key+"/"+strconv.FormatInt(version, 10), func() (any, error) {
		if e, ok := c.entries.Load(key); ok && e.(leaderKeysEntry).version == version {
			return e, nil
		}
		c.reads.Add(1)
		// The read serves every waiter: a deadline of its own, each waiter stops at its own.
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), standingsComputeTimeout)
		defer cancel()
		keys, err := s.db.LeaderKeys(rctx, f)
		if err != nil {
			return nil, err
		}
		if c.count.Add(1) > leaderKeysMax {
			c.entries.Clear()
			c.count.Store(1)
		}
		e := leaderKeysEntry{version: version, keys: keys, at: make(map[int64]int32, len(keys))}
		for i, k := range keys {
			e.at[k.UserID] = int32(i)
		}
		c.entries.Store(key, e)
		return e, nil
	})
	select {
	case r := <-ch:
		if r.Err != nil {
			return nil, nil, r.Err
		}
		e := r.Val.(leaderKeysEntry)
		return e.keys, e.at, nil
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	}
}
