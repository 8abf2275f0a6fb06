package httpapi

import (
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The served document, decoded as plain JSON: what a client generator sees.
type doc struct {
	Servers    []struct{ URL string } `json:"servers"`
	Components struct {
		Schemas         map[string]*jschema `json:"schemas"`
		SecuritySchemes map[string]struct {
			Type, In, Name string
		} `json:"securitySchemes"`
	} `json:"components"`
	Paths map[string]map[string]*docOp `json:"paths"`
}

type docOp struct {
	OperationID string                `json:"operationId"`
	Security    []map[string][]string `json:"security"`
	Responses   map[string]any        `json:"responses"`
	Parameters  []struct{ In string } `json:"parameters"`
	RequestBody *struct {
		Content map[string]struct {
			Schema *jschema `json:"schema"`
		} `json:"content"`
	} `json:"requestBody"`
}

type jschema struct {
	Ref        string              `json:"$ref"`
	Type       any                 `json:"type"`
	Properties map[string]*jschema `json:"properties"`
	Required   []string            `json:"required"`
	Default    any                 `json:"default"`
}

func servedDoc(t *testing.T, s *Server) doc {
	t.Helper()
	w := s.do(call{method: "GET", path: "/api/openapi.json"})
	var d doc
	if w.Code != 200 {
		t.Fatalf("openapi: %d", w.Code)
	}
	if err := json.Unmarshal(w.Body.Bytes(), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func (d doc) resolve(s *jschema) (*jschema, string) {
	if s != nil && s.Ref != "" {
		name := s.Ref[strings.LastIndex(s.Ref, "/")+1:]
		return d.Components.Schemas[name], name
	}
	return s, ""
}

// optionalWithoutDefault are POST body properties that are optional without a default because
// they are required only in some cases, which their description says.
var optionalWithoutDefault = map[string]bool{"TournamentBody.scoring": true}

// The body rule (DECISIONS, Trust #11): PUT replaces the whole resource, so every property of a
// PUT body (and of the objects inside it) is required; a POST body's property is optional only
// with a default, the value the server uses when it is absent.
func TestOpenAPIRequestBodiesFollowTheRule(t *testing.T) {
	d := servedDoc(t, newTestServer(t, storetest.NewTestSQLite(t), nil))
	bodies := 0
	for path, item := range d.Paths {
		for method, o := range item {
			if o.RequestBody == nil {
				continue
			}
			for ct, mt := range o.RequestBody.Content {
				s, name := d.resolve(mt.Schema)
				if s == nil || len(s.Properties) == 0 {
					t.Errorf("%s %s (%s): body without properties", method, path, ct)
					continue
				}
				bodies++
				if s.Required == nil && method != "post" {
					t.Errorf("%s %s: no required list", method, path)
				}
				var walk func(prefix string, s *jschema)
				walk = func(prefix string, s *jschema) {
					for p, ps := range s.Properties {
						if p == "$schema" {
							continue
						}
						required := slices.Contains(s.Required, p)
						switch method {
						case "put":
							if !required {
								t.Errorf("PUT %s: %s%s is not required", path, prefix, p)
							}
						case "post":
							if !required && ps.Default == nil && !optionalWithoutDefault[name+"."+prefix+p] {
								t.Errorf("POST %s: %s%s (%s) is optional without a default", path, prefix, p, name)
							}
						default:
							t.Errorf("%s %s: a body on an unexpected method", method, path)
						}
						if inner, _ := d.resolve(ps); inner != nil && len(inner.Properties) > 0 {
							walk(prefix+p+".", inner)
						}
					}
				}
				walk("", s)
			}
		}
	}
	if bodies < 20 {
		t.Fatalf("only %d request bodies found", bodies)
	}
}

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// Every operation states its security (the session cookie, optional for public ones) and the
// error answers it can give, derived from its access rule and its inputs; the document has the
// deployment's base URL as its server.
func TestOpenAPISecurityErrorsAndServers(t *testing.T) {
	for _, https := range []bool{false, true} {
		base, cookie := "http://localhost:8080", "ladder_session"
		if https {
			base, cookie = "https://ladder.example.org", "__Host-ladder_session"
		}
		s := newTestServer(t, storetest.NewTestSQLite(t), func(c *config.Config) { c.BaseURL = base })
		d := servedDoc(t, s)
		if len(d.Servers) != 1 || d.Servers[0].URL != base {
			t.Errorf("servers %+v, want %s", d.Servers, base)
		}
		if sc := d.Components.SecuritySchemes[sessionScheme]; sc.Type != "apiKey" || sc.In != "cookie" || sc.Name != cookie {
			t.Errorf("security scheme %+v, want the cookie %s", sc, cookie)
		}
		access := map[string]policy.Access{}
		for _, rt := range s.Routes() {
			access[rt.Method+" "+rt.Path] = rt.Access
		}
		ops := 0
		for path, item := range d.Paths {
			for method, o := range item {
				ops++
				key := strings.ToUpper(method) + " " + path
				acc, ok := access[key]
				if !ok {
					t.Errorf("%s: documented but not a route", key)
					continue
				}
				wantSec := []map[string][]string{{sessionScheme: {}}}
				if acc == policy.Public {
					wantSec = []map[string][]string{{}, {sessionScheme: {}}}
				}
				if !equalJSON(o.Security, wantSec) {
					t.Errorf("%s (%s): security %v, want %v", key, acc, o.Security, wantSec)
				}
				hasBody := o.RequestBody != nil
				params := len(o.Parameters) > 0 || pathParam.MatchString(path)
				stateChanging := method != "get"
				want := map[int]bool{
					400: hasBody || params,
					401: acc != policy.Public,
					404: pathParam.MatchString(path),
					413: hasBody, 415: hasBody,
					422: hasBody || params,
					429: rateLimited[o.OperationID],
					503: true,
				}
				if acc == policy.AdminOnly || acc == policy.SuperAdmins || stateChanging {
					want[403] = true
				}
				for status, must := range want {
					_, has := o.Responses[strconv.Itoa(status)]
					if must && !has {
						t.Errorf("%s: %d not documented", key, status)
					}
					if !must && has && status != 404 && status != 403 && status != 429 {
						t.Errorf("%s: %d documented but cannot happen", key, status)
					}
				}
			}
		}
		if ops < 60 {
			t.Fatalf("only %d operations", ops)
		}
		if item := d.Paths["/api/logout"]; item["get"] == nil || item["post"] == nil {
			t.Errorf("GET and POST /api/logout must be documented: %v", item)
		} else if _, ok := item["get"].Responses["403"]; !ok {
			t.Errorf("GET /api/logout: its cross-site refusal (403) is not documented")
		}
	}
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// A known path with a wrong method answers 405 with Allow (not the app's catch-all); unknown API
// paths stay 404 problems.
func TestWrongMethodIs405WithAllow(t *testing.T) {
	s := newTestServer(t, storetest.NewTestSQLite(t), nil)
	for _, c := range []struct{ method, path, allow string }{
		{"DELETE", "/api/users/me", "GET, HEAD"},
		{"PATCH", "/api/contact", "POST"},
		{"PATCH", "/api/clubs/12", "GET, HEAD, PUT"},
		{"GET", "/api/profile/photo", "POST, DELETE"},
		{"DELETE", "/api/logout", "GET, HEAD, POST"},
		{"POST", "/healthz", "GET, HEAD"},
	} {
		w := s.do(call{method: c.method, path: c.path, header: map[string]string{"Accept-Language": "en"}})
		p := decodeProblem(t, w)
		if w.Code != http.StatusMethodNotAllowed || p.Code != "http.method_not_allowed" || w.Header().Get("Allow") != c.allow {
			t.Errorf("%s %s: %d Allow %q, want 405 Allow %q (%+v)", c.method, c.path, w.Code, w.Header().Get("Allow"), c.allow, p)
		}
	}
	for _, c := range []call{{method: "GET", path: "/api/nope"}, {method: "DELETE", path: "/api/nope/12"}} {
		if w := s.do(c); w.Code != 404 || decodeProblem(t, w).Code != "http.not_found" {
			t.Errorf("%s %s: %d", c.method, c.path, w.Code)
		}
	}
}
