package service

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/jmoiron/sqlx"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// Audit actions: what the audit log records. Keep them stable: operators search by them.
const (
	AuditAccountCreated = "auth.account_created"    // a first sign-in created the account, linked to its identity
	AuditLinkedByEmail  = "auth.linked_by_email"    // a never-linked account got its identity by verified email
	AuditUnlinked       = "auth.unlinked"           // an operator removed the link to the identity; details: issuer, subject
	AuditRoleChanged    = "user.role_changed"       // details: from, to
	AuditStatusChanged  = "user.status_changed"     // details: from, to
	AuditRootRestored   = "user.root_role_restored" // the root account was made super admin again at sign-in
	// A user transfer writes one row on each account; details: transfer, source, target, emails, reason, moved.
	AuditTransferredOut = "user.transferred_out"
	AuditTransferredIn  = "user.transferred_in"
)

type clientIPKey struct{}

// WithClientIP returns ctx carrying the caller's address, which audit entries record.
func WithClientIP(ctx context.Context, ip string) context.Context {
	return context.WithValue(ctx, clientIPKey{}, ip)
}

func clientIP(ctx context.Context) string {
	ip, _ := ctx.Value(clientIPKey{}).(string)
	return ip
}

// audit records one privileged or security-relevant action in tx, the transaction of the
// change itself. actor.UserID <= 0 (the system, an operator's command without an account, a
// stranger signing in) is stored as no actor. targetID <= 0 is stored as none.
func (s *Service) audit(ctx context.Context, tx *sqlx.Tx, actor policy.Actor, action, targetType string, targetID int64, details map[string]any) error {
	e := store.AuditEntry{Action: action, TargetType: targetType, IP: clientIP(ctx)}
	if actor.UserID > 0 {
		e.ActorID = sql.NullInt64{Int64: actor.UserID, Valid: true}
	}
	if targetID > 0 {
		e.TargetID = sql.NullInt64{Int64: targetID, Valid: true}
	}
	if details == nil {
		details = map[string]any{}
	}
	b, err := json.Marshal(details)
	if err != nil {
		return err
	}
	e.Details = string(b)
	return s.db.InsertAudit(ctx, tx, &e)
}
