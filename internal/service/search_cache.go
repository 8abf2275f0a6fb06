package service

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// SearchPage is one answer of the global search in two parts. Shared is the same for every
// reader of the caller's visibility class (visitors: tournaments and clubs; signed-in callers:
// players too, policy.SearchPlayers); Own is the caller's own challenges. With a render function
// each part comes with its JSON (SharedJSON, OwnJSON: the results' encodings as the elements of
// an array, without brackets), encoded once per kept part. Everything is shared with other
// requests: callers must not modify it.
type SearchPage struct {
	Shared, Own         []SearchResult
	SharedJSON, OwnJSON []byte
}

// SearchRender encodes results as the elements of a JSON array, without the brackets. It must
// depend on nothing but the results: its encoding is kept and served to other readers.
type SearchRender func([]SearchResult) ([]byte, error)

// searchEntry is a kept part of a search answer, with its encoding when it was rendered.
type searchEntry struct {
	results []SearchResult
	json    []byte
}

// searchCacheMax bounds the kept shared parts (per query, language, size and visibility class)
// and searchOwnCacheMax the kept challenge parts (per reader, query and size); past either the
// memory of that part starts afresh. A part is at most a few kilobytes (5 results per type, each
// with its encoding), so hostile queries cost a few megabytes at most, then more database reads,
// as every search did before (issue 16).
const (
	searchCacheMax    = 1024
	searchOwnCacheMax = 4096
)

// SearchPage answers the global search (see Search for what it finds) from memory while the data
// it shows is unchanged, on every instance: each request reads the versions first (one row:
// store.SearchVersions; visitors only the lists' version), then serves the kept parts read under
// them. The shared part is kept per (normalised query, language, size, visibility class) under the
// lists' version, which every change to a club, a tournament or a player the search shows moves
// (migrations 00024, 00029); the caller's challenges per (reader, normalised query, size) under
// the lists' version plus the challenges' (a change to the opponent's or the tournament's name
// moves the first, one to any challenge the second). Only the reader's own challenges are ever
// in their part, and the shared part depends on the class alone, so nothing leaks between
// readers. Concurrent misses of one part share one read (versionedCache).
func (s *Service) SearchPage(ctx context.Context, cur Current, q, lang string, perType int, render SearchRender) (SearchPage, error) {
	q = strings.TrimSpace(q)
	if utf8.RuneCountInString(q) < SearchMinLength {
		return SearchPage{Shared: []SearchResult{}}, nil
	}
	players := policy.SearchPlayers(cur.Actor)
	v, err := s.searchVersionsFor(ctx, cur, players)
	if err != nil {
		return SearchPage{}, err
	}
	lists, challenges := v.lists, v.challenges
	// The database compares the search key of q, never q itself (store.Dialect.containsArg), so
	// queries that differ in case, accents or inner spaces share one kept answer.
	sk := store.SearchKey(q)
	class, kind := "visitor", "results"
	if players {
		class = "member"
	}
	if render != nil {
		kind = "json"
	}
	size := strconv.Itoa(perType)
	keep := func(read func(context.Context) ([]SearchResult, error)) func(context.Context) (searchEntry, error) {
		return func(ctx context.Context) (searchEntry, error) {
			rs, err := read(ctx)
			if err != nil {
				return searchEntry{}, err
			}
			e := searchEntry{results: rs}
			if render != nil {
				e.json, err = render(rs)
			}
			return e, err
		}
	}
	shared, err := s.reads.search.get(ctx, listKey(kind, class, lang, size, sk), lists,
		keep(func(ctx context.Context) ([]SearchResult, error) {
			return s.searchShared(ctx, q, lang, perType, players)
		}))
	if err != nil {
		return SearchPage{}, err
	}
	page := SearchPage{Shared: shared.results, SharedJSON: shared.json}
	if !players {
		return page, nil
	}
	me := cur.User.ID
	own, err := s.reads.searchOwn.get(ctx, listKey(kind, itoa64(me), size, sk), lists+challenges,
		keep(func(ctx context.Context) ([]SearchResult, error) { return s.searchOwn(ctx, me, q, perType) }))
	if err != nil {
		return SearchPage{}, err
	}
	page.Own, page.OwnJSON = own.results, own.json
	return page, nil
}

// SearchReads reports how many parts of search answers were read from the database (the others
// came from memory) since start: shared parts, then challenge parts.
func (s *Service) SearchReads() (shared, own int64) {
	return s.reads.search.reads.Load(), s.reads.searchOwn.reads.Load()
}

// searchVersions are the versions a search answer is checked against (store.SearchVersions).
type searchVersions struct {
	lists, challenges int64
	read              bool
}

// searchVersionsFor returns the versions cur's search is checked against: those read with the
// session's stamp when there are (Authenticate: a signed-in search then runs no query of its
// own), else read now (visitors need only the lists').
func (s *Service) searchVersionsFor(ctx context.Context, cur Current, players bool) (searchVersions, error) {
	if cur.search.read {
		return cur.search, nil
	}
	var v searchVersions
	var err error
	if players {
		v.lists, v.challenges, err = s.db.SearchVersions(ctx)
	} else {
		v.lists, err = s.db.ListVersion(ctx)
	}
	return v, err
}
