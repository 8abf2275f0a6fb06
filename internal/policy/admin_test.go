package policy

import "testing"

// The actions offered on an account from the players admin list, by reader (SPEC §6, §8).
func TestAccountActions(t *testing.T) {
	player := Actor{UserID: 1, Role: Player}
	admin := Actor{UserID: 2, Role: Admin}
	super := Actor{UserID: 3, Role: SuperAdmin}
	root := Actor{UserID: 4, Role: SuperAdmin, Root: true}
	tPlayer := Target{UserID: 10, Role: Player}
	tAdmin := Target{UserID: 11, Role: Admin}
	tSuper := Target{UserID: 12, Role: SuperAdmin}
	tRoot := Target{UserID: 4, Role: SuperAdmin, Root: true}
	P := func(setPlayer, setAdmin, suspend, reactivate bool) AccountPermissions {
		return AccountPermissions{setPlayer, setAdmin, suspend, reactivate}
	}
	cases := []struct {
		name   string
		a      Actor
		t      Target
		status Status
		want   AccountPermissions
	}{
		{"a player acts on nobody", player, tPlayer, Active, P(false, false, false, false)},
		{"admin suspends an active player", admin, tPlayer, Active, P(false, false, true, false)},
		{"admin reactivates a suspended player", admin, tPlayer, Suspended, P(false, false, false, true)},
		{"admin reactivates a paused player (or suspends)", admin, tPlayer, Paused, P(false, false, true, true)},
		{"admin never touches admins", admin, tAdmin, Active, P(false, false, false, false)},
		{"admin never touches super admins", admin, tSuper, Active, P(false, false, false, false)},
		{"admin not on itself", admin, Target{UserID: 2, Role: Admin}, Active, P(false, false, false, false)},
		{"super admin makes a player admin, suspends", super, tPlayer, Active, P(false, true, true, false)},
		{"super admin sets an admin back to player", super, tAdmin, Active, P(true, false, true, false)},
		{"super admin does not touch super admins", super, tSuper, Active, P(false, false, false, false)},
		{"root sets a super admin to player or admin, suspends", root, tSuper, Active, P(true, true, true, false)},
		{"root is protected, even from itself", root, tRoot, Active, P(false, false, false, false)},
		{"nobody touches root", super, tRoot, Active, P(false, false, false, false)},
		{"visitor", Actor{}, tPlayer, Active, P(false, false, false, false)},
	}
	for _, c := range cases {
		if got := AccountActions(c.a, c.t, c.status); got != c.want {
			t.Errorf("%s: got %+v want %+v", c.name, got, c.want)
		}
	}
}

func TestAdminListAccess(t *testing.T) {
	cases := []struct {
		a                 Actor
		players, counters bool
	}{
		{Actor{}, false, false},
		{Actor{UserID: 1, Role: Player}, false, false},
		{Actor{UserID: 2, Role: Admin}, true, false},
		{Actor{UserID: 3, Role: SuperAdmin}, true, true},
		{Actor{UserID: 4, Role: SuperAdmin, Root: true}, true, true},
	}
	for _, c := range cases {
		if (ListPlayers(c.a) == nil) != c.players || (ViewDashboard(c.a) == nil) != c.counters {
			t.Errorf("%+v: players %v counters %v", c.a, ListPlayers(c.a), ViewDashboard(c.a))
		}
		caps := map[Capability]bool{}
		for _, cp := range Capabilities(c.a) {
			caps[cp] = true
		}
		if caps[CapListPlayers] != c.players || caps[CapViewDashboard] != c.counters {
			t.Errorf("%+v: capabilities disagree with ListPlayers/ViewDashboard", c.a)
		}
	}
}
