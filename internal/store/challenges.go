package store

import (
	"context"
	"database/sql"
	"strings"
	"time"
)

// Challenge is one player's invitation to another in a tournament, with proposed times.
type Challenge struct {
	ID            int64         `db:"id"`
	TournamentID  int64         `db:"tournament_id"`
	ChallengerID  int64         `db:"challenger_id"`
	ChallengedID  int64         `db:"challenged_id"`
	ProposedTimes string        `db:"proposed_times"` // JSON array of RFC 3339 UTC times
	Message       string        `db:"message"`
	Status        string        `db:"status"`
	AutoAccepted  bool          `db:"auto_accepted"`
	MatchID       sql.NullInt64 `db:"match_id"`
	ExpiresAt     time.Time     `db:"expires_at"`
	RespondedAt   sql.NullTime  `db:"responded_at"`
	CreatedAt     time.Time     `db:"created_at"`
	UpdatedAt     time.Time     `db:"updated_at"`
}

// ChallengeRow is a challenge with its people and tournament for display.
type ChallengeRow struct {
	Challenge
	TournamentName string `db:"tournament_name"`
	Challenger     User   `db:"a"`
	Challenged     User   `db:"b"`
}

const challengeColumns = `c.id, c.tournament_id, c.challenger_id, c.challenged_id, c.proposed_times, c.message, c.status,
	c.auto_accepted, c.match_id, c.expires_at, c.responded_at, c.created_at, c.updated_at`

var challengeRowSelect = `SELECT ` + challengeColumns + `, t.name AS tournament_name, ` + userColumnsAs("a") + `, ` + userColumnsAs("b") +
	` FROM challenges c JOIN tournaments t ON t.id = c.tournament_id JOIN users a ON a.id = c.challenger_id JOIN users b ON b.id = c.challenged_id`

// InsertChallenge stores a new challenge.
func (db *DB) InsertChallenge(ctx context.Context, tx *Tx, c *Challenge) error {
	c.CreatedAt = db.Now()
	c.UpdatedAt = c.CreatedAt
	return db.txQueryRowx(ctx, tx, db.Dialect.rebind(`INSERT INTO challenges (tournament_id, challenger_id, challenged_id,
		proposed_times, message, status, auto_accepted, match_id, expires_at, responded_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`), c.TournamentID, c.ChallengerID, c.ChallengedID,
		c.ProposedTimes, c.Message, c.Status, c.AutoAccepted, c.MatchID, c.ExpiresAt, c.RespondedAt, c.CreatedAt, c.UpdatedAt).Scan(&c.ID)
}

// ChallengeByID reads a challenge with its people (ErrNotFound when missing).
func (db *DB) ChallengeByID(ctx context.Context, tx *Tx, id int64) (ChallengeRow, error) {
	var c ChallengeRow
	err := db.getIn(ctx, tx, &c, challengeRowSelect+` WHERE c.id = ?`, id)
	return c, notFound(err)
}

// RespondChallenge moves a pending challenge to status (accepted, rejected, cancelled); false
// when it was no longer pending: of many concurrent answers exactly one counts.
func (db *DB) RespondChallenge(ctx context.Context, tx *Tx, id int64, status string) (bool, error) {
	now := db.Now()
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE challenges SET status = ?, responded_at = ?, updated_at = ?
		WHERE id = ? AND status = 'pending'`), status, now, now, id))
}

// SetChallengeMatch links an accepted challenge to its match.
func (db *DB) SetChallengeMatch(ctx context.Context, tx *Tx, id, matchID int64) error {
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE challenges SET match_id = ?, updated_at = ? WHERE id = ?`), matchID, db.Now(), id)
	return err
}

// SetChallengeStatusByMatch sets the status of the challenge that made a match (completed or
// cancelled with the match).
func (db *DB) SetChallengeStatusByMatch(ctx context.Context, tx *Tx, matchID int64, status string) error {
	return db.txDefer(ctx, tx, db.Dialect.rebind(`UPDATE challenges SET status = ?, updated_at = ? WHERE match_id = ?`), status, db.Now(), matchID)
}

// ExpireChallenges marks pending challenges past their deadline expired and returns them.
func (db *DB) ExpireChallenges(ctx context.Context, tx *Tx, now time.Time) ([]Challenge, error) {
	out := []Challenge{}
	err := db.txSelect(ctx, tx, &out, db.Dialect.rebind(`UPDATE challenges SET status = 'expired', updated_at = ?
		WHERE status = 'pending' AND expires_at < ? RETURNING id, tournament_id, challenger_id, challenged_id, proposed_times,
		message, status, auto_accepted, match_id, expires_at, responded_at, created_at, updated_at`), now, now)
	return out, err
}

// CountRejections counts the challenges userID rejected in the tournament since a moment.
func (db *DB) CountRejections(ctx context.Context, tx *Tx, tournamentID, userID int64, since time.Time) (int, error) {
	var n int
	err := db.getIn(ctx, tx, &n, `SELECT COUNT(*) FROM challenges WHERE tournament_id = ? AND challenged_id = ?
		AND status = 'rejected' AND responded_at >= ?`, tournamentID, userID, since)
	return n, err
}

