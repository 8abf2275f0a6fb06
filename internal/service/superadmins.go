package service

import (
	"context"
	"errors"
	"strings"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// maxSuperAdmins bounds the super admins list: a platform has a handful.
const maxSuperAdmins = 200

// SuperAdminRow is one super admin as the /super-admins page shows it, with whether the reader
// may remove it and, when not, the policy's reason (a key of errors.json).
type SuperAdminRow struct {
	User          store.User
	Root          bool
	CanRemove     bool
	RemoveRefusal string
}

// SuperAdmins lists the super admins for a super admin (the root account first is not assumed:
// rows come by id, the root one marked).
func (s *Service) SuperAdmins(ctx context.Context, cur Current) ([]SuperAdminRow, error) {
	if err := denied(policy.Allow(cur.Actor, policy.SuperAdmins)); err != nil {
		return nil, err
	}
	us, err := s.db.SuperAdmins(ctx, maxSuperAdmins)
	if err != nil {
		return nil, err
	}
	out := make([]SuperAdminRow, len(us))
	for i, u := range us {
		out[i] = SuperAdminRow{User: u, Root: s.isRoot(u)}
		var d *policy.Denied
		if err := policy.RemoveSuperAdmin(cur.Actor, s.target(u)); errors.As(err, &d) {
			out[i].RemoveRefusal = d.Code
		} else {
			out[i].CanRemove = true
		}
	}
	return out, nil
}

// AddSuperAdmin makes the account registered with email a super admin (root only; SPEC §5: a
// valid email of an account that already exists). It is a role change: audited, notified, the
// account's sessions ended so the role applies at once.
func (s *Service) AddSuperAdmin(ctx context.Context, actor policy.Actor, email string) (store.User, error) {
	email = strings.TrimSpace(email)
	if email == "" || !validEmail(email) {
		return store.User{}, invalid("email", "superadmin.email_invalid", nil)
	}
	// Refused before the look-up: whether an email is registered is not a non-root's business.
	if err := denied(policy.AddSuperAdmin(actor, policy.Target{})); err != nil {
		return store.User{}, err
	}
	u, err := s.db.UserByEmail(ctx, nil, email)
	if errors.Is(err, store.ErrNotFound) {
		return store.User{}, invalid("email", "superadmin.not_registered", map[string]any{"email": store.NormaliseEmail(email)})
	}
	if err != nil {
		return store.User{}, err
	}
	if u.Role == string(policy.SuperAdmin) {
		return store.User{}, conflict("superadmin.already", nil)
	}
	return s.setRole(ctx, actor, u.ID, policy.SuperAdmin, policy.AddSuperAdmin)
}

// RemoveSuperAdmin takes the super admin role from the account id, which becomes a player
// (root only; never root itself; nobody removes themselves).
func (s *Service) RemoveSuperAdmin(ctx context.Context, actor policy.Actor, id int64) (store.User, error) {
	return s.setRole(ctx, actor, id, policy.Player, func(a policy.Actor, t policy.Target) error {
		if err := policy.RemoveSuperAdmin(a, t); err != nil {
			return err
		}
		if t.Role != policy.SuperAdmin {
			return &policy.Denied{Code: "superadmin.not_superadmin"}
		}
		return nil
	})
}

// setRole is ChangeRole with the rule given: the super admins page asks its own question of the
// same policy (AddSuperAdmin, RemoveSuperAdmin are ChangeRole).
func (s *Service) setRole(ctx context.Context, actor policy.Actor, id int64, to policy.Role, rule func(policy.Actor, policy.Target) error) (store.User, error) {
	return s.changeUser(ctx, actor, id, func(tx *store.Tx, u *store.User) error {
		if err := rule(actor, s.target(*u)); err != nil {
			var d *policy.Denied
			if errors.As(err, &d) && d.Code == "superadmin.not_superadmin" {
				return &Error{Kind: KindNotFound, Code: d.Code}
			}
			return denied(err)
		}
		return s.applyRole(ctx, tx, actor, u, to)
	})
}
