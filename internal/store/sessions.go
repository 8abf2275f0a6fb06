package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/tennisladder/ladder/internal/rating"
)

// Session is a signed-in browser. Only the SHA-256 of its token is stored, so a leaked
// database cannot be replayed as cookies.
type Session struct {
	ID         int64     `db:"id"`
	TokenHash  string    `db:"token_hash"`
	UserID     int64     `db:"user_id"`
	CreatedAt  time.Time `db:"created_at"`
	LastSeenAt time.Time `db:"last_seen_at"`
	ExpiresAt  time.Time `db:"expires_at"`
	UserAgent  string    `db:"user_agent"`
	ClientIP   string    `db:"client_ip"`
}

// InsertSession stores s and fills its ID.
func (db *DB) InsertSession(ctx context.Context, tx *Tx, s *Session) error {
	return db.txQueryRowx(ctx, tx, db.Dialect.rebind(`
		INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, user_agent, client_ip)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		s.TokenHash, s.UserID, s.CreatedAt, s.LastSeenAt, s.ExpiresAt, s.UserAgent, s.ClientIP).Scan(&s.ID)
}

// SessionWithUser is a live session joined with its account.
type SessionWithUser struct {
	Session
	User User
}

// SessionByTokenHash finds the session with that token hash, still valid at now, with its user.
func (db *DB) SessionByTokenHash(ctx context.Context, hash string, now time.Time) (SessionWithUser, error) {
	var row struct {
		Session
		User `db:"u"`
	}
	err := db.get(ctx, &row, (`
		SELECT s.id, s.token_hash, s.user_id, s.created_at, s.last_seen_at, s.expires_at, s.user_agent, s.client_ip,
			` + userColumnsAs("u") + `
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires_at > ?`), hash, now)
	if err != nil {
		return SessionWithUser{}, notFound(err)
	}
	return SessionWithUser{Session: row.Session, User: row.User}, nil
}

// SessionStamp is what tells whether a remembered session and account are still good: the
// session's row (gone when signed out or revoked) and its account's version (bumped by every
// change to the account, a suspension or role change included; migration 00013).
type SessionStamp struct {
	ID     int64 `db:"id"`
	UserID int64 `db:"user_id"`
	// TouchDue: the session was last seen SessionTouchEvery or more before now, so its expiry
	// slides. Compared here, not in the statement, so that the statement has no time in it and its
	// answer can be kept until a commit (SQLite; sqlite_dataversion.go).
	TouchDue    bool  `db:"-"`
	UserVersion int64 `db:"user_version"`
	lastSeen    time.Time
	expires     time.Time
	// The versions the global search's kept answers are checked against (SearchVersions), read
	// in the same statement: a signed-in search then costs no query of its own (issue 16).
	ListVersion      int64 `db:"list_version"`
	ChallengeVersion int64 `db:"challenge_version"`
	// NoSearch: the statement left the search's versions out (every route but the search and
	// the lists: a player page's, the bell's, the leaderboard's and any write's; two subqueries
	// less); ListVersion and ChallengeVersion are then zero, not read.
	NoSearch bool `db:"-"`
}

// SessionStampByTokenHash reads the stamp of the session with that token hash, still valid at
// now: a small read (one session, one number of the user, the search's versions) where
// SessionByTokenHash reads the whole account.
func (db *DB) SessionStampByTokenHash(ctx context.Context, hash string, now time.Time) (SessionStamp, error) {
	st, _, err := db.SessionStampWith(ctx, hash, now, StampHint{})
	return st, err
}

// at judges the session read at now: gone once expired (ErrNotFound), its expiry due to slide
// once last seen SessionTouchEvery ago (TouchDue).
func (st *SessionStamp) at(now time.Time) error {
	if !st.expires.After(now) {
		return ErrNotFound
	}
	st.TouchDue = !st.lastSeen.After(touchBefore(now))
	return nil
}

// fields are the destinations of sessionStampColumns, in order.
func (st *SessionStamp) fields() []any {
	return append(st.sessionFields(), &st.ListVersion, &st.ChallengeVersion)
}

// sessionFields are the destinations of sessionColumns, in order.
func (st *SessionStamp) sessionFields() []any {
	return []any{&st.ID, &st.UserID, &st.lastSeen, &st.expires, &st.UserVersion}
}

// SessionTouchEvery is how often a used session's expiry slides (one write an hour, not one a
// request).
const SessionTouchEvery = time.Hour

// touchBefore is the last-seen time at or before which a session's expiry slides at now.
func touchBefore(now time.Time) time.Time { return now.Add(-SessionTouchEvery) }

const sessionStampColumns = sessionColumns + `,
	(SELECT version FROM list_versions WHERE name = 'lists') AS list_version,
	(SELECT COALESCE(SUM(version), 0) FROM challenge_versions) AS challenge_version`

// sessionColumns are sessionStampColumns without the search's versions (SessionStamp.NoSearch).
// The session's times are read as they are and judged by SessionStamp.at: the statements have
// the token hash and the hint's ids as their only arguments.
const sessionColumns = `s.id, s.user_id, s.last_seen_at, s.expires_at, u.version AS user_version`

const (
	sessionStampFrom  = ` FROM sessions s JOIN users u ON u.id = s.user_id`
	sessionStampWhere = ` WHERE s.token_hash = ?`
)

// StampHint names the stamps a request will check besides its session's, so that they are read
// in the session's statement: a signed-in request that serves a kept answer then asks the
// database once, not twice (the second statement was a fifth of such a read's CPU, issues 14
// and 16). The zero hint reads the session's stamp alone.
type StampHint struct {
	// PagePlayer: the page stamp (PlayerPageStampOf) of this player's statistics and history.
	PagePlayer int64
	// ProfilePlayer: the version of this player's account and whether the reader shares a
	// tournament with them (SharesTournament), for their profile page (GET /api/players/{id}).
	ProfilePlayer int64
	// RecentNotifications: the stamp (NotificationStampOf) of the signed-in user's newest this
	// many notifications.
	RecentNotifications int
	// Leaderboard: the rankings' data version (LeaderboardVersion).
	Leaderboard bool
	// SessionOnly: the request serves no kept list or search answer, so the search's versions
	// are left out (SessionStamp.NoSearch): two subqueries and two columns less on every other
	// signed-in read. A request that needs them after all reads them itself.
	SessionOnly bool
}

// HintedStamps are the stamps a StampHint asked for, read with the session's. Read is what was
// read: one kind of stamp per statement (a route checks one), the first the hint names.
type HintedStamps struct {
	Read      StampHint
	Page      PlayerPageStamp
	PageFound bool // false: no such player (or none was asked for)
	// Reader is the session user's own rating, read with a page stamp of another player: the
	// statistics page shows the reader's chance against the player, and a statement of its own
	// cost as much as the page's other work (issue 14). A newcomer's rating when they never
	// played, or when the page is their own.
	Reader  rating.Rating
	Notes   NotificationStamp
	Leaders int64 // LeaderboardVersion
	Profile ProfileStamp
}

// ProfileStamp is what a profile page reads with the session (StampHint.ProfilePlayer).
type ProfileStamp struct {
	Found   bool  // false: no such account
	Version int64 // users.version of the account: its row kept in memory is good while it holds
	Shares  bool  // the reader and the account share a tournament (SharesTournament)
}

// SessionStampWith is SessionStampByTokenHash that also reads, in the same statement, the
// stamps hint names. The answer is kept until a commit (sessionReads): what the statement reads
// changes only with one, and the times are judged at now on every call.
func (db *DB) SessionStampWith(ctx context.Context, hash string, now time.Time, hint StampHint) (SessionStamp, HintedStamps, error) {
	r, err := keptNow(ctx, db, &db.sessionReads, sessionKey{hash: hash, hint: hint}, func() (sessionRead, error) {
		return db.sessionStampWith(ctx, hash, hint)
	})
	if err == nil {
		err = r.st.at(now)
	}
	return r.st, r.hs, err
}

// sessionKey is what a session statement's answer depends on.
type sessionKey struct {
	hash string
	hint StampHint
}

// sessionRead is a session statement's answer.
type sessionRead struct {
	st SessionStamp
	hs HintedStamps
}

func (db *DB) sessionStampWith(ctx context.Context, hash string, hint StampHint) (sessionRead, error) {
	var st SessionStamp
	var hs HintedStamps
	switch {
	case hint.PagePlayer > 0:
		// The page's columns are NULL when there is no such player (the LEFT JOIN finds none).
		// One allocation for every destination (each alone escaped to the heap: issue 14).
		var c struct {
			id, userVersion, playerVersion, tournaments sql.NullInt64
			hidden                                      sql.NullBool
			status, timezone                            sql.NullString
			r, rd, sigma                                sql.NullFloat64
		}
		// The reader's rating only when they read another player's page (their chance against them).
		err := db.scanOneJoined(ctx, sessionAndPageStampQuery.in(db.Dialect), []any{hint.PagePlayer, hash},
			append(st.sessionFields(), &c.id, &c.hidden, &c.status, &c.timezone, &c.userVersion, &c.playerVersion, &c.tournaments, &c.r, &c.rd, &c.sigma)...)
		st.NoSearch = true
		if err != nil {
			return sessionRead{st, hs}, notFound(err)
		}
		hs.Read = StampHint{PagePlayer: hint.PagePlayer}
		hs.Reader = rating.New()
		if c.r.Valid && c.rd.Valid && c.sigma.Valid {
			hs.Reader = rating.Rating{R: c.r.Float64, RD: c.rd.Float64, Sigma: c.sigma.Float64}
		}
		if c.id.Valid {
			hs.Page, hs.PageFound = PlayerPageStamp{ID: c.id.Int64, Hidden: c.hidden.Bool, Status: c.status.String,
				Timezone: c.timezone.String, UserVersion: c.userVersion.Int64, PlayerVersion: c.playerVersion.Int64,
				Tournaments: c.tournaments.Int64}, true
		}
		return sessionRead{st, hs}, nil
	case hint.ProfilePlayer > 0:
		var version sql.NullInt64
		var shares bool
		err := db.scanOneJoined(ctx, sessionAndProfileStampQuery, []any{hint.ProfilePlayer, hint.ProfilePlayer, hash},
			append(st.sessionFields(), &version, &shares)...)
		st.NoSearch = true
		hs.Read = StampHint{ProfilePlayer: hint.ProfilePlayer}
		hs.Profile = ProfileStamp{Found: version.Valid, Version: version.Int64, Shares: shares}
		return sessionRead{st, hs}, notFound(err)
	case hint.RecentNotifications > 0:
		err := db.scanOneJoined(ctx, sessionAndNotesStampQuery,
			[]any{hint.RecentNotifications, hash}, append(st.sessionFields(), &hs.Notes)...)
		st.NoSearch = true
		hs.Read = StampHint{RecentNotifications: hint.RecentNotifications}
		return sessionRead{st, hs}, notFound(err)
	case hint.Leaderboard:
		err := db.scanOneJoined(ctx, sessionAndLeadersStampQuery, []any{hash}, append(st.sessionFields(), &hs.Leaders)...)
		st.NoSearch = true
		hs.Read = StampHint{Leaderboard: true}
		return sessionRead{st, hs}, notFound(err)
	}
	if hint.SessionOnly {
		err := db.scanOneJoined(ctx, sessionOnlyStampQuery, []any{hash}, st.sessionFields()...)
		st.NoSearch = true
		hs.Read = StampHint{SessionOnly: true}
		return sessionRead{st, hs}, notFound(err)
	}
	err := db.scanOneJoined(ctx, sessionSearchStampQuery, []any{hash}, st.fields()...)
	return sessionRead{st, hs}, notFound(err)
}

// The session's statements (SessionStampByTokenHash, SessionStampWith): one per signed-in
// request, each read through scanOneJoined.
var (
	sessionSearchStampQuery     = `SELECT ` + sessionStampColumns + sessionStampFrom + sessionStampWhere
	sessionOnlyStampQuery       = `SELECT ` + sessionColumns + sessionStampFrom + sessionStampWhere
	sessionAndNotesStampQuery   = `SELECT ` + sessionColumns + `, ` + notificationStampOf("s.user_id") + sessionStampFrom + sessionStampWhere
	sessionAndLeadersStampQuery = `SELECT ` + sessionColumns + `, (` + leaderboardVersionQuery + `)` + sessionStampFrom + sessionStampWhere
)

// sessionAndPageStampQuery is the session's stamp with a player's page stamp and the reader's
// rating (SessionStampWith, StampHint.PagePlayer).
var sessionAndPageStampQuery = textByDialect(func(d Dialect) string {
	return `SELECT ` + sessionColumns + `, p.id, p.hidden, p.status, p.timezone, p.version, ` + d.pageStampColumns() +
		`, rs.rating, rs.rd, rs.sigma` + sessionStampFrom + ` LEFT JOIN users p ON p.id = ?` +
		` LEFT JOIN player_stats rs ON rs.user_id = s.user_id AND s.user_id <> p.id` + sessionStampWhere
})

// sessionAndProfileStampQuery is the session's stamp with a profile's (SessionStampWith,
// StampHint.ProfilePlayer): the account's version (NULL when there is none) and SharesTournament
// of the reader and the account, as EXISTS.
var sessionAndProfileStampQuery = `SELECT ` + sessionColumns + `, (SELECT v.version FROM users v WHERE v.id = ?), ` +
	sharesTournamentWith("s.user_id") + sessionStampFrom + sessionStampWhere

// TouchSession slides the session's expiry.
func (db *DB) TouchSession(ctx context.Context, id int64, seen, expires time.Time) error {
	_, err := db.W.ExecContext(ctx, db.Dialect.rebind(`UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?`), seen, expires, id)
	return err
}

// DeleteSessionByTokenHash revokes one session.
func (db *DB) DeleteSessionByTokenHash(ctx context.Context, hash string) (userID int64, err error) {
	err = db.W.GetContext(ctx, &userID, db.Dialect.rebind(`DELETE FROM sessions WHERE token_hash = ? RETURNING user_id`), hash)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return userID, err
}

// DeleteUserSessions revokes every session of a user (suspension, role change).
func (db *DB) DeleteUserSessions(ctx context.Context, tx *Tx, userID int64) error {
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`DELETE FROM sessions WHERE user_id = ?`), userID)
	return err
}

// DeleteExpiredSessions removes sessions past their expiry and reports how many.
func (db *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error) {
	res, err := db.W.ExecContext(ctx, db.Dialect.rebind(`DELETE FROM sessions WHERE expires_at <= ?`), now)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
