// Command scaleload measures issue 16's budget "two instances on one PostgreSQL serve ≥ 1.7× the
// reads of one until the database saturates". It creates a schema of its own in the PostgreSQL
// database given, seeds the demo data once, starts two real servers (`ladder serve`) on it and
// drives the same mix of reads (standings, the tournament and club lists, a tournament, a
// player, me, notifications) first against instance A alone, then against A and B (connections
// alternate between them), round after round, and prints the ratio beside its budget.
//
// The machine this runs on may have two cores shared by PostgreSQL, the load generator, both
// instances and other work, so two unconstrained instances cannot show anything: the first one
// already takes what the machine has. Each instance therefore gets a fixed CPU quota (a cgroup
// of its own, -quota cores; what a small rented instance has), so that one instance is the
// bottleneck and the question becomes the issue's: does a second instance double what the
// shared database serves, or does the database (or something shared through it) stop it? The
// quota is raised level by level (-quota 0.2,0.4,…) until the database's share of the machine
// runs out. Besides requests per second it prints the CPU time per request of the instances,
// of PostgreSQL (the backends of this run's connections, from /proc) and of the load generator,
// and how many cores PostgreSQL used: what the figure can and cannot show is in
// docs/PERFORMANCE.md. It sends traffic only to 127.0.0.1 and drops its schema at the end.
//
//	go run ./scripts/scaleload -postgres 'postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/scripts/internal/loadkit"
)

const (
	budget  = 1.7
	appName = "ladder-scaleload" // application_name of the instances' connections: their backends are counted
)

func main() {
	pgURL := flag.String("postgres", os.Getenv("LADDER_TEST_POSTGRES_URL"), "PostgreSQL URL (a schema of this run's own is created and dropped in it)")
	bin := flag.String("bin", "", "server binary (default: build ./cmd/ladder into a temp folder)")
	quotas := flag.String("quota", "0.25,0.5", "CPU cores per instance, one measurement per level (0: no quota)")
	duration := flag.Duration("duration", 2*time.Second, "how long each phase of a round lasts")
	rounds := flag.Int("rounds", 3, "rounds per level (the median ratio is reported)")
	conns := flag.Int("conns", 16, "concurrent keep-alive connections")
	check := flag.Bool("check", false, "exit 1 when the first level's ratio is under the budget")
	flag.Parse()
	if *pgURL == "" {
		log.Fatal("scaleload needs PostgreSQL: -postgres URL or LADDER_TEST_POSTGRES_URL")
	}
	if *duration > time.Minute || *rounds > 20 {
		log.Fatal("duration is capped at one minute and rounds at 20")
	}
	var levels []float64
	for _, s := range strings.Split(*quotas, ",") {
		q, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || q < 0 {
			log.Fatalf("-quota: %q", s)
		}
		levels = append(levels, q)
	}
	os.Exit(run(*pgURL, *bin, levels, *duration, *rounds, *conns, *check))
}

