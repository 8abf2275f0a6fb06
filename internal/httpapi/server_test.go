package httpapi

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func newTestServer(t *testing.T, db *store.DB, edit func(*config.Config)) *Server {
	t.Helper()
	cfg := config.Config{BaseURL: "http://localhost:8080", ContactRatePerHour: 5}
	if edit != nil {
		edit(&cfg)
	}
	return New(Deps{Config: cfg, DB: db, Service: service.New(db, service.Options{}), Version: "test"})
}

type call struct {
	method, path, body string
	header             map[string]string
}

func (s *Server) do(c call) *httptest.ResponseRecorder {
	var body io.Reader
	if c.body != "" {
		body = strings.NewReader(c.body)
	}
	r := httptest.NewRequest(c.method, c.path, body)
	r.RemoteAddr = "192.0.2.10:1234"
	if c.body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	for k, v := range c.header {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

func decodeProblem(t *testing.T, w *httptest.ResponseRecorder) Problem {
	t.Helper()
	if ct := w.Header().Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("content type %q, body %s", ct, w.Body)
	}
	var p Problem
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSecurityHeadersEverywhere(t *testing.T) {
	s := newTestServer(t, storetest.NewTestSQLite(t), nil)
	for _, c := range []call{
		{method: "GET", path: "/"}, {method: "GET", path: "/clubs/12"}, {method: "GET", path: "/api/nope"},
		{method: "GET", path: "/healthz"}, {method: "POST", path: "/api/contact", body: "{}"},
		{method: "GET", path: "/api/openapi.json"}, {method: "GET", path: "/locales/pt/errors.json"}, {method: "GET", path: "/api/docs"},
	} {
		w := s.do(c)
		h := w.Header()
		csp := h.Get("Content-Security-Policy")
		if strings.HasPrefix(c.path, "/api/") && c.path != "/api/docs" {
			// Data, never a page: a CSP that allows nothing, no framing, no sniffing; the
			// page-only policies are left out (issue 16).
			if csp != "default-src 'none'; frame-ancestors 'none'" || h.Get("X-Content-Type-Options") != "nosniff" ||
				h.Get("X-Frame-Options") != "DENY" || h.Get("Cache-Control") != "no-store" || h.Get("Referrer-Policy") != "" {
				t.Errorf("%s %s: API headers %v", c.method, c.path, h)
			}
			continue
		}
		if !strings.Contains(csp, "script-src 'self';") || strings.Contains(csp, "unsafe-eval") ||
			strings.Contains(strings.Split(csp, "script-src")[1], "unsafe-inline;") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s %s: CSP %q", c.method, c.path, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
			t.Errorf("%s %s: missing headers %v", c.method, c.path, h)
		}
		if h.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s %s: HSTS over plain http", c.method, c.path)
		}
	}
	https := newTestServer(t, storetest.NewTestSQLite(t), func(c *config.Config) { c.BaseURL = "https://ladder.example.org" })
	if https.do(call{method: "GET", path: "/"}).Header().Get("Strict-Transport-Security") == "" {
		t.Error("no HSTS behind https")
	}
}

