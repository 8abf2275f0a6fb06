package service

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/realtime"
	"github.com/tennisladder/ladder/internal/store"
)

// Identity is what a verified identity provider says about the person signing in.
type Identity struct {
	Issuer, Subject, Email               string
	EmailVerified                        bool // the provider said email_verified: true (a missing claim is false)
	GivenName, FamilyName, Name, Picture string
	Language                             string // of the browser signing in: emails are written in it
}

// SignIn finds or creates the account for id, refuses suspended accounts, and opens a new
// session (a new token at every sign-in). The rules (docs/DECISIONS.md, "Trust (#11): sign-in"):
//   - an account linked to an issuer and subject is entered only with that issuer and subject;
//   - otherwise the email decides: an account with that email that was never linked (created by
//     an operator, the CLI or the demo seed) is linked to this identity, and a new account is
//     created when none has it — both only when the provider said email_verified: true;
//   - an account with that email already linked to another identity is not entered
//     (auth.email_linked_elsewhere), and nothing is created.
//
// The root account (LADDER_ROOT_EMAIL) follows the same rules. Every link and creation is
// logged and audited in the same transaction.
//
// Two first sign-ins of the same new identity at once both find no account; the second to
// insert hits the unique email (or subject) and is run once more, finding the account the first
// created.
func (s *Service) SignIn(ctx context.Context, id Identity, userAgent, ip string) (store.User, string, error) {
	ctx = WithClientIP(ctx, ip)
	u, token, err := s.signIn(ctx, id, userAgent, ip)
	if err != nil && store.IsUniqueViolation(err) {
		s.log.InfoContext(ctx, "sign-in raced another for the same account; retrying", "issuer", id.Issuer, "subject", id.Subject)
		u, token, err = s.signIn(ctx, id, userAgent, ip)
	}
	if err != nil {
		return store.User{}, "", err
	}
	s.log.InfoContext(ctx, "signed in", "user_id", u.ID)
	return u, token, nil
}

func (s *Service) signIn(ctx context.Context, id Identity, userAgent, ip string) (store.User, string, error) {
	var u store.User
	var token string
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		if u, err = s.db.UserBySubject(ctx, tx, id.Issuer, id.Subject); err == nil {
			setIdentity(&u, id)
			if err := s.db.UpdateUserIdentity(ctx, tx, &u); err != nil {
				return err
			}
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		} else if u, err = s.linkOrCreate(ctx, tx, id); err != nil {
			return err
		}
		if u.DeactivatedAt.Valid {
			// Transferred to another account: its identity link was removed, and linking it again
			// by email (linkOrCreate) is rolled back with this refusal.
			s.log.WarnContext(ctx, "sign-in refused: account transferred", "user_id", u.ID)
			return &Error{Kind: KindForbidden, Code: "auth.transferred"}
		}
		if u.Status == string(policy.Suspended) {
			s.log.WarnContext(ctx, "sign-in refused: account suspended", "user_id", u.ID)
			return &Error{Kind: KindForbidden, Code: "auth.suspended"}
		}
		if s.isRoot(u) && u.Role != string(policy.SuperAdmin) {
			// The root account is a super admin whatever happened to its row.
			if _, err := s.db.SetUserRole(ctx, tx, u.ID, u.Role, string(policy.SuperAdmin)); err != nil {
				return err
			}
			if err := s.audit(ctx, tx, policy.Actor{}, AuditRootRestored, "user", u.ID,
				map[string]any{"from": u.Role, "to": string(policy.SuperAdmin)}); err != nil {
				return err
			}
			u.Role = string(policy.SuperAdmin)
		}
		token, err = s.openSession(ctx, tx, u.ID, userAgent, ip)
		return err
	})
	return u, token, err
}

