package service

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
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

	lists versionedCache[listEntry] // list key → page (see cachedList)

	search    versionedCache[searchEntry] // search answers' shared parts (see SearchPage)
	searchOwn versionedCache[searchEntry] // search answers' challenge parts, per reader (see SearchPage)

	recent      sync.Map // "user/lang/limit" → recentEntry (see Notifications)
	recentCount atomic.Int64
	recentReads atomic.Int64 // first pages of notifications read from the database (tests)

	rendered      sync.Map // notification text key → [2]string title and message (see render)
	renderedCount atomic.Int64

	avail    versionedCache[[]store.Slot] // user id → weekly availability under the account's version (see availabilityOf)
	profiles versionedCache[store.User]   // user id → the account a profile shows, under its version (see profile)

	sessions     sync.Map // token hash → sessionEntry (see lookupSession)
	sessionCount atomic.Int64
	sessionReads atomic.Int64 // whole accounts read by lookupSession (tests)
}

// StandingsComputations reports how many times standings were computed since start.
func (s *Service) StandingsComputations() int64 { return s.reads.standingsComputed.Load() }

// cachedStandings returns the cached ranking of t when it is still good.
func (s *Service) cachedStandings(t store.Tournament, week string) ([]StandingRow, bool) {
	e, ok := s.cachedStandingsEntry(t, week, s.now())
	return e.rows, ok
}

// cachedStandingsEntry is cachedStandings with the rows' index by player, judged at now (a page
// that looks up the standings of each of a player's tournaments reads the clock once).
func (s *Service) cachedStandingsEntry(t store.Tournament, week string, now time.Time) (standingsEntry, bool) {
	if e, ok := s.standings.Load(t.ID); ok {
		e := e.(standingsEntry)
		if e.version == t.Version && e.week == week && now.Sub(e.at) < standingsTTL && !now.Before(e.at) {
			return e, true
		}
	}
	return standingsEntry{}, false
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
			s.standings.Store(t.ID, newStandingsEntry(t.Version, week, s.now(), rows))
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

// sessionEntry is a remembered session with its account, good while the account's version and
// the session's id are what they were when it was read.
type sessionEntry struct {
	sw          store.SessionWithUser
	userVersion int64
}

// sessionCacheMax bounds the remembered sessions (about 1 KB each); past it the memory starts
// afresh, which costs one full read per session.
const sessionCacheMax = 10000

// lookupSession is store.SessionByTokenHash through a memory of the accounts of live sessions.
// Every request still asks the database, but only for the session's stamp (its expiry and the
// account's version, a small read) instead of the whole account (73 % of GET /api/users/me,
// issue 16). The answer is as current as a full read on every instance: a sign-out or a revoked
// session has no stamp, and any change to the account — a suspension, a role change, a new name —
// bumps its version (a trigger, migration 00013), so the account is read again.
//
// hint names the stamps the request will check besides the session's (a player's page stamp,
// the newest notifications' stamp): they are read in the same statement and returned in the
// readStamps.
func (s *Service) lookupSession(ctx context.Context, hash string, now time.Time, hint store.StampHint) (store.SessionWithUser, readStamps, error) {
	st, hs, err := s.db.SessionStampWith(ctx, hash, now, hint)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			s.reads.sessions.Delete(hash)
		}
		return store.SessionWithUser{}, readStamps{}, err
	}
	rs := readStamps{hinted: hs, touchDue: st.TouchDue, userVersion: st.UserVersion, userVersionRead: true}
	rs.search = searchVersions{lists: st.ListVersion, challenges: st.ChallengeVersion, read: !st.NoSearch}
	if e, ok := s.reads.sessions.Load(hash); ok {
		e := e.(sessionEntry)
		if e.sw.ID == st.ID && e.sw.UserID == st.UserID && e.userVersion == st.UserVersion {
			return e.sw, rs, nil
		}
	}
	// Read after the stamp: a change in between leaves a newer account under the older version,
	// which the next request reads again; never an older account under a newer version.
	s.reads.sessionReads.Add(1)
	sw, err := s.db.SessionByTokenHash(ctx, hash, now)
	if err != nil {
		return sw, readStamps{}, err
	}
	if s.reads.sessionCount.Add(1) > sessionCacheMax {
		s.reads.sessions.Clear()
		s.reads.sessionCount.Store(1)
	}
	s.reads.sessions.Store(hash, sessionEntry{sw: sw, userVersion: st.UserVersion})
	return sw, rs, nil
}

