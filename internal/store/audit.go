package store

import (
	"context"
	"database/sql"
	"strings"
	"time"
)

// AuditEntry is one row of the audit log: who (ActorID, NULL for the system or a stranger
// signing in) did what (Action, e.g. "auth.linked_by_email") to which object (TargetType and
// TargetID), with Details as a JSON object, the client's address and the request's id.
// The application only ever inserts audit rows: nothing updates or deletes them.
type AuditEntry struct {
	ID         int64         `db:"id"`
	CreatedAt  time.Time     `db:"created_at"`
	ActorID    sql.NullInt64 `db:"actor_id"`
	Action     string        `db:"action"`
	TargetType string        `db:"target_type"`
	TargetID   sql.NullInt64 `db:"target_id"`
	Details    string        `db:"details"`
	IP         string        `db:"ip"`
	RequestID  string        `db:"request_id"`
}

// InsertAudit appends e to the audit log inside tx (the same transaction as the change it
// records, so the two stand or fall together). It fills CreatedAt; the row's id is not read back
// (on PostgreSQL the insert is sent with the transaction's next statement: pg_pipeline.go).
func (db *DB) InsertAudit(ctx context.Context, tx *Tx, e *AuditEntry) error {
	e.CreatedAt = db.Now()
	if e.Details == "" {
		e.Details = "{}"
	}
	return db.txDefer(ctx, tx, db.Dialect.rebind(`INSERT INTO audit_log
		(created_at, actor_id, action, target_type, target_id, details, ip, request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
		e.CreatedAt, e.ActorID, e.Action, e.TargetType, e.TargetID, e.Details, e.IP, e.RequestID)
}

// AuditFor lists the audit entries about one object, oldest first.
func (db *DB) AuditFor(ctx context.Context, targetType string, targetID int64) ([]AuditEntry, error) {
	out := []AuditEntry{}
	err := db.R.SelectContext(ctx, &out, db.Dialect.rebind(`SELECT id, created_at, actor_id, action, target_type,
		target_id, details, ip, request_id FROM audit_log WHERE target_type = ? AND target_id = ? ORDER BY id`), targetType, targetID)
	return out, err
}

// AuditFilter selects audit rows for the system logs screen. Zero fields select everything.
type AuditFilter struct {
	ActorID    int64
	Action     string // exact action, or a prefix ending in "." ("club." = every club action)
	TargetType string
	TargetID   int64
	From, To   time.Time // created_at >= From and < To when set
	Before     int64     // cursor: rows with a smaller id (newest first)
	Limit      int
}

// AuditRow is an audit entry with what a reader needs to name its actor and target: the
// actor's and a user target's name fields, a club's or tournament's name (empty when the
// target no longer exists: the details keep what the action knew).
type AuditRow struct {
	AuditEntry
	ActorFirst    sql.NullString `db:"actor_first"`
	ActorLast     sql.NullString `db:"actor_last"`
	ActorGiven    sql.NullString `db:"actor_given"`
	ActorExt      sql.NullString `db:"actor_ext"`
	ActorEmail    sql.NullString `db:"actor_email"`
	TargetFirst   sql.NullString `db:"target_first"`
	TargetLast    sql.NullString `db:"target_last"`
	TargetGiven   sql.NullString `db:"target_given"`
	TargetExt     sql.NullString `db:"target_ext"`
	TargetEmail   sql.NullString `db:"target_email"`
	TargetObjName sql.NullString `db:"target_obj_name"`
}

// ListAudit returns one page of audit rows, newest first, and the cursor of the next page
// (0 when there is none). Paging by id keeps every page an index range, however long the log.
func (db *DB) ListAudit(ctx context.Context, f AuditFilter) ([]AuditRow, int64, error) {
	var where []string
	var args []any
	if f.ActorID > 0 {
		where, args = append(where, "a.actor_id = ?"), append(args, f.ActorID)
	}
	if a := f.Action; a != "" {
		if strings.HasSuffix(a, ".") {
			where, args = append(where, `a.action LIKE ? ESCAPE '\'`), append(args, likePrefix(a))
		} else {
			where, args = append(where, "a.action = ?"), append(args, a)
		}
	}
	if f.TargetType != "" {
		where, args = append(where, "a.target_type = ?"), append(args, f.TargetType)
	}
	if f.TargetID > 0 {
		where, args = append(where, "a.target_id = ?"), append(args, f.TargetID)
	}
	if !f.From.IsZero() {
		where, args = append(where, "a.created_at >= ?"), append(args, f.From)
	}
	if !f.To.IsZero() {
		where, args = append(where, "a.created_at < ?"), append(args, f.To)
	}
	if f.Before > 0 {
		where, args = append(where, "a.id < ?"), append(args, f.Before)
	}
	if f.Limit <= 0 || f.Limit > 100 {
		f.Limit = 50
	}
	q := `SELECT a.id, a.created_at, a.actor_id, a.action, a.target_type, a.target_id, a.details, a.ip, a.request_id,
		au.first_name AS actor_first, au.last_name AS actor_last, au.ext_given_name AS actor_given, au.ext_name AS actor_ext,
		au.email AS actor_email,
		tu.first_name AS target_first, tu.last_name AS target_last, tu.ext_given_name AS target_given, tu.ext_name AS target_ext,
		tu.email AS target_email,
		COALESCE(c.name, t.name) AS target_obj_name
		FROM audit_log a
		LEFT JOIN users au ON au.id = a.actor_id
		LEFT JOIN users tu ON a.target_type = 'user' AND tu.id = a.target_id
		LEFT JOIN clubs c ON a.target_type = 'club' AND c.id = a.target_id
		LEFT JOIN tournaments t ON a.target_type = 'tournament' AND t.id = a.target_id`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY a.id DESC LIMIT ?"
	args = append(args, f.Limit+1)
	out := []AuditRow{}
	if err := db.R.SelectContext(ctx, &out, db.Dialect.rebind(q), args...); err != nil {
		return nil, 0, err
	}
	var next int64
	if len(out) > f.Limit {
		out = out[:f.Limit]
		next = out[len(out)-1].ID
	}
	return out, next, nil
}

// likePrefix is a LIKE pattern matching strings that start with p (wildcards escaped).
func likePrefix(p string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(p) + "%"
}
