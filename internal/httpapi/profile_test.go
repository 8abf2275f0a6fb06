package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func TestPhotoUpload(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLive(t, db, nil)
		b := l.browser()
		me := b.signIn("ana@example.pt")
		r := b.upload("/api/profile/photo", tinyPNG(t))
		if r.code != 200 || !strings.Contains(r.body, "/api/users/") {
			t.Fatalf("upload: %d %s", r.code, r.body)
		}
		var out struct {
			PhotoURL string `json:"photo_url"`
		}
		_ = json.Unmarshal([]byte(r.body), &out)
		if got := b.do("GET", "/api/users/me", nil); !strings.Contains(got.body, out.PhotoURL) {
			t.Fatalf("me does not show the new photo: %s", got.body)
		}
		img := l.browser().do("GET", out.PhotoURL, nil)
		if img.code != 200 || img.hdr.Get("Content-Type") != "image/jpeg" || !strings.Contains(img.hdr.Get("Cache-Control"), "immutable") || !bytes.HasPrefix([]byte(img.body), []byte{0xFF, 0xD8}) {
			t.Fatalf("photo: %d %v", img.code, img.hdr)
		}
		if r := l.browser().do("GET", out.PhotoURL, nil, "If-None-Match", img.hdr.Get("ETag")); r.code != 304 {
			t.Fatalf("revalidation: %d", r.code)
		}
		// A refused upload keeps the old photo.
		r = b.upload("/api/profile/photo", []byte("%PDF-1.7 not a picture"), "Accept-Language", "en")
		if p := r.problem(t); r.code != 422 || p.Errors[0].Code != "photo.not_image" || !strings.Contains(p.Errors[0].Message, "not an image") {
			t.Fatalf("non-image: %d %s", r.code, r.body)
		}
		if got := b.do("GET", "/api/users/me", nil); !strings.Contains(got.body, out.PhotoURL) {
			t.Fatal("the old photo was lost")
		}
		// Oversized by Content-Length: refused before reading.
		req, _ := http.NewRequest("POST", l.ts.URL+"/api/profile/photo", strings.NewReader("x"))
		req.ContentLength = photoUploadLimit + 1
		req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
		for _, c := range b.c.Jar.Cookies(mustURL(l.ts.URL)) {
			req.AddCookie(c)
		}
		if res, err := b.c.Do(req); err == nil {
			res.Body.Close()
			if res.StatusCode != 413 {
				t.Fatalf("oversized: %d", res.StatusCode)
			}
		}
		if r := b.do("DELETE", "/api/profile/photo", nil); r.code != 204 {
			t.Fatalf("delete: %d", r.code)
		}
		if r := l.browser().do("GET", "/api/users/"+jsonNum(me.ID)+"/photo", nil); r.code != 404 {
			t.Fatalf("deleted photo still served: %d", r.code)
		}
	})
}

func jsonNum(i int64) string { b, _ := json.Marshal(i); return string(b) }

// Contact fields hidden by the owner's settings are absent from every response to others.
func TestPlayerContactFieldsNeverLeak(t *testing.T) {
	l := newLive(t, storetest.NewTestSQLite(t), nil)
	owner := l.browser()
	me := owner.signIn("owner@example.pt")
	if r := owner.do("PUT", "/api/profile", fullProfile(map[string]any{"first_name": "Olga", "last_name": "Dias", "phone": "912345678", "telegram": "@olga_tenis"})); r.code != 200 {
		t.Fatalf("profile: %d %s", r.code, r.body)
	}
	viewer := l.browser()
	viewer.signIn("viewer@example.pt")
	path := "/api/players/" + jsonNum(me.ID)
	for _, c := range []struct {
		vis   string
		shown bool
	}{{"nobody", false}, {"co_players", false}, {"everyone", true}} {
		if r := owner.do("PUT", "/api/settings", map[string]any{"contact_visibility": c.vis, "listed": true, "language": "pt", "notifications": map[string]any{}}); r.code != 200 {
			t.Fatalf("settings: %d %s", r.code, r.body)
		}
		r := viewer.do("GET", path, nil)
		leaked := strings.Contains(r.body, "912345678") || strings.Contains(r.body, "olga_tenis") || strings.Contains(r.body, "owner@example.pt")
		if r.code != 200 || leaked != c.shown {
			t.Fatalf("%s: shown=%v body %s", c.vis, leaked, r.body)
		}
	}
	if r := owner.do("PUT", "/api/settings", map[string]any{"contact_visibility": "everyone", "listed": false, "language": "pt", "notifications": map[string]any{}}); r.code != 200 {
		t.Fatal(r.body)
	}
	if r := viewer.do("GET", path, nil, "Accept-Language", "en"); r.code != 404 || r.problem(t).Message != "Player not found" {
		t.Fatalf("unlisted player visible: %d %s", r.code, r.body)
	}
	if r := owner.do("GET", path, nil); r.code != 200 || !strings.Contains(r.body, "912345678") {
		t.Fatalf("owner cannot see themselves: %d", r.code)
	}
}

func TestProfileSaveIsAllOrNothing(t *testing.T) {
	l := newLive(t, storetest.NewTestSQLite(t), nil)
	b := l.browser()
	b.signIn("ana@example.pt")
	r := b.do("PUT", "/api/profile", fullProfile(map[string]any{"first_name": "Ana", "age": 10, "district": "porto", "municipality": "lisboa-sintra"}), "Accept-Language", "en")
	p := r.problem(t)
	if r.code != 422 || len(p.Errors) != 2 || p.Errors[0].Location != "body.age" || p.Errors[1].Location != "body.municipality" {
		t.Fatalf("%d %+v", r.code, p)
	}
	if me := b.do("GET", "/api/profile", nil); strings.Contains(me.body, `"first_name":"Ana"`) {
		t.Fatal("a refused save wrote the valid fields")
	}
}

// PUT replaces the whole profile: a body missing fields is refused with every missing field
// listed, and nothing changes (it used to clear every field not sent).
func TestProfilePutWithMissingFieldsChangesNothing(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLive(t, db, nil)
		b := l.browser()
		b.signIn("rita@example.pt")
		full := fullProfile(map[string]any{"first_name": "Rita", "last_name": "Lopes", "phone": "912345678", "telegram": "@rita_tenis",
			"age": 31, "gender": "female", "district": "porto", "municipality": "porto-porto"})
		if r := b.do("PUT", "/api/profile", full); r.code != 200 {
			t.Fatalf("full save: %d %s", r.code, r.body)
		}
		before := b.do("GET", "/api/profile", nil).body
		r := b.do("PUT", "/api/profile", map[string]any{"first_name": "Outra"}, "Accept-Language", "en")
		p := r.problem(t)
		var missing []string
		for _, e := range p.Errors {
			if e.Code != "validation.required" || e.Message != "This field is required." {
				t.Errorf("unexpected error %+v", e)
			}
			missing = append(missing, strings.TrimPrefix(e.Location, "body."))
		}
		want := []string{"age", "club_id", "district", "gender", "last_name", "municipality", "phone", "signal", "telegram", "timezone", "whatsapp"}
		if r.code != 422 || p.Code != "validation.failed" || strings.Join(missing, ",") != strings.Join(want, ",") {
			t.Fatalf("%d %s: missing %v, want %v", r.code, p.Code, missing, want)
		}
		if after := b.do("GET", "/api/profile", nil).body; after != before {
			t.Fatalf("a refused save changed the profile:\n%s\n%s", before, after)
		}
	})
}
