// Command wsload measures the live-update sockets against the budgets of issue #13:
//
//  1. idle memory: it starts the server (SQLite, fresh data folder), opens -n idle WebSockets
//     on loopback (spread over a few accounts), and reports the server's RSS growth per socket
//     (budget 20 KB);
//  2. delivery across instances (with -pg): three servers on one PostgreSQL schema (A, B, C);
//     -clients sockets on C watch one player's presence; the player connects on A, which
//     publishes "online" through LISTEN/NOTIFY; every socket on C records when it arrives. It
//     repeats -rounds times and reports the p50/p99/max latency (budget p99 100 ms).
//
// Traffic goes only to 127.0.0.1 (and the given PostgreSQL); the servers are stopped at the end
// and the PostgreSQL schema dropped. The open-file limit is raised to its hard limit (each
// socket is a descriptor on both sides).
//
//	go run ./scripts/wsload -n 10000                     # or: make ws-load
//	go run ./scripts/wsload -n 0 -pg postgres://postgres@127.0.0.1:5432/test?sslmode=disable
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/coder/websocket"
	"github.com/jackc/pgx/v5"

	"github.com/tennisladder/ladder/scripts/internal/loadkit"
)

const (
	bytesPerSocketBudget = 20 << 10
	p99Budget            = 100 * time.Millisecond
)

func main() {
	bin := flag.String("bin", "", "server binary (default: build ./cmd/ladder into a temp folder)")
	n := flag.Int("n", 10000, "idle sockets to open on one instance (0: skip)")
	accounts := flag.Int("accounts", 10, "accounts the idle sockets are spread over")
	pg := flag.String("pg", os.Getenv("LADDER_TEST_POSTGRES_URL"), "PostgreSQL URL for the three-instance latency run (empty: skip)")
	clients := flag.Int("clients", 1000, "sockets on instance C in the latency run")
	rounds := flag.Int("rounds", 20, "presence changes measured in the latency run")
	check := flag.Bool("check", false, "exit 1 when a budget is not met")
	verbose = flag.Bool("v", false, "print every round of the latency run")
	flag.Parse()
	raiseFileLimit()

	dir, err := os.MkdirTemp("", "ladder-wsload-")
	if err != nil {
		die(err)
	}
	defer os.RemoveAll(dir)
	if *bin == "" {
		*bin = filepath.Join(dir, "ladder")
		build := exec.Command("go", "build", "-o", *bin, "./cmd/ladder")
		build.Stdout, build.Stderr = os.Stdout, os.Stderr
		if err := build.Run(); err != nil {
			die("build: ", err)
		}
	}
	ok := true
	if *n > 0 {
		ok = idle(*bin, dir, *n, *accounts) && ok
	}
	if *pg != "" {
		ok = latency(*bin, dir, *pg, *clients, *rounds) && ok
	}
	if *check && !ok {
		os.Exit(1)
	}
}

// idle opens n sockets on one SQLite instance and reports the RSS growth per socket.
func idle(bin, dir string, n, accounts int) bool {
	srv := start(bin, filepath.Join(dir, "idle"), "")
	defer srv.stop()
	sessions := make([]string, accounts)
	for i := range sessions {
		sessions[i] = signIn(srv.base, fmt.Sprintf("wsload%d@ladder.test", i))
	}
	time.Sleep(2 * time.Second) // let the start-up settle before the baseline
	before := srv.rss()
	heapBefore, stackBefore := srv.metric("go_memstats_heap_inuse_bytes"), srv.metric("go_memstats_stack_inuse_bytes")
	start := time.Now()
	conns := openMany(srv.base, sessions, n)
	opened := time.Since(start)
	time.Sleep(5 * time.Second) // the sockets are idle now; let the handshakes' garbage be collected
	after := srv.rss()
	open := srv.metric("ladder_ws_connections")
	per := float64(after-before) / float64(n)
	fmt.Printf("idle sockets: %d open (server says %s) in %s; RSS %.1f MB → %.1f MB: %.1f KB per socket (budget %d KB)\n",
		len(conns), open, opened.Round(time.Millisecond), mb(before), mb(after), per/1024, bytesPerSocketBudget>>10)
	fmt.Printf("  Go heap in use %s → %s bytes, stacks %s → %s bytes, goroutines %s\n", heapBefore, srv.metric("go_memstats_heap_inuse_bytes"),
		stackBefore, srv.metric("go_memstats_stack_inuse_bytes"), srv.metric("go_goroutines"))
	for _, c := range conns {
		_ = c.CloseNow()
	}
	return per <= bytesPerSocketBudget && len(conns) == n
}

