package httpapi

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

// selfService are the state-changing routes that are not privileged: the caller acts on their
// own account, proposals, memberships, challenges and matches as a player, or signs in and out.
// Every state-changing route must be here or in auditedRoutes (routes_audit.go), so a new one
// is classified on purpose, never forgotten.
var selfService = map[string]string{
	"POST /api/contact":                       "a visitor's message to the operators",
	"POST /api/sessions":                      "sign-in; the account creations and identity links it makes are audited (TestSignIn*)",
	"POST /api/logout":                        "the caller's own session",
	"PUT /api/profile":                        "own profile",
	"PUT /api/profile/availability":           "own availability",
	"PUT /api/profile/status":                 "own pause",
	"POST /api/profile/photo":                 "own photo",
	"DELETE /api/profile/photo":               "own photo",
	"PUT /api/settings":                       "own settings",
	"POST /api/gamification/popups/seen":      "own popups shown",
	"PUT /api/notifications/{id}/read":        "own notifications",
	"POST /api/notifications/read_all":        "own notifications",
	"POST /api/conversations":                 "own conversations (a member writes)",
	"POST /api/conversations/{id}/messages":   "own conversations (a member writes)",
	"POST /api/conversations/{id}/read":       "own read marker",
	"POST /api/tournaments/{id}/conversation": "own conversations (a member opens its group)",
	"POST /api/matches/{id}/conversation":     "own conversations (a match's player or referee)",
	"POST /api/clubs":                         "a proposal, pending until a super admin decides (that decision is audited)",
	"POST /api/clubs/{id}/join":               "own membership",
	"POST /api/clubs/{id}/leave":              "own membership",
	"POST /api/clubs/{id}/image":              "the club's own administrators",
	"POST /api/tournaments":                   "a proposal, pending until a super admin decides (audited)",
	"POST /api/tournaments/{id}/join":         "own participation",
	"POST /api/tournaments/{id}/leave":        "own participation",
	"POST /api/tournaments/{id}/image":        "the tournament's own creator",
	"POST /api/challenges":                    "a player's challenge",
	"POST /api/challenges/{id}/accept":        "the challenged player's answer",
	"POST /api/challenges/{id}/reject":        "the challenged player's answer",
	"POST /api/challenges/{id}/cancel":        "the challenger withdraws",
	"POST /api/matches/{id}/time":             "the players agree a time",
	"POST /api/matches/{id}/result":           "a player reports; the referee's validation is audited",
	"POST /api/matches/{id}/confirm":          "the opponent confirms the report",
	"POST /api/matches/{id}/dispute":          "the opponent disputes the report",
	"POST /api/scores/check":                  "a read by POST: the score checker stores nothing",
	"POST /api/calendar/feed":                 "own calendar feed link",
	"DELETE /api/calendar/feed":               "own calendar feed link",
	"POST /dev/oidc/authorize":                "development identity provider",
	"POST /dev/oidc/token":                    "development identity provider",
	"POST /dev/oidc/userinfo":                 "development identity provider (a read by POST)",
}

func mutating(method string) bool {
	return method != "" && method != http.MethodGet && method != http.MethodHead
}

// Every state-changing route is classified: privileged (audited, with the actions it writes)
// or self-service; admin-only routes that change state are always audited; every audited route
// is called successfully by at least one actor of the authorization matrix, where
// checkAudited asserts its row.
func TestPrivilegedRoutesAreAudited(t *testing.T) {
	srv := New(Deps{Config: config.Config{ContactRatePerHour: 1, Dev: true, BaseURL: "http://localhost"}, Version: "test"})
	routes := srv.Routes()
	keys := map[string]bool{}
	for _, rt := range routes {
		key := rt.Method + " " + rt.Path
		keys[key] = true
		if !mutating(rt.Method) {
			continue
		}
		_, audited := auditedRoutes[key]
		_, self := selfService[key]
		switch {
		case audited && self:
			t.Errorf("%s is both audited and self-service: pick one", key)
		case !audited && !self:
			t.Errorf("%s changes state but is neither in auditedRoutes (routes_audit.go: privileged, writes an audit row) nor in selfService", key)
		case self && (rt.Access == policy.AdminOnly || rt.Access == policy.SuperAdmins):
			t.Errorf("%s is for admins only: it is privileged and must be audited", key)
		}
	}
	for key, actions := range auditedRoutes {
		if !keys[key] {
			t.Errorf("auditedRoutes has %q, which matches no route", key)
		}
		if len(actions) == 0 {
			t.Errorf("auditedRoutes[%q] names no action", key)
		}
		for _, a := range actions {
			if !slices.Contains(service.AuditActions, a) {
				t.Errorf("%s: action %q is not in service.AuditActions", key, a)
			}
		}
		row, ok := matrix[key]
		succeeds := false
		for _, code := range row.want {
			succeeds = succeeds || (code >= 200 && code < 300)
		}
		if !ok || !succeeds {
			t.Errorf("%s: the authorization matrix has no actor succeeding, so its audit row is never checked", key)
		}
	}
	for key := range selfService {
		if !keys[key] {
			t.Errorf("selfService has %q, which matches no route", key)
		}
	}
}

// checkAudited is called by TestAuthorizationMatrix after every request: a successful call of a
// privileged route wrote at least one audit row of its actions, by its actor, carrying the
// request's id; a refused one wrote none.
func checkAudited(t *testing.T, db *store.DB, key, actor string, actorID int64, r resp) {
	t.Helper()
	actions, privileged := auditedRoutes[key]
	if !privileged {
		return
	}
	rid := r.hdr.Get("X-Request-Id")
	if rid == "" {
		t.Errorf("%s as %s: the answer has no X-Request-Id", key, actor)
		return
	}
	var rows []store.AuditEntry
	if err := db.R.SelectContext(context.Background(), &rows, db.W.Rebind(`SELECT id, created_at, actor_id, action, target_type,
		target_id, details, ip, request_id FROM audit_log WHERE request_id = ?`), rid); err != nil {
		t.Fatal(err)
	}
	if r.code < 200 || r.code > 299 {
		if len(rows) > 0 {
			t.Errorf("%s as %s: refused (%d) but wrote %d audit rows", key, actor, r.code, len(rows))
		}
		return
	}
	if len(rows) == 0 {
		t.Errorf("%s as %s: succeeded (%d) without an audit row of %v", key, actor, r.code, actions)
	}
	for _, e := range rows {
		if !slices.Contains(actions, e.Action) {
			t.Errorf("%s as %s: wrote %q, want one of %v", key, actor, e.Action, actions)
		}
		if !e.ActorID.Valid || e.ActorID.Int64 != actorID {
			t.Errorf("%s as %s: audit row's actor %v, want %d", key, actor, e.ActorID, actorID)
		}
		if e.IP == "" {
			t.Errorf("%s as %s: audit row without the client's address", key, actor)
		}
	}
}
