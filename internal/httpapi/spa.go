package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tennisladder/ladder/web"
)

// spa serves the embedded build of the web app. Hashed files under /assets/ are cached for a
// year; everything else (index.html, theme-init.js, favicon) is revalidated on every load so a
// new release shows at once. Unknown paths get index.html: the app's router decides.
type spa struct {
	dist    fs.FS
	locales fs.FS
	files   sync.Map // path → *asset, read once from the embedded file system
	// The build's route table and each page's index.html, apart from files: their keys must
	// never be reachable from a request path (spa_routes.go).
	routes struct {
		once  sync.Once
		table routePreloads
		pages sync.Map // route's index in the table → *asset
	}
}

type asset struct {
	body []byte
	etag string
	ct   string
	// Header values prepared once (serveHashedAsset assigns them without allocating).
	hdrType, hdrETag, hdrLength []string
	// subresource: a script or a style sheet, which a browser never renders as a document
	// (assetSecurityHeaders); anything else keeps a page's security headers.
	subresource bool
}

func newSPA(dist fs.FS) *spa {
	if dist == nil {
		dist = web.Dist()
	}
	return &spa{dist: dist, locales: web.Locales()}
}

// load returns the embedded file at name (no leading slash) or nil.
func (s *spa) load(fsys fs.FS, name string) *asset {
	key := name
	if fsys == s.locales {
		key = "locales/" + name
	}
	if a, ok := s.files.Load(key); ok {
		return a.(*asset)
	}
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil
	}
	ct := mime.TypeByExtension(path.Ext(name))
	if ct == "" {
		ct = http.DetectContentType(b)
	}
	a := newAsset(b, ct)
	s.files.Store(key, a)
	return a
}

