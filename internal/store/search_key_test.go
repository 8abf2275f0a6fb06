package store

import (
	"strings"
	"testing"

	"golang.org/x/text/transform"
)

// SearchKey skips the accent transformer for ASCII (issue 16): the key must be the one the
// transformer gives, and accented text still loses its accents.
func TestSearchKeyASCIIFastPath(t *testing.T) {
	slow := func(s string) string {
		out, _, err := transform.String(unaccent(), s)
		if err != nil {
			out = s
		}
		return strings.Join(strings.Fields(strings.ToLower(out)), " ")
	}
	for _, s := range []string{"lis", "  Clube  de\tTENIS ", "a_b%c", "", "x\x00y", "ZZ top 42"} {
		if got, want := SearchKey(s), slow(s); got != want {
			t.Errorf("%q: %q, want %q", s, got, want)
		}
	}
	if got := SearchKey(" Inês  RODRÍGUES "); got != "ines rodrigues" {
		t.Errorf("accented: %q", got)
	}
}
