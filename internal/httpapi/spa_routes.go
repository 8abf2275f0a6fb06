package httpapi

import (
	"bytes"
	"encoding/json"
	"html"
	"io/fs"
	"strconv"
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

// indexFor is the index.html served on the app path name (no leading slash): when the build's
// route table knows the page, index.html with that page's chunks as <link rel="modulepreload">
// and its namespaces named for public/theme-init.js (a <meta> before that script, which preloads
// them in the reader's language). A phone then fetches the page's code alongside the main
// scripts instead of after they ran (issue 16: the data pages' LCP). Each variant is built once.
// Without a route table (a build before it existed, tests) or for an unknown path: index.html.
func (s *spa) indexFor(name string) *asset {
	index := s.load(s.dist, "index.html")
	if index == nil {
		return nil
	}
	table := s.routeTable()
	for i, r := range table.Routes {
		if !r.matches(name) {
			continue
		}
		key := "index.html#" + strconv.Itoa(i)
		if a, ok := s.files.Load(key); ok {
			return a.(*asset)
		}
		a := withPreloads(index, r)
		s.files.Store(key, a)
		return a
	}
	return index
}

// routeTable reads and keeps the build's route table (empty when there is none or it is unreadable).
func (s *spa) routeTable() *routePreloads {
	if t, ok := s.files.Load("route-preloads.json#table"); ok {
		return t.(*routePreloads)
	}
	t := &routePreloads{}
	if b, err := fs.ReadFile(s.dist, "route-preloads.json"); err == nil {
		if json.Unmarshal(b, t) != nil {
			t = &routePreloads{}
		}
	}
	s.files.Store("route-preloads.json#table", t)
	return t
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