func TestContactEndpoint(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		s := newTestServer(t, db, nil)
		ctx := context.Background()
		ok := `{"name":"Ana","email":"ana@example.pt","subject":"Olá","message":"Teste","type":"contact"}`

		w := s.do(call{method: "POST", path: "/api/contact", body: ok})
		if w.Code != http.StatusCreated || !strings.Contains(w.Body.String(), `"id":`) {
			t.Fatalf("send: %d %s", w.Code, w.Body)
		}
		list, _ := db.ListContactMessages(ctx, 0, 10)
		if len(list) != 1 || list[0].Subject != "Olá" || list[0].ClientIP != "192.0.2.10" || list[0].Kind != "contact" {
			t.Fatalf("stored: %+v", list)
		}

		// Bad fields: 422, translated per field, nothing stored.
		bad := `{"name":"Ana","email":"not-an-email","subject":"   ","message":"x","type":"support"}`
		for lang, want := range map[string]string{"en": "Enter a valid email address.", "pt-PT": "Introduza um endereço de email válido."} {
			w = s.do(call{method: "POST", path: "/api/contact", body: bad, header: map[string]string{"Accept-Language": lang}})
			p := decodeProblem(t, w)
			if w.Code != 422 || p.Code != "validation.failed" || len(p.Errors) == 0 || p.Errors[0].Message != want || p.Errors[0].Location != "body.email" {
				t.Fatalf("%s: %d %+v", lang, w.Code, p)
			}
		}
		// Whitespace-only subject passes the schema and is refused by the service.
		w = s.do(call{method: "POST", path: "/api/contact", body: strings.Replace(bad, "not-an-email", "ana@example.pt", 1)})
		if p := decodeProblem(t, w); w.Code != 422 || p.Errors[0].Location != "body.subject" || p.Errors[0].Code != "validation.required" {
			t.Fatalf("blank subject: %d %+v", w.Code, p)
		}
		// Missing fields and a wrong type.
		w = s.do(call{method: "POST", path: "/api/contact", body: `{"type":"spam"}`})
		if p := decodeProblem(t, w); w.Code != 422 || len(p.Errors) != 5 {
			t.Fatalf("missing fields: %d %+v", w.Code, p)
		}
		// Unparseable JSON.
		w = s.do(call{method: "POST", path: "/api/contact", body: `{nope`})
		if p := decodeProblem(t, w); w.Code != 400 || p.Code != "validation.malformed" || p.Message == "" {
			t.Fatalf("malformed: %d %+v", w.Code, p)
		}
		// A cross-site form post is refused before it reaches the handler.
		w = s.do(call{method: "POST", path: "/api/contact", body: ok, header: map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}})
		if p := decodeProblem(t, w); w.Code != 403 || p.Code != "http.cross_origin" {
			t.Fatalf("cross-origin: %d %+v", w.Code, p)
		}
		if n, _ := db.CountContactMessages(ctx); n != 1 {
			t.Fatalf("refused requests wrote rows: %d", n)
		}
	})
}

func TestContactRateLimit(t *testing.T) {
	s := newTestServer(t, storetest.NewTestSQLite(t), func(c *config.Config) { c.ContactRatePerHour = 3 })
	ok := `{"name":"Ana","email":"ana@example.pt","subject":"s","message":"m","type":"support"}`
	for i := 0; i < 3; i++ {
		if w := s.do(call{method: "POST", path: "/api/contact", body: ok}); w.Code != 201 {
			t.Fatalf("send %d: %d %s", i, w.Code, w.Body)
		}
	}
	w := s.do(call{method: "POST", path: "/api/contact", body: ok, header: map[string]string{"Accept-Language": "en"}})
	p := decodeProblem(t, w)
	if w.Code != 429 || p.Code != "contact.rate_limited" || w.Header().Get("Retry-After") == "" || !strings.Contains(p.Message, "minutes") {
		t.Fatalf("want 429: %d %+v %v", w.Code, p, w.Header())
	}
	// Another address still gets through.
	r := httptest.NewRequest("POST", "/api/contact", strings.NewReader(ok))
	r.Header.Set("Content-Type", "application/json")
	r.RemoteAddr = "198.51.100.7:999"
	w = httptest.NewRecorder()
	s.ServeHTTP(w, r)
	if w.Code != 201 {
		t.Fatalf("other client: %d", w.Code)
	}
}

func TestProbesAndMetrics(t *testing.T) {
	db := storetest.NewTestSQLite(t)
	s := newTestServer(t, db, nil)
	if w := s.do(call{method: "GET", path: "/healthz"}); w.Code != 200 {
		t.Fatal(w.Code)
	}
	if w := s.do(call{method: "GET", path: "/readyz"}); w.Code != 200 || !strings.Contains(w.Body.String(), "sqlite") {
		t.Fatal(w.Code, w.Body)
	}
	w := s.do(call{method: "GET", path: "/metrics"})
	if w.Code != 200 || !strings.Contains(w.Body.String(), `ladder_http_requests_total{method="GET",route="GET /healthz",status="200"} 1`) {
		t.Fatalf("metrics: %s", w.Body)
	}
	db.Close()
	if w := s.do(call{method: "GET", path: "/readyz"}); w.Code != 503 {
		t.Fatalf("readyz with a closed database: %d", w.Code)
	}
}

