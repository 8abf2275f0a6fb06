package httpapi

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The index.html served on a page the build's route table knows names that page's chunks and
// texts (issue 16: the data pages' LCP); other paths get index.html unchanged.
func TestSPAPagePreloads(t *testing.T) {
	s := newTestServer(t, storetest.NewTestSQLite(t), nil)
	index := "<!doctype html><html><head>\n<script src=\"/theme-init.js\"></script>\n<script type=\"module\" src=\"/assets/index-1.js\"></script>\n</head><body></body></html>"
	s.spa.dist = fstest.MapFS{
		"index.html":    {Data: []byte(index)},
		"index.html.br": {Data: []byte("BROTLI INDEX")},
		"route-preloads.json": {Data: []byte(`{"routes":[
			{"path":"","files":["/assets/HomePage-1.js"],"namespaces":["home"]},
			{"path":"tournaments/:id","files":["/assets/TournamentPage-1.js","/assets/Tabs-1.js","https://evil.example/x.js"],"namespaces":["tournament","rating"]},
			{"path":"clubs","files":[],"namespaces":["clubs\" onload=\"x"]}]}`)},
	}
	get := func(path string, header map[string]string) (int, string, string) {
		w := s.do(call{method: "GET", path: path, header: header})
		return w.Code, w.Body.String(), w.Header().Get("ETag")
	}
	code, page, etag := get("/tournaments/42", nil)
	if code != 200 || !strings.Contains(page, `<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/TournamentPage-1.js">`) ||
		!strings.Contains(page, `href="/assets/Tabs-1.js"`) || strings.Contains(page, "evil.example") {
		t.Fatalf("the page's chunks: %d %s", code, page)
	}
	// The namespaces come before theme-init.js (which reads them), the chunks after the main script.
	meta := strings.Index(page, `<meta name="ladder-page-texts" content="tournament rating">`)
	if meta < 0 || meta > strings.Index(page, "/theme-init.js") || strings.Index(page, "TournamentPage-1") < strings.Index(page, "/assets/index-1.js") {
		t.Fatalf("order: %s", page)
	}
	// index.html's precompressed sibling is not this page; the variant revalidates on its own ETag.
	if _, body, _ := get("/tournaments/42", map[string]string{"Accept-Encoding": "br"}); body != page {
		t.Fatalf("a page's index.html with br: %q", body)
	}
	if w := s.do(call{method: "GET", path: "/tournaments/7", header: map[string]string{"If-None-Match": etag}}); w.Code != 304 {
		t.Fatalf("If-None-Match on the page's index.html: %d", w.Code)
	}
	if _, home, homeTag := get("/", nil); !strings.Contains(home, "/assets/HomePage-1.js") || strings.Contains(home, "TournamentPage") || homeTag == etag {
		t.Fatalf("home: %s", home)
	}
	if _, clubs, _ := get("/clubs", nil); strings.Contains(clubs, `onload="x`) || !strings.Contains(clubs, "clubs&#34; onload=&#34;x") {
		t.Fatalf("namespaces are escaped: %s", clubs)
	}
	for _, path := range []string{"/tournaments", "/tournaments/42/more", "/no/such/page", "/tournamentsx/1"} {
		if _, body, _ := get(path, nil); body != index {
			t.Errorf("%s: want index.html unchanged, got %s", path, body)
		}
	}
	// The table and the pages' index.html are kept apart from the files a path can name: odd
	// paths are files that do not exist, never a kept page or a 500.
	for _, path := range []string{"/route-preloads.json%23table", "/index.html%230", "/index.html%231"} {
		if w := s.do(call{method: "GET", path: path}); w.Code != 404 {
			t.Errorf("%s: %d %s", path, w.Code, w.Body)
		}
	}
	// A build without the table (or an unreadable one) serves index.html everywhere.
	s2 := newTestServer(t, storetest.NewTestSQLite(t), nil)
	s2.spa.dist = fstest.MapFS{"index.html": {Data: []byte(index)}, "route-preloads.json": {Data: []byte("{not json")}}
	if w := s2.do(call{method: "GET", path: "/tournaments/42"}); w.Body.String() != index {
		t.Fatalf("unreadable table: %s", w.Body)
	}
}
