package store

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"
)

// Notification is an in-app message to one user. Title and message are translation keys with
// JSON parameters, rendered in the reader's language when read.
type Notification struct {
	ID         int64     `db:"id"`
	UserID     int64     `db:"user_id"`
	Type       string    `db:"type"`
	TitleKey   string    `db:"title_key"`
	MessageKey string    `db:"message_key"`
	Params     string    `db:"params"`
	ActionURL  string    `db:"action_url"`
	IsRead     bool      `db:"is_read"`
	CreatedAt  time.Time `db:"created_at"`
}

// InsertNotification stores n inside the caller's transaction.
func (db *DB) InsertNotification(ctx context.Context, tx *sqlx.Tx, n *Notification) error {
	if n.CreatedAt.IsZero() {
		n.CreatedAt = db.Now()
	}
	if n.Params == "" {
		n.Params = "{}"
	}
	return db.txQueryRowx(ctx, tx, db.Dialect.rebind(`INSERT INTO notifications (user_id, type, title_key, message_key,
		params, action_url, is_read, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		n.UserID, n.Type, n.TitleKey, n.MessageKey, n.Params, n.ActionURL, n.IsRead, n.CreatedAt).Scan(&n.ID)
}

// Notifications lists a user's notifications newest first, older than id before (0: from the
// newest), at most limit.
func (db *DB) Notifications(ctx context.Context, userID, before int64, limit int) ([]Notification, error) {
	out := []Notification{}
	err := db.selectRows(ctx, &out, (`SELECT id, user_id, type, title_key, message_key, params,
		action_url, is_read, created_at FROM notifications WHERE user_id = ? AND (? = 0 OR id < ?)
		ORDER BY id DESC LIMIT ?`), userID, before, before, limit)
	return out, err
}

// UnreadNotifications counts a user's unread notifications.
func (db *DB) UnreadNotifications(ctx context.Context, userID int64) (int, error) {
	var n int
	err := db.get(ctx, &n, `SELECT COUNT(*) FROM notifications WHERE user_id = ? AND is_read = ?`, userID, false)
	return n, err
}

// MarkNotificationRead marks one notification of userID read; ErrNotFound when it is not theirs.
func (db *DB) MarkNotificationRead(ctx context.Context, userID, id int64) error {
	res, err := db.W.ExecContext(ctx, db.Dialect.rebind(`UPDATE notifications SET is_read = ? WHERE id = ? AND user_id = ?`), true, id, userID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// MarkAllNotificationsRead marks every notification of userID read and says how many changed.
func (db *DB) MarkAllNotificationsRead(ctx context.Context, userID int64) (int64, error) {
	res, err := db.W.ExecContext(ctx, db.Dialect.rebind(`UPDATE notifications SET is_read = ? WHERE user_id = ? AND is_read = ?`), true, userID, false)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