func TestPanicsAreRecovered(t *testing.T) {
	s := newTestServer(t, storetest.NewTestSQLite(t), nil)
	s.mux.HandleFunc("GET /boom", func(http.ResponseWriter, *http.Request) { panic("kaboom") })
	w := s.do(call{method: "GET", path: "/boom", header: map[string]string{"Accept-Language": "en"}})
	p := decodeProblem(t, w)
	if w.Code != 500 || p.Code != "http.internal" || strings.Contains(w.Body.String(), "kaboom") {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
}

func TestSPAServing(t *testing.T) {
	s := newTestServer(t, storetest.NewTestSQLite(t), nil)
	s.spa.dist = fstest.MapFS{
		"index.html":                {Data: []byte("<!doctype html><title>app</title>")},
		"theme-init.js":             {Data: []byte("/* theme */")},
		"assets/index-abc123.js":    {Data: []byte("console.log(1)")},
		"assets/index-abc123.js.br": {Data: []byte("BROTLI")},
		"assets/index-abc123.js.gz": {Data: []byte("GZIP")},
		"assets/index-abc123.css":   {Data: []byte("body{}")},
		"assets/logo-abc123.svg":    {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
	}
	cases := []struct {
		path, accept, wantBody, wantCache, wantEnc string
		wantCode                                   int
	}{
		{"/", "", "<!doctype html><title>app</title>", "no-cache", "", 200},
		{"/tournaments/42", "", "<!doctype html><title>app</title>", "no-cache", "", 200},
		{"/no/such/page", "", "<!doctype html><title>app</title>", "no-cache", "", 200},
		{"/theme-init.js", "", "/* theme */", "no-cache", "", 200},
		{"/assets/index-abc123.js", "", "console.log(1)", "public, max-age=31536000, immutable", "", 200},
		{"/assets/index-abc123.js", "gzip, deflate, br", "BROTLI", "public, max-age=31536000, immutable", "br", 200},
		{"/assets/index-abc123.js", "gzip", "GZIP", "public, max-age=31536000, immutable", "gzip", 200},
		{"/assets/index-abc123.js", "br;q=0, gzip", "GZIP", "public, max-age=31536000, immutable", "gzip", 200},
		{"/assets/missing-1.js", "", "", "", "", 404},
	}
	for _, c := range cases {
		w := s.do(call{method: "GET", path: c.path, header: map[string]string{"Accept-Encoding": c.accept}})
		if w.Code != c.wantCode {
			t.Errorf("%s: code %d", c.path, w.Code)
			continue
		}
		if c.wantCode != 200 {
			continue
		}
		if w.Body.String() != c.wantBody || w.Header().Get("Cache-Control") != c.wantCache || w.Header().Get("Content-Encoding") != c.wantEnc {
			t.Errorf("%s (%s): body %q cache %q enc %q", c.path, c.accept, w.Body, w.Header().Get("Cache-Control"), w.Header().Get("Content-Encoding"))
		}
	}
	if ct := s.do(call{method: "GET", path: "/assets/index-abc123.js", header: map[string]string{"Accept-Encoding": "br"}}).Header().Get("Content-Type"); !strings.Contains(ct, "javascript") {
		t.Errorf("precompressed asset type %q", ct)
	}
	// A hashed asset (served before the middleware chain): length, security headers, 304 on its
	// ETag (per encoding), HEAD without a body, odd paths left to the ordinary route.
	a := s.do(call{method: "GET", path: "/assets/index-abc123.js", header: map[string]string{"Accept-Encoding": "br"}})
	if a.Header().Get("Content-Length") != "6" || a.Header().Get("X-Content-Type-Options") != "nosniff" || a.Header().Get("Vary") != "Accept-Encoding" {
		t.Errorf("asset headers %v", a.Header())
	}
	// A script or style sheet is never rendered as a document: nosniff, none of a page's
	// policies. A file a browser can open as a document (an SVG) keeps them all.
	for _, path := range []string{"/assets/index-abc123.js", "/assets/index-abc123.css"} {
		h := s.do(call{method: "GET", path: path}).Header()
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Content-Security-Policy") != "" || h.Get("X-Frame-Options") != "" || h.Get("Referrer-Policy") != "" {
			t.Errorf("%s: headers %v", path, h)
		}
	}
	if h := s.do(call{method: "GET", path: "/assets/logo-abc123.svg"}).Header(); !strings.Contains(h.Get("Content-Security-Policy"), "script-src 'self';") ||
		h.Get("X-Frame-Options") != "DENY" || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("an SVG asset: headers %v", h)
	}
	if w := s.do(call{method: "GET", path: "/assets/index-abc123.js", header: map[string]string{"Accept-Encoding": "br",
		"If-None-Match": a.Header().Get("ETag")}}); w.Code != 304 || w.Body.Len() != 0 {
		t.Errorf("asset If-None-Match: %d %q", w.Code, w.Body)
	}
	if w := s.do(call{method: "GET", path: "/assets/index-abc123.js", header: map[string]string{"If-None-Match": a.Header().Get("ETag")}}); w.Code != 200 || w.Body.String() != "console.log(1)" {
		t.Errorf("the br ETag revalidated the plain file: %d", w.Code)
	}
	if w := s.do(call{method: "HEAD", path: "/assets/index-abc123.js"}); w.Code != 200 || w.Body.Len() != 0 || w.Header().Get("Content-Length") != "14" {
		t.Errorf("asset HEAD: %d %q %v", w.Code, w.Body, w.Header())
	}
	if w := s.do(call{method: "GET", path: "/assets/index-abc123.js.br"}); w.Code != 404 {
		t.Errorf("a precompressed sibling served by name: %d", w.Code)
	}
	if w := s.do(call{method: "POST", path: "/assets/index-abc123.js"}); w.Code != 405 {
		t.Errorf("asset POST: %d", w.Code)
	}
	// Revalidation works: the ETag answers 304.
	etag := s.do(call{method: "GET", path: "/"}).Header().Get("ETag")
	if w := s.do(call{method: "GET", path: "/", header: map[string]string{"If-None-Match": etag}}); w.Code != 304 {
		t.Errorf("If-None-Match: %d", w.Code)
	}
	// Unknown API paths are JSON problems, never the app.
	w := s.do(call{method: "GET", path: "/api/does-not-exist", header: map[string]string{"Accept-Language": "en"}})
	if p := decodeProblem(t, w); w.Code != 404 || p.Message != "Not found." {
		t.Errorf("api 404: %d %+v", w.Code, p)
	}
	if w := s.do(call{method: "DELETE", path: "/clubs"}); w.Code != 405 {
		t.Errorf("DELETE on a page: %d", w.Code)
	}
}

