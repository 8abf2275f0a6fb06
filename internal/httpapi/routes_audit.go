package httpapi

import "github.com/tennisladder/ladder/internal/service"

// auditedRoutes names, for every privileged route, the audit actions a successful call writes
// (in the transaction of the change). The audit-coverage test (audit_coverage_test.go) makes
// every state-changing route appear either here or in its list of self-service routes, calls
// each route below through the authorization matrix and fails when a successful call left no
// audit row of these actions with its request id (or a refused one left any). A new privileged
// route therefore fails the tests until it is listed here and writes its row.
var auditedRoutes = map[string][]string{
	"PUT /api/users/{id}/role":   {service.AuditRoleChanged},
	"PUT /api/users/{id}/status": {service.AuditStatusChanged},

	"PUT /api/clubs/{id}":                     {service.AuditClubEdited},
	"POST /api/clubs/{id}/validate":           {service.AuditClubValidated},
	"POST /api/clubs/{id}/reject":             {service.AuditClubRejected},
	"PUT /api/clubs/{id}/members/{user}/role": {service.AuditClubMemberRole},
	"DELETE /api/clubs/{id}/members/{user}":   {service.AuditClubMemberGone},

	"PUT /api/tournaments/{id}":                           {service.AuditTournamentEdited},
	"POST /api/tournaments/{id}/approve":                  {service.AuditTournamentApproved},
	"POST /api/tournaments/{id}/reject":                   {service.AuditTournamentRejected},
	"POST /api/tournaments/{id}/close":                    {service.AuditTournamentClosed},
	"POST /api/tournaments/{id}/requests/{user}/approve":  {service.AuditJoinApproved},
	"POST /api/tournaments/{id}/requests/{user}/decline":  {service.AuditJoinDeclined},
	"PUT /api/tournaments/{id}/players/{user}/status":     {service.AuditPlayerStatus},
	"DELETE /api/tournaments/{id}/players/{user}":         {service.AuditPlayerRemoved},
	"POST /api/tournaments/{id}/players/{user}/referee":   {service.AuditRefereeSet},
	"DELETE /api/tournaments/{id}/players/{user}/referee": {service.AuditRefereeRemoved},
	"POST /api/tournaments/{id}/shuffle":                  {service.AuditShuffled},

	"POST /api/matches/{id}/validate": {service.AuditResultValidated, service.AuditResultRejected},
	"POST /api/matches/{id}/cancel":   {service.AuditMatchCancelled},

	"POST /api/admin/cleanup": {service.AuditCleanup},

	"POST /api/admin/deletions":              {service.AuditDeletionRequested},
	"POST /api/admin/deletions/{id}/approve": {service.AuditDeletionApproved},
	"POST /api/admin/deletions/{id}/decline": {service.AuditDeletionDeclined},
	"POST /api/profile/deletion":             {service.AuditDeletionRequested},

	"POST /api/admin/super-admins":        {service.AuditRoleChanged},
	"DELETE /api/admin/super-admins/{id}": {service.AuditRoleChanged},
	"POST /api/admin/transfers":           {service.AuditTransferredOut, service.AuditTransferredIn},
}

// AuditedActions is the audit actions a route (method and pattern) writes, nil when it is not
// a privileged route.
func AuditedActions(method, path string) []string { return auditedRoutes[method+" "+path] }
