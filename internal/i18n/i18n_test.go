package i18n

import (
	"fmt"
	"regexp"
	"testing"
	"testing/fstest"

	"github.com/tennisladder/ladder/web"
)

func TestLang(t *testing.T) {
	cases := map[string]string{
		"":                     "pt",
		"en-US,en;q=0.9":       "en",
		"pt-BR":                "pt",
		"fr-FR,en;q=0.5":       "en",
		"de":                   "pt",
		"en;q=0.4,pt-PT;q=0.8": "pt",
		"garbage;;;q=x":        "pt",
	}
	for in, want := range cases {
		if got := Lang(in); got != want {
			t.Errorf("Lang(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTranslate(t *testing.T) {
	fsys := fstest.MapFS{
		"pt/errors.json": {Data: []byte(`{"v":{"max":"No máximo {{max}} caracteres.","only_pt":"só"}}`)},
		"en/errors.json": {Data: []byte(`{"v":{"max":"At most {{ max }} characters."}}`)},
	}
	c, err := Load(fsys, "errors")
	if err != nil {
		t.Fatal(err)
	}
	if got := c.T("en", "v.max", map[string]any{"max": 200}); got != "At most 200 characters." {
		t.Fatal(got)
	}
	if got := c.T("pt", "v.max", map[string]any{"max": 5}); got != "No máximo 5 caracteres." {
		t.Fatal(got)
	}
	if got := c.T("en", "v.only_pt", nil); got != "só" {
		t.Fatal("want pt fallback, got", got)
	}
	if got := c.T("en", "v.none", nil); got != "v.none" {
		t.Fatal(got)
	}
}

// The real catalog shipped with the app loads in both languages.
func TestShippedCatalog(t *testing.T) {
	c, err := Load(web.Locales(), "errors")
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"validation.failed", "validation.required", "http.internal"} {
		if !c.Has(key) {
			t.Errorf("errors.json lacks %q in some language", key)
		}
	}
}

// interpolate answers as the regular expression it replaced, replaced leftmost first: names with
// spaces around them, unknown names kept, stray and nested braces, values of other types.
func TestInterpolateAsTheExpression(t *testing.T) {
	re := regexp.MustCompile(`\{\{\s*(\w+)\s*\}\}`)
	params := map[string]any{"name": "Ana", "n": 3, "x_1": "{{name}}", "empty": ""}
	byExpression := func(msg string) string {
		return re.ReplaceAllStringFunc(msg, func(m string) string {
			if v, ok := params[re.FindStringSubmatch(m)[1]]; ok {
				return fmt.Sprint(v)
			}
			return m
		})
	}
	for _, msg := range []string{
		"", "plain", "{{name}}", "Olá {{name}}, {{ n }} jogos", "{{ name}}{{n }}", "{{\tname\n}}", "{{unknown}} {{name}}",
		"{{{name}}}", "{{ {{name}} }}", "{{name", "name}}", "{{}}", "{{ }}", "{{na me}}", "{{x_1}}", "{{ empty }}!",
		"{", "{{", "}}", "{{n}}{{n}}{{n}}", "ção {{name}} ção", "{{nome}} {{name}}}", "{{name}}{", "a{{{{n}}}}b",
	} {
		if got, want := interpolate(msg, params), byExpression(msg); got != want {
			t.Errorf("%q: %q, the expression %q", msg, got, want)
		}
	}
}
