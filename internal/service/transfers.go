package service

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// MaxTransferReason bounds the reason of a transfer.
const MaxTransferReason = 500

// TransferInput is the user transfer form (SPEC §4, §5): both emails and the reason are
// required, and the three checks must all be confirmed.
type TransferInput struct {
	SourceEmail, TargetEmail, Reason                       string
	IdentityVerified, IrreversibleUnderstood, UserInformed bool
}

// TransferUser moves everything the source account owns to the target account in one
// transaction, deactivates the source (it can no longer sign in: sessions ended, identity link
// removed), notifies both, records the history and audits it (docs/DECISIONS.md, "User transfer").
func (s *Service) TransferUser(ctx context.Context, cur Current, in TransferInput) (store.UserTransfer, error) {
	var out store.UserTransfer
	if err := denied(policy.Allow(cur.Actor, policy.SuperAdmins)); err != nil {
		return out, err
	}
	in.SourceEmail, in.TargetEmail, in.Reason = strings.TrimSpace(in.SourceEmail), strings.TrimSpace(in.TargetEmail), strings.TrimSpace(in.Reason)
	var missing fieldErrors
	for _, f := range []struct{ name, v string }{{"source_email", in.SourceEmail}, {"target_email", in.TargetEmail}, {"reason", in.Reason}} {
		if f.v == "" {
			missing.add(f.name, "validation.required", nil)
		}
	}
	if len(missing) > 0 {
		return out, &Error{Kind: KindInvalid, Code: "transfer.fields_required", Fields: missing}
	}
	var bad fieldErrors
	for _, f := range []struct{ name, v string }{{"source_email", in.SourceEmail}, {"target_email", in.TargetEmail}} {
		if !validEmail(f.v) {
			bad.add(f.name, "superadmin.email_invalid", nil)
		}
	}
	if utf8.RuneCountInString(in.Reason) > MaxTransferReason {
		bad.add("reason", "validation.too_long", map[string]any{"max": MaxTransferReason})
	}
	if err := bad.err(); err != nil {
		return out, err
	}
	var unchecked fieldErrors
	for _, f := range []struct {
		name string
		ok   bool
	}{{"identity_verified", in.IdentityVerified}, {"irreversible_understood", in.IrreversibleUnderstood}, {"user_informed", in.UserInformed}} {
		if !f.ok {
			unchecked.add(f.name, "validation.required", nil)
		}
	}
	if len(unchecked) > 0 {
		return out, &Error{Kind: KindInvalid, Code: "transfer.confirmations_required", Fields: unchecked}
	}
	err := s.spend(cur.User.ID, ActionTransfer, func() error {
		return s.db.Tx(ctx, func(tx *store.Tx) error {
			var err error
			out, err = s.transfer(ctx, tx, cur.Actor, in)
			return err
		})
	})
	if err == nil {
		s.log.InfoContext(ctx, "user transferred", "by", cur.User.ID, "source", out.SourceID, "target", out.TargetID, "transfer", out.ID)
	}
	return out, err
}

func (s *Service) transfer(ctx context.Context, tx *store.Tx, actor policy.Actor, in TransferInput) (store.UserTransfer, error) {
	var out store.UserTransfer
	var unknown fieldErrors
	ids := [2]int64{}
	for i, f := range []struct{ name, v string }{{"source_email", in.SourceEmail}, {"target_email", in.TargetEmail}} {
		u, err := s.db.UserByEmail(ctx, tx, f.v)
		if errors.Is(err, store.ErrNotFound) {
			unknown.add(f.name, "transfer.unknown_email", map[string]any{"email": store.NormaliseEmail(f.v)})
			continue
		}
		if err != nil {
			return out, err
		}
		ids[i] = u.ID
	}
	if len(unknown) > 0 {
		return out, &Error{Kind: KindInvalid, Code: "validation.failed", Fields: unknown}
	}
	if ids[0] == ids[1] {
		return out, denied(policy.TransferUser(actor, policy.Target{UserID: ids[0]}, policy.Target{UserID: ids[1]}))
	}
	// Lock, then read both accounts again: a concurrent transfer of the same source waits here
	// and then finds it deactivated.
	if err := s.db.TransferLocks(ctx, tx, ids[0], ids[1]); err != nil {
		return out, err
	}
	src, err := s.db.UserByID(ctx, tx, ids[0])
	if err != nil {
		return out, err
	}
	dst, err := s.db.UserByID(ctx, tx, ids[1])
	if err != nil {
		return out, err
	}
	if err := denied(policy.TransferUser(actor, s.target(src), s.target(dst))); err != nil {
		return out, err
	}
	moved, err := s.db.MoveOwnership(ctx, tx, src.ID, dst.ID, actor.UserID)
	if err != nil {
		return out, err
	}
	movedJSON, err := json.Marshal(moved)
	if err != nil {
		return out, err
	}
	params := map[string]any{"source": src.Email, "target": dst.Email}
	// The source is told before it is deactivated, so the email still goes out (it will not
	// sign in to read the notification).
	if err := s.Notify(ctx, tx, dst.ID, Note{Type: AdminAction, TitleKey: "admin_action.transfer_in_title",
		MessageKey: "admin_action.transfer_in", Params: params, ActionURL: "/profile"}); err != nil {
		return out, err
	}
	if err := s.Notify(ctx, tx, src.ID, Note{Type: AdminAction, TitleKey: "admin_action.transfer_out_title",
		MessageKey: "admin_action.transfer_out", Params: params}); err != nil {
		return out, err
	}
	ok, err := s.db.DeactivateUser(ctx, tx, src.ID)
	if err == nil && !ok {
		err = &Error{Kind: KindConflict, Code: "http.conflict"}
	}
	if err != nil {
		return out, err
	}
	out = store.UserTransfer{SourceID: src.ID, TargetID: dst.ID, ActorID: actor.UserID, SourceEmail: src.Email,
		TargetEmail: dst.Email, Reason: in.Reason, Moved: string(movedJSON)}
	if err := s.db.InsertUserTransfer(ctx, tx, &out); err != nil {
		return out, err
	}
	details := map[string]any{"transfer": out.ID, "source": src.ID, "target": dst.ID, "source_email": src.Email,
		"target_email": dst.Email, "reason": in.Reason, "moved": moved, "source_role": src.Role}
	if err := s.audit(ctx, tx, actor, AuditTransferredOut, "user", src.ID, details); err != nil {
		return out, err
	}
	return out, s.audit(ctx, tx, actor, AuditTransferredIn, "user", dst.ID, details)
}

// UserTransfers lists the transfer history, newest first (super admins).
func (s *Service) UserTransfers(ctx context.Context, cur Current, before int64, limit int) ([]store.UserTransfer, error) {
	if err := denied(policy.Allow(cur.Actor, policy.SuperAdmins)); err != nil {
		return nil, err
	}
	if limit <= 0 || limit > 200 {
		limit = 20
	}
	return s.db.UserTransfers(ctx, before, limit)
}
