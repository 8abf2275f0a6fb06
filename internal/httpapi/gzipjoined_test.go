package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// expectGunzip fails unless gz is one valid gzip member (header, CRC and length checked)
// holding exactly want.
func expectGunzip(t *testing.T, gz, want []byte) {
	t.Helper()
	br := bytes.NewReader(gz)
	r, err := gzip.NewReader(br)
	if err != nil {
		t.Fatal(err)
	}
	r.Multistream(false)
	got, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("gunzip: %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("gunzip:\n got %.300s\nwant %.300s", got, want)
	}
	if br.Len() != 0 {
		t.Fatalf("%d bytes after the gzip member", br.Len())
	}
}

// A signed-in reader's leaderboard page (the kept page and their own row) and another player's
// statistics page (the kept page and the reader's win probability and places) go out
// compressed to a client that accepts gzip, and decompress to exactly the identity answer.
func TestJoinedAnswersGoOutCompressed(t *testing.T) {
	db := storetest.NewTestSQLite(t)
	ctx := context.Background()
	if _, err := seed.Demo(ctx, db); err != nil {
		t.Fatal(err)
	}
	s := newTestServer(t, db, nil)
	// The demo's player account, who has played: a row of their own on the leaderboard.
	u, token, err := s.svc.SignIn(ctx, service.Identity{Issuer: "test", Subject: "p", Email: "player@ladder.test", EmailVerified: true}, "test", "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	var other int64
	// Another player who played in public tournaments only (a private one's page is not kept).
	if err := db.R.GetContext(ctx, &other, db.R.Rebind(`SELECT MIN(m.winner_id) FROM matches m WHERE m.state = 'completed'
		AND m.winner_id <> ? AND NOT EXISTS (SELECT 1 FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id
			WHERE p.user_id = m.winner_id AND t.privacy <> 'public')
		AND NOT EXISTS (SELECT 1 FROM rating_history h JOIN tournaments t ON t.id = h.tournament_id
			WHERE h.user_id = m.winner_id AND t.privacy <> 'public')`), u.ID); err != nil {
		t.Fatal(err)
	}
	get := func(path, accept string) (body []byte, encoding string) {
		t.Helper()
		w := s.do(call{method: "GET", path: path, header: map[string]string{"Accept-Encoding": accept, "Cookie": "ladder_session=" + token}})
		if w.Code != 200 || w.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("%s: status %d, Vary %q", path, w.Code, w.Header().Get("Vary"))
		}
		if n := fmt.Sprint(w.Body.Len()); w.Header().Get("Content-Length") != n {
			t.Fatalf("%s: Content-Length %q for %s bytes", path, w.Header().Get("Content-Length"), n)
		}
		return w.Body.Bytes(), w.Header().Get("Content-Encoding")
	}
	for _, c := range []struct{ path, reader string }{
		{"/api/leaderboards?period=all", `"me":{"position":`},
		{fmt.Sprintf("/api/players/%d/stats", other), `"win_probability":0.`},
	} {
		want, enc := get(c.path, "")
		if enc != "" || !strings.Contains(string(want), c.reader) || len(want) < gzipMin {
			t.Fatalf("%s: identity answer encoded %q, %d bytes, reader's part %q missing?\n%.400s", c.path, enc, len(want), c.reader, want)
		}
		for range 3 { // the first request compresses the kept parts, the next reuse them
			gz, enc := get(c.path, "gzip, deflate, br, zstd")
			if enc != "gzip" || len(gz) >= len(want)/2 {
				t.Fatalf("%s: encoding %q, %d bytes for %d", c.path, enc, len(gz), len(want))
			}
			expectGunzip(t, gz, want)
			t.Logf("%s: %d bytes, %d gzip-compressed", c.path, len(want), len(gz))
		}
		if b, enc := get(c.path, "gzip;q=0"); enc != "" || !bytes.Equal(b, want) {
			t.Fatalf("%s refusing gzip: encoding %q", c.path, enc)
		}
	}
}

// joinedGzip sends a joined body only as the segments it was offered as, and only when they
// are the body; stored blocks carry any length.
func TestJoinedGzipSegments(t *testing.T) {
	kept := bytes.Repeat([]byte(`{"name":"Ana","points":12},`), 400) // 10.8 KB: compressed
	small := []byte(`"a small kept part"`)                           // stored
	own := bytes.Repeat([]byte("r"), 70000)                          // two stored blocks
	body := append(append(append([]byte{}, kept...), own...), small...)
	ctx := withGzip(context.Background())
	offerJoined(ctx, body, joinedSeg{b: kept, kept: true}, joinedSeg{b: body[len(kept) : len(kept)+len(own)]}, joinedSeg{b: small, kept: true})
	gz := joinedGzip(ctx, body)
	if gz == nil || len(gz) > len(own)+len(kept)/4 {
		t.Fatalf("joined gzip: %d bytes", len(gz))
	}
	expectGunzip(t, gz, body)
	if joinedGzip(ctx, append([]byte{}, body...)) != nil {
		t.Fatal("a copy of the body is not the body offered")
	}
	if joinedGzip(context.Background(), body) != nil || joinedGzip(withGzip(context.Background()), body) != nil {
		t.Fatal("compressed without an offer")
	}
	offerJoined(ctx, body, joinedSeg{b: kept, kept: true})
	if joinedGzip(ctx, body) != nil {
		t.Fatal("segments shorter than the body were sent")
	}
	// Segments of the body's length but other bytes (out of order) are not the body either.
	offerJoined(ctx, body, joinedSeg{b: small, kept: true}, joinedSeg{b: kept, kept: true}, joinedSeg{b: body[len(kept) : len(kept)+len(own)]})
	if joinedGzip(ctx, body) != nil {
		t.Fatal("segments that are not the body were sent")
	}
}

// A kept part is compressed once and found again by where it starts and its length: a shorter
// part of the same bytes is another part.
func TestKeptPartsCompressedOnce(t *testing.T) {
	kept := bytes.Repeat([]byte(`{"name":"Rui","points":7},`), 40)
	long, short := compressedPart(kept[:800]), compressedPart(kept[:300])
	if again := compressedPart(kept[:800]); long == nil || &again[0] != &long[0] {
		t.Fatal("a kept part was compressed again")
	}
	for _, c := range []struct {
		part, z []byte
	}{{kept[:800], long}, {kept[:300], short}} {
		gz := appendGzipEnd(append(append([]byte{}, gzipHeader...), c.z...), c.part)
		expectGunzip(t, gz, c.part)
	}
}
