package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/tennisladder/ladder/internal/auth"
	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

const currentKey ctxKey = 200

// withCurrent resolves the session cookie of API requests into the caller's account. Pages and
// assets skip it: they never depend on who asks, and this keeps them off the database.
func (s *Server) withCurrent(r *http.Request) (*http.Request, error) {
	if !strings.HasPrefix(r.URL.Path, "/api/") {
		return r, nil
	}
	token := auth.Read(r, s.cookies.SessionName())
	ctx := context.WithValue(r.Context(), requestInfoKey, requestInfo{sessionToken: token,
		flowCookie: auth.Read(r, s.cookies.FlowName()), userAgent: r.UserAgent()})
	cur, err := s.svc.AuthenticateFor(ctx, token, stampHintOf(r))
	if err != nil {
		return r, err
	}
	return r.WithContext(context.WithValue(ctx, currentKey, cur)), nil
}

// stampHintOf names the stamps a request's kept answer will be checked against, read with the
// session's (service.AuthenticateFor): the page stamp of a player's statistics or history
// (GET /api/players/{id}/stats or /history), that of the bell's newest notifications (GET
// /api/notifications/recent, 20 of them: recentNotifications), a profile's account version and
// co-players flag (GET /api/players/{id}), the rankings' version (GET
// /api/leaderboards), the lists' and search's versions for those kept answers (GET
// /api/search, /api/tournaments, /api/clubs, and /api/home and /api/hub, which show lists), and for every other request the session's own
// stamp alone. Only a hint: the route still parses and validates its own parameters, and reads
// apart any stamp not named here.
func stampHintOf(r *http.Request) store.StampHint {
	if r.Method != http.MethodGet {
		return store.StampHint{SessionOnly: true}
	}
	switch r.URL.Path {
	case "/api/notifications/recent":
		return store.StampHint{RecentNotifications: recentNotificationsLimit}
	case "/api/leaderboards":
		return store.StampHint{Leaderboard: true}
	case "/api/search", "/api/tournaments", "/api/clubs", "/api/home", "/api/hub":
		return store.StampHint{} // the session's stamp with the lists' and search's versions
	}
	if id := playerPageOf(r.URL.Path); id > 0 {
		return store.StampHint{PagePlayer: id}
	}
	if id := profilePageOf(r.URL.Path); id > 0 {
		return store.StampHint{ProfilePlayer: id}
	}
	return store.StampHint{SessionOnly: true}
}

// profilePageOf is the player id of a player's profile path (GET /api/players/{id}), else 0.
func profilePageOf(path string) int64 {
	rest, ok := strings.CutPrefix(path, "/api/players/")
	if !ok || strings.Contains(rest, "/") {
		return 0
	}
	n, err := strconv.ParseInt(rest, 10, 64)
	if err != nil || n <= 0 {
		return 0
	}
	return n
}

// playerPageOf is the player id of a path of a player's statistics or history page, else 0.
func playerPageOf(path string) int64 {
	rest, ok := strings.CutPrefix(path, "/api/players/")
	if !ok {
		return 0
	}
	id, page, ok := strings.Cut(rest, "/")
	if !ok || (page != "stats" && page != "history") {
		return 0
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil || n <= 0 {
		return 0
	}
	return n
}

const requestInfoKey ctxKey = 201

// requestInfo carries what handlers need from the raw request (huma hides it).
type requestInfo struct{ sessionToken, flowCookie, userAgent string }

func infoFrom(ctx context.Context) requestInfo {
	i, _ := ctx.Value(requestInfoKey).(requestInfo)
	return i
}

func currentFrom(ctx context.Context) service.Current {
	cur, _ := ctx.Value(currentKey).(service.Current)
	return cur
}

func sessionTokenFrom(ctx context.Context) string { return infoFrom(ctx).sessionToken }
func flowCookieFrom(ctx context.Context) string   { return infoFrom(ctx).flowCookie }
func userAgentFrom(ctx context.Context) string    { return infoFrom(ctx).userAgent }

// accessProblem is the refusal of a route-level rule, or nil when the caller may go on.
func accessProblem(ctx context.Context, access policy.Access) *Problem {
	err := policy.Allow(currentFrom(ctx).Actor, access)
	if err == nil {
		return nil
	}
	status := http.StatusForbidden
	code := policy.CodeForbidden
	if d, ok := err.(*policy.Denied); ok {
		code = d.Code
		if d.Code == policy.CodeSignInRequired {
			status = http.StatusUnauthorized
		}
	}
	return newProblem(langOf(ctx), status, code, nil)
}

// guardOperation makes a huma operation check its access rule before anything else, before
// even the body is read: a visitor learns nothing from validation errors of a closed route.
func guardOperation(access policy.Access) func(huma.Context, func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		if p := accessProblem(ctx.Context(), access); p != nil {
			ctx.SetHeader("Content-Type", "application/problem+json")
			ctx.SetHeader("Cache-Control", "no-store")
			ctx.SetStatus(p.Status)
			_ = json.NewEncoder(ctx.BodyWriter()).Encode(p)
			return
		}
		next(ctx)
	}
}

// guardHandler is guardOperation for plain handlers.
func guardHandler(access policy.Access, h http.HandlerFunc) http.HandlerFunc {
	if access == policy.Public {
		return h
	}
	return func(w http.ResponseWriter, r *http.Request) {
		if p := accessProblem(r.Context(), access); p != nil {
			writeProblem(w, r, p)
			return
		}
		h(w, r)
	}
}

// sameSiteNavigation reports whether a GET that changes state (the spec's GET /api/logout) comes
// from our own pages. Browsers send Sec-Fetch-Site; older ones at least send Origin on
// cross-site requests made by scripts. A request with neither is a direct visit or a tool.
func (s *Server) sameSiteNavigation(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "none":
		return true
	case "":
	default:
		return false
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && u.Host == r.Host
}
