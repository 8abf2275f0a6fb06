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
//   - an API request body (under /api/; any but a multipart upload, whatever its Content-Type:
//     huma reads a body without one as JSON) that is JSON must be valid UTF-8 (encoding/json
//     would silently turn bad bytes into U+FFFD) and every string in it (escapes such as \u0000
//     decoded) passes the rules above, by the name of the field holding it; checkJSONBody does
//     it in the same middleware, before the operation validates the body against its schema, so
//     a refusal is always this 400.

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
	if u.RawQuery == "" {
		return bad
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

// jsonCheckLimit bounds how much of a body is read to check its bytes; bigger bodies pass
// through unchecked here and are refused by the operation's size limit (huma's default is 1 MB).
const jsonCheckLimit = 1 << 20

// isUploadForm reports a multipart/form-data body that huma would not read as JSON: the picture
// uploads, which carry only files and are read as a stream by their handlers. huma picks a
// body's format from the Content-Type's text after the first "+" and before the first ";" (so
// "multipart/form-data, x+json" is JSON to it); only a plain multipart/form-data is skipped.
func isUploadForm(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil || mt != "multipart/form-data" {
		return false
	}
	before, _, _ := strings.Cut(contentType, ";")
	return !strings.Contains(before, "+")
}

// checkJSONBody checks the body of an API request as JSON text, whatever its Content-Type says
// (huma reads a body without one, or typed "json", ";" or "x+json", as JSON; any other type it
// refuses with 415, and refusing its bad text first is as good). Only multipart uploads are
// skipped. It reads up to jsonCheckLimit and walks the JSON tokens as a stream (no tree is
// built); a JSON body must be valid UTF-8 and its strings pass the rules, a body that is not
// JSON is left to the operation, which answers that it cannot read it. The bytes read are put
// back for the handler.
func checkJSONBody(r *http.Request) []badText {
	if r.Body == nil || r.Body == http.NoBody || !strings.HasPrefix(r.URL.Path, "/api/") ||
		isUploadForm(r.Header.Get("Content-Type")) {
		return nil
	}
	var b bytes.Buffer
	if r.ContentLength > 0 && r.ContentLength <= jsonCheckLimit {
		b.Grow(int(r.ContentLength) + bytes.MinRead) // read at once, without regrowing
	}
	_, err := b.ReadFrom(io.LimitReader(r.Body, jsonCheckLimit+1))
	buf := b.Bytes()
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(buf), r.Body), r.Body}
	if err != nil || len(buf) > jsonCheckLimit {
		return nil
	}
	bad, ok := walkJSON(buf)
	if !ok {
		return nil // not JSON (CBOR, say): the operation answers that it cannot read it
	}
	if !utf8.Valid(buf) { // in a JSON string: decoded as U+FFFD, it would pass unseen
		return []badText{{"body", codeInvalidUTF8}}
	}
	slices.SortFunc(bad, func(a, b badText) int { return strings.Compare(a.location, b.location) })
	return bad
}

// jsonLevel is an open object or array while walking JSON tokens.
type jsonLevel struct {
	object bool
	field  string // the name of the object field holding it (an array passes it on to its items)
	quiet  bool   // inside a value whose key was refused: already reported
	// In an object: the key whose value comes next or is being read, whether it was read, and
	// whether it was refused. In an array: the index of the item being read.
	key           string
	keyed, badKey bool
	index         int
}

// jsonLocation names where the walk is, for a refusal: body, body.times[0], body.a.b; depth
// levels of stack are followed (the last one's key or index included when it is whole).
func jsonLocation(stack []jsonLevel, depth int) string {
	loc := "body"
	for _, l := range stack[:depth] {
		if l.object {
			loc += "." + l.key
		} else {
			loc += "[" + strconv.Itoa(l.index) + "]"
		}
	}
	return loc
}

// walkJSON checks every string of a JSON text, object keys included, token by token (no tree
// is built, and locations are spelled only for refusals); a string's rules come from the name
// of the object field holding it (arrays pass their field's name on). It reports false when
// data is not exactly one JSON value.
func walkJSON(data []byte) (bad []badText, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // numbers are not converted: only strings matter here
	var stack []jsonLevel
	done := false // the one top-level value was read
	for {
		tok, err := dec.Token()
		if err == io.EOF && done {
			return bad, true
		}
		if err != nil || done {
			return nil, false // not JSON, cut short, or a second value after the first
		}
		d, isDelim := tok.(json.Delim)
		if isDelim && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			done = len(stack) == 0
			continue
		}
		field, quiet := "", false
		if len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.object && !top.keyed { // an object key
				top.key, _ = tok.(string)
				top.keyed, top.badKey = true, false
				if c := textProblem(top.key, false, false); c != "" {
					top.badKey = true
					if !top.quiet {
						bad = append(bad, badText{jsonLocation(stack, len(stack)-1), c})
					}
				}
				continue
			}
			// A value: judged by the name of the field holding it.
			if top.object {
				field, quiet = top.key, top.quiet || top.badKey
				top.keyed = false // the next token is a key (or the end)
			} else {
				field, quiet = top.field, top.quiet
				top.index++
			}
		}
		switch v := tok.(type) {
		case json.Delim: // '{' or '['
			stack = append(stack, jsonLevel{object: v == '{', field: field, quiet: quiet, index: -1})
		case string:
			if c := textProblem(v, multilineFields[field], isNameField(field)); c != "" && !quiet {
				bad = append(bad, badText{jsonLocation(stack, len(stack)), c})
			}
			done = len(stack) == 0
		default:
			done = len(stack) == 0
		}
	}
}
