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
	"github.com/tennisladder/ladder/internal/realtime"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/textrule"
)

// Session lifetime: sliding, renewed when used; the row is touched at most once per
// SessionTouchEvery so that reads do not all become writes.
const (
	SessionTTL        = 30 * 24 * time.Hour
	SessionTouchEvery = store.SessionTouchEvery
)

// newToken returns a random 256-bit token (for the cookie) and its hash (for the database).
func newToken() (token, hash string) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // the system's randomness failing is not something to carry on from
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, hashToken(token)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Current is who is calling: the account (zero for visitors) and its policy actor.
type Current struct {
	User  store.User
	Actor policy.Actor
	// search holds the search's versions, read with the session's stamp when Authenticate made
	// this Current (at the start of a request: before any data the request reads).
	search searchVersions
	// stamps holds what AuthenticateFor's hint asked for, read likewise.
	stamps readStamps
}

// Authenticate resolves a session token. Unknown, expired and suspended sessions give a
// visitor. The expiry slides forward on use.
func (s *Service) Authenticate(ctx context.Context, token string) (Current, error) {
	return s.AuthenticateFor(ctx, token, store.StampHint{})
}

// AuthenticateFor is Authenticate for a request that will check the stamps hint names (a
// player's statistics or history, the newest notifications): they are read in the same
// statement as the session's, and the request's reads take them from the Current.
func (s *Service) AuthenticateFor(ctx context.Context, token string, hint store.StampHint) (Current, error) {
	if token == "" || len(token) > 100 {
		return Current{}, nil
	}
	now := s.now()
	sw, rs, err := s.lookupSession(ctx, hashToken(token), now, hint)
	if errors.Is(err, store.ErrNotFound) {
		return Current{}, nil
	}
	if err != nil {
		return Current{}, err
	}
	if sw.User.Status == string(policy.Suspended) {
		return Current{}, nil
	}
	if rs.touchDue {
		if err := s.db.TouchSession(ctx, sw.ID, now, now.Add(SessionTTL)); err != nil {
			s.log.WarnContext(ctx, "session touch failed", "err", err)
		}
	}
	return Current{User: sw.User, Actor: s.actor(sw.User), search: rs.search, stamps: rs}, nil
}

func (s *Service) actor(u store.User) policy.Actor {
	return policy.Actor{UserID: u.ID, Role: policy.Role(u.Role), Root: s.isRoot(u)}
}

func (s *Service) isRoot(u store.User) bool {
	return s.rootEmail != "" && u.Email == s.rootEmail
}

// openSession creates a session for u inside tx and returns its token.
func (s *Service) openSession(ctx context.Context, tx *store.Tx, userID int64, userAgent, ip string) (string, error) {
	token, hash := newToken()
	now := s.now()
	// Kept as a one-line valid text (PostgreSQL refuses invalid UTF-8 and NUL), cut by characters.
	userAgent = textrule.Clean(userAgent, 300)
	err := s.db.InsertSession(ctx, tx, &store.Session{TokenHash: hash, UserID: userID, CreatedAt: now,
		LastSeenAt: now, ExpiresAt: now.Add(SessionTTL), UserAgent: userAgent, ClientIP: ip})
	if err == nil {
		// The players admin list shows the last sign-in; sessions are swept, so it is kept apart.
		err = s.db.RecordSignIn(ctx, tx, userID, now)
	}
	return token, err
}

// SignOut revokes the session of token (nothing happens for an unknown token).
func (s *Service) SignOut(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	user, err := s.db.DeleteSessionByTokenHash(ctx, hashToken(token))
	if err == nil && user != 0 && s.live != nil {
		s.live.Publish(realtime.Event{Type: realtime.TypeSessionsEnded, Users: []int64{user}})
	}
	return err
}
