package service

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"time"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// The private calendar feed (issue 15): a random token in the URL is the only credential, so
// the feed works in calendar apps that send no cookie. Only the token's SHA-256 is stored;
// rotating replaces it (the old URL stops at once) and revoking deletes it.

// CalendarFeedState says whether the account has a feed and since when.
type CalendarFeedState struct {
	Active    bool
	CreatedAt time.Time
}

// CalendarMatchesMax bounds a feed: the newest matches with a time.
const CalendarMatchesMax = 200

func hashFeedToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// CalendarFeed tells the caller whether their feed exists (the URL itself is shown only once,
// when it is made).
func (s *Service) CalendarFeed(ctx context.Context, cur Current) (CalendarFeedState, error) {
	if err := signedIn(cur); err != nil {
		return CalendarFeedState{}, err
	}
	f, err := s.db.CalendarFeedOf(ctx, cur.User.ID)
	if errors.Is(err, store.ErrNotFound) {
		return CalendarFeedState{}, nil
	}
	if err != nil {
		return CalendarFeedState{}, err
	}
	return CalendarFeedState{Active: true, CreatedAt: f.CreatedAt}, nil
}

// RotateCalendarFeed makes a new feed token for the caller (rate-limited), replacing any old
// one, and returns the token: the only time it is seen.
func (s *Service) RotateCalendarFeed(ctx context.Context, cur Current) (string, CalendarFeedState, error) {
	if err := signedIn(cur); err != nil {
		return "", CalendarFeedState{}, err
	}
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", CalendarFeedState{}, err
	}
	token := base64.RawURLEncoding.EncodeToString(raw[:])
	f := store.CalendarFeed{UserID: cur.User.ID, TokenHash: hashFeedToken(token)}
	err := s.spend(cur.User.ID, ActionCalendar, func() error {
		return s.db.Tx(ctx, func(tx *store.Tx) error { return s.db.ReplaceCalendarFeed(ctx, tx, &f) })
	})
	if err != nil {
		return "", CalendarFeedState{}, err
	}
	return token, CalendarFeedState{Active: true, CreatedAt: f.CreatedAt}, nil
}

// RevokeCalendarFeed deletes the caller's feed: its URL answers 404 from now on.
func (s *Service) RevokeCalendarFeed(ctx context.Context, cur Current) error {
	if err := signedIn(cur); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		_, err := s.db.DeleteCalendarFeed(ctx, tx, cur.User.ID)
		return err
	})
}

// CalendarByToken reads the feed of a token: its owner and their matches with a time. An
// unknown or revoked token, or an account that may no longer use the app, is not found.
func (s *Service) CalendarByToken(ctx context.Context, token string) (store.User, []store.MatchRow, error) {
	nf := &Error{Kind: KindNotFound, Code: "calendar.not_found"}
	if len(token) < 20 || len(token) > 100 {
		return store.User{}, nil, nf
	}
	f, err := s.db.CalendarFeedByHash(ctx, hashFeedToken(token))
	if errors.Is(err, store.ErrNotFound) {
		return store.User{}, nil, nf
	}
	if err != nil {
		return store.User{}, nil, err
	}
	u, err := s.db.UserByID(ctx, nil, f.UserID)
	if err != nil {
		return store.User{}, nil, err
	}
	if u.Status == "suspended" || u.DeletedAt.Valid || u.DeactivatedAt.Valid {
		return store.User{}, nil, nf
	}
	ms, err := s.db.CalendarMatches(ctx, u.ID, CalendarMatchesMax)
	return u, ms, err
}

// MatchCalendar reads one match for its .ics download: the players and the referees
// (policy.MatchCalendar); who cannot see the match is told it does not exist.
func (s *Service) MatchCalendar(ctx context.Context, cur Current, id int64) (store.MatchRow, error) {
	if err := signedIn(cur); err != nil {
		return store.MatchRow{}, err
	}
	m, acc, err := s.matchAccess(ctx, nil, cur, id)
	if err != nil {
		return m, err
	}
	if err := denied(policy.MatchCalendar(cur.Actor, acc.Scope, MatchFacts(m))); err != nil {
		return m, err
	}
	if !MatchFacts(m).Scheduled {
		return m, conflict("calendar.no_time", nil)
	}
	return m, nil
}
