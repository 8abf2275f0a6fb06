package policy

import "testing"

func clubCode(err error) string {
	if d, ok := err.(*Denied); ok {
		return d.Code
	}
	if err != nil {
		return "unexpected: " + err.Error()
	}
	return ""
}

func TestClubRules(t *testing.T) {
	var (
		visitor = Actor{}
		player  = Actor{UserID: 1, Role: Player}
		siteAdm = Actor{UserID: 2, Role: Admin}
		super   = Actor{UserID: 3, Role: SuperAdmin}

		// A validated club with two administrators and five members, seen by each kind of caller.
		asAdmin   = ClubState{Status: "validated", MyRole: ClubAdministrator, Admins: 2, Members: 5}
		asMember  = ClubState{Status: "validated", MyRole: ClubMember, Admins: 2, Members: 5}
		asOutside = ClubState{Status: "validated", Admins: 2, Members: 5}
		// The same club with one administrator left.
		soleAdmin   = ClubState{Status: "validated", MyRole: ClubAdministrator, Admins: 1, Members: 5}
		soleOutside = ClubState{Status: "validated", Admins: 1, Members: 5}
		// A club whose only member is its administrator.
		alone = ClubState{Status: "validated", MyRole: ClubAdministrator, Admins: 1, Members: 1}

		member       = ClubTarget{UserID: 10, Role: ClubMember}
		otherAdm     = ClubTarget{UserID: 11, Role: ClubAdministrator}
		outsider     = ClubTarget{UserID: 12}
		selfAdmin    = ClubTarget{UserID: 1, Role: ClubAdministrator}
		suspendedAdm = ClubTarget{UserID: 13, Role: ClubAdministrator, Suspended: true}
	)
	cases := []struct {
		name string
		got  error
		want string
	}{
		{"super admin decides", DecideClub(super), ""},
		{"admin does not decide", DecideClub(siteAdm), CodeForbidden},
		{"visitor does not decide", DecideClub(visitor), CodeSignInRequired},

		{"club admin edits", EditClub(player, ClubAdministrator), ""},
		{"super admin edits", EditClub(super, ""), ""},
		{"member does not edit", EditClub(player, ClubMember), CodeForbidden},
		{"site admin is no club admin", EditClub(siteAdm, ""), CodeForbidden},
		{"visitor edits nothing", EditClub(visitor, ""), CodeSignInRequired},

		{"outsider joins a validated club", JoinClub(player, asOutside), ""},
		{"visitor must sign in to join", JoinClub(visitor, asOutside), CodeSignInRequired},
		{"member joins again", JoinClub(player, asMember), CodeClubAlreadyMember},
		{"nobody joins a pending club", JoinClub(player, ClubState{Status: "pending"}), CodeClubNotValidated},

		{"member leaves", LeaveClub(player, asMember), ""},
		{"one of two admins leaves", LeaveClub(player, asAdmin), ""},
		{"last admin with members cannot leave", LeaveClub(player, soleAdmin), CodeClubLastAdmin},
		{"last admin alone leaves", LeaveClub(player, alone), ""},
		{"outsider cannot leave", LeaveClub(player, asOutside), CodeClubNotMember},
		{"visitor cannot leave", LeaveClub(visitor, asOutside), CodeSignInRequired},

		{"club admin manages", ManageClubMembers(player, asAdmin), ""},
		{"super admin manages", ManageClubMembers(super, asOutside), ""},
		{"member does not manage", ManageClubMembers(player, asMember), CodeForbidden},
		{"site admin does not manage", ManageClubMembers(siteAdm, asOutside), CodeForbidden},
		{"visitor does not manage", ManageClubMembers(visitor, asOutside), CodeSignInRequired},

		{"admin appoints a member", SetClubRole(player, asAdmin, member, ClubAdministrator), ""},
		{"super admin appoints a member", SetClubRole(super, asOutside, member, ClubAdministrator), ""},
		{"member cannot appoint", SetClubRole(player, asMember, member, ClubAdministrator), CodeForbidden},
		{"site admin cannot appoint", SetClubRole(siteAdm, asOutside, member, ClubAdministrator), CodeForbidden},
		{"visitor cannot appoint", SetClubRole(visitor, asOutside, member, ClubAdministrator), CodeSignInRequired},
		{"outsider is not appointed", SetClubRole(player, asAdmin, outsider, ClubAdministrator), CodeClubMemberNotFound},
		{"admin is not appointed twice", SetClubRole(player, asAdmin, otherAdm, ClubAdministrator), CodeClubAlreadyAdmin},
		{"unknown role", SetClubRole(player, asAdmin, member, "owner"), CodeClubRoleInvalid},
		{"admin demotes another admin", SetClubRole(player, asAdmin, otherAdm, ClubMember), ""},
		{"super admin demotes one of two", SetClubRole(super, asOutside, otherAdm, ClubMember), ""},
		{"nobody demotes themselves", SetClubRole(player, asAdmin, selfAdmin, ClubMember), CodeClubNotYourself},
		{"member is no admin to demote", SetClubRole(player, asAdmin, member, ClubMember), CodeClubNotAdmin},
		{"super admin cannot demote the last admin", SetClubRole(super, soleOutside, otherAdm, ClubMember), CodeClubLastAdminOther},
		{"creator has no protection", SetClubRole(player, ClubState{Status: "validated", MyRole: ClubAdministrator, Admins: 2, Members: 2, CreatorID: 11}, otherAdm, ClubMember), ""},

		{"admin removes a member", RemoveClubMember(player, asAdmin, member), ""},
		{"admin removes another admin", RemoveClubMember(player, asAdmin, otherAdm), ""},
		{"super admin removes a member", RemoveClubMember(super, asOutside, member), ""},
		{"member cannot remove", RemoveClubMember(player, asMember, member), CodeForbidden},
		{"nobody removes themselves", RemoveClubMember(player, asAdmin, selfAdmin), CodeClubNotYourself},
		{"outsider cannot be removed", RemoveClubMember(player, asAdmin, outsider), CodeClubMemberNotFound},
		{"last admin is not removed while members remain", RemoveClubMember(super, soleOutside, otherAdm), CodeClubLastAdminOther},
		{"last admin and last member is removed", RemoveClubMember(super, ClubState{Status: "validated", Admins: 1, Members: 1}, otherAdm), ""},
		// A suspended administrator is not counted (soleAdmin's Admins is the caller alone): they
		// can be demoted or removed, and they do not let the last able administrator go.
		{"suspended co-admin is demoted", SetClubRole(player, soleAdmin, suspendedAdm, ClubMember), ""},
		{"suspended co-admin is removed", RemoveClubMember(player, soleAdmin, suspendedAdm), ""},
		{"suspended co-admin does not free the last admin", LeaveClub(player, soleAdmin), CodeClubLastAdmin},
	}
	for _, c := range cases {
		if got := clubCode(c.got); got != c.want {
			t.Errorf("%s: got %q want %q", c.name, got, c.want)
		}
	}
	// A club with no administrator able to run it gets its next joiner as one.
	if JoinRole(ClubState{Status: "validated"}) != ClubAdministrator || JoinRole(ClubState{Status: "validated", Members: 3}) != ClubAdministrator ||
		JoinRole(asOutside) != ClubMember {
		t.Error("JoinRole")
	}
	if !CanDecideClub(super, "pending") || CanDecideClub(super, "validated") || CanDecideClub(player, "pending") {
		t.Error("CanDecideClub")
	}
	if !SeeClub(visitor, "validated", 0) || SeeClub(visitor, "pending", 1) || !SeeClub(player, "pending", 1) ||
		SeeClub(player, "rejected", 9) || !SeeClub(super, "rejected", 9) {
		t.Error("SeeClub")
	}
	if f := MemberFlags(player, asAdmin, member); f != (ClubMemberFlags{MakeAdmin: true, Remove: true}) {
		t.Errorf("member row: %+v", f)
	}
	if f := MemberFlags(player, asAdmin, otherAdm); f != (ClubMemberFlags{RemoveAdmin: true, Remove: true}) {
		t.Errorf("admin row: %+v", f)
	}
	if f := MemberFlags(player, asAdmin, selfAdmin); f != (ClubMemberFlags{}) {
		t.Errorf("own row: %+v", f)
	}
	if f := MemberFlags(super, soleOutside, otherAdm); f != (ClubMemberFlags{}) {
		t.Errorf("last admin row: %+v", f)
	}
	if f := MemberFlags(player, asMember, member); f != (ClubMemberFlags{}) {
		t.Errorf("member's view: %+v", f)
	}
}
