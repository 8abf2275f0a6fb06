package httpapi

import (
	"net"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/store"
)

// hangingDatabase listens on 127.0.0.1 and accepts connections without ever answering: a
// database server that hangs.
func hangingDatabase(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return ln.Addr().String()
}

// closedPort is an address where nothing listens: connections are refused.
func closedPort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// TestUnavailableDatabase points the server at a PostgreSQL that hangs and at one that refuses
// connections: API requests answer 503 db.unavailable with Retry-After within the request
// deadline, instead of hanging or answering 500.
func TestUnavailableDatabase(t *testing.T) {
	if os.Getenv("LADDER_TEST_POSTGRES_URL") == "" {
		t.Skip("PostgreSQL tests need LADDER_TEST_POSTGRES_URL (the driver is what is tested, not a server)")
	}
	for name, addr := range map[string]string{"hanging": hangingDatabase(t), "refused": closedPort(t)} {
		t.Run(name, func(t *testing.T) {
			p, err := sqlx.Open("pgx", "postgres://ladder@"+addr+"/ladder?sslmode=disable")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { p.Close() })
			db := &store.DB{W: p, R: p, Dialect: store.Postgres, Now: func() time.Time { return time.Now().UTC() }}
			l := newLive(t, db, func(c *config.Config) { c.RequestTimeout = 300 * time.Millisecond })
			for _, rq := range []struct {
				method, path string
				body         any
				hdr          []string
			}{
				{"GET", "/api/clubs?q=porto", nil, nil},                                 // a public read
				{"GET", "/api/users/me", nil, []string{"Cookie", "ladder_session=abc"}}, // the session lookup
				{"POST", "/api/contact", map[string]string{"name": "A", "email": "a@example.pt", // a write
					"subject": "s", "message": "m", "type": "contact"}, []string{"Accept-Language", "en"}},
			} {
				start := time.Now()
				r := l.browser().do(rq.method, rq.path, rq.body, rq.hdr...)
				took := time.Since(start)
				if r.code != http.StatusServiceUnavailable || r.hdr.Get("Retry-After") != "5" {
					t.Errorf("%s %s: got %d Retry-After %q, want 503 (%s)", rq.method, rq.path, r.code, r.hdr.Get("Retry-After"), r.body)
					continue
				}
				if p := r.problem(t); p.Code != "db.unavailable" || p.Message == "db.unavailable" {
					t.Errorf("%s %s: problem %+v", rq.method, rq.path, p)
				}
				t.Logf("%s %s: %d in %s", rq.method, rq.path, r.code, took.Round(time.Millisecond))
				if took > 20*time.Second { // generous: the deadline is 300 ms
					t.Errorf("%s %s took %s", rq.method, rq.path, took)
				}
			}
			// An upload: its deadline starts after the body, the session lookup is bounded anyway.
			start := time.Now()
			r := l.browser().upload("/api/profile/photo", tinyPNG(t), "Cookie", "ladder_session=abc")
			t.Logf("upload: %d in %s", r.code, time.Since(start).Round(time.Millisecond))
			if r.code != http.StatusServiceUnavailable || r.hdr.Get("Retry-After") != "5" {
				t.Errorf("upload: got %d, want 503 (%s)", r.code, r.body)
			}
		})
	}
}
