package store

import (
	"context"
	"time"
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
func (db *DB) InsertNotification(ctx context.Context, tx *Tx, n *Notification) error {
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

// InsertNotifications stores ns inside the caller's transaction in one statement (their ids in
// the order given, as one insert each would give them; ns keep ID 0).
func (db *DB) InsertNotifications(ctx context.Context, tx *Tx, ns []Notification) error {
	if len(ns) == 0 {
		return nil
	}
	q := `INSERT INTO notifications (user_id, type, title_key, message_key, params, action_url, is_read, created_at) VALUES ` +
		valueRows(8, len(ns))
	args := make([]any, 0, 8*len(ns))
	for i := range ns {
		n := &ns[i]
		if n.CreatedAt.IsZero() {
			n.CreatedAt = db.Now()
		}
		if n.Params == "" {
			n.Params = "{}"
		}
		args = append(args, n.UserID, n.Type, n.TitleKey, n.MessageKey, n.Params, n.ActionURL, n.IsRead, n.CreatedAt)
	}
	return db.txDefer(ctx, tx, db.Dialect.rebind(q), args...)
}

// NotificationStamp sums up a user's newest notifications (the first page of Notifications):
// how many, the largest id, the sum of the ids and of the read ones' ids, as one text. A
// notification's content never changes after its insert (only is_read, false to true, and
// user_id, when accounts are merged), and a new notification's id is larger than every id in the
// table, so any change to that page changes the stamp: a new one raises the largest id, a merge
// brings larger ids in (the sum rises), a read raises the read sum. Cheaper than the page itself
// (one short text instead of 20 rows of nine columns; issue 16).
type NotificationStamp string

// notificationStampOf is the stamp's expression for the user whose id is the SQL user (a
// column or a parameter); its one parameter is the page's size.
func notificationStampOf(user string) string {
	return `(SELECT COUNT(*) || ':' || COALESCE(MAX(id), 0) || ':' || COALESCE(SUM(id), 0) || ':' ||
		COALESCE(SUM(CASE WHEN is_read THEN id ELSE 0 END), 0)
		FROM (SELECT id, is_read FROM notifications WHERE user_id = ` + user + ` ORDER BY id DESC LIMIT ?) page)`
}

var notificationStampQuery = `SELECT ` + notificationStampOf("?")

// NotificationStampOf reads the stamp of userID's newest limit notifications.
func (db *DB) NotificationStampOf(ctx context.Context, userID int64, limit int) (NotificationStamp, error) {
	var st NotificationStamp
	err := db.scanOne(ctx, notificationStampQuery, []any{userID, limit}, &st)
	return st, err
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
