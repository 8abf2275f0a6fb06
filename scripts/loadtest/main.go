// Command loadtest measures the read endpoints against DESIGN's budget: at least 0.35× the
// requests per second of a bare net/http hello handler, same machine, same run. It starts both
// servers on loopback in this process (SQLite with demo data), drives each with the same number
// of keep-alive connections for a fixed time, and prints the ratios. It sends traffic only to
// 127.0.0.1 and stops by itself.
//
//	go run ./scripts/loadtest -duration 5s -conns 16
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/httpapi"
	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

func main() {
	duration := flag.Duration("duration", 5*time.Second, "how long to load each endpoint")
	conns := flag.Int("conns", 16, "concurrent keep-alive connections")
	check := flag.Bool("check", false, "exit 1 when an endpoint is under the budget")
	flag.Parse()
	if *duration > time.Minute {
		log.Fatal("duration is capped at one minute")
	}

	hello := serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"hello":"world"}`)
	}))

	ctx := context.Background()
	dir, err := os.MkdirTemp("", "ladder-load-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	db, err := store.OpenSQLite(ctx, filepath.Join(dir, "load.db"))
	if err != nil {
		log.Fatal(err)
	}
	if _, err := db.Migrate(ctx, nil); err != nil {
		log.Fatal(err)
	}
	if _, err := seed.Demo(ctx, db); err != nil {
		log.Fatal(err)
	}
	svc := service.New(db, service.Options{})
	u, token, err := svc.SignIn(ctx, service.Identity{Issuer: "load", Subject: "p", Email: "player@ladder.test", EmailVerified: true}, "load", "127.0.0.1")
	if err != nil {
		log.Fatal(err)
	}
	app := serve(httpapi.New(httpapi.Deps{Config: config.Config{BaseURL: "http://localhost", ContactRatePerHour: 1}, DB: db, Service: svc}))

	big, _, err := db.ListTournaments(ctx, store.TournamentFilter{Query: "Super Ladder", Statuses: []string{"active"}})
	if err != nil || len(big) != 1 {
		log.Fatalf("demo tournament: %v", err)
	}

	base := run("GET /hello (bare net/http)", hello+"/hello", "", *duration, *conns)
	fail := false
	for _, ep := range []struct{ name, path string }{
		{"GET /api/notifications/recent", "/api/notifications/recent"},
		{"GET /api/players/{id}", fmt.Sprintf("/api/players/%d", u.ID)},
		{"GET /api/users/me", "/api/users/me"},
		{"GET /api/tournaments/{id}/standings (60 players)", fmt.Sprintf("/api/tournaments/%d/standings", big[0].ID)},
		{"GET /api/tournaments", "/api/tournaments"},
	} {
		rps := run(ep.name, app+ep.path, token, *duration, *conns)
		ratio := rps / base
		verdict := "ok"
		if ratio < 0.35 {
			verdict, fail = "UNDER BUDGET", true
		}
		fmt.Printf("    ratio to hello: %.2f× (budget 0.35×) %s\n", ratio, verdict)
	}
	if *check && fail {
		os.Exit(1)
	}
}

func serve(h http.Handler) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	go func() { _ = http.Serve(ln, h) }()
	return "http://" + ln.Addr().String()
}

// run loads url with conns workers for d and returns the successful requests per second.
func run(name, url, token string, d time.Duration, conns int) float64 {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}, Timeout: 10 * time.Second}
	var ok, bad atomic.Int64
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				req, _ := http.NewRequest("GET", url, nil)
				if token != "" {
					req.Header.Set("Cookie", "ladder_session="+token)
				}
				res, err := client.Do(req)
				if err != nil {
					bad.Add(1)
					continue
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode == 200 {
					ok.Add(1)
				} else {
					bad.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	rps := float64(ok.Load()) / d.Seconds()
	fmt.Printf("%-34s %9.0f req/s (%d errors)\n", name, rps, bad.Load())
	return rps
}
