package httpapi

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tennisladder/ladder/internal/textrule"
)

// Text at the edge: every string a request carries is checked once, before any handler or
// database sees it. Invalid UTF-8, NUL and other control characters are refused everywhere
// (line breaks and tabs only in multi-line fields); invisible formatting characters (bidi
// overrides, zero-width characters, the BOM) are refused in names. PostgreSQL cannot store NUL
// nor invalid UTF-8, SQLite would store them silently: refusing here makes both alike.
//
//   - the URL (path and query) is checked by checkURL in the outer middleware, for every route;
//   - a JSON body's bytes must be valid UTF-8 (encoding/json would silently turn bad bytes into
//     U+FFFD) and every string in it (escapes such as \u0000 decoded) passes the rules above,
//     by the name of the field holding it; checkJSONBody does it in the same middleware, before
//     the operation validates the body against its schema, so a refusal is always this 400.

// Field codes of the text checks (translation keys of errors.json); the character rules
// themselves live in internal/textrule, shared with sign-in (the provider's claims).
const (
	codeInvalidText   = "input.invalid_text"
	codeInvalidUTF8   = textrule.InvalidUTF8
	codeControlChar   = textrule.ControlChar
	codeInvisibleChar = textrule.InvisibleChar
)

// multilineFields are the JSON names of free-text fields where line breaks and tabs are allowed.
var multilineFields = map[string]bool{
	"message": true, "description": true, "special_rules": true, "reason": true, "notes": true,
}

// isNameField says whether a JSON field is a name (of a person, club or tournament): "name" or
// any "…_name" (first_name, last_name). Names refuse invisible formatting characters too.
func isNameField(name string) bool { return name == "name" || strings.HasSuffix(name, "_name") }

// textProblem checks one string; it returns the field code of the first problem, or "".
func textProblem(s string, multiline, name bool) string { return textrule.Problem(s, multiline, name) }

// badText is one refused field: where, and why.
type badText struct{ location, code string }

// textRefusal is the 400 answer for refused text.
func textRefusal(lang string, bad []badText) *Problem {
	p := newProblem(lang, http.StatusBadRequest, codeInvalidText, nil)
	for _, b := range bad {
		p.Errors = append(p.Errors, FieldProblem{Location: b.location, Code: b.code, Message: messages.T(lang, b.code, nil)})
	}
	return p
}

// checkURL checks the decoded path and every query parameter (names and values): none may hold
// invalid UTF-8 or a control character.
func checkURL(u *url.URL) []badText {
	var bad []badText
	if c := textProblem(u.Path, false, false); c != "" {
		bad = append(bad, badText{"path", c})
	}
	q, _ := url.ParseQuery(u.RawQuery) // malformed escapes are dropped here and by the handlers alike
	for k, vs := range q {
		if c := textProblem(k, false, false); c != "" {
			bad = append(bad, badText{"query", c})
			continue
		}
		for _, v := range vs {
			if c := textProblem(v, false, false); c != "" {
				bad = append(bad, badText{"query." + k, c})
				break
			}
		}
	}
	slices.SortFunc(bad, func(a, b badText) int { return strings.Compare(a.location, b.location) })
	return bad
}

// jsonCheckLimit bounds how much of a JSON body is read to check its bytes; bigger bodies pass
// through unchecked here and are refused by the operation's size limit (huma's default is 1 MB).
const jsonCheckLimit = 1 << 20

// checkJSONBody reads a JSON request body (up to jsonCheckLimit) and refuses invalid UTF-8. The
// bytes read are put back for the handler.
func checkJSONBody(r *http.Request) []badText {
	if r.Body == nil || r.Body == http.NoBody {
		return nil
	}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "application/json" && !strings.HasSuffix(mt, "+json") {
		return nil
	}
	buf, err := io.ReadAll(io.LimitReader(r.Body, jsonCheckLimit+1))
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(buf), r.Body), r.Body}
	if err != nil || len(buf) > jsonCheckLimit {
		return nil
	}
	if !utf8.Valid(buf) {
		return []badText{{"body", codeInvalidUTF8}}
	}
	var v any
	if json.Unmarshal(buf, &v) != nil {
		return nil // not JSON: the operation answers that it cannot read it
	}
	var bad []badText
	walkJSON(v, "body", "", &bad)
	slices.SortFunc(bad, func(a, b badText) int { return strings.Compare(a.location, b.location) })
	return bad
}

// walkJSON checks every string of a decoded JSON value, object keys included; a string's
// rules come from the name of the object field holding it (arrays pass their field's name on).
func walkJSON(v any, loc, field string, bad *[]badText) {
	switch v := v.(type) {
	case string:
		if c := textProblem(v, multilineFields[field], isNameField(field)); c != "" {
			*bad = append(*bad, badText{loc, c})
		}
	case []any:
		for i, e := range v {
			walkJSON(e, loc+"["+strconv.Itoa(i)+"]", field, bad)
		}
	case map[string]any:
		for k, e := range v {
			if c := textProblem(k, false, false); c != "" {
				*bad = append(*bad, badText{loc, c})
				continue
			}
			walkJSON(e, loc+"."+k, k, bad)
		}
	}
}
