package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func TestTextProblem(t *testing.T) {
	cases := []struct {
		s               string
		multiline, name bool
		want            string
	}{
		{"Ana Silva", false, true, ""},
		{"João Ñúñez-Çé", false, true, ""},
		{"a\x00b", true, false, codeControlChar},
		{"a\x01b", true, false, codeControlChar},
		{"a\x7fb", true, false, codeControlChar},
		{"a\u0085b", true, false, codeControlChar},
		{"a\u2028b", true, false, codeControlChar},
		{"line\nbreak\r\n\ttab", true, false, ""},
		{"line\nbreak", false, false, codeControlChar},
		{"tab\there", false, true, codeControlChar},
		{"a\xffb", false, false, codeInvalidUTF8},
		{"evil\u202Egnp.exe", false, true, codeInvisibleChar},
		{"zero\u200Bwidth", false, true, codeInvisibleChar},
		{"\uFEFFbom", false, true, codeInvisibleChar},
		{"iso\u2066late", false, true, codeInvisibleChar},
		{"evil\u202Egnp", false, false, ""}, // not a name: allowed (e.g. Arabic text in a message)
		{"emoji 🎾 ok", false, true, ""},
	}
	for _, c := range cases {
		if got := textProblem(c.s, c.multiline, c.name); got != c.want {
			t.Errorf("textProblem(%q, %v, %v) = %q, want %q", c.s, c.multiline, c.name, got, c.want)
		}
	}
}

var placeholderRe = regexp.MustCompile(`\{[a-z_]+\}`)

// fillPlaceholders makes a matrix path or JSON text concrete enough to pass the schema: times
// and dates are real, every id is 1 (the refusal comes before any lookup).
func fillPlaceholders(s string) string {
	s = strings.ReplaceAll(s, "{future}", time.Now().Add(72*time.Hour).UTC().Format(time.RFC3339))
	s = strings.ReplaceAll(s, "{today}", time.Now().UTC().Format("2006-01-02"))
	return placeholderRe.ReplaceAllString(s, "1")
}

// stringLeaves lists the paths of every string in a decoded JSON value.
func stringLeaves(v any, path []any, out *[][]any) {
	switch v := v.(type) {
	case string:
		*out = append(*out, append([]any{}, path...))
	case []any:
		for i, e := range v {
			stringLeaves(e, append(path, i), out)
		}
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			stringLeaves(v[k], append(path, k), out)
		}
	}
}

// withLeaf returns a deep copy of v with the string at path replaced by f(old).
func withLeaf(v any, path []any, f func(string) string) any {
	if len(path) == 0 {
		return f(v.(string))
	}
	switch v := v.(type) {
	case []any:
		c := append([]any{}, v...)
		i := path[0].(int)
		c[i] = withLeaf(v[i], path[1:], f)
		return c
	case map[string]any:
		c := map[string]any{}
		for k, e := range v {
			c[k] = e
		}
		k := path[0].(string)
		c[k] = withLeaf(v[k], path[1:], f)
		return c
	}
	return v
}

// fingerprint summarises what the database holds, to show a refused request wrote nothing.
func fingerprint(t *testing.T, db *store.DB) string {
	t.Helper()
	var b strings.Builder
	for _, tbl := range []string{"users", "clubs", "club_members", "tournaments", "tournament_players", "challenges", "matches",
		"contact_messages", "notifications", "availability", "user_photos", "club_images", "tournament_images", "email_outbox"} {
		var n int
		if err := db.R.Get(&n, "SELECT COUNT(*) FROM "+tbl); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s=%d ", tbl, n)
	}
	var names []string
	if err := db.R.Select(&names, "SELECT first_name || '|' || last_name || '|' || status || '|' || role FROM users ORDER BY id"); err != nil {
		t.Fatal(err)
	}
	var clubs []string
	if err := db.R.Select(&clubs, "SELECT name || '|' || address || '|' || status FROM clubs ORDER BY id"); err != nil {
		t.Fatal(err)
	}
	return b.String() + strings.Join(names, ",") + strings.Join(clubs, ",")
}

// rawRequest sends body bytes as they are (the test client would re-encode bad UTF-8).
func rawRequest(t *testing.T, l *live, method, path string, body []byte, cookie string) resp {
	t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, l.ts.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Cookie", "ladder_session="+cookie)
	req.Header.Set("Accept-Language", "en")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return resp{code: res.StatusCode, body: string(raw), hdr: res.Header}
}

