package policy

import (
	"slices"
	"testing"
)

func TestCapabilities(t *testing.T) {
	admin := []Capability{CapPlay, CapAdminPanel, CapSuspendUsers, CapChangeToPlayer}
	super := append(slices.Clone(admin), CapSetAdmin, CapValidateClubsTournaments, CapValidateResults, CapAllStatistics,
		CapTransferUsers, CapRequestDeletions, CapSuperAdminsPage, CapPlayersPanel)
	// Root decides deletions, so it does not request them (RequestDeletion).
	root := append(slices.DeleteFunc(slices.Clone(super), func(c Capability) bool { return c == CapRequestDeletions }),
		CapManageSuperAdmins, CapApproveDeletions)
	cases := []struct {
		name string
		a    Actor
		want []Capability
	}{
		{"visitor", Actor{}, []Capability{}},
		{"player", Actor{UserID: 1, Role: Player}, []Capability{CapPlay}},
		{"player flagged root by mistake gets nothing more", Actor{UserID: 1, Role: Player, Root: true}, []Capability{CapPlay}},
		{"admin", Actor{UserID: 2, Role: Admin}, admin},
		{"super admin", Actor{UserID: 3, Role: SuperAdmin}, super},
		{"root", Actor{UserID: 4, Role: SuperAdmin, Root: true}, root},
	}
	for _, c := range cases {
		if got := Capabilities(c.a); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v want %v", c.name, got, c.want)
		}
	}
	// The capabilities agree with the rules the server enforces.
	for _, a := range []Actor{{UserID: 1, Role: Player}, {UserID: 2, Role: Admin}, {UserID: 3, Role: SuperAdmin}} {
		caps := Capabilities(a)
		if slices.Contains(caps, CapValidateClubsTournaments) != (DecideClub(a) == nil) ||
			slices.Contains(caps, CapValidateClubsTournaments) != (DecideTournament(a) == nil) {
			t.Errorf("%v: capabilities disagree with DecideClub/DecideTournament", a)
		}
		if slices.Contains(caps, CapChangeToPlayer) != (ChangeRole(a, Target{UserID: 99, Role: Player}, Player) == nil) {
			t.Errorf("%v: capabilities disagree with ChangeRole", a)
		}
	}
}
