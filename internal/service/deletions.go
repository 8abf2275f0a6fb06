package service

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// Audit actions of deletion requests.
const (
	AuditDeletionRequested = "deletion.requested" // details: reason, self
	AuditDeletionApproved  = "deletion.approved"  // the account was erased; details: request
	AuditDeletionDeclined  = "deletion.declined"  // details: request
)

// maxDeletionReason bounds a request's reason (runes).
const maxDeletionReason = 500

// DeletionView is a request with the accounts it names, as the reader may see it.
type DeletionView struct {
	store.DeletionRequest
	User, Requester, Decider store.User // zero when missing
	Self                     bool       // the person asked for their own deletion
	CanDecide                bool
}

// RequestDeletion is a super admin asking for the definitive deletion of the account with this
// email; the reason is required. The root decides later.
func (s *Service) RequestDeletion(ctx context.Context, actor policy.Actor, email, reason string) (DeletionView, error) {
	var f fieldErrors
	email = f.requiredEmail("email", email)
	reason = f.requiredText("reason", reason, maxDeletionReason)
	if err := f.err(); err != nil {
		return DeletionView{}, err
	}
	u, err := s.db.UserByEmail(ctx, nil, email)
	if errors.Is(err, store.ErrNotFound) || (err == nil && u.DeletedAt.Valid) {
		return DeletionView{}, &Error{Kind: KindNotFound, Code: "user.not_found"}
	} else if err != nil {
		return DeletionView{}, err
	}
	return s.requestDeletion(ctx, actor, u.ID, reason)
}

// RequestOwnDeletion is a person asking for the deletion of their own account (GDPR, from the
// settings). The reason is optional.
func (s *Service) RequestOwnDeletion(ctx context.Context, cur Current, reason string) (DeletionView, error) {
	if err := signedIn(cur); err != nil {
		return DeletionView{}, err
	}
	reason = strings.TrimSpace(reason)
	if utf8.RuneCountInString(reason) > maxDeletionReason {
		return DeletionView{}, &Error{Kind: KindInvalid, Code: "validation.failed",
			Fields: []FieldError{{Field: "reason", Code: "validation.too_long", Params: map[string]any{"max": maxDeletionReason}}}}
	}
	return s.requestDeletion(ctx, cur.Actor, cur.User.ID, reason)
}

func (s *Service) requestDeletion(ctx context.Context, actor policy.Actor, userID int64, reason string) (DeletionView, error) {
	var v DeletionView
	err := s.spend(actor.UserID, ActionDeletion, func() error {
		return s.db.Tx(ctx, func(tx *store.Tx) error {
			u, err := s.db.UserByID(ctx, tx, userID)
			if errors.Is(err, store.ErrNotFound) || (err == nil && u.DeletedAt.Valid) {
				return &Error{Kind: KindNotFound, Code: "user.not_found"}
			} else if err != nil {
				return err
			}
			if err := denied(policy.RequestDeletion(actor, s.target(u))); err != nil {
				return err
			}
			if _, err := s.db.PendingDeletionFor(ctx, tx, u.ID); err == nil {
				return &Error{Kind: KindConflict, Code: "deletion.already_pending"}
			} else if !errors.Is(err, store.ErrNotFound) {
				return err
			}
			r := store.DeletionRequest{UserID: u.ID, RequestedBy: sql.NullInt64{Int64: actor.UserID, Valid: true}, Reason: reason}
			if err := s.db.InsertDeletionRequest(ctx, tx, &r); store.IsUniqueViolation(err) {
				return &Error{Kind: KindConflict, Code: "deletion.already_pending"}
			} else if err != nil {
				return err
			}
			self := actor.UserID == u.ID
			if err := s.audit(ctx, tx, actor, AuditDeletionRequested, "user", u.ID,
				map[string]any{"request": r.ID, "reason": reason, "self": self}); err != nil {
				return err
			}
			// The person hears of it (a request by a super admin) or gets a receipt (their own);
			// the root is told a request awaits.
			key := "deletion.requested"
			if self {
				key = "deletion.self_requested"
			}
			if err := s.Notify(ctx, tx, u.ID, Note{Type: AdminAction, TitleKey: key + "_title", MessageKey: key,
				ActionURL: "/settings"}); err != nil {
				return err
			}
			if root, err := s.db.UserByEmail(ctx, tx, s.rootEmail); err == nil && s.rootEmail != "" && root.ID != u.ID {
				if err := s.Notify(ctx, tx, root.ID, Note{Type: AdminAction, TitleKey: "deletion.pending_title",
					MessageKey: "deletion.pending", ActionURL: "/super-admin/deletions"}); err != nil {
					return err
				}
			} else if err != nil && !errors.Is(err, store.ErrNotFound) {
				return err
			}
			v = DeletionView{DeletionRequest: r, User: u, Self: self}
			return nil
		})
	})
	if err == nil {
		s.log.InfoContext(ctx, "deletion requested", "by", actor.UserID, "user_id", userID, "request", v.ID)
	}
	return v, err
}

