package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/tennisladder/ladder/internal/gcfloor"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/scripts/internal/loadkit"
)

// The issue's own measurement ran the server pinned to one core and the load generator on the
// other. By default the load test does the same: each server (the app on a database, and hello)
// runs in a child process of this program, with GOMAXPROCS=1 and pinned to the first CPU this
// process may use, and this process, the client, is pinned to the others. A request's cost is
// then the server's CPU time alone (each child reports its own), as a pinned server's requests
// per second are; the client's work to read an answer, which wrk does on the other core, is not
// charged to it.
// -in-process keeps the earlier method: the servers and the client in one process, charged
// together.

// childInfo is what a child prints on its first line of output once it serves.
type childInfo struct {
	Base    string        `json:"base"`    // where it serves the app (or hello)
	Control string        `json:"control"` // GET Control+"/cpu": its CPU time so far, in ns
	Token   string        `json:"token"`
	Dialect store.Dialect `json:"dialect"`
	IDs     demoIDs       `json:"ids"`
}

// runChild serves as a child of the load test (kind "app" or "hello") until its standard input
// closes or it is told to stop, then removes what it created (a temporary folder, a schema).
func runChild(kind, pgURL, profile string) {
	// Told to stop while seeding, it still cleans up (the select below sees the signal), and a
	// parent gone before the first line is printed must not kill it with SIGPIPE.
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	signal.Ignore(syscall.SIGPIPE)
	stopProfile := func() {}
	if profile != "" {
		f, err := os.Create(profile)
		if err != nil {
			log.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatal(err)
		}
		stopProfile = func() { pprof.StopCPUProfile(); f.Close() }
	}
	info := childInfo{Control: serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, strconv.FormatInt(int64(loadkit.Self()), 10))
	}))}
	cleanup := func() {}
	switch kind {
	case "hello":
		info.Base = serve(helloHandler)
	case "app":
		// As the server runs (cmd/ladder serve): the collector's headroom floor.
		defer gcfloor.Start(gcfloor.DefaultFloor)()
		dist, largest, typical, enc := hashedAssets()
		t := newTarget(context.Background(), pgURL, dist, assetPaths{largest: largest, typical: typical, enc: enc}, false)
		info.Base, info.Token, info.Dialect, info.IDs = t.base, t.token, t.dialect, t.ids
		cleanup = t.close
	default:
		log.Fatalf("unknown child kind %q", kind)
	}
	b, _ := json.Marshal(info)
	fmt.Println(string(b))
	eof := make(chan struct{})
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); close(eof) }()
	select {
	case <-eof:
	case <-stop:
	}
	stopProfile()
	cleanup()
}

// child is a server running in a child process.
type child struct {
	info  childInfo
	cmd   *exec.Cmd
	stdin io.Closer
}

// cpus are the CPUs this process may run on: the servers get the first, the client the others.
var cpus = sync.OnceValue(func() []int {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return nil
	}
	var out []int
	for c := range 1024 {
		if set.IsSet(c) {
			out = append(out, c)
		}
	}
	return out
})

// pinned says whether servers and client run on CPUs of their own: this process may use two CPUs
// or more and taskset works here (a container may refuse it). Without it the children run
// unpinned; their CPU time per request is still theirs alone.
var pinned = sync.OnceValue(func() bool {
	c := cpus()
	return len(c) >= 2 && exec.Command("taskset", "-c", strconv.Itoa(c[0]), "true").Run() == nil
})

// serverCPU is the CPU the servers are pinned to.
func serverCPU() string { return strconv.Itoa(cpus()[0]) }

// pinSelf moves this process (every thread, and so every thread it starts later) off the
// servers' CPU. A refusal leaves the client unpinned, with a note; it returns whether it moved.
func pinSelf() bool {
	var others []string
	for _, c := range cpus()[1:] {
		others = append(others, strconv.Itoa(c))
	}
	if out, err := exec.Command("taskset", "-a", "-p", "-c", strings.Join(others, ","), strconv.Itoa(os.Getpid())).CombinedOutput(); err != nil {
		log.Printf("the client stays unpinned: taskset: %v: %s", err, out)
		return false
	}
	return true
}

// startChild starts this program as a server of kind ("app" on pgURL's database or SQLite's, or
// "hello") and waits until it serves (seeding the demo takes a few seconds).
func startChild(kind, pgURL, profile string) *child {
	exe, err := os.Executable()
	if err != nil {
		log.Fatal(err)
	}
	args := []string{"-child", kind, "-postgres", pgURL, "-cpuprofile", profile}
	var cmd *exec.Cmd
	if pinned() {
		cmd = exec.Command("taskset", append([]string{"-c", serverCPU(), exe}, args...)...)
	} else {
		cmd = exec.Command(exe, args...)
	}
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM} // never outlive this process
	stdin, err := cmd.StdinPipe()
	if err != nil {
		log.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		log.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		log.Fatal(err)
	}
	c := &child{cmd: cmd, stdin: stdin}
	// Seeding takes seconds; a child that has not served within minutes is stuck.
	stuck := time.AfterFunc(5*time.Minute, func() { _ = cmd.Process.Kill() })
	out := bufio.NewReader(stdout)
	line, err := out.ReadString('\n')
	stuck.Stop()
	if err != nil || json.Unmarshal([]byte(strings.TrimSpace(line)), &c.info) != nil {
		c.stop()
		log.Fatalf("the %s server did not start: %v %q", kind, err, line)
	}
	go func() { _, _ = io.Copy(os.Stdout, out) }() // nothing else is expected; shown if it comes
	return c
}

// cpu is the child's CPU time so far (user and system), as it reports it.
func (c *child) cpu() time.Duration {
	res, err := client.Get(c.info.Control + "/cpu")
	if err != nil {
		log.Fatalf("child CPU: %v", err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	ns, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		log.Fatalf("child CPU: %q", b)
	}
	return time.Duration(ns)
}

// stop closes the child's standard input, which makes it clean up and exit, and waits for it.
func (c *child) stop() {
	c.stdin.Close()
	done := make(chan struct{})
	go func() { _ = c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Minute):
		_ = c.cmd.Process.Kill()
		<-done
	}
}
