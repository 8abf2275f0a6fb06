package service

import (
	"context"
	"errors"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// Club memberships: joining, leaving, appointing and demoting administrators, removing members.
// Every change locks the club first (store.LockClub), reads the counts after the lock and asks
// the policy, so two changes at once apply one after the other and a club with members never
// ends up without an administrator.

// policyCode is the refusal code of a policy answer ("" when allowed).
func policyCode(err error) string {
	var d *policy.Denied
	if errors.As(err, &d) {
		return d.Code
	}
	return ""
}

// clubRefusal turns a club policy refusal into the service error of the right kind.
func clubRefusal(err error) error {
	switch code := policyCode(err); code {
	case policy.CodeClubNotValidated, policy.CodeClubAlreadyMember, policy.CodeClubNotMember, policy.CodeClubLastAdmin,
		policy.CodeClubLastAdminOther, policy.CodeClubAlreadyAdmin, policy.CodeClubNotAdmin:
		return &Error{Kind: KindConflict, Code: code}
	case policy.CodeClubMemberNotFound:
		return &Error{Kind: KindNotFound, Code: code}
	case policy.CodeClubRoleInvalid:
		return &Error{Kind: KindInvalid, Code: "validation.failed",
			Fields: []FieldError{{Field: "role", Code: "validation.one_of", Params: map[string]any{"values": "administrator, member"}}}}
	}
	return denied(err)
}

// lockedClub locks a club the caller may see and returns it with the caller's place in it.
func (s *Service) lockedClub(ctx context.Context, tx *store.Tx, cur Current, id int64) (store.Club, policy.ClubState, error) {
	c, err := s.db.LockClub(ctx, tx, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !policy.SeeClub(cur.Actor, c.Status, c.CreatorID.Int64)) {
		return c, policy.ClubState{}, &Error{Kind: KindNotFound, Code: "club.not_found"}
	} else if err != nil {
		return c, policy.ClubState{}, err
	}
	st := policy.ClubState{Status: c.Status, CreatorID: c.CreatorID.Int64, Members: c.Members}
	admins, err := s.db.ClubActiveAdministrators(ctx, tx, id)
	if err != nil {
		return c, st, err
	}
	st.Admins = len(admins)
	if cur.Actor.SignedIn() {
		if st.MyRole, err = s.db.ClubRole(ctx, tx, id, cur.User.ID); err != nil {
			return c, st, err
		}
	}
	return c, st, nil
}

// clubTarget is userID's membership of the club as the policy sees it.
func (s *Service) clubTarget(ctx context.Context, tx *store.Tx, id, userID int64) (policy.ClubTarget, error) {
	t := policy.ClubTarget{UserID: userID}
	var err error
	if t.Role, err = s.db.ClubRole(ctx, tx, id, userID); err != nil || t.Role == "" {
		return t, err
	}
	u, err := s.db.UserByID(ctx, tx, userID)
	t.Suspended = u.Status == "suspended"
	return t, err
}

// JoinClub makes the caller a member of a validated club and tells its administrators. A club
// left without an administrator able to run it (policy.JoinRole) gets the joiner as one.
func (s *Service) JoinClub(ctx context.Context, cur Current, id int64) error {
	if err := signedIn(cur); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		c, st, err := s.lockedClub(ctx, tx, cur, id)
		if err != nil {
			return err
		}
		if err := clubRefusal(policy.JoinClub(cur.Actor, st)); err != nil {
			return err
		}
		added, err := s.db.AddClubMember(ctx, tx, id, cur.User.ID, policy.JoinRole(st))
		if err != nil {
			return err
		}
		if !added {
			return &Error{Kind: KindConflict, Code: policy.CodeClubAlreadyMember}
		}
		return s.notifyClubAdmins(ctx, tx, c, cur, PlayerJoinedTournament, "clubs.member_joined")
	})
}