// latency runs three instances on one PostgreSQL schema and measures presence events published
// on A reaching the sockets on C.
func latency(bin, dir, pgURL string, clients, rounds int) bool {
	dsn, drop := freshSchema(pgURL)
	defer drop()
	var inst [3]*server
	for i, name := range []string{"a", "b", "c"} {
		inst[i] = start(bin, filepath.Join(dir, name), dsn)
		defer inst[i].stop()
	}
	a, c := inst[0], inst[2]
	player := signIn(a.base, "wsload-player@ladder.test")
	var playerID int64
	{
		req, _ := http.NewRequest("GET", a.base+"/api/users/me", nil)
		req.Header.Set("Cookie", "ladder_session="+player)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			die(err)
		}
		var me struct{ ID int64 }
		_ = json.NewDecoder(res.Body).Decode(&me)
		res.Body.Close()
		playerID = me.ID
	}
	watchers := make([]string, 10) // sign-in is rate-limited per address (30 at once)
	for i := range watchers {
		watchers[i] = signIn(c.base, fmt.Sprintf("wsload-watcher%d@ladder.test", i))
	}
	conns := openMany(c.base, watchers, clients)
	type arrival struct {
		online bool
		at     time.Time
	}
	arrivals := make(chan arrival, clients*4)
	ready := make(chan struct{}, clients)
	var wg sync.WaitGroup
	for _, ws := range conns {
		wg.Go(func() {
			watch, _ := json.Marshal(map[string]any{"type": "presence.watch", "user_ids": []int64{playerID}})
			if err := ws.Write(context.Background(), websocket.MessageText, watch); err != nil {
				die(err)
			}
			for {
				_, data, err := ws.Read(context.Background())
				if err != nil {
					return
				}
				var e struct {
					Type   string `json:"type"`
					UserID int64  `json:"user_id"`
					Online bool   `json:"online"`
				}
				_ = json.Unmarshal(data, &e)
				switch {
				case e.Type == "presence.state":
					ready <- struct{}{}
				case e.Type == "presence" && e.UserID == playerID:
					arrivals <- arrival{e.Online, time.Now()}
				}
			}
		})
	}
	for range conns {
		<-ready
	}
	var lat []time.Duration
	for range rounds {
		t0 := time.Now()
		p := dial(a.base, player)
		dialed := time.Since(t0)
		first, last := time.Duration(1<<62), time.Duration(0)
		for got := 0; got < len(conns); {
			if e := <-arrivals; e.online {
				d := e.at.Sub(t0)
				lat = append(lat, d)
				first, last = min(first, d), max(last, d)
				got++
			}
		}
		if *verbose {
			fmt.Printf("  round: dial %s, first %s, last %s\n", dialed.Round(10*time.Microsecond), first.Round(10*time.Microsecond), last.Round(10*time.Microsecond))
		}
		_ = p.CloseNow()
		for got := 0; got < len(conns); { // offline after the hub's grace; not measured
			if e := <-arrivals; !e.online {
				got++
			}
		}
	}
	for _, ws := range conns {
		_ = ws.CloseNow()
	}
	wg.Wait()
	slices.Sort(lat)
	q := func(f float64) time.Duration { return lat[min(len(lat)-1, int(f*float64(len(lat))))] }
	fmt.Printf("delivery A→C through LISTEN/NOTIFY: %d sockets on C × %d rounds: p50 %s, p99 %s, max %s (budget p99 %s)\n",
		len(conns), rounds, q(0.5).Round(10*time.Microsecond), q(0.99).Round(10*time.Microsecond),
		lat[len(lat)-1].Round(10*time.Microsecond), p99Budget)
	return q(0.99) <= p99Budget
}

// openMany opens n sockets on base, spread over sessions, 100 handshakes at a time.
func openMany(base string, sessions []string, n int) []*websocket.Conn {
	out := make([]*websocket.Conn, n)
	sem := make(chan struct{}, 100)
	var wg sync.WaitGroup
	for i := range n {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			out[i] = dial(base, sessions[i%len(sessions)])
		})
	}
	wg.Wait()
	return out
}

