package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// A kept answer goes out compressed from its second request on to a client that accepts gzip,
// and decompresses to exactly the identity answer; a client that does not accept gzip, or
// refuses it with q=0, gets the identity answer; every answer says it varies with
// Accept-Encoding. When the data changes the new answer is compressed afresh, never the old one.
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
	get := func(accept string) (body []byte, encoding string) {
		t.Helper()
		w := s.do(call{method: "GET", path: path, header: map[string]string{"Accept-Encoding": accept}})
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
	first, enc := get("gzip")
	if enc != "" || len(first) < gzipMin {
		t.Fatalf("the first answer: encoding %q, %d bytes (want the identity answer, at least %d)", enc, len(first), gzipMin)
	}
	check(first)

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
	// The new answer's first request is its first sighting: identity, the new ranking.
	changed, enc := get("gzip")
	if enc != "" || bytes.Equal(changed, first) {
		t.Fatalf("after the change: encoding %q, ranking changed %v", enc, !bytes.Equal(changed, first))
	}
	check(changed)
}
