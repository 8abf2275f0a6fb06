package policy

import (
	"slices"
	"testing"
)

func TestCapabilities(t *testing.T) {
	admin := []Capability{CapPlay, CapAdminPanel, CapSuspendUsers, CapChangeToPlayer, CapListPlayers}
	super := []Capability{CapPlay, CapAdminPanel, CapSuspendUsers, CapChangeToPlayer, CapSetAdmin, CapValidateClubsTournaments,
		CapValidateResults, CapAllStatistics, CapTransferUsers, CapRequestDeletions, CapSuperAdminsPage, CapPlayersPanel,
		CapSystemLogs, CapSystemPanel, CapListPlayers, CapViewDashboard}
	root := []Capability{CapPlay, CapAdminPanel, CapSuspendUsers, CapChangeToPlayer, CapSetAdmin, CapValidateClubsTournaments,
		CapValidateResults, CapAllStatistics, CapTransferUsers, CapRequestDeletions, CapSuperAdminsPage, CapPlayersPanel,
		CapManageSuperAdmins, CapApproveDeletions, CapSystemLogs, CapSystemPanel, CapListPlayers, CapViewDashboard}
	// Root decides deletions, so it does not request them (RequestDeletion).
	root = slices.DeleteFunc(root, func(c Capability) bool { return c == CapRequestDeletions })
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
		if slices.Contains(caps, CapSystemLogs) != (ReadAuditLog(a) == nil) || slices.Contains(caps, CapSystemPanel) != (RunSystemTasks(a) == nil) {
			t.Errorf("%v: capabilities disagree with ReadAuditLog/RunSystemTasks", a)
		}
		if slices.Contains(caps, CapChangeToPlayer) != (ChangeRole(a, Target{UserID: 99, Role: Player}, Player) == nil) {
			t.Errorf("%v: capabilities disagree with ChangeRole", a)
		}
	}
}