// CountGames counts userID's games in the tournament since a moment: matches not cancelled and
// challenges still waiting for an answer (each will be a game if accepted).
func (db *DB) CountGames(ctx context.Context, tx *Tx, tournamentID, userID int64, since time.Time) (int, error) {
	var m, c int
	err := db.getIn(ctx, tx, &m, `SELECT COUNT(*) FROM matches WHERE tournament_id = ? AND (player1_id = ? OR player2_id = ?)
		AND state <> 'cancelled' AND created_at >= ?`, tournamentID, userID, userID, since)
	if err == nil {
		err = db.getIn(ctx, tx, &c, `SELECT COUNT(*) FROM challenges WHERE tournament_id = ? AND (challenger_id = ? OR challenged_id = ?)
			AND status = 'pending'`, tournamentID, userID, userID)
	}
	return m + c, err
}

// OpenBetween reports whether two players already have a pending challenge or an unfinished
// match in the tournament.
func (db *DB) OpenBetween(ctx context.Context, tx *Tx, tournamentID, a, b int64) (bool, error) {
	var n int
	err := db.getIn(ctx, tx, &n, `SELECT
		(SELECT COUNT(*) FROM challenges WHERE tournament_id = ? AND status = 'pending'
			AND ((challenger_id = ? AND challenged_id = ?) OR (challenger_id = ? AND challenged_id = ?))) +
		(SELECT COUNT(*) FROM matches WHERE tournament_id = ? AND state NOT IN ('completed', 'cancelled')
			AND ((player1_id = ? AND player2_id = ?) OR (player1_id = ? AND player2_id = ?)))`,
		tournamentID, a, b, b, a, tournamentID, a, b, b, a)
	return n > 0, err
}

// ChallengeFilter selects a user's challenges.
type ChallengeFilter struct {
	UserID   int64
	Box      string // sent, received or "" (both)
	Statuses []string
	Before   int64 // id cursor: only challenges with a smaller id
	Limit    int
}

// ListChallenges lists a user's challenges, newest first.
func (db *DB) ListChallenges(ctx context.Context, f ChallengeFilter) ([]ChallengeRow, error) {
	var where []string
	var args []any
	switch f.Box {
	case "sent":
		where, args = append(where, "c.challenger_id = ?"), append(args, f.UserID)
	case "received":
		where, args = append(where, "c.challenged_id = ?"), append(args, f.UserID)
	default:
		where, args = append(where, "(c.challenger_id = ? OR c.challenged_id = ?)"), append(args, f.UserID, f.UserID)
	}
	if len(f.Statuses) > 0 {
		where = append(where, "c.status IN (?"+strings.Repeat(", ?", len(f.Statuses)-1)+")")
		for _, s := range f.Statuses {
			args = append(args, s)
		}
	}
	if f.Before > 0 {
		where, args = append(where, "c.id < ?"), append(args, f.Before)
	}
	limit := f.Limit
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	out := []ChallengeRow{}
	err := db.R.SelectContext(ctx, &out, db.Dialect.rebind(challengeRowSelect+` WHERE `+strings.Join(where, " AND ")+
		` ORDER BY c.id DESC LIMIT ?`), append(args, limit)...)
	return out, err
}

// SearchChallenges finds userID's own challenges (sent or received, any status) whose opponent's
// name or tournament's name contains term (accents and case ignored), newest first. Only the
// reader's challenges are ever searched: nobody finds anyone else's (issue 15). The reader's own
// name matches nothing, or every challenge would.
func (db *DB) SearchChallenges(ctx context.Context, userID int64, term string, limit int) ([]ChallengeRow, error) {
	out := []ChallengeRow{}
	arg := db.Dialect.containsArg(term)
	if arg == "" {
		return out, nil
	}
	err := db.selectRows(ctx, &out, challengeRowSelect+` WHERE (c.challenger_id = ? OR c.challenged_id = ?) AND (
		(c.challenger_id = ? AND `+db.Dialect.contains("b.search_key")+`) OR
		(c.challenged_id = ? AND `+db.Dialect.contains("a.search_key")+`) OR `+db.Dialect.contains("t.sort_key")+`)
		ORDER BY c.id DESC LIMIT ?`, userID, userID, userID, arg, userID, arg, arg, limit)
	return out, err
}

// HomeCounts is what the signed-in home counts for one player (issue 15).
type HomeCounts struct {
	ChallengesReceived int `db:"received"` // pending challenges waiting for the player's answer
	ChallengesSent     int `db:"sent"`     // pending challenges the player sent
	MatchesToPlay      int `db:"to_play"`  // the player's matches with no result yet
}

// CountHome reads HomeCounts in one statement on the (challenger|challenged, status) and
// (player1|player2, state) indexes.
func (db *DB) CountHome(ctx context.Context, userID int64) (HomeCounts, error) {
	var c HomeCounts
	err := db.get(ctx, &c, `SELECT
		(SELECT COUNT(*) FROM challenges WHERE challenged_id = ? AND status = 'pending') AS received,
		(SELECT COUNT(*) FROM challenges WHERE challenger_id = ? AND status = 'pending') AS sent,
		(SELECT COUNT(*) FROM matches WHERE player1_id = ? AND state IN ('waiting_opponent', 'time_proposed', 'time_confirmed')) +
		(SELECT COUNT(*) FROM matches WHERE player2_id = ? AND state IN ('waiting_opponent', 'time_proposed', 'time_confirmed')) AS to_play`,
		userID, userID, userID, userID)
	return c, err
}
