package policy

// Capability names something an account may do across the platform (SPEC §6). The API returns
// an account's capabilities with the account (GET /api/users/me) and the web shows menus,
// buttons and pages by them, never by the role: the rules stay here.
type Capability string

const (
	CapPlay                     Capability = "play"
	CapAdminPanel               Capability = "adminPanel"
	CapSuspendUsers             Capability = "suspendUsers"
	CapChangeToPlayer           Capability = "changeToPlayer"
	CapSetAdmin                 Capability = "setAdmin"
	CapValidateClubsTournaments Capability = "validateClubsTournaments"
	CapValidateResults          Capability = "validateResults"
	CapAllStatistics            Capability = "allStatistics"
	CapTransferUsers            Capability = "transferUsers"
	CapRequestDeletions         Capability = "requestDeletions"
	CapSuperAdminsPage          Capability = "superAdminsPage"
	CapPlayersPanel             Capability = "playersPanel"
	CapManageSuperAdmins        Capability = "manageSuperAdmins"
	CapApproveDeletions         Capability = "approveDeletions"
	CapSystemLogs               Capability = "systemLogs"    // the audit log screen (ReadAuditLog)
	CapSystemPanel              Capability = "systemPanel"   // health and quick actions (RunSystemTasks)
	CapListPlayers              Capability = "listPlayers"   // /super-admin/players: admins and super admins
	CapViewDashboard            Capability = "viewDashboard" // the counters and the clubs, tournaments, matches, challenges lists
)

// AllCapabilities lists every capability in a stable order (the API's enum).
var AllCapabilities = []Capability{CapPlay, CapAdminPanel, CapSuspendUsers, CapChangeToPlayer, CapSetAdmin,
	CapValidateClubsTournaments, CapValidateResults, CapAllStatistics, CapTransferUsers, CapRequestDeletions,
	CapSuperAdminsPage, CapPlayersPanel, CapManageSuperAdmins, CapApproveDeletions, CapSystemLogs, CapSystemPanel,
	CapListPlayers, CapViewDashboard}

// Capabilities is what a may do across the platform, in AllCapabilities order (none for a
// visitor). Each follows the route and object rules above: admins get the admin panel and may
// suspend and set players; super admins validate clubs, tournaments and results, see every
// statistic, transfer users, request deletions and open the super admin pages; only root
// creates or removes super admins and approves deletions.
func Capabilities(a Actor) []Capability {
	if !a.SignedIn() {
		return []Capability{}
	}
	has := map[Capability]bool{CapPlay: true}
	if Allow(a, AdminOnly) == nil {
		has[CapAdminPanel], has[CapSuspendUsers], has[CapChangeToPlayer] = true, true, true
		has[CapListPlayers] = true
	}
	if Allow(a, SuperAdmins) == nil {
		for _, c := range []Capability{CapSetAdmin, CapValidateClubsTournaments, CapValidateResults, CapAllStatistics,
			CapTransferUsers, CapRequestDeletions, CapSuperAdminsPage, CapPlayersPanel,
			CapViewDashboard} {
			has[c] = true
		}
	}
	has[CapSystemLogs] = ReadAuditLog(a) == nil
	has[CapSystemPanel] = RunSystemTasks(a) == nil
	if a.Root && a.IsSuperAdmin() {
		has[CapManageSuperAdmins], has[CapApproveDeletions] = true, true
	}
	// Root decides deletions and so does not request them (RequestDeletion): the request form
	// is offered by this capability, following that rule.
	has[CapRequestDeletions] = has[CapRequestDeletions] && RequestDeletion(a, Target{UserID: -1, Role: Player}) == nil
	out := []Capability{}
	for _, c := range AllCapabilities {
		if has[c] {
			out = append(out, c)
		}
	}
	return out
}

// Super admins (/super-admins). Creating one is giving an account the super admin role and
// removing one is giving it back the player role: both are ChangeRole, so the rules stay one
// (only root; the root account protected; nobody on themselves).

// AddSuperAdmin decides whether a may make t a super admin.
func AddSuperAdmin(a Actor, t Target) error { return ChangeRole(a, t, SuperAdmin) }

// RemoveSuperAdmin decides whether a may take t's super admin role away (t becomes a player).
func RemoveSuperAdmin(a Actor, t Target) error { return ChangeRole(a, t, Player) }

// Refusals of a user transfer (SPEC §4, §5, §8).
const (
	CodeTransferSameUser          = "transfer.same_user"
	CodeTransferRootSource        = "transfer.root_source"
	CodeTransferParty             = "transfer.party"
	CodeTransferSourceDeactivated = "transfer.source_deactivated"
	CodeTransferTargetInactive    = "transfer.target_inactive"
)

// TransferUser decides whether a may move everything src owns to dst and deactivate src. Super
// admins only; never the root account as the source; never an account the actor is (nobody
// decides on a thing they are party to); a super admin's account only by root, as for its role;
// the source not already deactivated, the target active.
func TransferUser(a Actor, src, dst Target) error {
	switch {
	case !a.SignedIn():
		return deny(CodeSignInRequired)
	case !a.IsSuperAdmin():
		return deny(CodeForbidden)
	case src.UserID == dst.UserID:
		return deny(CodeTransferSameUser)
	case src.Root:
		return deny(CodeTransferRootSource)
	case a.UserID == src.UserID || a.UserID == dst.UserID:
		return deny(CodeTransferParty)
	case src.Role == SuperAdmin && !a.Root:
		return deny(CodeOnlyRootSuperAdmin)
	case src.Deactivated:
		return deny(CodeTransferSourceDeactivated)
	case dst.Deactivated || dst.Status != Active:
		return deny(CodeTransferTargetInactive)
	}
	return nil
}
