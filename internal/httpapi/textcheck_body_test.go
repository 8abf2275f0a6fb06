package httpapi

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// sendTyped sends body with the given Content-Type header ("-" for none) through the browser.
func (b *browser) sendTyped(method, path, contentType string, body []byte) resp {
	b.l.t.Helper()
	req, err := http.NewRequest(method, b.l.ts.URL+path, bytes.NewReader(body))
	if err != nil {
		b.l.t.Fatal(err)
	}
	if contentType != "-" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Accept-Language", "en")
	res, err := b.c.Do(req)
	if err != nil {
		b.l.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return resp{code: res.StatusCode, body: string(raw), hdr: res.Header}
}

// TestTextWhateverTheContentType: huma reads a body as JSON when it has no Content-Type, or one
// typed "json", ";", "x+json" or "multipart/form-data, x+json"; the text checks must see those
// bodies too (a NUL once reached the database through them: stored on SQLite, 500 on
// PostgreSQL). Any other type is refused, by the text check or by huma's 415; nothing is stored.
func TestTextWhateverTheContentType(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLive(t, db, func(c *config.Config) { c.ContactRatePerHour = 1000 })
		b := l.browser()
		b.signIn("ana@example.pt")
		profile := func(first string) []byte {
			j, _ := json.Marshal(fullProfile(map[string]any{"first_name": first, "last_name": "Silva"}))
			return j
		}
		contact := func(name string) []byte {
			j, _ := json.Marshal(map[string]any{"name": name, "email": "a@example.pt", "subject": "s", "message": "m", "type": "contact"})
			return j
		}
		type target struct {
			method, path string
			body         func(string) []byte
			ok           int
		}
		targets := []target{{"PUT", "/api/profile", profile, http.StatusOK}, {"POST", "/api/contact", contact, http.StatusCreated}}
		before := fingerprint(t, db)
		for _, ct := range []string{"-", "json", ";", "application/x+json", "multipart/form-data, x+json", "text/plain", "application/xml"} {
			for _, tg := range targets {
				for _, bad := range []struct{ text, code string }{{"a\x00b", codeControlChar}, {"\u202EAna", codeInvisibleChar}} {
					what := tg.method + " " + tg.path + " Content-Type " + ct + " " + bad.code
					r := b.sendTyped(tg.method, tg.path, ct, tg.body(bad.text))
					if r.code == http.StatusUnsupportedMediaType {
						continue // huma does not read this type at all
					}
					if r.code != http.StatusBadRequest {
						t.Errorf("%s: got %d, want 400 (%.300s)", what, r.code, r.body)
						continue
					}
					var p Problem
					_ = json.Unmarshal([]byte(r.body), &p)
					if p.Code != codeInvalidText || len(p.Errors) != 1 || p.Errors[0].Location != "body.first_name" &&
						p.Errors[0].Location != "body.name" || p.Errors[0].Code != bad.code {
						t.Errorf("%s: problem %s", what, r.body)
					}
				}
			}
		}
		if after := fingerprint(t, db); after != before {
			t.Errorf("a refused request changed the database:\nbefore %s\nafter  %s", before, after)
		}
		// The same bodies with clean text: huma reads the first five types as JSON (so the
		// refusals above were the text's), and refuses the others.
		for _, ct := range []string{"-", "json", ";", "application/x+json", "multipart/form-data, x+json", "text/plain", "application/xml"} {
			for _, tg := range targets {
				want := tg.ok
				if strings.HasPrefix(ct, "text/") || strings.HasSuffix(ct, "xml") {
					want = http.StatusUnsupportedMediaType
				}
				if r := b.sendTyped(tg.method, tg.path, ct, tg.body("Ana")); r.code != want {
					t.Errorf("clean %s %s Content-Type %s: %d, want %d (%.300s)", tg.method, tg.path, ct, r.code, want, r.body)
				}
			}
		}
	})
}

// readCounter is a request body that counts the reads made of it.
type readCounter struct {
	io.Reader
	reads int
}