// LeaveClub ends the caller's membership. The last administrator cannot leave while other
// members remain: the club would have nobody to run it.
func (s *Service) LeaveClub(ctx context.Context, cur Current, id int64) error {
	if err := signedIn(cur); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		c, st, err := s.lockedClub(ctx, tx, cur, id)
		if err != nil {
			return err
		}
		if err := clubRefusal(policy.LeaveClub(cur.Actor, st)); err != nil {
			return err
		}
		if _, err := s.db.RemoveClubMember(ctx, tx, id, cur.User.ID); err != nil {
			return err
		}
		if err := s.db.ClearUserClub(ctx, tx, cur.User.ID, id); err != nil {
			return err
		}
		return s.notifyClubAdmins(ctx, tx, c, cur, PlayerLeftTournament, "clubs.member_left")
	})
}

// SetClubMemberRole appoints a member as administrator (role "administrator") or returns an
// administrator to member (role "member"); club administrators and super admins, never on
// themselves, never leaving the club without an administrator. The member is told.
func (s *Service) SetClubMemberRole(ctx context.Context, cur Current, id, userID int64, role string) error {
	if err := signedIn(cur); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		c, st, err := s.lockedClub(ctx, tx, cur, id)
		if err != nil {
			return err
		}
		target, err := s.clubTarget(ctx, tx, id, userID)
		if err != nil {
			return err
		}
		if err := clubRefusal(policy.SetClubRole(cur.Actor, st, target, role)); err != nil {
			return err
		}
		changed, err := s.db.SetClubMemberRole(ctx, tx, id, userID, role)
		if err != nil {
			return err
		}
		if !changed { // cannot happen under the lock; kept as a guard
			return &Error{Kind: KindConflict, Code: policy.CodeClubAlreadyAdmin}
		}
		if err := s.audit(ctx, tx, cur.Actor, AuditClubMemberRole, "club", c.ID,
			map[string]any{"name": c.Name, "user": userID, "from": target.Role, "to": role}); err != nil {
			return err
		}
		key := "clubs.made_admin"
		if role == policy.ClubMember {
			key = "clubs.admin_removed"
		}
		return s.notifyMember(ctx, tx, c, cur, userID, key)
	})
}

// RemoveClubMember ends another member's membership (club administrators and super admins);
// the last administrator stays while other members remain. The member is told.
func (s *Service) RemoveClubMember(ctx context.Context, cur Current, id, userID int64) error {
	if err := signedIn(cur); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		c, st, err := s.lockedClub(ctx, tx, cur, id)
		if err != nil {
			return err
		}
		target, err := s.clubTarget(ctx, tx, id, userID)
		if err != nil {
			return err
		}
		if err := clubRefusal(policy.RemoveClubMember(cur.Actor, st, target)); err != nil {
			return err
		}
		if _, err := s.db.RemoveClubMember(ctx, tx, id, userID); err != nil {
			return err
		}
		if err := s.db.ClearUserClub(ctx, tx, userID, id); err != nil {
			return err
		}
		if err := s.audit(ctx, tx, cur.Actor, AuditClubMemberGone, "club", c.ID,
			map[string]any{"name": c.Name, "user": userID, "role": target.Role}); err != nil {
			return err
		}
		return s.notifyMember(ctx, tx, c, cur, userID, "clubs.member_removed")
	})
}

// notifyMember tells the member acted upon what happened and who did it (admin_action).
func (s *Service) notifyMember(ctx context.Context, tx *store.Tx, c store.Club, cur Current, userID int64, key string) error {
	return s.Notify(ctx, tx, userID, Note{Type: AdminAction, TitleKey: key + "_title", MessageKey: key,
		Params: map[string]any{"name": DisplayName(cur.User), "club": c.Name}, ActionURL: "/clubs/" + itoa64(c.ID)})
}

func (s *Service) notifyClubAdmins(ctx context.Context, tx *store.Tx, c store.Club, cur Current, t NotificationType, key string) error {
	admins, err := s.db.ClubAdministrators(ctx, tx, c.ID)
	if err != nil {
		return err
	}
	for _, a := range admins {
		if a == cur.User.ID {
			continue
		}
		if err := s.Notify(ctx, tx, a, Note{Type: t, TitleKey: key + "_title", MessageKey: key,
			Params: map[string]any{"name": DisplayName(cur.User), "club": c.Name}, ActionURL: "/clubs/" + itoa64(c.ID)}); err != nil {
			return err
		}
	}
	return nil
}
