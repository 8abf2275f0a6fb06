package store

import (
	"context"
	"database/sql"
	"time"
)

// Email is a message waiting in (or sent from) the outbox. It is written in the same
// transaction as what caused it, and sent later by a job, so a rolled-back change never mails.
type Email struct {
	ID            int64         `db:"id"`
	UserID        sql.NullInt64 `db:"user_id"`
	To            string        `db:"to_email"`
	Subject       string        `db:"subject"`
	Body          string        `db:"body"`
	CreatedAt     time.Time     `db:"created_at"`
	Attempts      int           `db:"attempts"`
	NextAttemptAt time.Time     `db:"next_attempt_at"`
	LockedUntil   sql.NullTime  `db:"locked_until"`
	SentAt        sql.NullTime  `db:"sent_at"`
	LastError     string        `db:"last_error"`
}

// EnqueueEmail writes e into the outbox inside tx.
func (db *DB) EnqueueEmail(ctx context.Context, tx *Tx, e *Email) error {
	now := db.Now()
	e.CreatedAt, e.NextAttemptAt = now, now
	return db.txQueryRowx(ctx, tx, db.Dialect.rebind(`INSERT INTO email_outbox (user_id, to_email, subject, body,
		created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`),
		e.UserID, e.To, e.Subject, e.Body, e.CreatedAt, e.NextAttemptAt).Scan(&e.ID)
}

// EnqueueEmails writes es into the outbox inside tx in one statement (their ids in the order
// given; es keep ID 0).
func (db *DB) EnqueueEmails(ctx context.Context, tx *Tx, es []Email) error {
	if len(es) == 0 {
		return nil
	}
	q := `INSERT INTO email_outbox (user_id, to_email, subject, body, created_at, next_attempt_at) VALUES ` +
		valueRows(6, len(es))
	args := make([]any, 0, 6*len(es))
	for i := range es {
		e := &es[i]
		now := db.Now()
		e.CreatedAt, e.NextAttemptAt = now, now
		args = append(args, e.UserID, e.To, e.Subject, e.Body, e.CreatedAt, e.NextAttemptAt)
	}
	return db.txDefer(ctx, tx, db.Dialect.rebind(q), args...)
}

// ClaimEmails takes up to limit due, unsent, unclaimed emails for lease, so that another
// instance (or tick) cannot take them meanwhile. Each claim is a conditional update: of two
// instances racing for one row, exactly one gets it.
func (db *DB) ClaimEmails(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Email, error) {
	var ids []int64
	err := db.R.SelectContext(ctx, &ids, db.Dialect.rebind(`SELECT id FROM email_outbox WHERE sent_at IS NULL
		AND next_attempt_at <= ? AND (locked_until IS NULL OR locked_until < ?) ORDER BY id LIMIT ?`), now, now, limit)
	if err != nil {
		return nil, err
	}
	out := []Email{}
	for _, id := range ids {
		res, err := db.W.ExecContext(ctx, db.Dialect.rebind(`UPDATE email_outbox SET locked_until = ?
			WHERE id = ? AND sent_at IS NULL AND (locked_until IS NULL OR locked_until < ?)`), now.Add(lease), id, now)
		if err != nil {
			return out, err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			var e Email
			if err := db.W.GetContext(ctx, &e, db.Dialect.rebind(`SELECT id, user_id, to_email, subject, body, created_at,
				attempts, next_attempt_at, locked_until, sent_at, last_error FROM email_outbox WHERE id = ?`), id); err != nil {
				return out, err
			}
			out = append(out, e)
		}
	}
	return out, nil
}

// MarkEmailSent records a successful delivery.
func (db *DB) MarkEmailSent(ctx context.Context, id int64, at time.Time) error {
	_, err := db.W.ExecContext(ctx, db.Dialect.rebind(`UPDATE email_outbox SET sent_at = ?, locked_until = NULL,
		attempts = attempts + 1, last_error = '' WHERE id = ?`), at, id)
	return err
}

// MarkEmailFailed records a failed attempt and when to try again.
func (db *DB) MarkEmailFailed(ctx context.Context, id int64, next time.Time, reason string) error {
	if len(reason) > 500 {
		reason = reason[:500]
	}
	_, err := db.W.ExecContext(ctx, db.Dialect.rebind(`UPDATE email_outbox SET locked_until = NULL, attempts = attempts + 1,
		next_attempt_at = ?, last_error = ? WHERE id = ?`), next, reason, id)
	return err
}

// Emails lists the outbox newest first (operators, tests).
func (db *DB) Emails(ctx context.Context, limit int) ([]Email, error) {
	out := []Email{}
	err := db.R.SelectContext(ctx, &out, db.Dialect.rebind(`SELECT id, user_id, to_email, subject, body, created_at,
		attempts, next_attempt_at, locked_until, sent_at, last_error FROM email_outbox ORDER BY id DESC LIMIT ?`), limit)
	return out, err
}
