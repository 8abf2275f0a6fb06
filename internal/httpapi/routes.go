package httpapi

import (
	"context"
	"net/http"
	"reflect"

	"github.com/danielgtaylor/huma/v2"

	"github.com/tennisladder/ladder/internal/policy"
)

// Route is one entry of the router: either a huma operation (documented in OpenAPI) or a plain
// handler on the ServeMux (pages, files, probes).
type Route struct {
	Method, Path string
	Access       policy.Access
	Summary      string
	register     func(s *Server)
}

// routes is every route the server has, in one list.
func (s *Server) routes() []Route {
	rs := []Route{
		plain(http.MethodGet, "/healthz", policy.Public, "Liveness probe", s.healthz),
		plain(http.MethodGet, "/readyz", policy.Public, "Readiness probe: checks the database", s.readyz),
		plain(http.MethodGet, "/metrics", policy.Public, "Prometheus metrics", s.metricsHandler),
		plain(http.MethodGet, "/api/docs", policy.Public, "API documentation page", s.docs),
		// huma serves /api/openapi.json, .yaml and /api/schemas/ itself; listed for the matrix.
		{Method: http.MethodGet, Path: "/api/openapi.json", Access: policy.Public, Summary: "OpenAPI document", register: func(*Server) {}},
		{Method: http.MethodGet, Path: "/api/openapi.yaml", Access: policy.Public, Summary: "OpenAPI document (YAML)", register: func(*Server) {}},
		{Method: http.MethodGet, Path: "/api/schemas/{schema}", Access: policy.Public, Summary: "JSON schemas", register: func(*Server) {}},
		plain(http.MethodGet, "/api/ws", policy.SignedIn, "Live updates (WebSocket; same origin only)", s.serveWS),
		plain(http.MethodGet, "/locales/{lng}/{ns}", policy.Public, "Translation files", s.locales),
		// Everything else: the app, its assets and the SPA fallback; unknown /api paths get a 404 problem.
		plain("", "/", policy.Public, "Single-page app, assets and its fallback", s.serveSPA),

		op(policy.Public, huma.Operation{
			OperationID: "send-contact", Method: http.MethodPost, Path: "/api/contact",
			Summary: "Send a contact or support message", Tags: []string{"contact"},
			Description:   "Stores a message from the footer's technical-support or contact-developer form. Rate-limited per client address.",
			DefaultStatus: http.StatusCreated,
			Errors:        []int{http.StatusUnprocessableEntity, http.StatusTooManyRequests},
		}, (*Server).sendContact),

		// Sign-in and the session (SPEC §7 keeps these paths).
		op(policy.Public, huma.Operation{
			OperationID: "sign-in-redirect-url", Method: http.MethodGet, Path: "/api/oauth/google/redirect_url",
			Summary: "Start signing in", Tags: []string{"session"},
			Description: "The identity provider's authorize URL (state, nonce, PKCE); the flow is kept in a short-lived HttpOnly cookie.",
			Errors:      []int{http.StatusTooManyRequests, http.StatusServiceUnavailable},
		}, (*Server).redirectURL),
		op(policy.Public, huma.Operation{
			OperationID: "create-session", Method: http.MethodPost, Path: "/api/sessions",
			Summary: "Finish signing in", Tags: []string{"session"},
			Description:   "Exchanges the callback's code, verifies the ID token, creates the account on first sign-in and opens a session (cookie).",
			DefaultStatus: http.StatusCreated,
			Errors:        []int{http.StatusBadRequest, http.StatusForbidden, http.StatusUnprocessableEntity, http.StatusTooManyRequests},
		}, (*Server).createSession),
		op(policy.SignedIn, huma.Operation{
			OperationID: "get-me", Method: http.MethodGet, Path: "/api/users/me",
			Summary: "The signed-in account", Tags: []string{"session"}, Errors: []int{http.StatusUnauthorized},
		}, (*Server).me),
		op(policy.Public, huma.Operation{
			OperationID: "logout", Method: http.MethodPost, Path: "/api/logout",
			Summary: "Sign out", Tags: []string{"session"}, DefaultStatus: http.StatusNoContent,
			Description: "Revokes the session on the server and clears the cookie.",
		}, (*Server).logout),
		documented(plain(http.MethodGet, "/api/logout", policy.Public, "Sign out (the spec's GET; refuses cross-site requests)", s.logoutGet),
			huma.Operation{OperationID: "logout-get", Tags: []string{"session"},
				Description: "The spec's GET form of sign-out, for a link: revokes the session and clears the cookie like POST. " +
					"Refused (403) unless it is a same-site request (Sec-Fetch-Site).",
				Errors: []int{http.StatusForbidden, http.StatusInternalServerError},
				Responses: map[string]*huma.Response{"204": {Description: "Signed out",
					Headers: map[string]*huma.Param{"Set-Cookie": {Schema: &huma.Schema{Type: huma.TypeString}}}}}}),

		// Accounts.
		op(policy.AdminOnly, huma.Operation{
			OperationID: "change-user-role", Method: http.MethodPut, Path: "/api/users/{id}/role",
			Summary: "Change an account's role", Tags: []string{"users"},
			Description: "Admins may only set player and never touch admins or super admins; only the main super admin creates or removes super admins; nobody changes themselves.",
			Errors:      []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity},
		}, (*Server).changeRole),
		op(policy.AdminOnly, huma.Operation{
			OperationID: "change-user-status", Method: http.MethodPut, Path: "/api/users/{id}/status",
			Summary: "Suspend, pause or reactivate an account", Tags: []string{"users"},
			Description: "Suspension ends the account's sessions at once.",
			Errors:      []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity},
		}, (*Server).changeStatus),

		// The administration area (#12): dashboard counters and admin lists (reads only).
		op(policy.SuperAdmins, huma.Operation{OperationID: "admin-dashboard", Method: http.MethodGet, Path: "/api/admin/dashboard",
			Summary: "The ten counters of the super admin dashboard", Tags: []string{"admin"},
			Description: "One statement of indexed counts; weekly games count from Monday 00:00 (Europe/Lisbon).",
			Errors:      []int{http.StatusUnauthorized, http.StatusForbidden}}, (*Server).dashboard),
		op(policy.AdminOnly, huma.Operation{OperationID: "admin-list-players", Method: http.MethodGet, Path: "/api/admin/players",
			Summary: "Accounts: search, role and status filters, paginated by name", Tags: []string{"admin"},
			Description: "Each row carries the actions the reader may take on it (can_*).",
			Errors:      []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusUnprocessableEntity}}, (*Server).adminPlayers),
		op(policy.AdminOnly, huma.Operation{OperationID: "admin-get-player", Method: http.MethodGet, Path: "/api/admin/players/{id}",
			Summary: "An account's admin detail: profile, clubs, tournaments, last sign-in, actions", Tags: []string{"admin"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound}}, (*Server).adminPlayer),
		op(policy.SuperAdmins, huma.Operation{OperationID: "admin-list-clubs", Method: http.MethodGet, Path: "/api/admin/clubs",
			Summary: "Clubs of every status, paginated by name", Tags: []string{"admin"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusUnprocessableEntity}}, (*Server).adminClubs),
		op(policy.SuperAdmins, huma.Operation{OperationID: "admin-list-tournaments", Method: http.MethodGet, Path: "/api/admin/tournaments",
			Summary: "Tournaments of every status, paginated by name", Tags: []string{"admin"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusUnprocessableEntity}}, (*Server).adminTournaments),
		op(policy.SuperAdmins, huma.Operation{OperationID: "admin-list-matches", Method: http.MethodGet, Path: "/api/admin/matches",
			Summary: "Matches of every tournament by state, newest first", Tags: []string{"admin"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusUnprocessableEntity}}, (*Server).adminMatches),
		op(policy.SuperAdmins, huma.Operation{OperationID: "admin-list-challenges", Method: http.MethodGet, Path: "/api/admin/challenges",
			Summary: "Challenges of every tournament by status, newest first", Tags: []string{"admin"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusUnprocessableEntity}}, (*Server).adminChallenges),

		// The own profile, availability, photo and settings.
		op(policy.SignedIn, huma.Operation{OperationID: "get-profile", Method: http.MethodGet, Path: "/api/profile",
			Summary: "The own profile with availability", Tags: []string{"profile"}, Errors: []int{http.StatusUnauthorized}}, (*Server).getProfile),
		op(policy.SignedIn, huma.Operation{OperationID: "update-profile", Method: http.MethodPut, Path: "/api/profile",
			Summary: "Save the own profile", Tags: []string{"profile"}, Description: "All fields are validated; a refused save changes nothing.",
			Errors: []int{http.StatusUnauthorized, http.StatusUnprocessableEntity}}, (*Server).updateProfile),
		op(policy.SignedIn, huma.Operation{OperationID: "set-availability", Method: http.MethodPut, Path: "/api/profile/availability",
			Summary: "Replace the weekly availability", Tags: []string{"profile"},
			Errors: []int{http.StatusUnauthorized, http.StatusUnprocessableEntity}}, (*Server).setAvailability),
		op(policy.SignedIn, huma.Operation{OperationID: "set-own-status", Method: http.MethodPut, Path: "/api/profile/status",
			Summary: "Pause yourself or come back", Tags: []string{"profile"},
			Errors: []int{http.StatusUnauthorized, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).setOwnStatus),
		uploadOp(policy.SignedIn, huma.Operation{OperationID: "upload-photo", Method: http.MethodPost, Path: "/api/profile/photo",
			Summary: "Upload a profile photo", Tags: []string{"profile"},
			Description: "JPEG, PNG, GIF or WebP up to 50 MB; resized and re-encoded without metadata.",
			Errors:      []int{http.StatusUnauthorized}}, "photo", (*Server).uploadPhoto),
		op(policy.SignedIn, huma.Operation{OperationID: "delete-photo", Method: http.MethodDelete, Path: "/api/profile/photo",
			Summary: "Remove the profile photo", Tags: []string{"profile"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized}}, (*Server).deletePhoto),
		plain(http.MethodGet, "/api/users/{id}/photo", policy.Public, "A player's photo (hidden players: 404)", s.servePhoto),
		op(policy.SignedIn, huma.Operation{OperationID: "get-player", Method: http.MethodGet, Path: "/api/players/{id}",
			Summary: "A player's public profile", Tags: []string{"players"},
			Description: "Contact details appear only when the player's privacy settings allow this viewer.",
			Errors:      []int{http.StatusUnauthorized, http.StatusNotFound}}, (*Server).getPlayer),
		encodedOp[playerInput, playerStatsOutput](policy.SignedIn, huma.Operation{OperationID: "get-player-stats", Method: http.MethodGet, Path: "/api/players/{id}/stats",
			Summary: "A player's statistics, rating and rankings", Tags: []string{"players"},
			Description: "Precomputed at validation. A hidden player is not found, as their profile is; private tournaments' rows show only to who may see their standings.",
			Errors:      []int{http.StatusUnauthorized, http.StatusNotFound}}, (*Server).getPlayerStats),
		encodedOp[playerHistoryInput, playerHistoryOutput](policy.SignedIn, huma.Operation{OperationID: "list-player-history", Method: http.MethodGet, Path: "/api/players/{id}/history",
			Summary: "A player's validated matches, newest first (cursor-paginated)", Tags: []string{"players"},
			Errors: []int{http.StatusUnauthorized, http.StatusNotFound, http.StatusUnprocessableEntity}}, (*Server).getPlayerHistory),
		op(policy.SignedIn, huma.Operation{OperationID: "export-player-history", Method: http.MethodGet, Path: "/api/players/{id}/history.csv",
			Summary: "A player's validated matches as CSV (the filtered history view)", Tags: []string{"players"},
			Description: "RFC 4180, UTF-8 with a byte-order mark, header in the reader's language, newest first, at most 5000 rows. A hidden player is not found.",
			Errors:      []int{http.StatusUnauthorized, http.StatusNotFound, http.StatusUnprocessableEntity}}, (*Server).getPlayerHistoryCSV),
		encodedOp[leaderboardInput, leaderboardOutput](policy.Public, huma.Operation{OperationID: "get-leaderboard", Method: http.MethodGet, Path: "/api/leaderboards",
			Summary: "The global ranking of a period (offset-paginated)", Tags: []string{"rankings"},
			Description: "Points won in validated matches of every tournament in the period (week and month in the reader's time zone), ties by wins then rating. Hidden players are left out for others. `me` is the reader's own row.",
			Errors:      []int{http.StatusUnprocessableEntity}}, (*Server).getLeaderboard),
		op(policy.Public, huma.Operation{OperationID: "export-leaderboard", Method: http.MethodGet, Path: "/api/leaderboards.csv",
			Summary: "The global ranking of a period as CSV", Tags: []string{"rankings"},
			Description: "RFC 4180, UTF-8 with a byte-order mark, header in the reader's language, at most 5000 rows.",
			Errors:      []int{http.StatusUnprocessableEntity}}, (*Server).getLeaderboardCSV),
		op(policy.Public, huma.Operation{OperationID: "list-tournament-leaders", Method: http.MethodGet, Path: "/api/leaderboards/leaders",
			Summary: "The first three of every active tournament the reader may see (offset-paginated, by name)", Tags: []string{"rankings"},
			Description: "Private tournaments show only to who may see their standings. Read from the cached standings.",
			Errors:      []int{http.StatusUnprocessableEntity}}, (*Server).getLeaders),
		op(policy.Public, huma.Operation{OperationID: "get-top-of-week", Method: http.MethodGet, Path: "/api/leaderboards/week",
			Summary: "Top of the week: most wins and biggest climbs", Tags: []string{"rankings"},
			Description: "The reader's current week, Monday to Monday in their time zone; validated matches of every tournament. Hidden players are left out for others."}, (*Server).getTopOfWeek),
		op(policy.SignedIn, huma.Operation{OperationID: "compare-players", Method: http.MethodGet, Path: "/api/leaderboards/compare",
			Summary: "Compare up to 4 players side by side, with the head-to-head among them", Tags: []string{"rankings"},
			Description: "More than 4 ids is a 422 compare.too_many. A hidden player is not found, as their profile is.",
			Errors:      []int{http.StatusUnauthorized, http.StatusNotFound, http.StatusUnprocessableEntity}}, (*Server).getCompare),
		op(policy.SignedIn, huma.Operation{OperationID: "get-settings", Method: http.MethodGet, Path: "/api/settings",
			Summary: "Notification and privacy preferences", Tags: []string{"settings"}, Errors: []int{http.StatusUnauthorized}}, (*Server).getSettings),
		op(policy.SignedIn, huma.Operation{OperationID: "update-settings", Method: http.MethodPut, Path: "/api/settings",
			Summary: "Save notification and privacy preferences", Tags: []string{"settings"},
			Errors: []int{http.StatusUnauthorized, http.StatusUnprocessableEntity}}, (*Server).updateSettings),
		op(policy.Public, huma.Operation{OperationID: "list-districts", Method: http.MethodGet, Path: "/api/geo/districts",
			Summary: "Portugal's districts, autonomous regions and municipalities", Tags: []string{"geo"}}, (*Server).districts),

		// Notifications (SPEC §7 keeps the first two).
		op(policy.SignedIn, huma.Operation{OperationID: "recent-notifications", Method: http.MethodGet, Path: "/api/notifications/recent",
			Summary: "Most recent notifications, newest first", Tags: []string{"notifications"}, Errors: []int{http.StatusUnauthorized}}, (*Server).recentNotifications),
		op(policy.SignedIn, huma.Operation{OperationID: "mark-notification-read", Method: http.MethodPut, Path: "/api/notifications/{id}/read",
			Summary: "Mark a notification read", Tags: []string{"notifications"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized, http.StatusNotFound}}, (*Server).markRead),
		op(policy.SignedIn, huma.Operation{OperationID: "list-notifications", Method: http.MethodGet, Path: "/api/notifications",
			Summary: "All notifications, paginated", Tags: []string{"notifications"}, Errors: []int{http.StatusUnauthorized}}, (*Server).listNotifications),
		op(policy.SignedIn, huma.Operation{OperationID: "unread-notifications", Method: http.MethodGet, Path: "/api/notifications/unread_count",
			Summary: "Number of unread notifications", Tags: []string{"notifications"}, Errors: []int{http.StatusUnauthorized}}, (*Server).unreadCount),
		op(policy.SignedIn, huma.Operation{OperationID: "mark-all-notifications-read", Method: http.MethodPost, Path: "/api/notifications/read_all",
			Summary: "Mark every notification read", Tags: []string{"notifications"}, Errors: []int{http.StatusUnauthorized}}, (*Server).markAllRead),

		encodedOp[searchInput, searchOutput](policy.Public, huma.Operation{OperationID: "search", Method: http.MethodGet, Path: "/api/search",
			Summary: "Global search", Tags: []string{"search"}, Middlewares: huma.Middlewares{privateNoStore},
			Description: "Active tournaments and clubs for everyone; players (listed, not suspended) and the caller's own challenges for signed-in callers; at most 5 of each."}, (*Server).search),
		op(policy.SignedIn, huma.Operation{OperationID: "get-home", Method: http.MethodGet, Path: "/api/home",
			Summary: "The signed-in home: activity counts, featured tournaments and clubs, active and completed matches", Tags: []string{"home"},
			Errors: []int{http.StatusUnauthorized}}, (*Server).getHome),

		// Clubs.
		encodedOp[listClubsInput, listClubsOutput](policy.Public, huma.Operation{OperationID: "list-clubs", Method: http.MethodGet, Path: "/api/clubs",
			Summary: "Clubs, sorted by name, paginated", Tags: []string{"clubs"}, Errors: []int{http.StatusUnprocessableEntity}}, (*Server).listClubs),
		op(policy.SignedIn, huma.Operation{OperationID: "propose-club", Method: http.MethodPost, Path: "/api/clubs",
			Summary: "Propose a club", Tags: []string{"clubs"}, DefaultStatus: http.StatusCreated,
			Description: "The club starts pending; the creator becomes its administrator; a super admin validates it within 5 days or it is removed.",
			Errors:      []int{http.StatusUnauthorized, http.StatusUnprocessableEntity}}, (*Server).proposeClub),
		op(policy.Public, huma.Operation{OperationID: "get-club", Method: http.MethodGet, Path: "/api/clubs/{id}",
			Summary: "A club with its members", Tags: []string{"clubs"}, Errors: []int{http.StatusNotFound}}, (*Server).getClub),
		op(policy.SignedIn, huma.Operation{OperationID: "update-club", Method: http.MethodPut, Path: "/api/clubs/{id}",
			Summary: "Edit a club (its administrators and super admins)", Tags: []string{"clubs"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusUnprocessableEntity}}, (*Server).updateClub),
		op(policy.SuperAdmins, huma.Operation{OperationID: "validate-club", Method: http.MethodPost, Path: "/api/clubs/{id}/validate",
			Summary: "Validate a pending club", Tags: []string{"clubs"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).validateClub),
		op(policy.SuperAdmins, huma.Operation{OperationID: "reject-club", Method: http.MethodPost, Path: "/api/clubs/{id}/reject",
			Summary: "Reject a pending club (optional reason)", Tags: []string{"clubs"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).rejectClub),
		op(policy.SignedIn, huma.Operation{OperationID: "join-club", Method: http.MethodPost, Path: "/api/clubs/{id}/join",
			Summary: "Join a validated club", Tags: []string{"clubs"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized, http.StatusNotFound, http.StatusConflict}}, (*Server).joinClub),
		op(policy.SignedIn, huma.Operation{OperationID: "leave-club", Method: http.MethodPost, Path: "/api/clubs/{id}/leave",
			Summary: "Leave a club", Tags: []string{"clubs"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized, http.StatusNotFound, http.StatusConflict}}, (*Server).leaveClub),
		op(policy.SignedIn, huma.Operation{OperationID: "set-club-member-role", Method: http.MethodPut, Path: "/api/clubs/{id}/members/{user}/role",
			Summary: "Appoint a member as administrator, or return an administrator to member", Tags: []string{"clubs"}, DefaultStatus: http.StatusNoContent,
			Description: "Club administrators and super admins; never on oneself; the last administrator is not demoted. The member is notified.",
			Errors:      []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).setClubMemberRole),
		op(policy.SignedIn, huma.Operation{OperationID: "remove-club-member", Method: http.MethodDelete, Path: "/api/clubs/{id}/members/{user}",
			Summary: "Remove a member from the club", Tags: []string{"clubs"}, DefaultStatus: http.StatusNoContent,
			Description: "Club administrators and super admins; never oneself (leave instead); the last administrator stays while other members remain. The member is notified.",
			Errors:      []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).removeClubMember),
		uploadOp(policy.SignedIn, huma.Operation{OperationID: "upload-club-image", Method: http.MethodPost, Path: "/api/clubs/{id}/image",
			Summary: "Upload the club's picture", Tags: []string{"clubs"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound}}, "image", (*Server).uploadClubImage),
		plain(http.MethodGet, "/api/clubs/{id}/image", policy.Public, "A club's picture", s.serveClubImage),

		// Tournaments (#6): SPEC §2, §4, §6.
		encodedOp[listTournamentsInput, listTournamentsOutput](policy.Public, huma.Operation{OperationID: "list-tournaments", Method: http.MethodGet, Path: "/api/tournaments",
			Summary: "List tournaments (search, filters, pagination)", Tags: []string{"tournaments"},
			Errors: []int{http.StatusUnprocessableEntity}}, (*Server).listTournaments),
		op(policy.SignedIn, huma.Operation{OperationID: "create-tournament", Method: http.MethodPost, Path: "/api/tournaments",
			Summary: "Create a tournament (pending approval)", Tags: []string{"tournaments"}, DefaultStatus: http.StatusCreated,
			Errors: []int{http.StatusUnauthorized, http.StatusUnprocessableEntity}}, (*Server).createTournament),
		encodedOp[tournamentIDInput, tournamentDetailOutput](policy.Public, huma.Operation{OperationID: "get-tournament", Method: http.MethodGet, Path: "/api/tournaments/{id}",
			Summary: "A tournament with its creator, referees and the caller's permissions", Tags: []string{"tournaments"},
			Errors: []int{http.StatusNotFound}}, (*Server).getTournament),
		op(policy.SignedIn, huma.Operation{OperationID: "update-tournament", Method: http.MethodPut, Path: "/api/tournaments/{id}",
			Summary: "Edit a tournament (creator, super admins)", Tags: []string{"tournaments"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).updateTournament),
		op(policy.SuperAdmins, huma.Operation{OperationID: "approve-tournament", Method: http.MethodPost, Path: "/api/tournaments/{id}/approve",
			Summary: "Approve a pending tournament", Tags: []string{"tournaments"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).approveTournament),
		op(policy.SuperAdmins, huma.Operation{OperationID: "reject-tournament", Method: http.MethodPost, Path: "/api/tournaments/{id}/reject",
			Summary: "Reject a pending tournament (optional reason)", Tags: []string{"tournaments"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).rejectTournament),
		op(policy.SignedIn, huma.Operation{OperationID: "close-tournament", Method: http.MethodPost, Path: "/api/tournaments/{id}/close",
			Summary: "Close an active tournament (it becomes inactive)", Tags: []string{"tournaments"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).closeTournament),
		op(policy.SignedIn, huma.Operation{OperationID: "join-tournament", Method: http.MethodPost, Path: "/api/tournaments/{id}/join",
			Summary: "Join a public tournament, or ask to join a private one", Tags: []string{"tournaments"},
			Errors: []int{http.StatusUnauthorized, http.StatusNotFound, http.StatusConflict}}, (*Server).joinTournament),
		op(policy.SignedIn, huma.Operation{OperationID: "leave-tournament", Method: http.MethodPost, Path: "/api/tournaments/{id}/leave",
			Summary: "Leave a tournament or withdraw a join request", Tags: []string{"tournaments"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized, http.StatusNotFound, http.StatusConflict}}, (*Server).leaveTournament),
		op(policy.SignedIn, huma.Operation{OperationID: "approve-join-request", Method: http.MethodPost, Path: "/api/tournaments/{id}/requests/{user}/approve",
			Summary: "Admit a join request (creator, super admins)", Tags: []string{"tournaments"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).approveJoinRequest),
		op(policy.SignedIn, huma.Operation{OperationID: "decline-join-request", Method: http.MethodPost, Path: "/api/tournaments/{id}/requests/{user}/decline",
			Summary: "Decline a join request (creator, super admins)", Tags: []string{"tournaments"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).declineJoinRequest),
		op(policy.SignedIn, huma.Operation{OperationID: "set-tournament-player-status", Method: http.MethodPut, Path: "/api/tournaments/{id}/players/{user}/status",
			Summary: "Pause, suspend or reactivate a participant (creator, referees, super admins)", Tags: []string{"tournaments"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).setPlayerStatus),
		op(policy.SignedIn, huma.Operation{OperationID: "remove-tournament-player", Method: http.MethodDelete, Path: "/api/tournaments/{id}/players/{user}",
			Summary: "Remove a participant (creator, referees, super admins)", Tags: []string{"tournaments"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).removePlayer),
		op(policy.SignedIn, huma.Operation{OperationID: "promote-referee", Method: http.MethodPost, Path: "/api/tournaments/{id}/players/{user}/referee",
			Summary: "Make a participant the referee (creator, super admins)", Tags: []string{"tournaments"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).promoteReferee),
		op(policy.SignedIn, huma.Operation{OperationID: "demote-referee", Method: http.MethodDelete, Path: "/api/tournaments/{id}/players/{user}/referee",
			Summary: "Make the referee a player again (creator, super admins)", Tags: []string{"tournaments"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).demoteReferee),
		op(policy.SignedIn, huma.Operation{OperationID: "shuffle-ranking", Method: http.MethodPost, Path: "/api/tournaments/{id}/shuffle",
			Summary: "Shuffle the ranking among equal players (creator, super admins)", Tags: []string{"tournaments"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).shuffleRanking),
		encodedOp[standingsInput, standingsOutput](policy.Public, huma.Operation{OperationID: "get-standings", Method: http.MethodGet, Path: "/api/tournaments/{id}/standings",
			Summary: "The ranking: position, points, record, form, movement", Tags: []string{"tournaments"},
			Errors: []int{http.StatusForbidden, http.StatusNotFound}}, (*Server).getStandings),
		op(policy.Public, huma.Operation{OperationID: "get-tournament-participants", Method: http.MethodGet, Path: "/api/tournaments/{id}/participants",
			Summary: "Players, referees and (for the creator) join requests", Tags: []string{"tournaments"},
			Errors: []int{http.StatusForbidden, http.StatusNotFound}}, (*Server).getParticipants),
		op(policy.Public, huma.Operation{OperationID: "get-tournament-statistics", Method: http.MethodGet, Path: "/api/tournaments/{id}/statistics",
			Summary: "Matches played, most active, climbers, upsets", Tags: []string{"tournaments"},
			Errors: []int{http.StatusForbidden, http.StatusNotFound}}, (*Server).getStatistics),
		uploadOp(policy.SignedIn, huma.Operation{OperationID: "upload-tournament-image", Method: http.MethodPost, Path: "/api/tournaments/{id}/image",
			Summary: "Upload the tournament's picture (creator, super admins)", Tags: []string{"tournaments"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound}}, "image", (*Server).uploadTournamentImage),
		plain(http.MethodGet, "/api/tournaments/{id}/image", policy.Public, "A tournament's picture", s.serveTournamentImage),

		// Challenges and matches (#7): SPEC §2, §3, §4, §5.
		op(policy.SignedIn, huma.Operation{OperationID: "list-challenges", Method: http.MethodGet, Path: "/api/challenges",
			Summary: "The caller's challenges, sent and received, newest first", Tags: []string{"challenges"},
			Errors: []int{http.StatusUnauthorized, http.StatusUnprocessableEntity}}, (*Server).listChallenges),
		op(policy.SignedIn, huma.Operation{OperationID: "create-challenge", Method: http.MethodPost, Path: "/api/challenges",
			Summary: "Challenge a player of a tournament with 1 to 3 proposed times", Tags: []string{"challenges"}, DefaultStatus: http.StatusCreated,
			Errors: []int{http.StatusUnauthorized, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).createChallenge),
		op(policy.SignedIn, huma.Operation{OperationID: "suggest-challenge-times", Method: http.MethodGet, Path: "/api/challenges/suggestions",
			Summary: "Times that fit both players' weekly availability", Tags: []string{"challenges"},
			Errors: []int{http.StatusUnauthorized, http.StatusNotFound, http.StatusUnprocessableEntity}}, (*Server).suggestTimes),
		op(policy.SignedIn, huma.Operation{OperationID: "get-challenge", Method: http.MethodGet, Path: "/api/challenges/{id}",
			Summary: "One of the caller's challenges", Tags: []string{"challenges"},
			Errors: []int{http.StatusUnauthorized, http.StatusNotFound}}, (*Server).getChallenge),
		op(policy.SignedIn, huma.Operation{OperationID: "accept-challenge", Method: http.MethodPost, Path: "/api/challenges/{id}/accept",
			Summary: "Accept at one of the proposed times: a match is made", Tags: []string{"challenges"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).acceptChallenge),
		op(policy.SignedIn, huma.Operation{OperationID: "reject-challenge", Method: http.MethodPost, Path: "/api/challenges/{id}/reject",
			Summary: "Reject a challenge (the challenged player)", Tags: []string{"challenges"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).rejectChallenge),
		op(policy.SignedIn, huma.Operation{OperationID: "cancel-challenge", Method: http.MethodPost, Path: "/api/challenges/{id}/cancel",
			Summary: "Withdraw a challenge (its challenger)", Tags: []string{"challenges"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).cancelChallenge),
		// The tennis hub and calendar feeds (issue 15).
		op(policy.SignedIn, huma.Operation{OperationID: "tennis-hub", Method: http.MethodGet, Path: "/api/hub",
			Summary: "The tennis hub: tournaments, clubs, players and results near the reader", Tags: []string{"hub"},
			Description: "From the reader's district and municipality (profile): a few indexed, limited reads. Hidden players are never suggested.",
			Errors:      []int{http.StatusUnauthorized}}, (*Server).getHub),
		op(policy.Public, huma.Operation{OperationID: "check-score", Method: http.MethodPost, Path: "/api/scores/check",
			Summary: "Check a tennis score with the server's validation", Tags: []string{"hub"},
			Description: "The validation a result report goes through: valid with the winner and the canonical score, or invalid with the translated reason. Stores nothing; rate-limited per client address.",
			Errors:      []int{http.StatusUnprocessableEntity}}, (*Server).checkScore),
		op(policy.SignedIn, huma.Operation{OperationID: "get-calendar-feed", Method: http.MethodGet, Path: "/api/calendar/feed",
			Summary: "Whether the own calendar feed exists", Tags: []string{"calendar"}, Errors: []int{http.StatusUnauthorized}}, (*Server).calendarFeedState),
		op(policy.SignedIn, huma.Operation{OperationID: "rotate-calendar-feed", Method: http.MethodPost, Path: "/api/calendar/feed",
			Summary: "Create or replace the own calendar feed URL", Tags: []string{"calendar"},
			Description: "A new secret URL; the previous one stops working at once. The URL is shown only in this answer (only a hash is stored). Rate-limited per account.",
			Errors:      []int{http.StatusUnauthorized}}, (*Server).rotateCalendarFeed),
		op(policy.SignedIn, huma.Operation{OperationID: "revoke-calendar-feed", Method: http.MethodDelete, Path: "/api/calendar/feed",
			Summary: "Revoke the own calendar feed", Tags: []string{"calendar"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized}}, (*Server).revokeCalendarFeed),
		op(policy.Public, huma.Operation{OperationID: "calendar-feed", Method: http.MethodGet, Path: "/api/calendar/feeds/{token}/matches.ics",
			Summary: "A player's private calendar of matches (iCalendar)", Tags: []string{"calendar"},
			Description: "RFC 5545: the owner's matches with a time (at most 200, newest first), times in UTC. The secret token is the credential; no cookie is needed. Unknown or revoked tokens: 404. Rate-limited per client address.",
			Responses:   map[string]*huma.Response{"200": {Description: "text/calendar", Content: map[string]*huma.MediaType{"text/calendar": {}}}},
			Errors:      []int{http.StatusNotFound}}, (*Server).getCalendarFeed),
		op(policy.SignedIn, huma.Operation{OperationID: "match-calendar", Method: http.MethodGet, Path: "/api/matches/{id}/calendar.ics",
			Summary: "One match as an iCalendar file", Tags: []string{"calendar"},
			Description: "For the match's players and its tournament's referees; others who see the match get 403, others 404. 409 while it has no time.",
			Responses:   map[string]*huma.Response{"200": {Description: "text/calendar", Content: map[string]*huma.MediaType{"text/calendar": {}}}},
			Errors:      []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).getMatchCalendar),

		op(policy.SignedIn, huma.Operation{OperationID: "list-matches", Method: http.MethodGet, Path: "/api/matches",
			Summary: "The caller's matches, or results waiting for the caller (scope=validation)", Tags: []string{"challenges"},
			Errors: []int{http.StatusUnauthorized, http.StatusUnprocessableEntity}}, (*Server).listMatches),
		op(policy.SignedIn, huma.Operation{OperationID: "get-match", Method: http.MethodGet, Path: "/api/matches/{id}",
			Summary: "A match with what the caller may do", Tags: []string{"challenges"},
			Errors: []int{http.StatusUnauthorized, http.StatusNotFound}}, (*Server).getMatch),
		op(policy.SignedIn, huma.Operation{OperationID: "confirm-match-time", Method: http.MethodPost, Path: "/api/matches/{id}/time",
			Summary: "Confirm the time (and optional place) of a match", Tags: []string{"challenges"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).confirmMatchTime),
		op(policy.SignedIn, huma.Operation{OperationID: "report-result", Method: http.MethodPost, Path: "/api/matches/{id}/result",
			Summary: "Report the score (once)", Tags: []string{"challenges"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).reportResult),
		op(policy.SignedIn, huma.Operation{OperationID: "confirm-result", Method: http.MethodPost, Path: "/api/matches/{id}/confirm",
			Summary: "Confirm the reported result (the opponent)", Tags: []string{"challenges"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).confirmResult),
		op(policy.SignedIn, huma.Operation{OperationID: "dispute-result", Method: http.MethodPost, Path: "/api/matches/{id}/dispute",
			Summary: "Dispute the reported result (the opponent)", Tags: []string{"challenges"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).disputeResult),
		op(policy.SignedIn, huma.Operation{OperationID: "validate-result", Method: http.MethodPost, Path: "/api/matches/{id}/validate",
			Summary: "Approve or reject a reported result (referee, creator without referee, super admins)", Tags: []string{"challenges"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).validateResult),
		op(policy.SignedIn, huma.Operation{OperationID: "cancel-match", Method: http.MethodPost, Path: "/api/matches/{id}/cancel",
			Summary: "Call off a match without a result", Tags: []string{"challenges"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).cancelMatch),

		// Administration: the system logs and the admin panel (#12), super admins.
		op(policy.SuperAdmins, huma.Operation{OperationID: "admin-audit-log", Method: http.MethodGet, Path: "/api/admin/audit",
			Summary: "The system logs: audit rows, newest first, filtered and paginated", Tags: []string{"admin"},
			Description: "Who did what, when, to which object, before → after, from which request. Read only: no route edits or deletes audit rows.",
			Errors:      []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusUnprocessableEntity}}, (*Server).auditLog),
		op(policy.SuperAdmins, huma.Operation{OperationID: "admin-system", Method: http.MethodGet, Path: "/api/admin/system",
			Summary: "System health: version, uptime, database, email outbox, sessions, scheduled jobs", Tags: []string{"admin"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden}}, (*Server).systemHealth),
		op(policy.SuperAdmins, huma.Operation{OperationID: "admin-cleanup", Method: http.MethodPost, Path: "/api/admin/cleanup",
			Summary: "Run the clean-up of expired items now", Tags: []string{"admin"},
			Description: "Removes pending clubs and tournaments past their 5 days, closes ended tournaments, expires unanswered challenges and expired sessions; reports the counts per kind. Audited.",
			Errors:      []int{http.StatusUnauthorized, http.StatusForbidden}}, (*Server).cleanupNow),
		// Deletion requests (issue 12): super admins ask, the root decides; anyone asks for their own.
		op(policy.SuperAdmins, huma.Operation{OperationID: "list-deletion-requests", Method: http.MethodGet, Path: "/api/admin/deletions",
			Summary: "Deletion requests, pending first (super admins)", Tags: []string{"admin"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden}}, (*Server).listDeletions),
		op(policy.SuperAdmins, huma.Operation{OperationID: "request-deletion", Method: http.MethodPost, Path: "/api/admin/deletions",
			Summary: "Ask for the definitive deletion of an account (super admins)", Tags: []string{"admin"}, DefaultStatus: http.StatusCreated,
			Description: "By the email of a registered account, with a required reason. It stays pending until the main super admin approves or declines it; the root account is never deleted; one pending request per account.",
			Errors:      []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).requestDeletion),
		op(policy.SuperAdmins, huma.Operation{OperationID: "approve-deletion", Method: http.MethodPost, Path: "/api/admin/deletions/{id}/approve",
			Summary: "Approve a deletion request: erase the account (main super admin)", Tags: []string{"admin"},
			Description: "Erases the personal data; past matches stay in the standings as a deleted player. Never on a request the root made.",
			Errors:      []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).approveDeletion),
		op(policy.SuperAdmins, huma.Operation{OperationID: "decline-deletion", Method: http.MethodPost, Path: "/api/admin/deletions/{id}/decline",
			Summary: "Decline a deletion request (main super admin)", Tags: []string{"admin"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).declineDeletion),
		op(policy.SignedIn, huma.Operation{OperationID: "get-own-deletion", Method: http.MethodGet, Path: "/api/profile/deletion",
			Summary: "Whether a deletion of the own account is pending", Tags: []string{"profile"},
			Errors: []int{http.StatusUnauthorized}}, (*Server).getOwnDeletion),
		op(policy.SignedIn, huma.Operation{OperationID: "request-own-deletion", Method: http.MethodPost, Path: "/api/profile/deletion",
			Summary: "Ask for the deletion of the own account (GDPR)", Tags: []string{"profile"}, DefaultStatus: http.StatusCreated,
			Description: "Creates the same request a super admin would; the main super admin decides. The reason is optional.",
			Errors:      []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).requestOwnDeletion),
		op(policy.SuperAdmins, huma.Operation{OperationID: "players-panel", Method: http.MethodGet, Path: "/api/admin/players-panel",
			Summary: "Players with their statistics: search, club filter, sort, pages (super admins)", Tags: []string{"admin"},
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden}}, (*Server).playersPanel),
	}
	rs = append(rs, peopleRoutes()...)       // super admins and user transfers (admin_people.go)
	rs = append(rs, messageRoutes()...)      // conversations and messages (messages.go)
	rs = append(rs, gamificationRoutes()...) // XP, levels, achievements (gamification.go)
	if s.devIdP != nil {
		h := s.devIdP.Handler()
		base := "/dev/oidc"
		rs = append(rs,
			plain(http.MethodGet, base+"/.well-known/openid-configuration", policy.Public, "Development identity provider: discovery", h.ServeHTTP),
			plain(http.MethodGet, base+"/jwks", policy.Public, "Development identity provider: keys", h.ServeHTTP),
			plain(http.MethodGet, base+"/authorize", policy.Public, "Development identity provider: sign-in page", h.ServeHTTP),
			plain(http.MethodPost, base+"/authorize", policy.Public, "Development identity provider: pick an account", h.ServeHTTP),
			plain(http.MethodPost, base+"/token", policy.Public, "Development identity provider: token endpoint", h.ServeHTTP),
			plain(http.MethodGet, base+"/userinfo", policy.Public, "Development identity provider: userinfo", h.ServeHTTP),
			plain(http.MethodPost, base+"/userinfo", policy.Public, "Development identity provider: userinfo", h.ServeHTTP),
		)
	}
	return rs
}

// Routes lists every route with its access rule (for the authorization-matrix test and docs).
func (s *Server) Routes() []Route { return s.routes() }

func plain(method, path string, access policy.Access, summary string, h http.HandlerFunc) Route {
	pattern := path
	if method != "" {
		pattern = method + " " + path
	}
	return Route{Method: method, Path: path, Access: access, Summary: summary,
		register: func(s *Server) { s.mux.Handle(pattern, guardHandler(access, h)) }}
}

// op registers a huma operation whose handler is a method of Server; the handler runs within
// the request's deadline.
func op[I, O any](access policy.Access, o huma.Operation, h func(*Server, context.Context, *I) (*O, error)) Route {
	return register(access, o, func(s *Server, ctx context.Context, in *I) (*O, error) {
		ctx, cancel := s.operationContext(ctx)
		defer cancel()
		return h(s, ctx, in)
	})
}

func register[I, O any](access policy.Access, o huma.Operation, h func(*Server, context.Context, *I) (*O, error)) Route {
	return Route{Method: o.Method, Path: o.Path, Access: access, Summary: o.Summary,
		register: func(s *Server) {
			o.Middlewares = append(huma.Middlewares{guardOperation(access)}, o.Middlewares...)
			describeOperation(access, &o, reflect.TypeFor[I]())
			huma.Register(s.api, o, func(ctx context.Context, in *I) (*O, error) { return h(s, ctx, in) })
			documentDefaults(s.api, registered(s.api, o.Method, o.Path))
		}}
}

// documented adds a plain route to the OpenAPI document as the operation o (method, path and
// summary come from the route; the errors and security are derived like op's).
func documented(rt Route, o huma.Operation) Route {
	register := rt.register
	rt.register = func(s *Server) {
		register(s)
		o.Method, o.Path, o.Summary = rt.Method, rt.Path, rt.Summary
		documentPlain(s.api, rt.Access, o, reflect.TypeFor[struct{}]())
	}
	return rt
}
