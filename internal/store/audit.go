package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/jmoiron/sqlx"
)

// AuditEntry is one row of the audit log: who (ActorID, NULL for the system or a stranger
// signing in) did what (Action, e.g. "auth.linked_by_email") to which object (TargetType and
// TargetID), with Details as a JSON object and the client's address.
type AuditEntry struct {
	ID         int64         `db:"id"`
	CreatedAt  time.Time     `db:"created_at"`
	ActorID    sql.NullInt64 `db:"actor_id"`
	Action     string        `db:"action"`
	TargetType string        `db:"target_type"`
	TargetID   sql.NullInt64 `db:"target_id"`
	Details    string        `db:"details"`
	IP         string        `db:"ip"`
}

// InsertAudit appends e to the audit log inside tx (the same transaction as the change it
// records, so the two stand or fall together). It fills ID and CreatedAt.
func (db *DB) InsertAudit(ctx context.Context, tx *sqlx.Tx, e *AuditEntry) error {
	e.CreatedAt = db.Now()
	if e.Details == "" {
		e.Details = "{}"
	}
	return tx.QueryRowxContext(ctx, db.Dialect.rebind(`INSERT INTO audit_log
		(created_at, actor_id, action, target_type, target_id, details, ip) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		e.CreatedAt, e.ActorID, e.Action, e.TargetType, e.TargetID, e.Details, e.IP).Scan(&e.ID)
}

// AuditFor lists the audit entries about one object, oldest first.
func (db *DB) AuditFor(ctx context.Context, targetType string, targetID int64) ([]AuditEntry, error) {
	out := []AuditEntry{}
	err := db.R.SelectContext(ctx, &out, db.Dialect.rebind(`SELECT id, created_at, actor_id, action, target_type,
		target_id, details, ip FROM audit_log WHERE target_type = ? AND target_id = ? ORDER BY id`), targetType, targetID)
	return out, err
}
