package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/tennisladder/ladder/internal/service"
)

// contentSecurityPolicy allows scripts only from our own origin (no inline, no eval), so an
// injected string can never run; styles may be inline (React style props); pictures may come
// from the sign-in provider over https.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; " +
	"base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// middleware wraps the router, outermost first: recovery, logging and metrics, security
// headers, request language and client address, then cross-origin protection for every
// state-changing method.
func (s *Server) middleware(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, r, newProblem(langOf(r.Context()), http.StatusForbidden, "http.cross_origin", nil))
	}))
	h := cop.Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		if s.serveHashedAsset(rec, r) {
			// Hashed files are answered before the rest of the chain: they depend on nobody's
			// session or language and read no database (issue 16: a fixed cost in front of
			// every answer held the asset at 0.25× hello).
			r.Pattern = "GET /assets/"
			s.observe(r, rec, time.Since(start))
			return
		}
		r = withLang(r)
		ip := s.clientIP(r)
		r = r.WithContext(service.WithClientIP(context.WithValue(r.Context(), clientIPKey, ip), ip)) // audit entries record it
		rid := s.requestID(r)
		rec.Header().Set("X-Request-Id", rid)
		r = r.WithContext(service.WithRequestID(r.Context(), rid)) // audit entries and the request log record it
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.ErrorContext(r.Context(), "panic serving request", "panic", fmt.Sprint(p), "method", r.Method,
					"path", r.URL.Path, "stack", string(debug.Stack()))
				if !rec.wrote {
					writeProblem(rec, r, newProblem(langOf(r.Context()), http.StatusInternalServerError, "http.internal", nil))
				}
			}
			s.observe(r, rec, time.Since(start))
		}()
		s.securityHeaders(rec.Header(), r)
		if bad := append(checkURL(r.URL), checkJSONBody(r)...); len(bad) > 0 {
			writeProblem(rec, r, textRefusal(langOf(r.Context()), bad))
			return
		}
		r, cancel := s.withDeadline(r)
		defer cancel()
		r, err := s.currentWithin(r)
		if err != nil {
			s.log.ErrorContext(r.Context(), "session lookup failed", "err", err)
			writeProblem(rec, r, unavailableProblem(langOf(r.Context())))
			return
		}
		h.ServeHTTP(rec, r)
	})
}

// securityHeaders are sent with every answer. API answers may depend on the session, so they
// are never stored by a browser or proxy (no-store); the few cacheable ones (pictures with an
// ETag, the district list, the docs page) set their own Cache-Control over it.
//
// API answers other than the docs page are data, never a document a browser renders: they carry
// the headers that still matter for data (OWASP's REST set: nosniff, a CSP that allows nothing,
// no framing) and not the page-only ones (referrer, opener and permissions policies, the app's
// CSP), a third of the bytes of a small answer's headers, which every client parses (issue 16).
func (s *Server) securityHeaders(h http.Header, r *http.Request) {
	headers := staticSecurityHeaders
	if strings.HasPrefix(r.URL.Path, "/api/") {
		h["Cache-Control"] = hdrNoStore
		if r.URL.Path != "/api/docs" {
			headers = apiSecurityHeaders
		}
	}
	// Assigned as prepared values (canonical keys, one-element slices whose append reallocates):
	// Header.Set canonicalised and allocated these on every answer.
	for _, kv := range headers {
		h[kv.key] = kv.value
	}
	s.hsts(h, r)
}

// hsts asks browsers to come back only over HTTPS, on answers that came over it.
func (s *Server) hsts(h http.Header, r *http.Request) {
	if s.cfg.HTTPS() || r.TLS != nil || (s.cfg.TrustProxy && r.Header.Get("X-Forwarded-Proto") == "https") {
		h["Strict-Transport-Security"] = hdrHSTS
	}
}

