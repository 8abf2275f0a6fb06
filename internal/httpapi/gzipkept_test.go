package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// A kept answer goes out compressed to a client that accepts gzip and decompresses to exactly
// the identity answer; a client that does not accept gzip, or refuses it with q=0, gets the
// identity answer; every answer says it varies with Accept-Encoding. When the data changes the
// new answer is compressed afresh, never the old one. An answer built for one reader (a
// signed-in reader's standings, with their own row) goes out as it is.
func TestKeptAnswersGoOutCompressed(t *testing.T) {
	db := storetest.NewTestSQLite(t)
	ctx := context.Background()
	if _, err := seed.Demo(ctx, db); err != nil {
		t.Fatal(err)
	}
	list, _, err := db.ListTournaments(ctx, store.TournamentFilter{Query: "Super Ladder", Statuses: []string{"active"}})
	if err != nil || len(list) != 1 {
		t.Fatalf("demo tournament: %v", err)
	}
	s := newTestServer(t, db, nil)
	path := fmt.Sprintf("/api/tournaments/%d/standings", list[0].ID)
	_, token, err := s.svc.SignIn(ctx, service.Identity{Issuer: "test", Subject: "gz", Email: "gz@example.pt", EmailVerified: true}, "test", "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	cookie := ""
	get := func(accept string) (body []byte, encoding string) {
		t.Helper()
		w := s.do(call{method: "GET", path: path, header: map[string]string{"Accept-Encoding": accept, "Cookie": cookie}})
		if w.Code != 200 || w.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("status %d, Vary %q", w.Code, w.Header().Get("Vary"))
		}
		if n := fmt.Sprint(w.Body.Len()); w.Header().Get("Content-Length") != n {
			t.Fatalf("Content-Length %q for %s bytes", w.Header().Get("Content-Length"), n)
		}
		return w.Body.Bytes(), w.Header().Get("Content-Encoding")
	}
	gunzip := func(b []byte) []byte {
		t.Helper()
		r, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		out, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	check := func(want []byte) {
		t.Helper()
		for range 3 {
			if b, enc := get("gzip, deflate, br, zstd"); enc != "gzip" || !bytes.Equal(gunzip(b), want) || len(b) >= len(want)/2 {
				t.Fatalf("a kept answer: encoding %q, %d bytes for %d", enc, len(b), len(want))
			}
		}
		for _, accept := range []string{"", "identity", "gzip;q=0, br"} {
			if b, enc := get(accept); enc != "" || !bytes.Equal(b, want) {
				t.Fatalf("Accept-Encoding %q: encoding %q, %d bytes", accept, enc, len(b))
			}
		}
	}
	first, enc := get("")
	if enc != "" || len(first) < gzipMin {
		t.Fatalf("the first answer: encoding %q, %d bytes (want the identity answer, at least %d)", enc, len(first), gzipMin)
	}
	check(first)
	cookie = "ladder_session=" + token
	for range 3 {
		if b, enc := get("gzip"); enc != "" || len(b) < gzipMin {
			t.Fatalf("a signed-in reader's standings: encoding %q, %d bytes", enc, len(b))
		}
	}
	cookie = ""

	// Another ranking: the first player's points move and the tournament's version with them.
	id := list[0].ID
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`UPDATE tournament_players SET points = points + 1000
			WHERE tournament_id = ? AND user_id = (SELECT MIN(m.user_id) FROM tournament_players m WHERE m.tournament_id = ?)`, []any{id, id}},
		{`UPDATE tournaments SET version = version + 1 WHERE id = ?`, []any{id}},
	} {
		if _, err := db.W.ExecContext(ctx, db.W.Rebind(q.sql), q.args...); err != nil {
			t.Fatal(err)
		}
	}
	changed, _ := get("")
	if bytes.Equal(changed, first) {
		t.Fatal("the ranking did not change")
	}
	check(changed)
}