// readStamps are the versions read with the session's stamp at the start of a request, before
// any data the request reads, for the kept answers it may serve.
type readStamps struct {
	search searchVersions
	hint   store.StampHint    // what was asked for besides the search's versions
	hinted store.HintedStamps // and what was read
	// touchDue: the session's expiry slides with this request (store.SessionStamp.TouchDue).
	touchDue bool
	// userVersion is the signed-in account's version (users.version), read with the session's
	// stamp when userVersionRead: the answers kept under it (availabilityOf) are checked against it.
	userVersion     int64
	userVersionRead bool
}

// ListReads reports how many club and tournament list pages were read from the database (the
// others came from memory) since start.
func (s *Service) ListReads() int64 { return s.reads.lists.reads.Load() }

// listEntry is one page of a public list, with its rendering (the response body) when the
// caller gave a render function.
type listEntry struct {
	items any
	next  string
	body  []byte
}

// listCacheMax bounds the remembered list pages (one per filter, cursor and limit); past it the
// memory starts afresh.
const listCacheMax = 1024

// ListRender turns a page of a list into its response body (JSON); it must not depend on who
// asks: its result is kept and served to every viewer.
type ListRender[T any] func(items []T, next string) ([]byte, error)

// cachedList serves a page of the club or tournament list from memory while the lists' version
// (store.ListVersion, bumped by triggers on every change to a listed column, migration 00024) is
// the one it was read under: one tiny query per request instead of ~25 rows of ~30 columns
// (issue 16: scanning them through the SQLite driver was most of the lists' CPU), and, with
// render, the response body encoded once per version instead of per request. The version is
// read first: a change between it and the rows leaves newer rows under the older version, read
// again by the next request; never older rows under a newer version. Every instance checks the
// database's version, so a change made through any instance is seen at once by all. Only pages
// that are the same for every viewer may come here (no "mine", no own proposals); the returned
// slice and body are shared and must not be modified. Concurrent misses of one page share one
// read.
//
// A signed-in reader's version was read with the session's stamp at the request's start
// (Authenticate), so their list page runs no query of its own while it is kept.
func cachedList[T any](ctx context.Context, s *Service, cur Current, key string, read func(context.Context) ([]T, string, error),
	render ListRender[T]) ([]T, string, []byte, error) {
	if render != nil {
		key = "json\x00" + key
	}
	version := cur.search.lists
	if !cur.search.read {
		var err error
		if version, err = s.db.ListVersion(ctx); err != nil {
			return nil, "", nil, err
		}
	}
	e, err := s.reads.lists.get(ctx, key, version, func(ctx context.Context) (listEntry, error) {
		items, next, err := read(ctx)
		if err != nil {
			return listEntry{}, err
		}
		e := listEntry{items: items, next: next}
		if render != nil {
			e.body, err = render(items, next)
		}
		return e, err
	})
	if err != nil {
		return nil, "", nil, err
	}
	return e.items.([]T), e.next, e.body, nil
}

// listKey joins a list's name and filter into a cache key.
func listKey(parts ...string) string {
	return strings.Join(parts, "\x00")
}

// availabilityCacheMax bounds the remembered availabilities (a few slots each); past it the
// memory starts afresh.
const availabilityCacheMax = 10000

// availabilityOf is a player's weekly availability, kept in memory under the account's version
// (users.version, which store.ReplaceAvailability moves in the same transaction), so a player
// page asks the database nothing beyond the session's stamp or the account (issue 16: the
// availability's statement was a fifth of the page's CPU). It is as current as a read on every
// instance: version must have been read in this request before this call (versionedCache).
// Without a version (known false) it reads and keeps nothing. Callers must not change the
// slots: they are shared.
func (s *Service) availabilityOf(ctx context.Context, userID, version int64, known bool) ([]store.Slot, error) {
	if !known {
		return s.db.Availability(ctx, nil, userID)
	}
	return s.reads.avail.get(ctx, itoa64(userID), version, func(ctx context.Context) ([]store.Slot, error) {
		return s.db.Availability(ctx, nil, userID)
	})
}