// newAsset is body ready to serve: its ETag (a hash of the bytes) and header values.
func newAsset(body []byte, ct string) *asset {
	sum := sha256.Sum256(body)
	a := &asset{body: body, etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`, ct: ct}
	a.hdrType, a.hdrETag, a.hdrLength = []string{a.ct}, []string{a.etag}, []string{strconv.Itoa(len(body))}
	mediaType, _, _ := strings.Cut(ct, ";")
	a.subresource = mediaType == "text/javascript" || mediaType == "application/javascript" || mediaType == "text/css"
	return a
}

// serve writes a with the given cache policy, using a precompressed sibling (.br, .gz) of the
// file name when the client accepts it (name is empty for a page built from a file, which has
// none). http.ServeContent answers conditional and range requests.
func (s *spa) serve(w http.ResponseWriter, r *http.Request, fsys fs.FS, name string, a *asset, cache string) {
	h := w.Header()
	h.Set("Cache-Control", cache)
	h.Set("Content-Type", a.ct)
	body, etag := a.body, a.etag
	if name != "" {
		if enc, c := s.precompressed(fsys, name, r.Header.Get("Accept-Encoding")); c != nil {
			h.Set("Content-Encoding", enc)
			body, etag = c.body, c.etag
		}
	}
	h.Add("Vary", "Accept-Encoding")
	h.Set("ETag", etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

func (s *spa) precompressed(fsys fs.FS, name, accept string) (string, *asset) {
	for _, enc := range []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if acceptsEncoding(accept, enc.token) {
			if c := s.load(fsys, name+enc.ext); c != nil {
				return enc.token, c
			}
		}
	}
	return "", nil
}

// acceptsEncoding reports whether an Accept-Encoding header accepts token (q > 0). It walks the
// header without splitting it into slices: it runs for every file served.
func acceptsEncoding(header, token string) bool {
	for rest := header; rest != ""; {
		var part string
		part, rest, _ = strings.Cut(rest, ",")
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), token) {
			continue
		}
		q := 1.0
		for params != "" {
			var p string
			p, params, _ = strings.Cut(params, ";")
			if k, v, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				q, _ = strconv.ParseFloat(strings.TrimSpace(v), 64)
			}
		}
		return q > 0
	}
	return false
}

var (
	hdrImmutable = []string{"public, max-age=31536000, immutable"}
	hdrVaryAE    = []string{"Accept-Encoding"}
	hdrBr        = []string{"br"}
	hdrGzip      = []string{"gzip"}
)

// serveHashedAsset answers a GET or HEAD of a file under /assets/ of the build (content-hashed
// names, so cached for a year) straight from memory: the precompressed sibling the client
// accepts, prepared header values, a 304 for a matching If-None-Match, and the body in one
// write. It reports false for anything else (other paths, missing files, odd paths), which
// then takes the ordinary route (and its 404). Range requests get the whole file, as HTTP
// allows; browsers do not ask ranges of scripts and styles.
func (s *Server) serveHashedAsset(w http.ResponseWriter, r *http.Request) bool {
	if (r.Method != http.MethodGet && r.Method != http.MethodHead) || !strings.HasPrefix(r.URL.Path, "/assets/") {
		return false
	}
	name := r.URL.Path[1:]
	if path.Clean(r.URL.Path) != r.URL.Path || strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
		return false
	}
	a := s.spa.load(s.spa.dist, name)
	if a == nil {
		return false
	}
	h := w.Header()
	if a.subresource {
		s.assetSecurityHeaders(h, r)
	} else {
		s.securityHeaders(h, r)
	}
	h["Cache-Control"] = hdrImmutable
	h["Content-Type"] = a.hdrType
	h["Vary"] = hdrVaryAE
	chosen := a
	if enc, c := s.spa.precompressed(s.spa.dist, name, r.Header.Get("Accept-Encoding")); c != nil {
		chosen = c
		if enc == "br" {
			h["Content-Encoding"] = hdrBr
		} else {
			h["Content-Encoding"] = hdrGzip
		}
	}
	h["Etag"] = chosen.hdrETag
	if inm := r.Header.Get("If-None-Match"); inm != "" && etagListed(inm, chosen.etag) {
		w.WriteHeader(http.StatusNotModified)
		return true
	}
	h["Content-Length"] = chosen.hdrLength
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		_, _ = w.Write(chosen.body)
	}
	return true
}

// etagListed reports whether an If-None-Match header names etag (or is "*"); weak comparison.
func etagListed(header, etag string) bool {
	for rest := header; rest != ""; {
		var t string
		t, rest, _ = strings.Cut(rest, ",")
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}

// serveSPA handles every path no other route took.
func (s *Server) serveSPA(w http.ResponseWriter, r *http.Request) {
	if allow := s.allowedMethods(r); len(allow) > 0 {
		// The path is known but not with this method: the catch-all route took the request.
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeProblem(w, r, newProblem(langOf(r.Context()), http.StatusMethodNotAllowed, "", nil))
		return
	}
	if strings.HasPrefix(r.URL.Path, "/api/") || r.URL.Path == "/api" {
		writeProblem(w, r, newProblem(langOf(r.Context()), http.StatusNotFound, "", nil))
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeProblem(w, r, newProblem(langOf(r.Context()), http.StatusMethodNotAllowed, "", nil))
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	sibling := strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") // served only as an encoding
	if name != "" && name != "index.html" {
		if a := s.spa.load(s.spa.dist, name); a != nil && !sibling {
			cache := "no-cache"
			if strings.HasPrefix(name, "assets/") {
				cache = "public, max-age=31536000, immutable"
			}
			s.spa.serve(w, r, s.spa.dist, name, a, cache)
			return
		}
		if strings.HasPrefix(name, "assets/") || path.Ext(name) != "" {
			// A missing hashed asset must not turn into index.html: the browser would try to
			// run HTML as a script. Files with extensions are not app routes either.
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
	}
	index, file := s.spa.indexFor(name)
	if index == nil {
		index = notBuiltPage
	}
	s.spa.serve(w, r, s.spa.dist, file, index, "no-cache")
}

// locales serves /locales/{lng}/{ns}.json from the embedded translation files.
func (s *Server) locales(w http.ResponseWriter, r *http.Request) {
	lng, ns := r.PathValue("lng"), r.PathValue("ns")
	if strings.Contains(lng, "..") || strings.Contains(ns, "..") || !strings.HasSuffix(ns, ".json") {
		http.NotFound(w, r)
		return
	}
	name := lng + "/" + ns
	a := s.spa.load(s.spa.locales, name)
	if a == nil {
		http.NotFound(w, r)
		return
	}
	s.spa.serve(w, r, s.spa.locales, name, a, "no-cache")
}

// notBuiltPage is served when the binary was built before the web app (go build without
// `make build`): the API works, and the page says how to get the app.
var notBuiltPage = &asset{ct: "text/html; charset=utf-8", etag: `"not-built"`, body: []byte(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tennis Ladder</title></head>
<body><main><h1>Tennis Ladder</h1><p>The web app is not part of this build. Run <code>make build</code>
(or <code>make run</code>) to build it into the binary. The API is available under <a href="/api/docs">/api/docs</a>.</p></main></body></html>
`)}
