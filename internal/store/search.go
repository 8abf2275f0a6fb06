package store

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// unaccent builds the accent-removing transformer. A transform.Chain keeps state between calls,
// so it is made per call: one shared by concurrent writers was a data race (found by concurrent
// first sign-ins under -race) and could garble search keys.
func unaccent() transform.Transformer {
	return transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
}

// SearchKey is how names are compared, searched and sorted on both databases: accents removed,
// lower-cased, spaces collapsed. SQLite's lower() only knows ASCII, so this is done in Go.
func SearchKey(s string) string {
	out, _, err := transform.String(unaccent(), s)
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

// contains is the condition "col holds the search key of one argument (containsArg) anywhere".
// PostgreSQL uses LIKE '%…%', which its pg_trgm index serves (migration 00013). SQLite uses
// instr(): with LIKE and a bound pattern SQLite re-prepares the statement at every new pattern
// (its LIKE optimisation depends on the value), which undid the statement cache.
func (d Dialect) contains(col string) string {
	if d == Postgres {
		return col + ` LIKE ? ESCAPE '\'`
	}
	return "instr(" + col + ", ?) > 0"
}

// containsArg is the argument of contains for a search term ("" stays "": no filter).
func (d Dialect) containsArg(term string) string {
	if strings.TrimSpace(term) == "" {
		return ""
	}
	if d == Postgres {
		return likePattern(term)
	}
	return SearchKey(term)
}