// run measures every quota level; it returns the exit code so that its deferred clean-up (child
// processes, cgroups, the schema) runs on every path after the servers start.
func run(pgURL, bin string, levels []float64, duration time.Duration, rounds, conns int, check bool) int {
	dir, err := os.MkdirTemp("", "ladder-scaleload-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if bin == "" {
		bin = filepath.Join(dir, "ladder")
		build := exec.Command("go", "build", "-o", bin, "./cmd/ladder")
		build.Stdout, build.Stderr = os.Stdout, os.Stderr
		if err := build.Run(); err != nil {
			log.Fatal("build: ", err)
		}
	}
	dsn, drop := loadkit.FreshSchema(pgURL, "scaleload", appName)
	defer drop()
	reads, token := seedDemo(dsn)

	a := start(bin, filepath.Join(dir, "a"), dsn)
	defer a.stop()
	b := start(bin, filepath.Join(dir, "b"), dsn)
	defer b.stop()
	backends := loadkit.Watch(pgURL, appName)
	defer backends.Stop()
	groups := newCgroups()
	defer groups.remove()
	if groups == nil {
		fmt.Println("no writable cgroup cpu controller (root and cgroup v1 or v2 needed): instances run without a quota")
		levels = []float64{0}
	}

	fmt.Printf("\nreads (each connection walks them in turn): %s\n%d connections, %d rounds of %v per phase, GOMAXPROCS=1 per instance under a quota; %d CPUs in this machine\n",
		strings.Join(readNames(reads), ", "), conns, rounds, duration, runtime.NumCPU())
	fmt.Printf("measured: two ÷ one in req/s, median of the rounds (rounds in brackets). quiet: the same from the CPU per request\n" +
		"measured in the same phases, on this machine doing nothing else: each instance runs at its quota unless app, PostgreSQL\n" +
		"and load generator together need more than the machine's CPUs (\"machine-bound\": the database's share has run out).\n" +
		"µs CPU: per request; app: both instances; pg: PostgreSQL's backends serving them; load: the load generator.\n")
	fmt.Printf("%-6s %-5s %8s %9s %9s %9s %9s %9s   %s\n", "quota", "phase", "req/s", "µs app", "µs pg", "µs load", "app cores", "pg cores", "two ÷ one: measured, quiet (budget ≥ 1.7×)")
	fail := false
	for li, q := range levels {
		if groups != nil {
			if err := groups.limit(q, a, b); err != nil {
				log.Print("cgroup: ", err)
				return 1
			}
		}
		warm := []*server{a, b}
		drive(warm, reads, token, 300*time.Millisecond, conns, backends)
		var ratios []float64
		var one, two []phase
		for range rounds {
			p1 := drive([]*server{a}, reads, token, duration, conns, backends)
			p2 := drive([]*server{a, b}, reads, token, duration, conns, backends)
			if p1.bad+p2.bad > 0 {
				log.Printf("%d failed requests", p1.bad+p2.bad)
				return 1
			}
			one, two = append(one, p1), append(two, p2)
			ratios = append(ratios, p2.rps/p1.rps)
		}
		r := median(ratios)
		label := "none"
		if q > 0 {
			label = fmt.Sprintf("%.2f", q)
		}
		m1, m2 := medianPhase(one), medianPhase(two)
		quiet, limit := quietRatio(q, m1, m2)
		verdict := "ok"
		if quiet < budget {
			verdict = "under"
			if li == 0 {
				fail = true
			}
		}
		fmt.Printf("%-6s %-5s %8.0f %9.0f %9.0f %9.0f %9.2f %9.2f\n", label, "one", m1.rps, m1.appUS(), m1.pgUS(), m1.loadUS(), m1.appCores(), m1.pgCores())
		fmt.Printf("%-6s %-5s %8.0f %9.0f %9.0f %9.0f %9.2f %9.2f   %5.2f× (%s)  %5.2f× %-5s %s\n", label, "two", m2.rps, m2.appUS(), m2.pgUS(), m2.loadUS(), m2.appCores(), m2.pgCores(),
			r, fmtRatios(ratios), quiet, verdict, limit)
	}
	if check && fail {
		fmt.Println("FAIL: two instances serve under 1.7× the reads of one at the first quota (quiet figure)")
		return 1
	}
	return 0
}

// medianPhase is the phase whose rate is the median of the rounds.
func medianPhase(ps []phase) phase {
	s := slices.Clone(ps)
	slices.SortFunc(s, func(x, y phase) int { return cmp.Compare(x.rps, y.rps) })
	return s[len(s)/2]
}

// quietRatio is two ÷ one on this machine doing nothing else, from the CPU per request of each
// phase: an instance serves at most its quota ÷ its CPU per request (GOMAXPROCS=1: one core
// without a quota), and all together at most the machine's CPUs ÷ the CPU per request of app,
// PostgreSQL and load generator. It says which bound holds with two instances.
func quietRatio(quota float64, one, two phase) (float64, string) {
	if quota == 0 {
		quota = 1
	}
	cpus := float64(runtime.NumCPU())
	rate := func(p phase, instances float64) (float64, bool) {
		app := p.appUS() / 1e6
		all := (p.appUS() + p.pgUS() + p.loadUS()) / 1e6
		byQuota, byMachine := instances*quota/app, cpus/all
		return min(byQuota, byMachine), byMachine < byQuota
	}
	r1, _ := rate(one, 1)
	r2, machine := rate(two, 2)
	if machine {
		return r2 / r1, "machine-bound"
	}
	return r2 / r1, "quota-bound"
}

type read struct{ name, path string }

// seedDemo migrates the schema, seeds the demo once, signs the demo player in (the session is
// in the database, so both instances accept it) and returns the reads of the mix.
func seedDemo(dsn string) ([]read, string) {
	ctx := context.Background()
	db, err := store.OpenPostgres(ctx, dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
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
	big, _, err := db.ListTournaments(ctx, store.TournamentFilter{Query: "Super Ladder", Statuses: []string{"active"}})
	if err != nil || len(big) != 1 {
		log.Fatalf("demo tournament: %v", err)
	}
	t := big[0].ID
	return []read{
		{"standings", fmt.Sprintf("/api/tournaments/%d/standings", t)},
		{"tournament list", "/api/tournaments"},
		{"clubs", "/api/clubs"},
		{"a tournament", fmt.Sprintf("/api/tournaments/%d", t)},
		{"a player", fmt.Sprintf("/api/players/%d", u.ID)},
		{"me", "/api/users/me"},
		{"notifications", "/api/notifications/recent"},
	}, token
}

func readNames(rs []read) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.name)
	}
	return out
}