// TestTextAtTheEdge sends bad text to every route of the server (from the authorization
// matrix's rows): in the query string, and in every string of every JSON body. Each is refused
// with 400 input.invalid_text on both databases, and the database is left as it was.
func TestTextAtTheEdge(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLive(t, db, func(c *config.Config) { c.Dev = true; c.OIDCClientID = "" })
		svc := l.srv.svc
		root := store.User{Email: testRoot, Role: "superadmin", FirstName: "Root"}
		if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertUser(ctx, tx, &root) }); err != nil {
			t.Fatal(err)
		}
		_, token, err := svc.SignIn(ctx, service.Identity{Issuer: "test", Subject: testRoot, Email: testRoot, EmailVerified: true}, "test", "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.ProposeClub(ctx, service.Current{User: root, Actor: svc.ActorFor(root)}, service.ClubInput{Name: "Clube Um"}); err != nil {
			t.Fatal(err)
		}
		before := fingerprint(t, db)

		expect400 := func(what string, r resp, field, code string) {
			t.Helper()
			if r.code != http.StatusBadRequest {
				t.Errorf("%s: got %d, want 400 (%.300s)", what, r.code, r.body)
				return
			}
			var p Problem
			if err := json.Unmarshal([]byte(r.body), &p); err != nil || p.Code != codeInvalidText || p.Message == "" || p.Message == codeInvalidText {
				t.Errorf("%s: problem %+v", what, p)
			}
			for _, e := range p.Errors {
				if e.Location == field && e.Code == code && e.Message != code {
					return
				}
			}
			t.Errorf("%s: no error %s at %s in %s", what, code, field, r.body)
		}

		routes := l.srv.Routes()
		bodies := 0
		for _, rt := range routes {
			key := rt.Method + " " + rt.Path
			row, ok := matrix[key]
			if !ok {
				t.Errorf("route %q has no matrix row", key)
				continue
			}
			method := rt.Method
			if method == "" {
				method = "GET"
			}
			path := fillPlaceholders(row.path)
			sep := "?"
			if strings.Contains(path, "?") {
				sep = "&"
			}
			// The query string: NUL, a control character and invalid UTF-8, on every route.
			for _, q := range []struct{ raw, code string }{{"q=%00", codeControlChar}, {"q=a%0Db", codeControlChar}, {"q=%FF%FE", codeInvalidUTF8}} {
				expect400(key+" ?"+q.raw, rawRequest(t, l, method, path+sep+q.raw, nil, token), "query.q", q.code)
			}
			// The path itself.
			if strings.HasPrefix(path, "/api/") {
				p, q, _ := strings.Cut(path, "?")
				expect400(key+" path NUL", rawRequest(t, l, method, p+"%00?"+q, nil, token), "path", codeControlChar)
			}
			if row.body == nil {
				continue
			}
			var text string
			if s, ok := row.body.(string); ok {
				text = fillPlaceholders(s)
			} else {
				j, _ := json.Marshal(row.body)
				text = string(j)
			}
			var body any
			if err := json.Unmarshal([]byte(text), &body); err != nil {
				t.Fatalf("%s: body %s: %v", key, text, err)
			}
			var leaves [][]any
			stringLeaves(body, nil, &leaves)
			for _, leaf := range leaves {
				bodies++
				loc := "body"
				for _, p := range leaf {
					if i, ok := p.(int); ok {
						loc += fmt.Sprintf("[%d]", i)
					} else {
						loc += "." + p.(string)
					}
				}
				field, _ := leaf[len(leaf)-1].(string)
				send := func(what string, f func(string) string, code string) {
					j, _ := json.Marshal(withLeaf(body, leaf, f))
					expect400(key+" "+loc+" "+what, rawRequest(t, l, method, path, j, token), loc, code)
				}
				send("NUL", func(s string) string { return s + "\x00" }, codeControlChar)
				send("escape", func(s string) string { return "\x1b[31m" + s }, codeControlChar)
				if !multilineFields[field] {
					send("newline", func(s string) string { return s + "\nx" }, codeControlChar)
				}
				if isNameField(field) {
					send("bidi", func(s string) string { return "\u202E" + s }, codeInvisibleChar)
					send("zero-width", func(s string) string { return s + "\u200B" }, codeInvisibleChar)
				}
				// Raw 0xff inside the JSON string: invalid UTF-8 in the body's bytes.
				j, _ := json.Marshal(withLeaf(body, leaf, func(s string) string { return s + "MARK" }))
				j = bytes.Replace(j, []byte("MARK"), []byte{0xff}, 1)
				expect400(key+" "+loc+" raw 0xff", rawRequest(t, l, method, path, j, token), "body", codeInvalidUTF8)
			}
		}
		if bodies < 20 {
			t.Errorf("only %d body strings tried: the matrix rows lost their bodies?", bodies)
		}
		if after := fingerprint(t, db); after != before {
			t.Errorf("a refused request changed the database:\nbefore %s\nafter  %s", before, after)
		}
		// The same requests with clean text are accepted: the refusals above were the text's.
		ok := l.browser().do("POST", "/api/clubs", map[string]any{"name": "Clube Limpo"}, "Cookie", "ladder_session="+token)
		if ok.code != http.StatusCreated {
			t.Errorf("clean club: %d %s", ok.code, ok.body)
		}
		ok = l.browser().do("POST", "/api/contact", map[string]any{"name": "Ana", "email": "a@example.pt", "subject": "s",
			"message": "line one\nline two\ttabbed", "type": "contact"})
		if ok.code != http.StatusCreated {
			t.Errorf("multi-line message: %d %s", ok.code, ok.body)
		}
	})
}

// Bodies in another format than JSON are not read at all (huma would otherwise decode CBOR,
// whose strings the text checks do not see).
func TestOnlyJSONBodies(t *testing.T) {
	db := storetest.NewTestSQLite(t)
	l := newLive(t, db, nil)
	// CBOR map {"name": "a\x00b", ...}: a5 = map of 5 pairs.
	cbor := []byte{0xa5}
	for _, kv := range [][2]string{{"name", "a\x00b"}, {"email", "a@example.pt"}, {"subject", "s"}, {"message", "m"}, {"type", "contact"}} {
		for _, s := range kv {
			cbor = append(cbor, 0x60+byte(len(s)))
			cbor = append(cbor, s...)
		}
	}
	req, _ := http.NewRequest("POST", l.ts.URL+"/api/contact", bytes.NewReader(cbor))
	req.Header.Set("Content-Type", "application/cbor")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusUnsupportedMediaType {
		t.Fatalf("CBOR body: %d, want 415", res.StatusCode)
	}
	var n int
	if err := db.R.Get(&n, "SELECT COUNT(*) FROM contact_messages"); err != nil || n != 0 {
		t.Fatalf("stored %d messages (%v)", n, err)
	}
}
