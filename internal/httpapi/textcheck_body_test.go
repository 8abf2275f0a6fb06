package httpapi

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
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