// phase is one measurement: the mix driven against some instances for a while.
type phase struct {
	rps, wall        float64
	n, bad           int64
	app, pg, loadgen time.Duration // CPU used during the phase
}

func (p phase) per(d time.Duration) float64 { return float64(d.Microseconds()) / float64(max(p.n, 1)) }
func (p phase) appUS() float64              { return p.per(p.app) }
func (p phase) pgUS() float64               { return p.per(p.pg) }
func (p phase) loadUS() float64             { return p.per(p.loadgen) }
func (p phase) appCores() float64           { return p.app.Seconds() / p.wall }
func (p phase) pgCores() float64            { return p.pg.Seconds() / p.wall }

var client = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64, MaxConnsPerHost: 64, DisableCompression: true},
	Timeout: 10 * time.Second}

// drive runs conns closed-loop workers for d; worker i talks to servers[i%len(servers)] and
// walks the reads in turn (starting at a different read each), all signed in as the demo
// player (the visitor reads answer the same bytes to everyone).
func drive(servers []*server, reads []read, token string, d time.Duration, conns int, pg *loadkit.Backends) phase {
	var ok, bad atomic.Int64
	// Every instance's CPU counts, driven or not (an idle one adds only its background work).
	all := startedServers()
	app0, pg0, self0 := time.Duration(0), pg.Total(), loadkit.Self()
	for _, s := range all {
		app0 += s.cpu()
	}
	t0 := time.Now()
	deadline := t0.Add(d)
	var wg sync.WaitGroup
	for i := range conns {
		base := servers[i%len(servers)].base
		wg.Go(func() {
			for k := i; time.Now().Before(deadline); k++ {
				if get(base+reads[k%len(reads)].path, token) {
					ok.Add(1)
				} else {
					bad.Add(1)
				}
			}
		})
	}
	wg.Wait()
	wall := time.Since(t0).Seconds()
	var app1 time.Duration
	for _, s := range all {
		app1 += s.cpu()
	}
	return phase{rps: float64(ok.Load()) / wall, wall: wall, n: ok.Load(), bad: bad.Load(),
		app: app1 - app0, pg: pg.Total() - pg0, loadgen: loadkit.Self() - self0}
}

func get(url, token string) bool {
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Cookie", "ladder_session="+token)
	res, err := client.Do(req)
	if err != nil {
		return false
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode == 200
}

// server is one `ladder serve` child process.
type server struct {
	cmd  *exec.Cmd
	base string
}

var (
	startedMu sync.Mutex
	started   []*server
)

func startedServers() []*server {
	startedMu.Lock()
	defer startedMu.Unlock()
	return slices.Clone(started)
}

func start(bin, dir, dsn string) *server {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	logf, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		log.Fatal(err)
	}
	cmd := exec.Command(bin, "serve")
	// One scheduler thread: under a quota of a fraction of a core more threads only burn the
	// quota sooner and get throttled together.
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "LADDER_DEV=1", "LADDER_LISTEN="+addr, "LADDER_BASE_URL=http://"+addr,
		"LADDER_DATA_DIR="+dir, "LADDER_LOG_LEVEL=warn", "LADDER_DATABASE_URL="+dsn, "LADDER_OIDC_CLIENT_ID=")
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM} // never outlive this process
	if err := cmd.Start(); err != nil {
		log.Fatal(err)
	}
	s := &server{cmd: cmd, base: "http://" + addr}
	startedMu.Lock()
	started = append(started, s)
	startedMu.Unlock()
	if !loadkit.WaitReady(s.base) {
		s.stop()
		log.Fatalf("the server did not start; see %s", logf.Name())
	}
	return s
}

func (s *server) stop() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	_ = s.cmd.Wait()
}

func (s *server) cpu() time.Duration { return loadkit.Proc(s.cmd.Process.Pid) }

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func fmtRatios(xs []float64) string {
	var out []string
	for _, x := range xs {
		out = append(out, fmt.Sprintf("%.2f", x))
	}
	return strings.Join(out, ", ")
}