// dial opens one socket as a browser of the app would, and reads its hello.
func dial(base, session string) *websocket.Conn {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	h := http.Header{"Cookie": {"ladder_session=" + session}, "Origin": {base}}
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/ws", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		die("dial: ", err)
	}
	if _, _, err := c.Read(ctx); err != nil {
		die("hello: ", err)
	}
	return c
}

var (
	startedMu sync.Mutex
	started   []*server
)

// die stops the servers started so far, then exits.
func die(v ...any) {
	stopAll()
	log.Fatal(v...)
}

func dief(format string, v ...any) {
	stopAll()
	log.Fatalf(format, v...)
}

func stopAll() {
	startedMu.Lock()
	defer startedMu.Unlock()
	for _, s := range started {
		s.stop()
	}
}

type server struct {
	cmd  *exec.Cmd
	base string
}

func start(bin, dir, dsn string) *server {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		die(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		die(err)
	}
	logf, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		die(err)
	}
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "LADDER_DEV=1", "LADDER_LISTEN="+addr, "LADDER_BASE_URL=http://"+addr,
		"LADDER_DATA_DIR="+dir, "LADDER_LOG_LEVEL=warn", "LADDER_DATABASE_URL="+dsn, "LADDER_OIDC_CLIENT_ID=")
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		die(err)
	}
	s := &server{cmd: cmd, base: "http://" + addr}
	startedMu.Lock()
	started = append(started, s)
	startedMu.Unlock()
	if !loadkit.WaitReady(s.base) {
		s.stop()
		dief("the server did not start; see %s", logf.Name())
	}
	return s
}

func (s *server) stop() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	_ = s.cmd.Wait()
}

// rss is the server's resident memory in bytes (/proc).
func (s *server) rss() int64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		die(err)
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	die("no VmRSS")
	return 0
}

// metric reads one value of the server's /metrics.
func (s *server) metric(name string) string {
	res, err := http.Get(s.base + "/metrics")
	if err != nil {
		return "?"
	}
	defer res.Body.Close()
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		k, err := res.Body.Read(buf)
		b.Write(buf[:k])
		if err != nil {
			break
		}
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			return v
		}
	}
	return "?"
}

// signIn goes through the development identity provider like a browser; it returns the
// session cookie's value.
func signIn(base, email string) string {
	c := &http.Client{Timeout: time.Minute, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.Get(base + "/api/oauth/google/redirect_url?login_hint=" + url.QueryEscape(email))
	if err != nil {
		die(err)
	}
	var out struct {
		RedirectURL string `json:"redirectUrl"`
	}
	_ = json.NewDecoder(res.Body).Decode(&out)
	res.Body.Close()
	if out.RedirectURL == "" {
		dief("sign-in: redirect_url answered %d", res.StatusCode)
	}
	flow := res.Cookies()
	res, err = c.Get(out.RedirectURL)
	if err != nil {
		die(err)
	}
	res.Body.Close()
	cb, err := url.Parse(res.Header.Get("Location"))
	if err != nil || cb.Query().Get("code") == "" {
		dief("sign-in: authorize answered %d", res.StatusCode)
	}
	body, _ := json.Marshal(map[string]string{"code": cb.Query().Get("code"), "state": cb.Query().Get("state")})
	req, _ := http.NewRequest("POST", base+"/api/sessions", strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	for _, ck := range flow {
		req.AddCookie(ck)
	}
	res, err = c.Do(req)
	if err != nil {
		die(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		dief("sign-in: sessions answered %d", res.StatusCode)
	}
	for _, ck := range res.Cookies() {
		if ck.Name == "ladder_session" {
			return ck.Value
		}
	}
	die("sign-in: no session cookie")
	return ""
}

// freshSchema creates a schema of its own in pgURL's database and returns the URL that uses
// it, and the function that drops it.
func freshSchema(pgURL string) (string, func()) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, pgURL)
	if err != nil {
		die("postgres: ", err)
	}
	var b [4]byte
	_, _ = rand.Read(b[:])
	schema := "wsload_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		die(err)
	}
	u, _ := url.Parse(pgURL)
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), func() {
		_, _ = conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE")
		conn.Close(ctx)
	}
}

func raiseFileLimit() {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err == nil && l.Cur < l.Max {
		l.Cur = l.Max
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l)
	}
}

var verbose *bool

func mb(b int64) float64 { return float64(b) / (1 << 20) }