// linkOrCreate handles an identity no account is linked to yet (see SignIn).
func (s *Service) linkOrCreate(ctx context.Context, tx *store.Tx, id Identity) (store.User, error) {
	refuse := func(code, why string) (store.User, error) {
		s.log.WarnContext(ctx, "sign-in refused: "+why, "issuer", id.Issuer, "subject", id.Subject)
		return store.User{}, &Error{Kind: KindForbidden, Code: code}
	}
	if strings.TrimSpace(id.Email) == "" {
		return refuse("auth.email_missing", "email missing")
	}
	u, err := s.db.UserByEmail(ctx, tx, id.Email)
	switch {
	case errors.Is(err, store.ErrNotFound):
		if !id.EmailVerified {
			return refuse("auth.email_unverified", "email unverified")
		}
		u = store.User{Email: id.Email, FirstName: id.GivenName, LastName: id.FamilyName}
		if store.NormaliseEmail(id.Email) == s.rootEmail {
			u.Role = string(policy.SuperAdmin)
		}
		setIdentity(&u, id)
		if err := s.db.InsertUser(ctx, tx, &u); err != nil {
			return u, err
		}
		s.log.InfoContext(ctx, "account created at sign-in", "user_id", u.ID, "issuer", id.Issuer, "subject", id.Subject)
		return u, s.audit(ctx, tx, policy.Actor{}, AuditAccountCreated, "user", u.ID,
			map[string]any{"issuer": id.Issuer, "subject": id.Subject, "email": u.Email})
	case err != nil:
		return u, err
	case u.OIDCIssuer.String == id.Issuer && u.OIDCSubject.String == id.Subject && u.OIDCSubject.Valid:
		// Linked to this very identity since the look-up by subject (PostgreSQL reads each
		// statement afresh): a concurrent first sign-in created it. Entered as by subject.
		setIdentity(&u, id)
		return u, s.db.UpdateUserIdentity(ctx, tx, &u)
	case u.OIDCSubject.Valid:
		// Linked to another identity (another provider account with the same email, or the same
		// person at another issuer): never entered by email.
		s.log.WarnContext(ctx, "sign-in refused: email linked to another identity", "user_id", u.ID,
			"issuer", id.Issuer, "subject", id.Subject)
		return store.User{}, &Error{Kind: KindForbidden, Code: "auth.email_linked_elsewhere"}
	case !id.EmailVerified:
		return refuse("auth.email_unverified", "email unverified")
	}
	setIdentity(&u, id)
	ok, err := s.db.LinkUserIdentity(ctx, tx, &u)
	if err == nil && !ok {
		err = &Error{Kind: KindConflict, Code: "http.conflict"}
	}
	if err != nil {
		return u, err
	}
	s.log.InfoContext(ctx, "account linked by verified email", "user_id", u.ID, "issuer", id.Issuer, "subject", id.Subject)
	return u, s.audit(ctx, tx, policy.Actor{}, AuditLinkedByEmail, "user", u.ID,
		map[string]any{"issuer": id.Issuer, "subject": id.Subject, "email": u.Email})
}

func setIdentity(u *store.User, id Identity) {
	if id.Language == "pt" || id.Language == "en" {
		u.Language = id.Language
	}
	u.OIDCIssuer = sql.NullString{String: id.Issuer, Valid: true}
	u.OIDCSubject = sql.NullString{String: id.Subject, Valid: true}
	u.ExtName, u.ExtGivenName, u.ExtPicture = id.Name, id.GivenName, id.Picture
}

// DisplayName follows SPEC §3: first plus last name, else first name, else the provider's given
// name, else the first part of its full name, else the part of the email before the at sign.
// An erased account has no name: the interface shows its translated "Deleted player" label.
func DisplayName(u store.User) string {
	if u.DeletedAt.Valid {
		return ""
	}
	first, last := strings.TrimSpace(u.FirstName), strings.TrimSpace(u.LastName)
	switch {
	case first != "" && last != "":
		return first + " " + last
	case first != "":
		return first
	case strings.TrimSpace(u.ExtGivenName) != "":
		return strings.TrimSpace(u.ExtGivenName)
	case strings.TrimSpace(u.ExtName) != "":
		return strings.Fields(u.ExtName)[0]
	}
	local, _, _ := strings.Cut(u.Email, "@")
	return local
}

// IsRoot reports whether u is the main super admin.
func (s *Service) IsRoot(u store.User) bool { return s.isRoot(u) }

// ChangeRole gives the account id the role to, if the policy lets actor do it. The account's
// sessions are revoked so the new role applies at once everywhere.
func (s *Service) ChangeRole(ctx context.Context, actor policy.Actor, id int64, to policy.Role) (store.User, error) {
	if !validRole(to) {
		return store.User{}, &Error{Kind: KindInvalid, Code: "validation.failed",
			Fields: []FieldError{{Field: "role", Code: "validation.one_of", Params: map[string]any{"values": "player, admin, superadmin"}}}}
	}
	return s.setRole(ctx, actor, id, to, func(a policy.Actor, t policy.Target) error { return policy.ChangeRole(a, t, to) })
}

// applyRole gives u the role to in tx (the policy already agreed): conditional on the role read,
// audited and notified in the same transaction.
func (s *Service) applyRole(ctx context.Context, tx *store.Tx, actor policy.Actor, u *store.User, to policy.Role) error {
	ok, err := s.db.SetUserRole(ctx, tx, u.ID, u.Role, string(to))
	if err == nil && !ok {
		err = &Error{Kind: KindConflict, Code: "http.conflict"}
	}
	if err != nil {
		return err
	}
	if err := s.audit(ctx, tx, actor, AuditRoleChanged, "user", u.ID, map[string]any{"from": u.Role, "to": string(to)}); err != nil {
		return err
	}
	u.Role = string(to)
	return s.Notify(ctx, tx, u.ID, Note{Type: AdminAction, TitleKey: "admin_action.role_title",
		MessageKey: "admin_action.role_" + string(to), ActionURL: "/profile"})
}

