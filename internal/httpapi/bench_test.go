package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The DESIGN budget for read endpoints is at least 0.35× the requests per second of a bare
// net/http hello handler on the same machine in the same run. Compare:
//
//	go test ./internal/httpapi -run ^$ -bench 'Hello|Read' -benchtime 2s
func BenchmarkHello(b *testing.B) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"hello":"world"}`))
	})
	r := httptest.NewRequest("GET", "/hello", nil)
	b.ReportAllocs()
	for b.Loop() {
		h.ServeHTTP(httptest.NewRecorder(), r)
	}
}

// BenchmarkReadNotifications is a signed-in read through the whole stack: middleware, session
// lookup, policy, query, rendering in the reader's language.
func BenchmarkReadNotifications(b *testing.B) {
	db := storetest.NewTestSQLite(b)
	ctx := context.Background()
	if _, err := seed.Demo(ctx, db); err != nil {
		b.Fatal(err)
	}
	svc := service.New(db, service.Options{})
	_, token, err := svc.SignIn(ctx, service.Identity{Issuer: "bench", Subject: "p", Email: "player@ladder.test", EmailVerified: true}, "bench", "127.0.0.1")
	if err != nil {
		b.Fatal(err)
	}
	s := New(Deps{Config: config.Config{BaseURL: "http://localhost", ContactRatePerHour: 1}, DB: db, Service: svc})
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			r := httptest.NewRequest("GET", "/api/notifications/recent", nil)
			r.Header.Set("Cookie", "ladder_session="+token)
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			if w.Code != 200 {
				b.Fatalf("status %d", w.Code)
			}
		}
	})
}

// BenchmarkHelloParallel is the baseline for BenchmarkReadNotifications (both parallel).
func BenchmarkHelloParallel(b *testing.B) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"hello":"world"}`))
	})
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		r := httptest.NewRequest("GET", "/hello", nil)
		for pb.Next() {
			h.ServeHTTP(httptest.NewRecorder(), r)
		}
	})
}

// BenchmarkReadStandings reads the Ranking tab of the largest demo tournament (60 players, 160
// validated matches) as a visitor: standings ordered by the database with head-to-head, forms.
func BenchmarkReadStandings(b *testing.B) {
	db := storetest.NewTestSQLite(b)
	ctx := context.Background()
	if _, err := seed.Demo(ctx, db); err != nil {
		b.Fatal(err)
	}
	list, _, err := db.ListTournaments(ctx, store.TournamentFilter{Query: "Super Ladder", Statuses: []string{"active"}})
	if err != nil || len(list) != 1 {
		b.Fatalf("demo tournament: %v", err)
	}
	path := fmt.Sprintf("/api/tournaments/%d/standings", list[0].ID)
	s := New(Deps{Config: config.Config{BaseURL: "http://localhost", ContactRatePerHour: 1}, DB: db, Service: service.New(db, service.Options{})})
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			w := httptest.NewRecorder()
			s.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
			if w.Code != 200 {
				b.Fatalf("status %d", w.Code)
			}
		}
	})
}

// BenchmarkReads runs every read of issue 16's table through the whole handler stack (no
// network), one sub-benchmark each, for profiles:
//
//	go test ./internal/httpapi -run ^$ -bench Reads/clubs -cpuprofile cpu.out
func BenchmarkReads(b *testing.B) {
	db := storetest.NewTestSQLite(b)
	ctx := context.Background()
	if _, err := seed.Demo(ctx, db); err != nil {
		b.Fatal(err)
	}
	svc := service.New(db, service.Options{})
	u, token, err := svc.SignIn(ctx, service.Identity{Issuer: "bench", Subject: "p", Email: "player@ladder.test", EmailVerified: true}, "bench", "127.0.0.1")
	if err != nil {
		b.Fatal(err)
	}
	list, _, err := db.ListTournaments(ctx, store.TournamentFilter{Query: "Super Ladder", Statuses: []string{"active"}})
	if err != nil || len(list) != 1 {
		b.Fatalf("demo tournament: %v", err)
	}
	dist := fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")},
		"assets/index-0a1b2c3d.js": {Data: bytes.Repeat([]byte("x"), 50000)}, "assets/index-0a1b2c3d.js.br": {Data: bytes.Repeat([]byte("y"), 15000)}}
	s := New(Deps{Config: config.Config{BaseURL: "http://localhost", ContactRatePerHour: 1, RequestTimeout: 10 * time.Second}, DB: db, Service: svc, Dist: dist})
	for _, ep := range []struct {
		name, path string
		signedIn   bool
	}{
		{"asset", "/assets/index-0a1b2c3d.js", false},
		{"hello-through-middleware", "/healthz", false},
		{"standings", fmt.Sprintf("/api/tournaments/%d/standings", list[0].ID), false},
		{"tournaments", "/api/tournaments", false},
		{"clubs", "/api/clubs", false},
		{"search", "/api/search?q=lis", true},
		{"tournament", fmt.Sprintf("/api/tournaments/%d", list[0].ID), false},
		{"player", fmt.Sprintf("/api/players/%d", u.ID), true},
		{"me", "/api/users/me", true},
		{"notifications", "/api/notifications/recent", true},
		{"player-stats", fmt.Sprintf("/api/players/%d/stats", u.ID), true},
		{"player-history", fmt.Sprintf("/api/players/%d/history?limit=20", u.ID), true},
		{"leaderboard", "/api/leaderboards?period=all", false},
		{"leaderboard-signed-in", "/api/leaderboards?period=all", true},
	} {
		b.Run(ep.name, func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					r := httptest.NewRequest("GET", ep.path, nil)
					if ep.signedIn {
						r.Header.Set("Cookie", "ladder_session="+token)
					}
					r.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
					r.Header.Set("Accept-Language", "pt-PT,pt;q=0.9,en;q=0.8")
					w := httptest.NewRecorder()
					s.ServeHTTP(w, r)
					if w.Code != 200 {
						b.Fatalf("status %d", w.Code)
					}
				}
			})
		})
	}
}