// assetSecurityHeaders are securityHeaders for a hashed script or style sheet (serveHashedAsset;
// the build's /assets/ holds nothing else today). Such a file is never a document a browser
// renders, so the policies that only a document obeys (its CSP, framing, referrer, opener and
// permissions policies) are left out, as for API answers; nosniff stays: with it a browser runs
// a script or applies a style sheet only when its type says it is one. Five headers fewer: the
// answer's header map stays in Go's small-map form, and ~330 bytes less to write and for every
// client to parse; the largest asset's CPU ratio went from 0.57 to 0.67 (issue 16). Any other
// type (a picture, an SVG, which a browser can open as a document) keeps the full set. A worker
// would be the exception (it takes its CSP from its own script's answer): the app has none; one
// added under /assets/ must get the app's CSP here.
func (s *Server) assetSecurityHeaders(h http.Header, r *http.Request) {
	h["X-Content-Type-Options"] = hdrNosniff
	s.hsts(h, r)
}

type headerValue struct {
	key   string
	value []string
}

var (
	hdrNoStore            = []string{"no-store"}
	hdrHSTS               = []string{"max-age=63072000; includeSubDomains"}
	hdrNosniff            = []string{"nosniff"}
	staticSecurityHeaders = []headerValue{
		{"Content-Security-Policy", []string{contentSecurityPolicy}},
		{"X-Content-Type-Options", []string{"nosniff"}},
		{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
		{"X-Frame-Options", []string{"DENY"}},
		{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
		{"Permissions-Policy", []string{"camera=(), microphone=(), geolocation=(), payment=()"}},
	}
	apiSecurityHeaders = []headerValue{
		{"Content-Security-Policy", []string{"default-src 'none'; frame-ancestors 'none'"}},
		{"X-Content-Type-Options", []string{"nosniff"}},
		{"X-Frame-Options", []string{"DENY"}},
	}
)

// observe logs the request and records its metrics, labelled by the route pattern (never the
// raw path, so ids do not explode the label set).
func (s *Server) observe(r *http.Request, rec *statusRecorder, d time.Duration) {
	route := r.Pattern
	if route == "" {
		route = "unmatched"
	}
	s.metrics.observe(r.Method, route, rec.status, d)
	level := slog.LevelInfo
	switch {
	case rec.status >= 500:
		level = slog.LevelError
	case r.URL.Path == "/healthz" || r.URL.Path == "/readyz" || r.URL.Path == "/metrics" || strings.HasPrefix(r.URL.Path, "/assets/"):
		level = slog.LevelDebug
	}
	if !s.log.Enabled(r.Context(), level) {
		return // the attributes below cost allocations even when the line is dropped
	}
	s.log.Log(r.Context(), level, "request", "method", r.Method, "path", r.URL.Path, "route", route,
		"status", rec.status, "bytes", rec.bytes, "duration_ms", float64(d.Microseconds())/1000, "ip", clientIPFrom(r.Context()),
		"request_id", service.RequestID(r.Context()))
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
	wrote  bool
}

func (r *statusRecorder) WriteHeader(code int) {
	if !r.wrote {
		r.status, r.wrote = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	r.wrote = true
	n, err := r.ResponseWriter.Write(b)
	r.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the real writer (flush, deadlines, hijack).
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

const clientIPKey ctxKey = 100

// clientIP is the caller's address: the peer, or with LADDER_TRUST_PROXY the address our proxy
// saw (the last X-Forwarded-For entry, the one the proxy itself appended).
func (s *Server) clientIP(r *http.Request) string {
	if s.cfg.TrustProxy {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			parts := strings.Split(xff, ",")
			if ip := net.ParseIP(strings.TrimSpace(parts[len(parts)-1])); ip != nil {
				return ip.String()
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func clientIPFrom(ctx context.Context) string {
	ip, _ := ctx.Value(clientIPKey).(string)
	return ip
}

// requestID names the request in the log, the X-Request-Id answer header and the audit rows.
// Behind a trusted proxy the proxy's X-Request-Id is kept (one id from the edge to the audit
// row) when it is a short token; otherwise, and always without a proxy (a client could forge
// it), a random one is made.
func (s *Server) requestID(r *http.Request) string {
	if s.cfg.TrustProxy {
		if id := r.Header.Get("X-Request-Id"); validRequestID(id) {
			return id
		}
	}
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func validRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}
