package service

import (
	"context"
	"database/sql"
	"encoding/json"
	"reflect"

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

	AuditClubValidated  = "club.validated"      // target club; details: name, from, to
	AuditClubRejected   = "club.rejected"       // target club; details: name, from, to, reason
	AuditClubMemberRole = "club.member_role"    // target club; details: user, from, to (administrator, member)
	AuditClubMemberGone = "club.member_removed" // target club; details: user, role (removed by an administrator)

	AuditTournamentApproved = "tournament.approved"         // target tournament; details: name, from, to
	AuditTournamentRejected = "tournament.rejected"         // target tournament; details: name, from, to, reason
	AuditTournamentClosed   = "tournament.closed"           // target tournament; details: name, from, to
	AuditJoinApproved       = "tournament.request_approved" // target tournament; details: user, from, to
	AuditJoinDeclined       = "tournament.request_declined" // target tournament; details: user, from
	AuditPlayerStatus       = "tournament.player_status"    // target tournament; details: user, from, to
	AuditPlayerRemoved      = "tournament.player_removed"   // target tournament; details: user, role, status
	AuditRefereeSet         = "tournament.referee_set"      // target tournament; details: user, replaced (ids)
	AuditRefereeRemoved     = "tournament.referee_removed"  // target tournament; details: user
	AuditShuffled           = "tournament.shuffled"         // target tournament; details: moves [{user, from, to}]

	AuditResultValidated = "match.result_validated" // target match; details: tournament, score, winner, loser, from, to, notes
	AuditResultRejected  = "match.result_rejected"  // target match; details: tournament, score, from, to, notes
	AuditMatchCancelled  = "match.cancelled"        // target match; details: tournament, from, to, by_player

	AuditClubEdited       = "club.edited"       // target club; details: name, changes {field: {from, to}}
	AuditTournamentEdited = "tournament.edited" // target tournament; details: name, changes {field: {from, to}}

	AuditCleanup = "system.cleanup" // target none; details: trigger (manual, schedule), counts per kind, removed names

	// A user transfer writes one row on each account; details: transfer, source, target, emails, reason, moved.
	AuditTransferredOut = "user.transferred_out"
	AuditTransferredIn  = "user.transferred_in"
)

// AuditActions lists every action above, for the system logs' action filter. Other areas
// append theirs here when they add them.
var AuditActions = []string{AuditAccountCreated, AuditLinkedByEmail, AuditUnlinked, AuditRoleChanged, AuditStatusChanged,
	AuditRootRestored, AuditClubValidated, AuditClubRejected, AuditClubMemberRole, AuditClubMemberGone,
	AuditTournamentApproved, AuditTournamentRejected, AuditTournamentClosed, AuditJoinApproved, AuditJoinDeclined,
	AuditPlayerStatus, AuditPlayerRemoved, AuditRefereeSet, AuditRefereeRemoved, AuditShuffled,
	AuditResultValidated, AuditResultRejected, AuditMatchCancelled, AuditCleanup, AuditTransferredOut, AuditTransferredIn,
	AuditDeletionRequested, AuditDeletionApproved, AuditDeletionDeclined, AuditClubEdited, AuditTournamentEdited}

type clientIPKey struct{}

// WithClientIP returns ctx carrying the caller's address, which audit entries record.
func WithClientIP(ctx context.Context, ip string) context.Context {
	return context.WithValue(ctx, clientIPKey{}, ip)
}

func clientIP(ctx context.Context) string {
	ip, _ := ctx.Value(clientIPKey{}).(string)
	return ip
}

type requestIDKey struct{}

// WithRequestID returns ctx carrying the id of the HTTP request (the X-Request-Id answered), which
// audit entries record so an operator can find the request in the server's log.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestID is the request id carried by ctx ("" outside a request: jobs, commands).
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// audit records one privileged or security-relevant action in tx, the transaction of the
// change itself. actor.UserID <= 0 (the system, an operator's command without an account, a
// stranger signing in) is stored as no actor. targetID <= 0 is stored as none.
func (s *Service) audit(ctx context.Context, tx *store.Tx, actor policy.Actor, action, targetType string, targetID int64, details map[string]any) error {
	e := store.AuditEntry{Action: action, TargetType: targetType, IP: clientIP(ctx), RequestID: RequestID(ctx)}
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

// changedFields lists, field by field, what an edit changed: {"name": {"from": …, "to": …}}.
// Times of the row itself (updated_at) are left out: they change with every write.
func changedFields(before, after any) map[string]any {
	var b, a map[string]any
	bb, _ := json.Marshal(before)
	ab, _ := json.Marshal(after)
	_ = json.Unmarshal(bb, &b)
	_ = json.Unmarshal(ab, &a)
	out := map[string]any{}
	for k, v := range a {
		if k == "UpdatedAt" || k == "updated_at" || k == "Version" {
			continue
		}
		if w, ok := b[k]; !ok || !reflect.DeepEqual(v, w) {
			out[k] = map[string]any{"from": b[k], "to": v}
		}
	}
	return out
}
