package geo

import (
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tennisladder/ladder/web"
)

var wantCounts = map[string]int{
	"aveiro": 19, "beja": 14, "braga": 14, "braganca": 12, "castelo-branco": 11,
	"coimbra": 17, "evora": 14, "faro": 16, "guarda": 14, "leiria": 16,
	"lisboa": 16, "portalegre": 15, "porto": 18, "santarem": 21, "setubal": 13,
	"viana-do-castelo": 10, "vila-real": 14, "viseu": 24, "acores": 19, "madeira": 11,
}

var slugRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func TestDivisions(t *testing.T) {
	ds := Districts()
	if len(ds) != 20 {
		t.Fatalf("got %d divisions, want 20", len(ds))
	}
	var districts, regions, total int
	seen := map[string]bool{}
	for i, d := range ds {
		switch d.Kind {
		case KindDistrict:
			districts++
			if regions > 0 {
				t.Errorf("district %q listed after an autonomous region", d.Code)
			}
		case KindAutonomousRegion:
			regions++
		default:
			t.Errorf("%q: unknown kind %q", d.Code, d.Kind)
		}
		if !slugRE.MatchString(d.Code) {
			t.Errorf("district code %q is not a lowercase ASCII slug", d.Code)
		}
		if seen[d.Code] {
			t.Errorf("duplicate code %q", d.Code)
		}
		seen[d.Code] = true
		if d.Name["pt"] == "" || d.Name["en"] == "" {
			t.Errorf("%q: missing pt/en name: %v", d.Code, d.Name)
		}
		if want, ok := wantCounts[d.Code]; !ok {
			t.Errorf("unexpected division %q", d.Code)
		} else if len(d.Municipalities) != want {
			t.Errorf("%q: %d municipalities, want %d", d.Code, len(d.Municipalities), want)
		}
		names := map[string]bool{}
		for _, m := range d.Municipalities {
			total++
			if !slugRE.MatchString(m.Code) || !strings.HasPrefix(m.Code, d.Code+"-") {
				t.Errorf("municipality code %q: want lowercase ASCII slug prefixed %q", m.Code, d.Code+"-")
			}
			if seen[m.Code] {
				t.Errorf("duplicate code %q", m.Code)
			}
			seen[m.Code] = true
			if m.Name == "" || !utf8.ValidString(m.Name) || names[m.Name] {
				t.Errorf("%q: bad or duplicate name %q", m.Code, m.Name)
			}
			names[m.Name] = true
			if got, gd, ok := MunicipalityByCode(m.Code); !ok || got != m || gd.Code != d.Code {
				t.Errorf("MunicipalityByCode(%q) = %v, %q, %v", m.Code, got, gd.Code, ok)
			}
		}
		if got, ok := DistrictByCode(d.Code); !ok || got.Code != d.Code || i != indexOf(ds, got.Code) {
			t.Errorf("DistrictByCode(%q) = %q, %v", d.Code, got.Code, ok)
		}
	}
	if districts != 18 || regions != 2 {
		t.Errorf("got %d districts and %d regions, want 18 and 2", districts, regions)
	}
	if total != 308 {
		t.Errorf("got %d municipalities, want 308", total)
	}
}

func indexOf(ds []District, code string) int {
	for i, d := range ds {
		if d.Code == code {
			return i
		}
	}
	return -1
}

func TestNames(t *testing.T) {
	for code, want := range map[string][2]string{
		"lisboa":  {"Lisboa", "Lisbon"},
		"porto":   {"Porto", "Porto"},
		"evora":   {"Évora", "Évora"},
		"acores":  {"Região Autónoma dos Açores", "Autonomous Region of the Azores"},
		"madeira": {"Região Autónoma da Madeira", "Autonomous Region of Madeira"},
	} {
		d, ok := DistrictByCode(code)
		if !ok || d.Name["pt"] != want[0] || d.Name["en"] != want[1] {
			t.Errorf("DistrictByCode(%q) = %v, %v; want names %v", code, d.Name, ok, want)
		}
	}
	if _, ok := DistrictByCode("nowhere"); ok {
		t.Error(`DistrictByCode("nowhere") found something`)
	}
}

func TestSpotChecks(t *testing.T) {
	for _, c := range []struct{ district, name string }{
		{"porto", "Vila Nova de Gaia"},
		{"porto", "Matosinhos"},
		{"lisboa", "Sintra"},
		{"lisboa", "Cascais"},
		{"faro", "Lagoa"},
		{"acores", "Lagoa"},
		{"acores", "Calheta"},
		{"madeira", "Calheta"},
		{"madeira", "Funchal"},
		{"braga", "Guimarães"},
		{"aveiro", "Santa Maria da Feira"},
		{"viana-do-castelo", "Ponte de Lima"},
	} {
		d, _ := DistrictByCode(c.district)
		found := false
		for _, m := range d.Municipalities {
			if m.Name == c.name {
				found = true
			}
		}
		if !found {
			t.Errorf("%s does not contain %q", c.district, c.name)
		}
	}
}

func TestValidPair(t *testing.T) {
	for _, c := range []struct {
		district, municipality string
		want                   bool
	}{
		{"", "", true},
		{"porto", "porto-vila-nova-de-gaia", true},
		{"faro", "faro-lagoa", true},
		{"acores", "acores-lagoa", true},
		{"madeira", "madeira-funchal", true},
		{"porto", "", false},
		{"", "porto-porto", false},
		{"lisboa", "porto-porto", false},
		{"acores", "faro-lagoa", false},
		{"porto", "porto-nowhere", false},
		{"nowhere", "porto-porto", false},
	} {
		if got := ValidPair(c.district, c.municipality); got != c.want {
			t.Errorf("ValidPair(%q, %q) = %v, want %v", c.district, c.municipality, got, c.want)
		}
	}
}

// The web shows a district's name from its common texts, without asking the API (issue 16: the
// tournament pages' first render); those names must be the ones this package gives, in its order.
func TestWebCommonTextsNameEveryDistrict(t *testing.T) {
	for _, lang := range []string{"pt", "en"} {
		raw, err := fs.ReadFile(web.Locales(), lang+"/common.json")
		if err != nil {
			t.Fatal(err)
		}
		var texts struct {
			Districts json.RawMessage `json:"districts"`
		}
		if err := json.Unmarshal(raw, &texts); err != nil {
			t.Fatal(err)
		}
		dec := json.NewDecoder(bytes.NewReader(texts.Districts))
		var got []string
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if s, ok := tok.(string); ok {
				got = append(got, s)
			}
		}
		var want []string
		for _, d := range Districts() {
			want = append(want, d.Code, d.Name[lang])
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s/common.json districts (code, name, …) = %q, want %q", lang, got, want)
		}
	}
}
