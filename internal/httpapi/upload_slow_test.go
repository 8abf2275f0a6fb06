package httpapi

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/media"
	"github.com/tennisladder/ladder/internal/media/mediatest"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// firstRead signals, once, that the server read the first bytes of a request body.
type firstRead struct {
	io.ReadCloser
	once *sync.Once
	ch   chan struct{}
}

func (f firstRead) Read(p []byte) (int, error) {
	n, err := f.ReadCloser.Read(p)
	if n > 0 {
		f.once.Do(func() { close(f.ch) })
	}
	return n, err
}

// gate blocks the first Read until open is closed.
type gate struct{ open chan struct{} }

func (g gate) Read([]byte) (int, error) { <-g.open; return 0, io.EOF }

// An upload whose body arrives more slowly than the request timeout still saves the picture:
// the time limit starts for the database save once the picture is read (it started with the
// handler, so the save after a 16 s transfer of a 10 MB photo at 5 Mbit/s answered 503
// db.unavailable once the whole transfer was done).
func TestSlowUploadSaved(t *testing.T) {
	const timeout = 500 * time.Millisecond
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		var (
			mu      sync.Mutex
			reading chan struct{} // closed when the server reads the current upload's body
		)
		wrap := func(h http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Method == http.MethodPost && (strings.HasSuffix(r.URL.Path, "/photo") || strings.HasSuffix(r.URL.Path, "/image")) {
					mu.Lock()
					r.Body = firstRead{ReadCloser: r.Body, once: &sync.Once{}, ch: reading}
					mu.Unlock()
				}
				h.ServeHTTP(w, r)
			})
		}
		l := newLiveWrapped(t, db, func(c *config.Config) { c.RequestTimeout = timeout }, wrap)
		b := l.browser()
		b.signIn(testRoot)
		me := root(t, db)
		club := clubPlaceholders(t, db, l.srv.svc, me, me.ID, "/api/clubs/{club}/image")
		tournament := tournamentPlaceholders(t, db, l.srv.svc, me, "root", me.ID, "/api/tournaments/{tournament}/image")
		for _, path := range []string{"/api/profile/photo", club, tournament} {
			field := "image"
			if path == "/api/profile/photo" {
				field = "photo"
			}
			pic := tinyPNG(t)
			var pre, post bytes.Buffer
			mw := multipart.NewWriter(&pre)
			fw, _ := mw.CreateFormFile(field, "slow.png")
			_, _ = fw.Write(pic[:len(pic)/2])
			post.Write(pic[len(pic)/2:])
			post.WriteString("\r\n--" + mw.Boundary() + "--\r\n")
			open := make(chan struct{})
			mu.Lock()
			reading = make(chan struct{})
			started := reading
			mu.Unlock()
			req, _ := http.NewRequest("POST", l.ts.URL+path, io.MultiReader(&pre, gate{open}, &post))
			req.Header.Set("Content-Type", mw.FormDataContentType())
			type result struct {
				res *http.Response
				err error
			}
			done := make(chan result, 1)
			go func() { res, err := b.c.Do(req); done <- result{res, err} }()
			<-started // the handler runs and reads the first half of the picture
			// The condition tested: the whole request timeout (and more) passes before the rest
			// of the picture arrives.
			<-time.After(3 * timeout)
			close(open)
			r := <-done
			if r.err != nil {
				t.Fatal(r.err)
			}
			raw, _ := io.ReadAll(r.res.Body)
			r.res.Body.Close()
			if r.res.StatusCode != 200 {
				t.Fatalf("%s: %d %s", path, r.res.StatusCode, raw)
			}
			get := strings.TrimSuffix(path, "/image") + "/image"
			if path == "/api/profile/photo" {
				get = fmt.Sprintf("/api/users/%d/photo", me.ID)
			}
			if g := b.do("GET", get, nil); g.code != 200 || g.hdr.Get("Content-Type") != "image/jpeg" {
				t.Fatalf("%s: the picture is not stored: %d %s", path, g.code, g.hdr.Get("Content-Type"))
			}
		}
	})
}

// A client that stops sending once its picture's decode holds a share of the budget is refused
// (photo.too_slow) when the rest does not arrive within media.RestWithin: the body's read
// deadline is set through the response writer's controller.
func TestTricklingUploadRefused(t *testing.T) {
	media.RestWithin = 200 * time.Millisecond
	t.Cleanup(func() { media.RestWithin = 15 * time.Second })
	l := newLive(t, storetest.NewTestSQLite(t), nil)
	b := l.browser()
	b.signIn("ana@example.pt")
	pic := mediatest.Photo(600, 400, 90)
	var pre bytes.Buffer
	mw := multipart.NewWriter(&pre)
	fw, _ := mw.CreateFormFile("photo", "slow.jpg")
	_, _ = fw.Write(pic[:len(pic)/2])
	open := make(chan struct{})
	giveUp := time.AfterFunc(10*time.Second, func() { close(open) }) // generous: no deadline was set
	defer giveUp.Stop()
	req, _ := http.NewRequest("POST", l.ts.URL+"/api/profile/photo", io.MultiReader(&pre, gate{open}))
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := b.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	r := resp{code: res.StatusCode, body: string(raw)}
	if p := r.problem(t); r.code != 422 || len(p.Errors) != 1 || p.Errors[0].Code != "photo.too_slow" {
		t.Fatalf("got %d %s", r.code, r.body)
	}
}