func TestLocalesAndDocs(t *testing.T) {
	s := newTestServer(t, storetest.NewTestSQLite(t), nil)
	w := s.do(call{method: "GET", path: "/locales/en/errors.json"})
	if w.Code != 200 || !strings.Contains(w.Body.String(), "This field is required.") || w.Header().Get("Cache-Control") != "no-cache" {
		t.Fatalf("locales: %d %s", w.Code, w.Header())
	}
	for _, p := range []string{"/locales/xx/errors.json", "/locales/en/nope.json", "/locales/en/errors.txt"} {
		if w := s.do(call{method: "GET", path: p}); w.Code != 404 {
			t.Errorf("%s: %d", p, w.Code)
		}
	}
	w = s.do(call{method: "GET", path: "/api/openapi.json"})
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"/api/contact"`) {
		t.Fatalf("openapi: %d", w.Code)
	}
	w = s.do(call{method: "GET", path: "/api/docs"})
	if w.Code != 200 || !strings.Contains(w.Body.String(), "/api/contact") || !strings.Contains(w.Body.String(), "ContactInputBody") ||
		strings.Contains(w.Body.String(), "<script") {
		t.Fatalf("docs: %d %s", w.Code, w.Body)
	}
}

// Every route must say who may call it (the authorization matrix grows from this in later work).
func TestEveryRouteHasAnAccessRule(t *testing.T) {
	s := newTestServer(t, storetest.NewTestSQLite(t), nil)
	seen := map[string]bool{}
	for _, r := range s.Routes() {
		key := r.Method + " " + r.Path
		if r.Access == "" {
			t.Errorf("%s has no access rule", key)
		}
		if seen[key] {
			t.Errorf("%s listed twice", key)
		}
		seen[key] = true
	}
	for p, item := range s.OpenAPI().Paths {
		if item.Post != nil && !seen["POST "+p] || item.Get != nil && !seen["GET "+p] {
			t.Errorf("OpenAPI path %s is not in routes()", p)
		}
	}
}
