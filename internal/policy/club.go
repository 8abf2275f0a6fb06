package policy

// Club rules (SPEC §6 and issue #11). Only super admins decide on proposed clubs. A club is run
// by its administrators, who are peers: any of them (and any super admin) edits the club,
// appoints members as administrators, returns administrators to members and removes members.
// The club's creator has no protection beyond being an administrator. Nobody acts on themselves
// through these (leaving is its own action), and a club that has members always keeps at least
// one administrator: the last one must appoint another before leaving, and cannot be demoted or
// removed while other members remain. Pending and rejected clubs are seen only by super admins
// and their creators.

// Club roles of a membership.
const (
	ClubAdministrator = "administrator"
	ClubMember        = "member"
)

// Club refusal codes (errors.json).
const (
	CodeClubNotValidated   = "club.not_validated"
	CodeClubAlreadyMember  = "club.already_member"
	CodeClubNotMember      = "club.not_member"
	CodeClubLastAdmin      = "club.last_admin"       // the caller is the last administrator
	CodeClubLastAdminOther = "club.last_admin_other" // the target is the last administrator
	CodeClubNotYourself    = "club.not_yourself"
	CodeClubMemberNotFound = "club.member_not_found"
	CodeClubAlreadyAdmin   = "club.already_admin"
	CodeClubNotAdmin       = "club.not_admin"
	CodeClubRoleInvalid    = "club.role_invalid"
)

// ClubState is what the club rules need to know about a club and the caller's place in it.
type ClubState struct {
	Status    string // pending, validated or rejected
	CreatorID int64
	MyRole    string // the caller's role in the club: administrator, member or ""
	Admins    int    // how many administrators the club has whose account is not suspended
	Members   int    // how many members (administrators included)
}

// ClubTarget is the membership acted upon: Role is "" when the account is not a member.
type ClubTarget struct {
	UserID    int64
	Role      string
	Suspended bool // the account is suspended: as an administrator it is not counted in Admins
}

// countedAdmin tells whether t is one of the administrators counted in ClubState.Admins.
func (t ClubTarget) countedAdmin() bool { return t.Role == ClubAdministrator && !t.Suspended }

// DecideClub decides whether a may validate or reject a proposed club.
func DecideClub(a Actor) error { return Allow(a, SuperAdmins) }

// CanDecideClub: a super admin looking at a club still pending.
func CanDecideClub(a Actor, status string) bool { return status == "pending" && DecideClub(a) == nil }

// EditClub decides whether a may edit a club in which a has clubRole ("" when not a member).
func EditClub(a Actor, clubRole string) error {
	if !a.SignedIn() {
		return deny(CodeSignInRequired)
	}
	if a.IsSuperAdmin() || clubRole == ClubAdministrator {
		return nil
	}
	return deny(CodeForbidden)
}

// SeeClub decides whether a may see a club with status created by creatorID.
func SeeClub(a Actor, status string, creatorID int64) bool {
	return status == "validated" || a.IsSuperAdmin() || (a.SignedIn() && a.UserID == creatorID)
}

// JoinClub decides whether a may join the club: any account not yet a member of a validated club.
func JoinClub(a Actor, c ClubState) error {
	switch {
	case c.Status != "validated":
		return deny(CodeClubNotValidated)
	case !a.SignedIn():
		return deny(CodeSignInRequired)
	case c.MyRole != "":
		return deny(CodeClubAlreadyMember)
	}
	return nil
}

// JoinRole is the role a joiner gets: administrator when the club has no administrator able to
// run it (every administrator left or is suspended), member otherwise.
func JoinRole(c ClubState) string {
	if c.Admins == 0 {
		return ClubAdministrator
	}
	return ClubMember
}

// LeaveClub decides whether a may end their membership. The last administrator may leave only
// when nobody else remains (the club would have nobody to run it).
func LeaveClub(a Actor, c ClubState) error {
	switch {
	case !a.SignedIn():
		return deny(CodeSignInRequired)
	case c.MyRole == "":
		return deny(CodeClubNotMember)
	case c.MyRole == ClubAdministrator && c.Admins <= 1 && c.Members > 1:
		return deny(CodeClubLastAdmin)
	}
	return nil
}

// ManageClubMembers decides whether a may act on the club's members at all: its administrators
// and super admins.
func ManageClubMembers(a Actor, c ClubState) error {
	if !a.SignedIn() {
		return deny(CodeSignInRequired)
	}
	if a.IsSuperAdmin() || c.MyRole == ClubAdministrator {
		return nil
	}
	return deny(CodeForbidden)
}

// onOther checks what every action on another member has in common.
func onOther(a Actor, c ClubState, t ClubTarget) error {
	if err := ManageClubMembers(a, c); err != nil {
		return err
	}
	if t.UserID == a.UserID {
		return deny(CodeClubNotYourself)
	}
	if t.Role == "" {
		return deny(CodeClubMemberNotFound)
	}
	return nil
}

// SetClubRole decides whether a may give member t the club role to (administrator or member).
// Demoting the last administrator is refused: a club with members keeps one.
func SetClubRole(a Actor, c ClubState, t ClubTarget, to string) error {
	if to != ClubAdministrator && to != ClubMember {
		return deny(CodeClubRoleInvalid)
	}
	if err := onOther(a, c, t); err != nil {
		return err
	}
	switch {
	case to == ClubAdministrator && t.Role == ClubAdministrator:
		return deny(CodeClubAlreadyAdmin)
	case to == ClubMember && t.Role != ClubAdministrator:
		return deny(CodeClubNotAdmin)
	case to == ClubMember && t.countedAdmin() && c.Admins <= 1:
		return deny(CodeClubLastAdminOther)
	}
	return nil
}

// RemoveClubMember decides whether a may remove member t from the club. The last administrator
// is removed only when they are the last member too (as when they leave).
func RemoveClubMember(a Actor, c ClubState, t ClubTarget) error {
	if err := onOther(a, c, t); err != nil {
		return err
	}
	if t.countedAdmin() && c.Admins <= 1 && c.Members > 1 {
		return deny(CodeClubLastAdminOther)
	}
	return nil
}

// ClubMemberFlags are the actions a may take on one member row (the API's can_* flags).
type ClubMemberFlags struct{ MakeAdmin, RemoveAdmin, Remove bool }

// MemberFlags answers SetClubRole and RemoveClubMember for one member row.
func MemberFlags(a Actor, c ClubState, t ClubTarget) ClubMemberFlags {
	return ClubMemberFlags{
		MakeAdmin:   SetClubRole(a, c, t, ClubAdministrator) == nil,
		RemoveAdmin: SetClubRole(a, c, t, ClubMember) == nil,
		Remove:      RemoveClubMember(a, c, t) == nil,
	}
}
