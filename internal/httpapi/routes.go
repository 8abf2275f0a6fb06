package httpapi

import (
	"context"
	"net/http"

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
		plain(http.MethodGet, "/api/logout", policy.Public, "Sign out (the spec's GET; refuses cross-site requests)", s.logoutGet),

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
	}
	if s.devIdP != nil {
		h := s.devIdP.Handler()
		base := "/dev/oidc"
		rs = append(rs,
			plain(http.MethodGet, base+"/.well-known/openid-configuration", policy.Public, "Development identity provider: discovery", h.ServeHTTP),
			plain(http.MethodGet, base+"/jwks", policy.Public, "Development identity provider: keys", h.ServeHTTP),
			plain(http.MethodGet, base+"/authorize", policy.Public, "Development identity provider: sign-in page", h.ServeHTTP),
			plain(http.MethodPost, base+"/authorize", policy.Public, "Development identity provider: pick an account", h.ServeHTTP),
			plain(http.MethodPost, base+"/token", policy.Public, "Development identity provider: token endpoint", h.ServeHTTP),
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

// op registers a huma operation whose handler is a method of Server.
func op[I, O any](access policy.Access, o huma.Operation, h func(*Server, context.Context, *I) (*O, error)) Route {
	return Route{Method: o.Method, Path: o.Path, Access: access, Summary: o.Summary,
		register: func(s *Server) {
			o.Middlewares = append(huma.Middlewares{guardOperation(access)}, o.Middlewares...)
			huma.Register(s.api, o, func(ctx context.Context, in *I) (*O, error) { return h(s, ctx, in) })
		}}
}
