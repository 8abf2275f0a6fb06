package store

import (
	"context"
	"database/sql"
	"strconv"
	"time"

	"github.com/jmoiron/sqlx"
)

// UsersByIDs reads the accounts with these ids (a page's worth), by id; missing ones are absent.
func (db *DB) UsersByIDs(ctx context.Context, ids []int64) (map[int64]User, error) {
	out := map[int64]User{}
	if len(ids) == 0 {
		return out, nil
	}
	q, args, err := sqlx.In(`SELECT `+userColumns+` FROM users WHERE id IN (?)`, ids)
	if err != nil {
		return nil, err
	}
	rows := []User{}
	if err := db.R.SelectContext(ctx, &rows, db.Dialect.rebind(q), args...); err != nil {
		return nil, err
	}
	for _, u := range rows {
		out[u.ID] = u
	}
	return out, nil
}

// DeletionRequest asks for the definitive deletion of an account (issue 12). It stays pending
// until the root approves or declines it; at most one per account is pending (a unique index).
type DeletionRequest struct {
	ID          int64         `db:"id"`
	UserID      int64         `db:"user_id"`
	RequestedBy sql.NullInt64 `db:"requested_by"`
	Reason      string        `db:"reason"`
	State       string        `db:"state"` // pending, approved, declined
	DecidedBy   sql.NullInt64 `db:"decided_by"`
	DecidedAt   sql.NullTime  `db:"decided_at"`
	CreatedAt   time.Time     `db:"created_at"`
}

const deletionColumns = `q.id, q.user_id, q.requested_by, q.reason, q.state, q.decided_by, q.decided_at, q.created_at`

// InsertDeletionRequest records a pending request inside tx and fills its ID and CreatedAt. A
// second pending request for the same account fails with a unique violation.
func (db *DB) InsertDeletionRequest(ctx context.Context, tx *Tx, r *DeletionRequest) error {
	r.CreatedAt = db.Now()
	r.State = "pending"
	return db.txQueryRowx(ctx, tx, db.Dialect.rebind(`INSERT INTO deletion_requests (user_id, requested_by, reason, state, created_at)
		VALUES (?, ?, ?, 'pending', ?) RETURNING id`), r.UserID, r.RequestedBy, r.Reason, r.CreatedAt).Scan(&r.ID)
}

// DeletionRequestByID reads one request (ErrNotFound when missing).
func (db *DB) DeletionRequestByID(ctx context.Context, tx *Tx, id int64) (DeletionRequest, error) {
	var r DeletionRequest
	err := db.getIn(ctx, tx, &r, `SELECT `+deletionColumns+` FROM deletion_requests q WHERE q.id = ?`, id)
	return r, notFound(err)
}

// PendingDeletionFor reads the account's pending request, if any (ErrNotFound otherwise).
func (db *DB) PendingDeletionFor(ctx context.Context, tx *Tx, userID int64) (DeletionRequest, error) {
	var r DeletionRequest
	err := db.getIn(ctx, tx, &r, `SELECT `+deletionColumns+` FROM deletion_requests q WHERE q.user_id = ? AND q.state = 'pending'`, userID)
	return r, notFound(err)
}

