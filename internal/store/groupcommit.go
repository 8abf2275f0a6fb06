package store

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"
)

// Group commit (SQLite). The writer pool has one connection, so concurrent write transactions
// queue for it and each pays its own BEGIN and COMMIT: the commit appends every page the
// transaction dirtied to the WAL (two pwrites a page), and consecutive result validations dirty
// the same hot pages (the tournament's standings, the matches' and notifications' index pages)
// again and again — a fifth of a validation's CPU (issue 16, docs/PERFORMANCE.md).
//
// Transactions started with GroupTx (the result validation) that arrive while another one runs
// are therefore run together: the first waiter leads, runs every queued function in one
// transaction, each inside a savepoint of its own, and commits once. A function that fails rolls
// back to its savepoint and gets its own error; the others commit. Each function sees the state
// the previous ones left, exactly as if they had committed one after the other, so the outcome
// is the outcome of running them in queue order. A transaction that finds no group running runs
// alone, as before: no wait is ever added. Only GroupTx functions are grouped: they read through
// their transaction alone (a read through the reader pool would miss the group's earlier,
// uncommitted writes). Other transactions (Tx) take the one writer connection from the pool as
// before, so they never overlap a group.
//
// If the group's transaction itself fails (taking the connection, BEGIN, a savepoint statement
// or the commit, as when an interrupted statement made SQLite roll the whole transaction back), nothing of it is kept and
// every member runs again on its own: functions given to Tx must already bear running again
// (PostgreSQL's retries), and hooks registered with AfterCommit belong to the attempt that
// committed. The member whose savepoint was gone after it ran is not run again: it gets an
// error (a statement it ran after the rollback other than through txExec, txGet, txSelect or
// txQueryRowx, which then run nothing, ran in autocommit and may have been kept).

// maxGroup bounds how many transactions commit together: a group holds the writer for its
// members' whole time, and the last of them waits for all before it.
const maxGroup = 32

// groupTimeout bounds the group's own waits and statements: taking the writer connection (a
// plain Tx or a backup may hold it), and each SAVEPOINT, RELEASE and ROLLBACK TO. The
// transaction itself has no deadline of its own: each member's statements run under the
// member's context, and the group's transaction must not end with any one request.
const groupTimeout = 30 * time.Second

// txRequest is one transaction waiting for the writer.
type txRequest struct {
	ctx   context.Context
	fn    func(*Tx) error
	hooks *txHooks
	err   error
	panic any
	// settled: err and panic are the request's final outcome. broke: its function ended the
	// group's transaction (its savepoint was gone afterwards); it does not run again.
	settled, broke bool
	// wake is sent on once: when the request is done, or when it is to lead the next group.
	wake chan struct{}
	lead bool
}

// committer queues write transactions for the group commit (SQLite only).
type committer struct {
	mu      sync.Mutex
	queue   []*txRequest
	running bool // a GroupTx (a group or a lone one) holds the writer; a plain Tx does not count
}

// GroupTx is Tx for a transaction that may commit together with others on SQLite (the result
// validation, issue 16). fn must read only through tx: a read through the reader pool would not
// see what the transactions grouped before it wrote, uncommitted as it still is. On PostgreSQL it
// is Tx.
func (db *DB) GroupTx(ctx context.Context, fn func(*Tx) error) error {
	if db.Dialect != SQLite {
		return db.Tx(ctx, fn)
	}
	return db.groupTx(ctx, fn)
}

// errLeaderStopped is the outcome of members whose group's leader stopped before their function
// ran or committed (runtime.Goexit in a function: a test's t.Fatal).
var errLeaderStopped = errors.New("store: the transaction group's leader stopped")

// groupTx runs fn in a transaction of the next group, returning its own outcome.
func (db *DB) groupTx(ctx context.Context, fn func(*Tx) error) error {
	r := &txRequest{ctx: ctx, fn: fn, wake: make(chan struct{}, 1)}
	c := &db.group
	c.mu.Lock()
	if c.running {
		c.queue = append(c.queue, r)
		c.mu.Unlock()
		if err := r.wait(c); err != nil {
			return err
		}
		if !r.lead {
			return r.result()
		}
	} else {
		c.running = true
		c.mu.Unlock()
	}
	// This request leads: it takes the queue (itself first) as its group. Handed the lead by a
	// group before, it lets the other goroutines run first: that group's members were woken just
	// now, and their next transactions would otherwise miss this group and wait through a whole
	// one. Finding the writer idle, it has no one to wait for (the yield woke an idle processor:
	// ~2 % of a lone validation's CPU).
	if r.lead {
		runtime.Gosched()
	}
	c.mu.Lock()
	n := min(len(c.queue), maxGroup-1)
	group := append([]*txRequest{r}, c.queue[:n]...)
	c.queue = append(c.queue[:0:0], c.queue[n:]...)
	c.mu.Unlock()

	finished := false
	defer func() {
		if !finished { // unwinding: no member may read silence as a commit
			for _, m := range group {
				if !m.settled {
					m.err, m.panic = errLeaderStopped, nil
				}
			}
		}
		// The next waiter, if any, leads the next group; the writer is free otherwise.
		c.mu.Lock()
		if len(c.queue) > 0 {
			next := c.queue[0]
			c.queue = c.queue[1:]
			next.lead = true
			next.wake <- struct{}{}
		} else {
			c.running = false
		}
		c.mu.Unlock()
		for _, m := range group[1:] {
			m.wake <- struct{}{}
		}
	}()
	db.runGroup(group)
	finished = true
	return r.result()
}

