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
)

// AllCapabilities lists every capability in a stable order (the API's enum).
var AllCapabilities = []Capability{CapPlay, CapAdminPanel, CapSuspendUsers, CapChangeToPlayer, CapSetAdmin,
	CapValidateClubsTournaments, CapValidateResults, CapAllStatistics, CapTransferUsers, CapRequestDeletions,
	CapSuperAdminsPage, CapPlayersPanel, CapManageSuperAdmins, CapApproveDeletions}

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
	}
	if Allow(a, SuperAdmins) == nil {
		for _, c := range []Capability{CapSetAdmin, CapValidateClubsTournaments, CapValidateResults, CapAllStatistics,
			CapTransferUsers, CapRequestDeletions, CapSuperAdminsPage, CapPlayersPanel} {
			has[c] = true
		}
	}
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