// DecideDeletionRequest moves a pending request to state (approved or declined); it reports
// false when the request was no longer pending (another decision won).
func (db *DB) DecideDeletionRequest(ctx context.Context, tx *Tx, id int64, state string, by int64) (bool, error) {
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE deletion_requests SET state = ?, decided_by = ?, decided_at = ?
		WHERE id = ? AND state = 'pending'`), state, by, db.Now(), id))
}

// DeletionRequests lists requests, pending first then newest first, a page at a time; state ""
// lists all. It returns the page and the total.
func (db *DB) DeletionRequests(ctx context.Context, state string, offset, limit int) ([]DeletionRequest, int, error) {
	where, args := "", []any{}
	if state != "" {
		where, args = ` WHERE q.state = ?`, append(args, state)
	}
	var total int
	if err := db.get(ctx, &total, `SELECT COUNT(*) FROM deletion_requests q`+where, args...); err != nil {
		return nil, 0, err
	}
	out := []DeletionRequest{}
	err := db.selectIn(ctx, nil, &out, `SELECT `+deletionColumns+` FROM deletion_requests q`+where+
		` ORDER BY CASE q.state WHEN 'pending' THEN 0 ELSE 1 END, q.created_at DESC, q.id DESC LIMIT ? OFFSET ?`,
		append(args, limit, offset)...)
	return out, total, err
}

// DeletedEmail is the tombstone that replaces an erased account's email: unique (the column
// is), not an address anyone can own (.invalid is reserved), and naming nobody.
func DeletedEmail(id int64) string {
	return "deleted-" + strconv.FormatInt(id, 10) + "@deleted.invalid"
}

// EraseUser erases the personal data of the account id inside tx and marks it deleted, keeping
// the row so the sport history (standings, matches) stays consistent: names, contacts, age,
// gender, place, home club, preferences, the identity link (a later sign-in with the same
// identity creates a fresh account), the email (a tombstone), photo, availability, sessions,
// notifications, emails waiting or sent to it, club memberships, the contact messages sent from
// its email, join requests, the messages it wrote. Its participations are suspended (still in the standings, no longer
// challengeable), its pending challenges and unfinished matches cancelled, and every tournament
// it played in has its version bumped so cached rankings drop the name. It reports false when the
// account was already deleted.
func (db *DB) EraseUser(ctx context.Context, tx *Tx, id int64) (bool, error) {
	var email string
	if err := db.txGet(ctx, tx, &email, db.Dialect.rebind(`SELECT email FROM users WHERE id = ? AND deleted_at IS NULL`), id); err != nil {
		if err == sql.ErrNoRows {
			return false, nil
		}
		return false, err
	}
	now := db.Now()
	ok, err := db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE users SET email = ?, first_name = '', last_name = '',
		ext_name = '', ext_given_name = '', ext_picture = '', oidc_issuer = NULL, oidc_subject = NULL, phone = '', whatsapp = '',
		signal = '', telegram = '', age = NULL, gender = '', district = '', municipality = '', club_id = NULL, hidden = ?,
		notify_prefs = '{}', photo_etag = '', search_key = '', status = 'suspended', role = 'player', deleted_at = ?, updated_at = ?
		WHERE id = ? AND deleted_at IS NULL`), DeletedEmail(id), true, now, now, id))
	if err != nil || !ok {
		return ok, err
	}
	var tournaments []int64
	if err := db.txSelect(ctx, tx, &tournaments, db.Dialect.rebind(`SELECT tournament_id FROM tournament_players WHERE user_id = ?`), id); err != nil {
		return false, err
	}
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`DELETE FROM sessions WHERE user_id = ?`, []any{id}},
		{`DELETE FROM calendar_feeds WHERE user_id = ?`, []any{id}},
		{`DELETE FROM availability WHERE user_id = ?`, []any{id}},
		{`DELETE FROM user_photos WHERE user_id = ?`, []any{id}},
		{`DELETE FROM notifications WHERE user_id = ?`, []any{id}},
		{`DELETE FROM email_outbox WHERE user_id = ? OR to_email = ?`, []any{id, email}},
		{`DELETE FROM contact_messages WHERE email = ?`, []any{email}},
		{`DELETE FROM club_members WHERE user_id = ?`, []any{id}},
		// Messages (issue 13): what the account wrote is erased; the conversations stay for the
		// others, with "Deleted player" on the other side of a direct one.
		{`DELETE FROM messages WHERE sender_id = ?`, []any{id}},
		{`DELETE FROM conversation_reads WHERE user_id = ?`, []any{id}},
		{`DELETE FROM tournament_players WHERE user_id = ? AND status = 'requested'`, []any{id}},
		{`UPDATE tournament_players SET status = 'suspended', updated_at = ? WHERE user_id = ?`, []any{now, id}},
		{`UPDATE challenges SET status = 'cancelled', updated_at = ? WHERE status IN ('pending', 'accepted')
			AND (challenger_id = ? OR challenged_id = ?)`, []any{now, id, id}},
		{`UPDATE matches SET state = 'cancelled', updated_at = ? WHERE state NOT IN ('completed', 'cancelled')
			AND (player1_id = ? OR player2_id = ?)`, []any{now, id, id}},
	} {
		if _, err := db.txExec(ctx, tx, db.Dialect.rebind(q.sql), q.args...); err != nil {
			return false, err
		}
	}
	for _, t := range tournaments {
		if err := db.Bump(ctx, tx, t); err != nil {
			return false, err
		}
	}
	return true, nil
}