func (r *readCounter) Read(p []byte) (int, error) { r.reads++; return r.Reader.Read(p) }

// checkBody runs the body guard on a request and returns its findings.
func checkBody(method, path, contentType, body string) []badText {
	req, _ := http.NewRequest(method, "http://x"+path, strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	return checkJSONBody(req)
}

// The body guard reads only API bodies: other paths (health checks, the development identity
// provider's forms) are not buffered nor decoded.
func TestBodyGuardOnlyOnAPI(t *testing.T) {
	for _, path := range []string{"/healthz", "/metrics", "/dev/oidc/token", "/", "/apis"} {
		body := &readCounter{Reader: strings.NewReader(`{"name":"a\u0000b"}`)}
		req, _ := http.NewRequest("POST", "http://x"+path, body)
		req.Header.Set("Content-Type", "application/json")
		if bad := checkJSONBody(req); bad != nil || body.reads != 0 {
			t.Errorf("POST %s: %v, %d reads of the body", path, bad, body.reads)
		}
	}
	if bad := checkBody("POST", "/api/contact", "application/json", `{"name":"a\u0000b"}`); len(bad) != 1 {
		t.Errorf("POST /api/contact: %v", bad)
	}
}

// Where each refused string is reported, and bodies that are not one JSON value (left to the
// operation, which refuses them).
func TestBodyGuardFieldPaths(t *testing.T) {
	cases := []struct{ body, want string }{
		{`{"name":"ok","times":["x","a\u0000"],"club":{"tags":[{"first_name":"\u202eA"}]}}`,
			"body.club.tags[0].first_name=" + codeInvisibleChar + " body.times[1]=" + codeControlChar},
		{`{"message":"a\nb\tc","notes":["l1\nl2"],"subject":"a\nb"}`, "body.subject=" + codeControlChar},
		{`{"bad\u0001key":{"name":"\u0000","x":["\u0000"]},"name":"ok"}`, "body=" + codeControlChar},
		{`[{"name":"\u200b"},"\u0007",{"a":{"b":{"c":"\u0000"}}}]`,
			"body[0].name=" + codeInvisibleChar + " body[1]=" + codeControlChar + " body[2].a.b.c=" + codeControlChar},
		{`"a\u0000"`, "body=" + codeControlChar},
		{`{"n":1.5e300,"b":true,"z":null,"e":{},"l":[]}`, ""},
		{"{\"name\":\"a\xffb\"}", "body=" + codeInvalidUTF8},
		// Not one JSON value: left alone.
		{``, ""}, {`{"name":"\u0000"`, ""}, {`{"name":"\u0000"}{}`, ""}, {`{"name":"\u0000"} 1`, ""},
		{`["\u0000",]`, ""}, {`{"name":"\u0000",}`, ""}, {`{"name" "\u0000"}`, ""}, {"\xff{\"name\":\"\\u0000\"}", ""},
	}
	for _, c := range cases {
		var got []string
		for _, b := range checkBody("PUT", "/api/x", "application/json", c.body) {
			got = append(got, b.location+"="+b.code)
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.body, g, c.want)
		}
	}
}

// Checking a 1 MB body of empty objects costs about the body, not a tree of half a million
// maps (which took tens of MB per request).
func TestBodyGuardStreams(t *testing.T) {
	body := "[" + strings.Repeat("{},", (1<<20)/3-1) + "{}]"
	var bytesBefore, bytesAfter runtime.MemStats
	runtime.ReadMemStats(&bytesBefore)
	allocs := testing.AllocsPerRun(3, func() {
		if bad := checkBody("POST", "/api/contact", "application/json", body); bad != nil {
			t.Fatal(bad)
		}
	})
	runtime.ReadMemStats(&bytesAfter)
	perRun := (bytesAfter.TotalAlloc - bytesBefore.TotalAlloc) / 4
	t.Logf("%d-byte body: %.0f allocations, %d bytes per check", len(body), allocs, perRun)
	if allocs > 1000 {
		t.Errorf("%.0f allocations to check a %d-byte body", allocs, len(body))
	}
}
