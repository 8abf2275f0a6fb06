package policy

import "testing"

func TestChangeRole(t *testing.T) {
	var (
		visitor = Actor{}
		player  = Actor{UserID: 1, Role: Player}
		admin   = Actor{UserID: 2, Role: Admin}
		super   = Actor{UserID: 3, Role: SuperAdmin}
		root    = Actor{UserID: 4, Role: SuperAdmin, Root: true}

		tPlayer = Target{UserID: 10, Role: Player}
		tAdmin  = Target{UserID: 11, Role: Admin}
		tSuper  = Target{UserID: 12, Role: SuperAdmin}
		tRoot   = Target{UserID: 4, Role: SuperAdmin, Root: true}
	)
	cases := []struct {
		name string
		a    Actor
		t    Target
		to   Role
		want string // "" allowed
	}{
		{"visitor", visitor, tPlayer, Admin, CodeSignInRequired},
		{"player cannot", player, tPlayer, Admin, CodeForbidden},
		{"admin sets player", admin, Target{UserID: 10, Role: Player}, Player, ""},
		{"admin cannot promote to admin", admin, tPlayer, Admin, CodeAdminOnlyPlayer},
		{"admin cannot touch admins", admin, tAdmin, Player, CodeAdminNotOnAdmins},
		{"admin cannot touch super admins", admin, tSuper, Player, CodeOnlyRootSuperAdmin},
		{"admin cannot make super admins", admin, tPlayer, SuperAdmin, CodeOnlyRootSuperAdmin},
		{"super sets admin", super, tPlayer, Admin, ""},
		{"super demotes admin", super, tAdmin, Player, ""},
		{"super cannot create super", super, tPlayer, SuperAdmin, CodeOnlyRootSuperAdmin},
		{"super cannot demote super", super, tSuper, Admin, CodeOnlyRootSuperAdmin},
		{"root creates super", root, tPlayer, SuperAdmin, ""},
		{"root removes super", root, tSuper, Player, ""},
		{"root is protected", super, tRoot, Player, CodeProtectedAccount},
		{"root cannot change itself", root, tRoot, Player, CodeProtectedAccount},
		{"nobody on themselves", super, Target{UserID: 3, Role: SuperAdmin}, Admin, CodeNotYourself},
		{"admin on themselves", admin, Target{UserID: 2, Role: Admin}, Player, CodeNotYourself},
	}
	for _, c := range cases {
		err := ChangeRole(c.a, c.t, c.to)
		got := ""
		if d, ok := err.(*Denied); ok {
			got = d.Code
		} else if err != nil {
			t.Fatalf("%s: unexpected error %v", c.name, err)
		}
		if got != c.want {
			t.Errorf("%s: got %q want %q", c.name, got, c.want)
		}
	}
}

func TestChangeStatus(t *testing.T) {
	admin := Actor{UserID: 2, Role: Admin}
	super := Actor{UserID: 3, Role: SuperAdmin}
	root := Actor{UserID: 4, Role: SuperAdmin, Root: true}
	cases := []struct {
		a    Actor
		t    Target
		want string
	}{
		{Actor{UserID: 1, Role: Player}, Target{UserID: 10, Role: Player}, CodeForbidden},
		{admin, Target{UserID: 10, Role: Player}, ""},
		{admin, Target{UserID: 11, Role: Admin}, CodeAdminNotOnAdmins},
		{super, Target{UserID: 11, Role: Admin}, ""},
		{super, Target{UserID: 12, Role: SuperAdmin}, CodeOnlyRootSuperAdmin},
		{root, Target{UserID: 12, Role: SuperAdmin}, ""},
		{super, Target{UserID: 4, Role: SuperAdmin, Root: true}, CodeStatusProtected},
		{root, Target{UserID: 4, Role: SuperAdmin, Root: true}, CodeStatusProtected},
		{super, Target{UserID: 3, Role: SuperAdmin}, CodeStatusNotYourself},
		{admin, Target{UserID: 2, Role: Admin}, CodeStatusNotYourself},
	}
	for i, c := range cases {
		got := ""
		if d, ok := ChangeStatus(c.a, c.t, Suspended).(*Denied); ok {
			got = d.Code
		}
		if got != c.want {
			t.Errorf("case %d: got %q want %q", i, got, c.want)
		}
	}
}

