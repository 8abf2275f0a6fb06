package httpapi

import (
	"bytes"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/media"
	"github.com/tennisladder/ladder/internal/media/mediatest"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// tempEntries lists what the temp folder holds (recursively).
func tempEntries(t *testing.T, dir string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && p != dir {
			out[p] = true
		}
		return nil
	})
	return out
}

// No upload leaves anything in the temp folder, accepted or refused, on any upload route (huma's
// multipart parsing left a multipart-* copy of every file over 8 KB, EXIF included). Hostile
// pictures are refused from their header with the right code.
func TestUploadsLeaveNothingBehind(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // os.TempDir() of the server code, from here on
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLive(t, db, nil)
		b := l.browser()
		b.signIn(testRoot)
		me := root(t, db)
		paths := []string{
			"/api/profile/photo",
			clubPlaceholders(t, db, l.srv.svc, me, me.ID, "/api/clubs/{club}/image"),
			tournamentPlaceholders(t, db, l.srv.svc, me, "root", me.ID, "/api/tournaments/{tournament}/image"),
		}
		before := tempEntries(t, tmp)
		photo := mediatest.Photo(900, 700, 95) // well over 8 KB
		if len(photo) < 64<<10 {
			t.Fatalf("test photo is only %d bytes", len(photo))
		}
		withGPS := append([]byte("\xFF\xD8\xFF\xE1\x00\x20Exif\x00\x00SECRET-GPS-41.1579N-8.6291W"), photo[2:]...)
		for _, path := range paths {
			if r := b.upload(path, withGPS); r.code != 200 {
				t.Fatalf("%s accepted: %d %s", path, r.code, r.body)
			}
			if r := b.upload(path, bytes.Repeat([]byte("%PDF-1.7 not a picture "), 10000)); r.code != 422 {
				t.Fatalf("%s not an image: %d %s", path, r.code, r.body)
			}
			for _, h := range mediatest.HostileSet() {
				want := "photo.too_many_pixels"
				if h.Name == "png-zero-size" {
					want = "photo.corrupt"
				}
				r := b.upload(path, h.Data)
				if p := r.problem(t); r.code != 422 || len(p.Errors) != 1 || p.Errors[0].Code != want {
					t.Fatalf("%s %s: %d %s", path, h.Name, r.code, r.body)
				}
			}
		}
		for p := range tempEntries(t, tmp) {
			if !before[p] {
				t.Errorf("left behind: %s", p)
			}
		}
	})
}

// chunked posts a multipart body of unknown length (Transfer-Encoding: chunked) whose file part
// is head followed by n zero bytes.
func (b *browser) chunked(path, field string, head []byte, n int64) resp {
	b.l.t.Helper()
	var pre, post bytes.Buffer
	mw := multipart.NewWriter(&pre)
	_, _ = mw.CreateFormFile(field, "big.png")
	pre.Write(head)
	post.WriteString("\r\n--" + mw.Boundary() + "--\r\n")
	body := io.MultiReader(&pre, io.LimitReader(zeros{}, n), &post)
	req, _ := http.NewRequest("POST", b.l.ts.URL+path, body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := b.c.Do(req)
	if err != nil {
		b.l.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if req.ContentLength != 0 { // unknown length: the transport sends it chunked
		b.l.t.Fatal("not chunked")
	}
	return resp{code: res.StatusCode, body: string(raw), hdr: res.Header}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// A chunked body over 50 MB is 413 (it was 422), whether the picture in it is valid or not, and
// nothing is saved.
func TestUploadChunkedOverLimit(t *testing.T) {
	l := newLive(t, storetest.NewTestSQLite(t), nil)
	b := l.browser()
	b.signIn("ana@example.pt")
	if r := b.upload("/api/profile/photo", tinyPNG(t)); r.code != 200 {
		t.Fatalf("first photo: %d %s", r.code, r.body)
	}
	me := b.do("GET", "/api/users/me", nil).body
	for name, head := range map[string][]byte{"valid picture": tinyPNG(t), "not a picture": []byte("%PDF-1.7")} {
		r := b.chunked("/api/profile/photo", "photo", head, media.MaxUploadBytes+2<<20)
		if p := r.problem(t); r.code != 413 || p.Code != "photo.too_large" {
			t.Fatalf("%s: %d %s", name, r.code, r.body)
		}
		if now := b.do("GET", "/api/users/me", nil).body; now != me {
			t.Fatalf("%s: the photo changed", name)
		}
	}
	// Just under the limit (the picture and trailing bytes) is accepted.
	if r := b.chunked("/api/profile/photo", "photo", tinyPNG(t), media.MaxUploadBytes-1<<20); r.code != 200 {
		t.Fatalf("under the limit: %d %s", r.code, r.body)
	}
}

// A body that is not multipart is 415; a multipart body without the field is 422 on the field;
// part headers of a megabyte (Go's multipart reader holds up to 10 MB of them) are 400.
func TestUploadEnvelope(t *testing.T) {
	l := newLive(t, storetest.NewTestSQLite(t), nil)
	b := l.browser()
	b.signIn("ana@example.pt")
	if r := b.do("POST", "/api/profile/photo", map[string]string{"photo": "x"}); r.code != 415 {
		t.Fatalf("json: %d %s", r.code, r.body)
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("other", "x")
	_ = mw.Close()
	req, _ := http.NewRequest("POST", l.ts.URL+"/api/profile/photo", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := b.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	r := resp{code: res.StatusCode, body: string(raw)}
	if p := r.problem(t); r.code != 422 || len(p.Errors) != 1 || p.Errors[0].Location != "body.photo" || p.Errors[0].Code != "validation.required" {
		t.Fatalf("missing field: %d %s", r.code, r.body)
	}
	body.Reset()
	mw = multipart.NewWriter(&body)
	fw, _ := mw.CreatePart(textproto.MIMEHeader{"Content-Disposition": {`form-data; name="photo"; filename="a.png"`},
		"X-Padding": {strings.Repeat("a", 1<<20)}})
	_, _ = fw.Write(tinyPNG(t))
	_ = mw.Close()
	req, _ = http.NewRequest("POST", l.ts.URL+"/api/profile/photo", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err = b.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 400 {
		t.Fatalf("huge part headers: %d", res.StatusCode)
	}
}