// wait waits for the request's turn. A request whose context ends while it is still queued
// leaves the queue and returns the context's error; one already taken into a group (or chosen
// to lead) waits for it: its wake is on the way.
func (r *txRequest) wait(c *committer) error {
	select {
	case <-r.wake:
		return nil
	case <-r.ctx.Done():
	}
	c.mu.Lock()
	if i := slices.Index(c.queue, r); i >= 0 {
		c.queue = slices.Delete(c.queue, i, i+1)
		c.mu.Unlock()
		return r.ctx.Err()
	}
	c.mu.Unlock()
	<-r.wake
	return nil
}

// result is the request's outcome in its own goroutine: a function that panicked panics again.
func (r *txRequest) result() error {
	if r.panic != nil {
		panic(r.panic)
	}
	return r.err
}

// runGroup runs the group's functions and sets each member's outcome.
func (db *DB) runGroup(group []*txRequest) {
	if len(group) == 1 {
		db.runAlone(group[0])
		return
	}
	if db.runTogether(group) {
		return
	}
	// The group's transaction failed as a whole: nothing of it was kept. Each member runs again
	// on its own, in the same order.
	for _, m := range group {
		if m.broke {
			continue // told its own failure: what it ran after the rollback may have been kept
		}
		m.err, m.panic, m.settled = nil, nil, false
		db.runAlone(m)
	}
}

// runAlone runs one member in a transaction of its own.
func (db *DB) runAlone(m *txRequest) {
	defer func() {
		if p := recover(); p != nil {
			m.panic, m.settled = p, true
		}
	}()
	m.err = db.tx(m.ctx, m.fn)
	m.settled = true
}

// runTogether runs the members in one transaction, each in a savepoint, and commits them. It
// reports false when the transaction failed as a whole (nothing committed); a member's own
// failure only rolls back its savepoint.
func (db *DB) runTogether(group []*txRequest) (ok bool) {
	base := context.WithoutCancel(group[0].ctx)
	waitCtx, cancel := context.WithTimeout(base, groupTimeout)
	defer cancel()
	tx, end, err := db.beginTx(waitCtx)
	if err != nil {
		return false
	}
	defer end()         // deferred first, runs last: the connection goes back once the transaction has ended
	tx.ctx = base       // the group's transaction ends with no one request
	defer tx.rollback() // unless committed
	exec := func(q string) error {
		ctx, cancel := context.WithTimeout(base, groupTimeout)
		defer cancel()
		_, err := db.txExec(ctx, tx, q) // prepared on the connection (sqlite_writer.go)
		return err
	}
	for _, m := range group {
		if err := m.ctx.Err(); err != nil {
			m.err, m.settled = err, true // gave up waiting: its function never runs
			continue
		}
		if err := exec("SAVEPOINT member"); err != nil {
			return false
		}
		m.hooks = &txHooks{}
		tx.hooks = m.hooks
		m.panic, m.err = callMember(m, tx)
		if m.err != nil || m.panic != nil {
			m.hooks = nil
			if err := exec("ROLLBACK TO member"); err != nil {
				m.broke, m.settled = true, true
				return false
			}
			m.settled = true
		}
		if err := exec("RELEASE member"); err != nil {
			if m.err == nil {
				m.err, m.panic = err, nil
			}
			m.broke, m.settled = true, true
			return false
		}
	}
	tx.hooks = nil
	if err := tx.commit(); err != nil {
		return false
	}
	for _, m := range group {
		if m.hooks != nil {
			m.runHooks()
		}
		m.settled = true
	}
	return true
}

// runHooks runs a committed member's after-commit hooks; a hook that panics makes the member's
// caller panic, as it would have alone, and stops no one else's.
func (m *txRequest) runHooks() {
	defer func() {
		if p := recover(); p != nil {
			m.panic = p
		}
	}()
	m.hooks.run()
}

// callMember runs a member's function, turning a panic into its outcome.
func callMember(m *txRequest, tx *Tx) (p any, err error) {
	defer func() {
		if r := recover(); r != nil {
			p = r
			if err == nil {
				err = fmt.Errorf("panic in transaction: %v", r)
			}
		}
	}()
	return nil, m.fn(tx)
}