func TestUnlinkIdentity(t *testing.T) {
	super := Actor{UserID: 3, Role: SuperAdmin}
	root := Actor{UserID: 4, Role: SuperAdmin, Root: true}
	rootT := Target{UserID: 4, Role: SuperAdmin, Root: true}
	cases := []struct {
		a    Actor
		t    Target
		want string
	}{
		{Actor{}, Target{UserID: 10, Role: Player}, CodeSignInRequired},
		{Actor{UserID: 1, Role: Player}, Target{UserID: 1, Role: Player}, CodeForbidden},
		{Actor{UserID: 2, Role: Admin}, Target{UserID: 10, Role: Player}, CodeForbidden},
		{super, Target{UserID: 10, Role: Player}, ""},
		{super, Target{UserID: 11, Role: Admin}, ""},
		{super, Target{UserID: 12, Role: SuperAdmin}, CodeOnlyRootSuperAdmin},
		{super, rootT, CodeOnlyRootSuperAdmin},
		{root, Target{UserID: 12, Role: SuperAdmin}, ""},
		{root, rootT, ""}, // the operator relinks root after the issuer changed
	}
	for i, c := range cases {
		got := ""
		if d, ok := UnlinkIdentity(c.a, c.t).(*Denied); ok {
			got = d.Code
		}
		if got != c.want {
			t.Errorf("case %d: got %q want %q", i, got, c.want)
		}
	}
}

func TestTournamentRules(t *testing.T) {
	visitor := Actor{}
	player := Actor{UserID: 5, Role: Player}
	admin := Actor{UserID: 6, Role: Admin}
	super := Actor{UserID: 7, Role: SuperAdmin}
	creator := TournamentRelation{Creator: true, Member: true}
	referee := TournamentRelation{Referee: true, Member: true}
	member := TournamentRelation{Member: true}
	none := TournamentRelation{}
	checks := []struct {
		name string
		got  error
		ok   bool
	}{
		{"super admin decides", DecideTournament(super), true},
		{"admin does not decide", DecideTournament(admin), false},
		{"player does not decide", DecideTournament(player), false},
		{"visitor does not decide", DecideTournament(visitor), false},
		{"creator manages", ManageTournament(player, creator), true},
		{"super admin manages", ManageTournament(super, none), true},
		{"referee does not manage the tournament", ManageTournament(player, referee), false},
		{"admin does not manage others' tournaments", ManageTournament(admin, none), false},
		{"referee manages players", ManagePlayers(player, referee), true},
		{"creator manages players", ManagePlayers(player, creator), true},
		{"member does not manage players", ManagePlayers(player, member), false},
		{"visitor does not manage players", ManagePlayers(visitor, referee), false},
	}
	for _, c := range checks {
		if (c.got == nil) != c.ok {
			t.Errorf("%s: got %v", c.name, c.got)
		}
	}
	if !SeeTournament(visitor, "active", 0) || SeeTournament(visitor, "pending", 0) || SeeTournament(player, "rejected", 9) ||
		!SeeTournament(player, "pending", 5) || !SeeTournament(super, "rejected", 9) || !SeeTournament(visitor, "inactive", 0) {
		t.Error("SeeTournament")
	}
	if !JoinsDirectly(player, "public") || JoinsDirectly(player, "private") || !JoinsDirectly(admin, "private") || !JoinsDirectly(super, "private") {
		t.Error("JoinsDirectly")
	}
	if !SeeStandings(visitor, "public", none) || SeeStandings(player, "private", none) || !SeeStandings(player, "private", member) ||
		!SeeStandings(admin, "private", none) || !SeeStandings(player, "private", creator) {
		t.Error("SeeStandings")
	}
}

func TestValidateResults(t *testing.T) {
	player := Actor{UserID: 5, Role: Player}
	cases := []struct {
		name       string
		a          Actor
		r          TournamentRelation
		hasReferee bool
		ok         bool
	}{
		{"referee", player, TournamentRelation{Referee: true, Member: true}, true, true},
		{"creator without referee", player, TournamentRelation{Creator: true}, false, true},
		{"creator with referee", player, TournamentRelation{Creator: true}, true, false},
		{"super admin", Actor{UserID: 1, Role: SuperAdmin}, TournamentRelation{}, true, true},
		{"admin", Actor{UserID: 2, Role: Admin}, TournamentRelation{}, false, false},
		{"member", player, TournamentRelation{Member: true}, false, false},
		{"visitor", Actor{}, TournamentRelation{}, false, false},
	}
	for _, c := range cases {
		if err := ValidateResults(c.a, c.r, c.hasReferee); (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

func TestGamification(t *testing.T) {
	if Gamification(Actor{}) == nil {
		t.Fatal("a visitor has no progress page")
	}
	if Gamification(Actor{UserID: 3, Role: Player}) != nil {
		t.Fatal("a player has their own")
	}
}
