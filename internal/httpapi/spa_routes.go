package httpapi

import (
	"bytes"
	"encoding/json"
	"html"
	"io/fs"
	"strings"
)

// routePreloads is web/dist/route-preloads.json, written by web/scripts/route-preloads.mjs at
// build time: for each lazy route of the app's router, the chunks its page needs beyond the ones
// index.html loads, and its translation namespaces.
type routePreloads struct {
	Routes []routePreload `json:"routes"`
}

type routePreload struct {
	Path       string   `json:"path"` // the router's pattern: "tournaments/:id", "" for the home page
	Files      []string `json:"files"`
	Namespaces []string `json:"namespaces"`
}

// matches reports whether the cleaned request path (no leading slash) is the route's: segments
// equal, a ":param" segment matching any one non-empty segment.
func (p routePreload) matches(name string) bool {
	if p.Path == "" || name == "" {
		return p.Path == name
	}
	want, got := strings.Split(p.Path, "/"), strings.Split(name, "/")
	if len(want) != len(got) {
		return false
	}
	for i, w := range want {
		if got[i] == "" || (!strings.HasPrefix(w, ":") && w != got[i]) {
			return false
		}
	}
	return true
}

// indexFor is the index.html served on the app path name (no leading slash), and the file whose
// precompressed siblings may be sent for it. When the build's route table knows the page, it is
// index.html with that page's chunks as <link rel="modulepreload"> and its namespaces named for
// public/theme-init.js (a <meta> before that script, which preloads them in the reader's
// language), built once, and has no siblings (file ""). A phone then fetches the page's code
// alongside the main scripts instead of after they ran (issue 16: the data pages' LCP). Without
// a route table (a build before it existed, tests) or for an unknown path: index.html itself.
func (s *spa) indexFor(name string) (*asset, string) {
	index := s.load(s.dist, "index.html")
	if index == nil {
		return nil, "index.html"
	}
	for i, r := range s.routeTable().Routes {
		if !r.matches(name) {
			continue
		}
		if a, ok := s.routes.pages.Load(i); ok {
			return a.(*asset), ""
		}
		a, _ := s.routes.pages.LoadOrStore(i, withPreloads(index, r))
		return a.(*asset), ""
	}
	return index, "index.html"
}

// routeTable reads the build's route table once (empty when there is none or it is unreadable).
func (s *spa) routeTable() *routePreloads {
	s.routes.once.Do(func() {
		if b, err := fs.ReadFile(s.dist, "route-preloads.json"); err == nil {
			if json.Unmarshal(b, &s.routes.table) != nil {
				s.routes.table = routePreloads{}
			}
		}
	})
	return &s.routes.table
}

// themeInitTag is where the namespaces' <meta> goes: before the script that reads it.
const themeInitTag = `<script src="/theme-init.js"`

// withPreloads is index with r's preloads: the namespaces' <meta> before theme-init.js, the
// chunks' links at the end of <head>, after the main scripts (which keep their place in the queue).
func withPreloads(index *asset, r routePreload) *asset {
	body := index.body
	if len(r.Namespaces) > 0 {
		if i := bytes.Index(body, []byte(themeInitTag)); i >= 0 {
			meta := `<meta name="ladder-page-texts" content="` + html.EscapeString(strings.Join(r.Namespaces, " ")) + `">` + "\n    "
			body = append(append(append([]byte{}, body[:i]...), meta...), body[i:]...)
		}
	}
	if i := bytes.Index(body, []byte("</head>")); i >= 0 && len(r.Files) > 0 {
		var links strings.Builder
		for _, f := range r.Files {
			if !strings.HasPrefix(f, "/assets/") {
				continue // the table names hashed chunks only
			}
			links.WriteString(`  <link rel="modulepreload" crossorigin fetchpriority="low" href="` + html.EscapeString(f) + "\">\n  ")
		}
		body = append(append(append([]byte{}, body[:i]...), links.String()...), body[i:]...)
	}
	return newAsset(body, index.ct)
}
