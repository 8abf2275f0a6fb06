// Package i18n renders the server's own messages (error texts) in the request's language. It
// reads the same translation files as the web app (web/public/locales/{lng}/errors.json), so a
// message key means the same thing on both sides and the key-parity test covers both.
package i18n

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"golang.org/x/text/language"
)

// Fallback is the language used when the request names none we speak (SPEC: pt is the fallback).
const Fallback = "pt"

// Supported lists the languages in order of preference when nothing else decides.
var Supported = []string{"pt", "en"}

var matcher = language.NewMatcher([]language.Tag{language.Portuguese, language.English})

// Catalog holds the flattened keys ("validation.required") of one namespace for each language.
type Catalog struct {
	msgs map[string]map[string]string
}

// Load reads {lng}/{namespace}.json for every supported language from fsys.
func Load(fsys fs.FS, namespace string) (*Catalog, error) {
	c := &Catalog{msgs: map[string]map[string]string{}}
	for _, lng := range Supported {
		raw, err := fs.ReadFile(fsys, lng+"/"+namespace+".json")
		if err != nil {
			return nil, err
		}
		var tree map[string]any
		if err := json.Unmarshal(raw, &tree); err != nil {
			return nil, fmt.Errorf("%s/%s.json: %w", lng, namespace, err)
		}
		flat := map[string]string{}
		flatten("", tree, flat)
		c.msgs[lng] = flat
	}
	return c, nil
}

func flatten(prefix string, tree map[string]any, out map[string]string) {
	for k, v := range tree {
		switch v := v.(type) {
		case map[string]any:
			flatten(prefix+k+".", v, out)
		case string:
			out[prefix+k] = v
		}
	}
}

// Lang picks pt or en from an Accept-Language header value; anything else gives the fallback.
func Lang(acceptLanguage string) string {
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return Fallback
	}
	_, idx, conf := matcher.Match(tags...)
	if conf == language.No {
		return Fallback
	}
	return Supported[idx]
}

// T renders key in lng with i18next-style {{name}} placeholders. A key missing in lng falls back
// to pt; a key missing everywhere is returned as is, so a gap shows rather than hides.
func (c *Catalog) T(lng, key string, params map[string]any) string {
	msg, ok := c.msgs[lng][key]
	if !ok {
		if msg, ok = c.msgs[Fallback][key]; !ok {
			return key
		}
	}
	if len(params) == 0 || !strings.Contains(msg, "{{") {
		return msg
	}
	return interpolate(msg, params)
}

// interpolate replaces each {{name}} in msg (spaces allowed inside the braces, a name of letters,
// digits and underscores) by params[name]; a placeholder without a parameter stays as written.
// It is the regular expression `\{\{\s*(\w+)\s*\}\}` replaced leftmost first, by hand: the
// expression was most of a translation's cost, paid inside a result write's transaction.
func interpolate(msg string, params map[string]any) string {
	var b strings.Builder
	b.Grow(len(msg) + 16)
	for {
		i := strings.Index(msg, "{{")
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		b.WriteString(msg[:i])
		name, end := placeholderAt(msg[i:])
		if end == 0 { // not a placeholder: the first brace stays, the search goes on after it
			b.WriteByte('{')
			msg = msg[i+1:]
			continue
		}
		if v, ok := params[name]; !ok {
			b.WriteString(msg[i : i+end])
		} else if s, ok := v.(string); ok {
			b.WriteString(s)
		} else {
			fmt.Fprint(&b, v)
		}
		msg = msg[i+end:]
	}
}

// placeholderAt reads the placeholder s starts with ("{{", spaces, a name, spaces, "}}"): its
// name and length, or a length of 0 when s does not start with one.
func placeholderAt(s string) (name string, end int) {
	i := 2
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	start := i
	for i < len(s) && isWord(s[i]) {
		i++
	}
	if i == start {
		return "", 0
	}
	name = s[start:i]
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if !strings.HasPrefix(s[i:], "}}") {
		return "", 0
	}
	return name, i + 2
}

// isSpace is the expression's \s: ASCII space, tab, newline, form feed, carriage return.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// isWord is the expression's \w: ASCII letters, digits and the underscore.
func isWord(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// Has reports whether key exists in every supported language.
func (c *Catalog) Has(key string) bool {
	for _, lng := range Supported {
		if _, ok := c.msgs[lng][key]; !ok {
			return false
		}
	}
	return true
}
