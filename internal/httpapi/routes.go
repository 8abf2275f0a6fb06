package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
)

// Access says who may call a route. The authorization-matrix test walks Routes() and checks
// every row, so a new route cannot be added without deciding this.
type Access string

const (
	// Public routes answer everyone, signed in or not.
	Public Access = "public"
)

// Route is one entry of the router: either a huma operation (documented in OpenAPI) or a plain
// handler on the ServeMux (pages, files, probes).
type Route struct {
	Method, Path string
	Access       Access
	Summary      string
	register     func(s *Server)
}

// routes is every route the server has, in one list.
func (s *Server) routes() []Route {
	return []Route{
		plain(http.MethodGet, "/healthz", Public, "Liveness probe", s.healthz),
		plain(http.MethodGet, "/readyz", Public, "Readiness probe: checks the database", s.readyz),
		plain(http.MethodGet, "/metrics", Public, "Prometheus metrics", s.metricsHandler),
		plain(http.MethodGet, "/api/docs", Public, "API documentation page", s.docs),
		// huma serves /api/openapi.json, .yaml and /api/schemas/ itself; listed for the matrix.
		{Method: http.MethodGet, Path: "/api/openapi.json", Access: Public, Summary: "OpenAPI document", register: func(*Server) {}},
		{Method: http.MethodGet, Path: "/api/openapi.yaml", Access: Public, Summary: "OpenAPI document (YAML)", register: func(*Server) {}},
		{Method: http.MethodGet, Path: "/api/schemas/{schema}", Access: Public, Summary: "JSON schemas", register: func(*Server) {}},
		plain(http.MethodGet, "/locales/{lng}/{ns}", Public, "Translation files", s.locales),
		// Everything else: the app, its assets and the SPA fallback; unknown /api paths get a 404 problem.
		plain("", "/", Public, "Single-page app, assets and its fallback", s.serveSPA),

		op(Public, huma.Operation{
			OperationID: "send-contact", Method: http.MethodPost, Path: "/api/contact",
			Summary: "Send a contact or support message", Tags: []string{"contact"},
			Description:   "Stores a message from the footer's technical-support or contact-developer form. Rate-limited per client address.",
			DefaultStatus: http.StatusCreated,
			Errors:        []int{http.StatusUnprocessableEntity, http.StatusTooManyRequests},
		}, (*Server).sendContact),
	}
}

// Routes lists every route with its access rule (for the authorization-matrix test and docs).
func (s *Server) Routes() []Route { return s.routes() }

func plain(method, path string, access Access, summary string, h http.HandlerFunc) Route {
	pattern := path
	if method != "" {
		pattern = method + " " + path
	}
	return Route{Method: method, Path: path, Access: access, Summary: summary,
		register: func(s *Server) { s.mux.Handle(pattern, h) }}
}

// op registers a huma operation whose handler is a method of Server.
func op[I, O any](access Access, o huma.Operation, h func(*Server, context.Context, *I) (*O, error)) Route {
	return Route{Method: o.Method, Path: o.Path, Access: access, Summary: o.Summary,
		register: func(s *Server) {
			huma.Register(s.api, o, func(ctx context.Context, in *I) (*O, error) { return h(s, ctx, in) })
		}}
}
