package service

import (
	"context"
	"sort"
	"strconv"

	"github.com/tennisladder/ladder/internal/store"
)

// The order of each global ranking (all time; this week and month of the maintained zones; with
// or without hidden players) is kept per version of the rankings' data (store.LeaderboardVersion,
// Service.leaderKeys): the reader's position is a binary search in it instead of a count of the
// rows ahead of them in SQL, which grew with the rank (issue 14's budget). It is read once per
// version (a validation, a transfer, a change of visibility moves it) for all waiting readers.
type rankingOrder struct {
	keys []store.LeaderKey
	at   map[int64]int32 // user id → index in keys
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
	o, err := s.leaderKeys.get(ctx, key, version, func(ctx context.Context) (rankingOrder, error) {
		keys, err := s.db.LeaderKeys(ctx, f)
		o := rankingOrder{keys: keys, at: make(map[int64]int32, len(keys))}
		for i, k := range keys {
			o.at[k.UserID] = int32(i)
		}
		return o, err
	})
	return o.keys, o.at, err
}
