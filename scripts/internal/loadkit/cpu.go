// Package loadkit holds what the load scripts share: CPU time of a process (from /proc), of this
// process and of the PostgreSQL backends serving connections with a given application_name, and
// a PostgreSQL schema of a run's own.
package loadkit

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"golang.org/x/sys/unix"
)

// clockTick is the unit of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux).
const clockTick = 10 * time.Millisecond

// Proc is the CPU time (user and system) process pid has used, 0 when it is gone.
func Proc(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name (field 2) may hold spaces: count fields after its closing parenthesis.
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64) // field 14
	st, _ := strconv.ParseInt(f[12], 10, 64) // field 15
	return time.Duration(ut+st) * clockTick
}

// Self is this process's CPU time.
func Self() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Backends follows the PostgreSQL backends serving connections named app (application_name): their pids are listed every 100 ms and the last CPU time seen of each is kept, so
// a backend that ends (a pool closing a connection) keeps what it used. The server shares the
// machine with other databases' clients; only these backends are counted.
type Backends struct {
	app  string
	mu   sync.Mutex // guards last, pin and pinErr
	last map[int]time.Duration
	qmu  sync.Mutex // a pgx.Conn runs one query at a time: the ticker and Total both poll
	conn *pgx.Conn
	done chan struct{}
	wg   sync.WaitGroup
	pin  *unix.CPUSet // PinTo's CPUs (nil: backends run where the scheduler puts them)
	// pinErr: the first refusal to pin a backend, said once (every backend fails alike).
	pinErr error
}

// PinTo keeps the followed backends on cpus: those listed now, and each later one from the next
// poll that lists it. Affinity is set again at every poll (one system call per backend), so a
// backend that took an ended one's pid is pinned too. Only processes of this machine named
// postgres are touched: pg_stat_activity's pids are the server's, which may be another machine's
// or a container's. It returns the first refusal (no CAP_SYS_NICE, or a server elsewhere: nothing
// pinned), after which the backends stay where the scheduler puts them.
func (w *Backends) PinTo(cpus []int) error {
	var set unix.CPUSet
	for _, c := range cpus {
		set.Set(c)
	}
	w.mu.Lock()
	w.pin = &set
	w.mu.Unlock()
	w.poll()
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.pinErr
}

// pinOne sets pin on backend pid (w.mu held). A backend that ended meanwhile is skipped; any
// other failure stops the pinning.
func (w *Backends) pinOne(pid int) {
	comm, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid))
	switch name := strings.TrimSpace(string(comm)); {
	case os.IsNotExist(err):
		return
	case err == nil && name != "postgres":
		err = fmt.Errorf("process %d here is %q, not a PostgreSQL backend: is the server on another machine?", pid, name)
	case err == nil:
		if err = unix.SchedSetaffinity(pid, w.pin); err == nil || errors.Is(err, unix.ESRCH) {
			return
		}
	}
	if w.pinErr == nil {
		w.pinErr = err
		log.Printf("loadkit: PostgreSQL's backends stay where the scheduler puts them: %v", err)
	}
	w.pin = nil
}

// Watch connects to pgURL (a connection not counted) and starts following app's backends.
func Watch(pgURL, app string) *Backends {
	conn, err := pgx.Connect(context.Background(), pgURL)
	if err != nil {
		log.Fatal("postgres: ", err)
	}
	w := &Backends{app: app, last: map[int]time.Duration{}, conn: conn, done: make(chan struct{})}
	w.poll()
	w.wg.Go(func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-w.done:
				return
			case <-t.C:
				w.poll()
			}
		}
	})
	return w
}

func (w *Backends) poll() {
	pids := w.pids()
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, pid := range pids {
		if w.pin != nil {
			w.pinOne(pid)
		}
		if c := Proc(pid); c > w.last[pid] {
			w.last[pid] = c
		}
	}
}

func (w *Backends) pids() []int {
	w.qmu.Lock()
	defer w.qmu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	rows, err := w.conn.Query(ctx, "SELECT pid FROM pg_stat_activity WHERE application_name = $1", w.app)
	if err != nil {
		log.Printf("loadkit: %v", err)
		return nil
	}
	defer rows.Close()
	var pids []int
	for rows.Next() {
		var pid int
		if rows.Scan(&pid) == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// Total polls once more and sums the CPU time of every backend seen so far.
func (w *Backends) Total() time.Duration {
	w.poll()
	w.mu.Lock()
	defer w.mu.Unlock()
	var sum time.Duration
	for _, c := range w.last {
		sum += c
	}
	return sum
}

func (w *Backends) Stop() {
	close(w.done)
	w.wg.Wait()
	w.conn.Close(context.Background())
}
