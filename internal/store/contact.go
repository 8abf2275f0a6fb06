package store

import (
	"context"
	"time"
)

// ContactMessage is a message sent through the footer's contact or support form.
type ContactMessage struct {
	ID        int64     `db:"id" json:"id"`
	Kind      string    `db:"kind" json:"type"` // contact | support
	Name      string    `db:"name" json:"name"`
	Email     string    `db:"email" json:"email"`
	Subject   string    `db:"subject" json:"subject"`
	Message   string    `db:"message" json:"message"`
	ClientIP  string    `db:"client_ip" json:"client_ip"`
	Language  string    `db:"language" json:"language"`
	CreatedAt time.Time `db:"created_at" json:"created_at"`
}

// InsertContactMessage stores m inside tx and fills its ID, and CreatedAt when it is zero.
func (db *DB) InsertContactMessage(ctx context.Context, tx *Tx, m *ContactMessage) error {
	if m.CreatedAt.IsZero() {
		m.CreatedAt = db.Now()
	}
	return db.txQueryRowx(ctx, tx, db.Dialect.rebind(`
		INSERT INTO contact_messages (kind, name, email, subject, message, client_ip, language, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		m.Kind, m.Name, m.Email, m.Subject, m.Message, m.ClientIP, m.Language, m.CreatedAt,
	).Scan(&m.ID)
}

// ListContactMessages returns up to limit messages, newest first, older than the message with
// id before (0 for the first page).
func (db *DB) ListContactMessages(ctx context.Context, before int64, limit int) ([]ContactMessage, error) {
	out := []ContactMessage{}
	q := `SELECT id, kind, name, email, subject, message, client_ip, language, created_at
		FROM contact_messages WHERE (? = 0 OR id < ?) ORDER BY id DESC LIMIT ?`
	err := db.R.SelectContext(ctx, &out, db.Dialect.rebind(q), before, before, limit)
	return out, err
}

// CountContactMessages counts every stored message.
func (db *DB) CountContactMessages(ctx context.Context) (int, error) {
	var n int
	err := db.R.GetContext(ctx, &n, `SELECT COUNT(*) FROM contact_messages`)
	return n, err
}
