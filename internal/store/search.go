package store

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

var unaccent = transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)

// SearchKey is how names are compared, searched and sorted on both databases: accents removed,
// lower-cased, spaces collapsed. SQLite's lower() only knows ASCII, so this is done in Go.
func SearchKey(s string) string {
	out, _, err := transform.String(unaccent, s)
	if err != nil {
		out = s
	}
	return strings.Join(strings.Fields(strings.ToLower(out)), " ")
}

// likePattern turns a search term into a LIKE pattern matching it anywhere, escaping % and _.
func likePattern(term string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(SearchKey(term)) + "%"
}