// DecideDeletion approves (erasing the account) or declines the pending request id; the root
// only, never on a request it made. One of two concurrent decisions wins; the other gets
// deletion.already_decided.
func (s *Service) DecideDeletion(ctx context.Context, actor policy.Actor, id int64, approve bool) (DeletionView, error) {
	var v DeletionView
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		r, err := s.db.DeletionRequestByID(ctx, tx, id)
		if errors.Is(err, store.ErrNotFound) {
			return &Error{Kind: KindNotFound, Code: "deletion.not_found"}
		} else if err != nil {
			return err
		}
		u, err := s.db.UserByID(ctx, tx, r.UserID)
		if err != nil {
			return err
		}
		if err := denied(policy.DecideDeletion(actor, r.RequestedBy.Int64, s.target(u))); err != nil {
			return err
		}
		state, action := "declined", AuditDeletionDeclined
		if approve {
			state, action = "approved", AuditDeletionApproved
		}
		ok, err := s.db.DecideDeletionRequest(ctx, tx, r.ID, state, actor.UserID)
		if err == nil && !ok {
			err = &Error{Kind: KindConflict, Code: "deletion.already_decided"}
		}
		if err != nil {
			return err
		}
		if approve {
			if _, err := s.db.EraseUser(ctx, tx, u.ID); err != nil {
				return err
			}
		}
		if err := s.audit(ctx, tx, actor, action, "user", u.ID, map[string]any{"request": r.ID}); err != nil {
			return err
		}
		// Tell whoever still exists: the requester (unless they were the one erased) and, on a
		// decline, the person.
		notify := map[int64]bool{}
		if r.RequestedBy.Valid && !(approve && r.RequestedBy.Int64 == u.ID) {
			notify[r.RequestedBy.Int64] = true
		}
		if !approve {
			notify[u.ID] = true
		}
		for to := range notify {
			if who, err := s.db.UserByID(ctx, tx, to); errors.Is(err, store.ErrNotFound) || (err == nil && who.DeletedAt.Valid) {
				continue // erased meanwhile: nobody to tell
			} else if err != nil {
				return err
			}
			if err := s.Notify(ctx, tx, to, Note{Type: AdminAction, TitleKey: "deletion." + state + "_title",
				MessageKey: "deletion." + state, ActionURL: deletionLink(to == u.ID)}); err != nil {
				return err
			}
		}
		r.State, r.DecidedBy, r.DecidedAt = state, sql.NullInt64{Int64: actor.UserID, Valid: true}, sql.NullTime{Time: s.now(), Valid: true}
		v = DeletionView{DeletionRequest: r, User: u, Self: r.RequestedBy.Int64 == u.ID}
		return nil
	})
	if err == nil {
		s.log.InfoContext(ctx, "deletion decided", "by", actor.UserID, "request", id, "approved", approve)
	}
	return v, err
}

func deletionLink(subject bool) string {
	if subject {
		return "/settings"
	}
	return "/super-admin/deletions"
}

// DeletionRequests lists requests for the deletions screen (super admins), pending first, with
// the reader's flags. state "" lists all.
func (s *Service) DeletionRequests(ctx context.Context, actor policy.Actor, state string, offset, limit int) ([]DeletionView, int, error) {
	if err := denied(policy.Allow(actor, policy.SuperAdmins)); err != nil {
		return nil, 0, err
	}
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	offset = max(offset, 0)
	rows, total, err := s.db.DeletionRequests(ctx, state, offset, limit)
	if err != nil {
		return nil, 0, err
	}
	ids := []int64{}
	for _, r := range rows {
		ids = append(ids, r.UserID, r.RequestedBy.Int64, r.DecidedBy.Int64)
	}
	users, err := s.db.UsersByIDs(ctx, ids)
	if err != nil {
		return nil, 0, err
	}
	out := make([]DeletionView, len(rows))
	for i, r := range rows {
		u := users[r.UserID]
		out[i] = DeletionView{DeletionRequest: r, User: u, Requester: users[r.RequestedBy.Int64], Decider: users[r.DecidedBy.Int64],
			Self:      r.RequestedBy.Int64 == r.UserID,
			CanDecide: policy.DeletionFlags(actor, r.State == "pending", r.RequestedBy.Int64, s.target(u)).CanDecide}
	}
	return out, total, nil
}

// OwnDeletion is the caller's pending deletion request, if any (for the settings page).
func (s *Service) OwnDeletion(ctx context.Context, cur Current) (*store.DeletionRequest, error) {
	if err := signedIn(cur); err != nil {
		return nil, err
	}
	r, err := s.db.PendingDeletionFor(ctx, nil, cur.User.ID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	return &r, err
}
