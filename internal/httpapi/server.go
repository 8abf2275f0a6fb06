// Package httpapi is the HTTP face of the application: the huma API under /api, health and
// metrics endpoints, the translation files and the embedded single-page app. Handlers are thin:
// decode, call one service method, encode.
package httpapi

import (
	"io/fs"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"github.com/tennisladder/ladder/internal/auth"
	"github.com/tennisladder/ladder/internal/auth/devidp"
	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/realtime"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

// Deps is what the HTTP layer needs from the rest of the program.
type Deps struct {
	Config  config.Config
	DB      *store.DB
	Service *service.Service
	Log     *slog.Logger
	Version string
	// DevAccounts are listed by the development identity provider (dev mode without OIDC client).
	DevAccounts []devidp.Account
	// Dist replaces the embedded build of the web app (load tests, asset tests); nil: embedded.
	Dist fs.FS
	// OIDCHTTPClient talks to the identity provider (tests point it at their issuer); nil: default.
	OIDCHTTPClient *http.Client
	// Hub holds this instance's live-update sockets; nil: a hub of its own on an in-memory
	// broker (the service's events then reach it only if they share it).
	Hub *realtime.Hub
}

// Server routes every request of the application.
type Server struct {
	cfg     config.Config
	db      *store.DB
	svc     *service.Service
	log     *slog.Logger
	version string

	mux     *http.ServeMux
	api     huma.API
	metrics *metrics
	handler http.Handler

	contactLimiter *limiter
	toolLimiter    *limiter // the score checker, per client address
	feedLimiter    *limiter // calendar feed reads, per client address (apart: the checker cannot lock feeds)
	signInLimiter  *limiter
	spa            *spa
	standingsJSON  standingsJSON // the kept rankings' rows as JSON (standings_body.go)

	hub *realtime.Hub

	cookies auth.Cookies
	oidc    *auth.Provider
	devIdP  *devidp.Provider // nil unless dev mode without a real provider

	startedAt      time.Time    // for the admin panel's uptime
	openWebSockets func() int64 // nil until live connections exist (SetOpenWebSockets)
}

var installErrorsOnce sync.Once

// New builds the server and registers every route of routes.go.
func New(d Deps) *Server {
	installErrorsOnce.Do(installHumaErrors)
	huma.DefaultArrayNullable = false // lists are always [] in JSON, never null
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	s := &Server{
		cfg: d.Config, db: d.DB, svc: d.Service, log: d.Log, version: d.Version,
		mux:            http.NewServeMux(),
		metrics:        newMetrics(),
		contactLimiter: newLimiter(float64(d.Config.ContactRatePerHour)/3600, d.Config.ContactRatePerHour),
		signInLimiter:  newLimiter(1, 30), // 30 at once, then one a second per address
		toolLimiter:    newLimiter(1, 60), // 60 at once, then one a second per address
		feedLimiter:    newLimiter(1, 60),
		spa:            newSPA(d.Dist),
		cookies:        auth.Cookies{Secure: d.Config.HTTPS(), SessionTTL: service.SessionTTL},
		startedAt:      time.Now(),
	}
	s.hub = d.Hub
	if s.hub == nil {
		s.hub = realtime.NewHub(realtime.NewMemory(), realtime.HubOptions{Log: d.Log})
	}
	s.metrics.watchHub(s.hub)
	redirect := d.Config.BaseURL + "/auth/callback"
	s.oidc = &auth.Provider{Issuer: d.Config.OIDCIssuer, ClientID: d.Config.OIDCClientID,
		ClientSecret: d.Config.OIDCClientSecret, RedirectURL: redirect, HTTPClient: d.OIDCHTTPClient, Log: s.log}
	if d.Config.DevIdentityProvider() {
		s.devIdP = devidp.New(d.Config.BaseURL+"/dev/oidc", redirect, d.DevAccounts)
		s.oidc.Issuer, s.oidc.ClientID, s.oidc.ClientSecret = s.devIdP.Issuer(), devidp.ClientID, ""
		s.log.Warn("development identity provider enabled: anyone can sign in as any account", "issuer", s.devIdP.Issuer())
	}
	hc := huma.DefaultConfig("Tennis Ladder API", d.Version)
	hc.Info.Description = "The JSON API of Tennis Ladder. Errors are application/problem+json with " +
		"`message` (in the language of Accept-Language, pt or en) and a stable `code`."
	hc.OpenAPIPath = "/api/openapi"
	hc.SchemasPath = "/api/schemas"
	hc.DocsPath = "" // our own page at /api/docs: huma's loads scripts from a CDN
	hc.CreateHooks = nil
	// The served document names this deployment: its base URL and its session cookie (with the
	// __Host- prefix over https). `ladder openapi` has no base URL and documents "/".
	server := d.Config.BaseURL
	if server == "" {
		server = "/"
	}
	hc.Servers = []*huma.Server{{URL: server}}
	hc.Components.SecuritySchemes = map[string]*huma.SecurityScheme{sessionScheme: {Type: "apiKey", In: "cookie",
		Name: s.cookies.SessionName(), Description: "The session cookie set by POST /api/sessions (HttpOnly)."}}
	s.api = humago.New(s.mux, hc)
	for _, rt := range s.routes() {
		rt.register(s)
	}
	s.handler = s.middleware(s.mux)
	return s
}

// ServeHTTP makes the server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// OpenAPI is the API's description, as served at /api/openapi.json.
func (s *Server) OpenAPI() *huma.OpenAPI { return s.api.OpenAPI() }

// DevIdP is the development identity provider, or nil (tests tamper with it).
func (s *Server) DevIdP() *devidp.Provider { return s.devIdP }
