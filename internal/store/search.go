package store

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

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
	out := s
	if !isASCII(s) { // ASCII has no accents: building the transformer was 9 % of a kept search (issue 16)
		var err error
		if out, _, err = transform.String(unaccent(), s); err != nil {
			out = s
		}
	}
	return strings.Join(strings.Fields(strings.ToLower(out)), " ")
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// likePattern turns a search term into a LIKE pattern matching it anywhere, escaping % and _.
func likePattern(term string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(SearchKey(term)) + "%"
}

// contains is the condition "col holds the search key of one argument (containsArg) anywhere".
// PostgreSQL uses LIKE '%…%', which its pg_trgm index serves (migration 00013). SQLite uses
// instr(): with LIKE and a bound pattern SQLite re-prepared the statement at every new pattern
// (its LIKE optimisation depends on the value), which undid the statement cache. The connections'
// QPSG setting (sqlite_conn.go) now prevents that too; instr() also skips LIKE's escaping.
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

// SearchVersions reads the versions the global search's kept results are checked against
// (migration 00029): the lists' version, which also moves with every change to a player the
// search shows, and the sum of the challenges' counters, which moves with every change to a
// challenge. Both only grow, so their sum moves whenever either does. One statement, one row.
func (db *DB) SearchVersions(ctx context.Context) (lists, challenges int64, err error) {
	v, err := shared(ctx, db, &db.searchVer, struct{}{}, db.searchVersions)
	return v[0], v[1], err
}

func (db *DB) searchVersions(ctx context.Context) (v [2]int64, err error) {
	err = db.scanOne(ctx, `SELECT (SELECT version FROM list_versions WHERE name = 'lists'),
		(SELECT COALESCE(SUM(version), 0) FROM challenge_versions)`, nil, &v[0], &v[1])
	return v, err
}
