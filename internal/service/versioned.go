package service

import (
	"context"
	"strconv"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/singleflight"
)

// versionedCache keeps values read from the database under a version of the data they come from
// (a version row bumped by every change, read by the caller first): the public lists
// (store.ListVersion), the global search's answers (store.SearchVersions, search_cache.go), the
// global rankings' pages and order (store.LeaderboardVersion). A value
// is served while the version is the one it was read under; a miss is read once for all
// concurrent readers of the same key and version (single flight), with a deadline of its own,
// each waiter stopping at its own. Reading the version first means a change between it and the
// read leaves newer data under the older version (read again next time), never older data under
// a newer one. Values are shared: callers must not modify them. Past max entries the memory
// starts afresh.
type versionedCache[V any] struct {
	max     int64
	entries sync.Map // key → versioned[V]
	count   atomic.Int64
	reads   atomic.Int64 // values read from the database (tests)
	flight  singleflight.Group
}

type versioned[V any] struct {
	version int64
	stamp   string
	value   V
}

// get returns the value kept under key for version, reading it when it is not.
func (c *versionedCache[V]) get(ctx context.Context, key string, version int64, read func(context.Context) (V, error)) (V, error) {
	return c.getStamped(ctx, key, version, "", read)
}

// getStamped is get for data whose version is more than one number (a player's pages: their
// own version, their account's, their tournaments', the week): the value is good while both
// version and stamp are the ones it was read under.
func (c *versionedCache[V]) getStamped(ctx context.Context, key string, version int64, stamp string,
	read func(context.Context) (V, error)) (V, error) {
	if e, ok := c.entries.Load(key); ok && e.(versioned[V]).version == version && e.(versioned[V]).stamp == stamp {
		return e.(versioned[V]).value, nil
	}
	ch := c.flight.DoChan(strconv.FormatInt(version, 10)+"\x00"+stamp+"\x00"+key, func() (any, error) {
		if e, ok := c.entries.Load(key); ok && e.(versioned[V]).version == version && e.(versioned[V]).stamp == stamp {
			return e.(versioned[V]).value, nil
		}
		c.reads.Add(1)
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), standingsComputeTimeout)
		defer cancel()
		v, err := read(rctx)
		if err != nil {
			return nil, err
		}
		if c.count.Add(1) > c.max {
			c.entries.Clear()
			c.count.Store(1)
		}
		c.entries.Store(key, versioned[V]{version: version, stamp: stamp, value: v})
		return v, nil
	})
	select {
	case r := <-ch:
		if r.Err != nil {
			var zero V
			return zero, r.Err
		}
		return r.Val.(V), nil
	case <-ctx.Done():
		var zero V
		return zero, ctx.Err()
	}
}
