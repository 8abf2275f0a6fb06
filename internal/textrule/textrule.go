// Package textrule holds the character rules every stored text follows, whatever brought it in
// (a request body, a URL, an identity provider's claims): valid UTF-8, no NUL nor other control
// characters (line breaks and tabs only in multi-line text), and in names no invisible
// formatting characters (bidi overrides, zero-width characters, the BOM). PostgreSQL cannot
// store NUL nor invalid UTF-8, SQLite would store them silently: the rules make both alike.
package textrule

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Problem codes (translation keys of errors.json).
const (
	InvalidUTF8   = "input.invalid_utf8"
	ControlChar   = "input.control_character"
	InvisibleChar = "input.invisible_character"
)

// Invisible reports bidi controls and zero-width characters: text that looks different from
// what it is (a name shown reversed, or two names that look the same).
func Invisible(r rune) bool {
	switch {
	case r >= 0x200B && r <= 0x200F, // zero-width space/non-joiner/joiner, LRM, RLM
		r >= 0x202A && r <= 0x202E, // bidi embeddings and overrides
		r >= 0x2060 && r <= 0x2064, // word joiner, invisible operators
		r >= 0x2066 && r <= 0x2069, // bidi isolates
		r == 0xFEFF, r == 0x061C, r == 0x180E, r == 0x00AD:
		return true
	}
	return false
}

// Problem checks one string; it returns the code of the first problem, or "".
func Problem(s string, multiline, name bool) string {
	if !utf8.ValidString(s) {
		return InvalidUTF8
	}
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			if !multiline {
				return ControlChar
			}
		case unicode.IsControl(r) || r == 0x2028 || r == 0x2029:
			return ControlChar
		case name && Invisible(r):
			return InvisibleChar
		}
	}
	return ""
}

// Clean makes s a one-line text that follows the rules, for what is kept as-is rather than
// refused (a browser's User-Agent): invalid bytes become U+FFFD, control characters (line
// breaks too) are dropped, and at most max runes are kept.
func Clean(s string, max int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	n := 0
	for _, r := range s {
		if n == max {
			break
		}
		if unicode.IsControl(r) || r == 0x2028 || r == 0x2029 {
			continue
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}