// ChangeStatus suspends, pauses or reactivates the account id. Suspension ends its sessions.
func (s *Service) ChangeStatus(ctx context.Context, actor policy.Actor, id int64, to policy.Status) (store.User, error) {
	if !validStatus(to) {
		return store.User{}, &Error{Kind: KindInvalid, Code: "validation.failed",
			Fields: []FieldError{{Field: "status", Code: "validation.one_of", Params: map[string]any{"values": "active, suspended, paused"}}}}
	}
	return s.changeUser(ctx, actor, id, func(tx *store.Tx, u *store.User) error {
		if err := denied(policy.ChangeStatus(actor, s.target(*u), to)); err != nil {
			return err
		}
		ok, err := s.db.SetUserStatus(ctx, tx, u.ID, u.Status, string(to))
		if err == nil && !ok {
			err = &Error{Kind: KindConflict, Code: "http.conflict"}
		}
		if err != nil {
			return err
		}
		if err := s.audit(ctx, tx, actor, AuditStatusChanged, "user", u.ID, map[string]any{"from": u.Status, "to": string(to)}); err != nil {
			return err
		}
		u.Status = string(to)
		return s.Notify(ctx, tx, u.ID, Note{Type: AdminAction, TitleKey: "admin_action.status_title",
			MessageKey: "admin_action.status_" + string(to), ActionURL: "/profile"})
	})
}

// UnlinkIdentity removes the account's link to its identity provider account, if the policy
// lets actor do it, and ends its sessions: its next sign-in links it again by verified email
// (after the issuer URL or the provider changed). It reports whether the account was linked.
func (s *Service) UnlinkIdentity(ctx context.Context, actor policy.Actor, id int64) (bool, error) {
	var was bool
	_, err := s.changeUser(ctx, actor, id, func(tx *store.Tx, u *store.User) error {
		if err := denied(policy.UnlinkIdentity(actor, s.target(*u))); err != nil {
			return err
		}
		ok, err := s.db.UnlinkUserIdentity(ctx, tx, u.ID)
		if err != nil || !ok {
			return err
		}
		was = true
		return s.audit(ctx, tx, actor, AuditUnlinked, "user", u.ID,
			map[string]any{"issuer": u.OIDCIssuer.String, "subject": u.OIDCSubject.String})
	})
	return was, err
}

func (s *Service) changeUser(ctx context.Context, actor policy.Actor, id int64, change func(*store.Tx, *store.User) error) (store.User, error) {
	var u store.User
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		if u, err = s.db.UserByID(ctx, tx, id); errors.Is(err, store.ErrNotFound) {
			return &Error{Kind: KindNotFound, Code: "user.not_found"}
		} else if err != nil {
			return err
		}
		if err := change(tx, &u); err != nil {
			return err
		}
		s.publish(tx, realtime.Event{Type: realtime.TypeSessionsEnded, Users: []int64{u.ID}})
		return s.db.DeleteUserSessions(ctx, tx, u.ID)
	})
	if err == nil {
		s.log.InfoContext(ctx, "account changed", "by", actor.UserID, "user_id", u.ID, "role", u.Role, "status", u.Status)
	}
	return u, err
}

func (s *Service) target(u store.User) policy.Target {
	return policy.Target{UserID: u.ID, Role: policy.Role(u.Role), Root: s.isRoot(u), Status: policy.Status(u.Status),
		Deactivated: u.DeactivatedAt.Valid}
}

// denied turns a policy refusal into a service error.
func denied(err error) error {
	var d *policy.Denied
	if errors.As(err, &d) {
		kind := KindForbidden
		if d.Code == policy.CodeSignInRequired {
			kind = KindUnauthorized
		}
		return &Error{Kind: kind, Code: d.Code}
	}
	return err
}

func validRole(r policy.Role) bool {
	for _, v := range policy.Roles {
		if v == r {
			return true
		}
	}
	return false
}

func validStatus(st policy.Status) bool {
	for _, v := range policy.Statuses {
		if v == st {
			return true
		}
	}
	return false
}

// UserByEmail finds an account for operators' commands.
func (s *Service) UserByEmail(ctx context.Context, email string) (store.User, error) {
	u, err := s.db.UserByEmail(ctx, nil, email)
	if errors.Is(err, store.ErrNotFound) {
		return u, &Error{Kind: KindNotFound, Code: "user.not_found"}
	}
	return u, err
}

// ActorFor is the policy actor of an account (for operators' commands acting as someone).
func (s *Service) ActorFor(u store.User) policy.Actor { return s.actor(u) }
