package textrule

import (
	"strings"
	"testing"
)

func TestClean(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"Mozilla/5.0", 300, "Mozilla/5.0"},
		{"a\xffb", 300, "a\uFFFDb"},
		{"a\x00b\r\nc\u2028d\te", 300, "abcde"},
		{strings.Repeat("é", 5), 3, "ééé"},
		{"\u202Eok", 300, "\u202Eok"}, // not a name: only control characters go
	} {
		if got := Clean(c.in, c.max); got != c.want || Problem(got, false, false) != "" {
			t.Errorf("Clean(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
		}
	}
}
