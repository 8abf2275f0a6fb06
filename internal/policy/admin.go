package policy

// The administration area (#12): who opens which admin list, and what a reader may do to an
// account from the players admin list.

// ListPlayers decides who opens the players admin list and a player's admin detail: admins
// (SPEC §6: they set players, suspend and reactivate) and super admins.
func ListPlayers(a Actor) error { return Allow(a, AdminOnly) }

// ViewDashboard decides who sees the dashboard counters and the clubs, tournaments, matches and
// challenges admin lists: super admins (they validate clubs, tournaments and results).
func ViewDashboard(a Actor) error { return Allow(a, SuperAdmins) }

// AccountPermissions are the actions a reader may take on an account from the players admin
// list; the server checks each again (ChangeRole, ChangeStatus) when it runs.
type AccountPermissions struct {
	CanSetPlayer  bool
	CanSetAdmin   bool
	CanSuspend    bool
	CanReactivate bool
}

// AccountActions combines who the reader is with the account's role and status: an action
// already in effect (setting the role it has, suspending a suspended account) is not offered.
// Promotion to super admin lives on the super admins page, not here.
func AccountActions(a Actor, t Target, status Status) AccountPermissions {
	return AccountPermissions{
		CanSetPlayer:  t.Role != Player && ChangeRole(a, t, Player) == nil,
		CanSetAdmin:   t.Role != Admin && ChangeRole(a, t, Admin) == nil,
		CanSuspend:    status != Suspended && ChangeStatus(a, t, Suspended) == nil,
		CanReactivate: status != Active && ChangeStatus(a, t, Active) == nil,
	}
}
