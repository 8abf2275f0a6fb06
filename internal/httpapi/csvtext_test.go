package httpapi

import "testing"

func TestCSVTextDefusesFormulas(t *testing.T) {
	for in, want := range map[string]string{
		`=HYPERLINK("http://x")`: `'=HYPERLINK("http://x")`,
		"@SUM(1+1)":              "'@SUM(1+1)",
		"+351 912":               "'+351 912",
		"-2":                     "'-2",
		"\t=1":                   "'\t=1",
		"Ana Silva":              "Ana Silva",
		"Torneio = bom":          "Torneio = bom",
		"":                       "",
	} {
		if got := csvText(in); got != want {
			t.Errorf("csvText(%q) = %q, want %q", in, got, want)
		}
	}
}
