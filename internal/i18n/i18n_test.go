package i18n

import (
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
