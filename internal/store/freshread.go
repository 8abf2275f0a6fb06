package store

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// freshReadTimeout bounds a shared read, which runs detached from every request it serves (the
// end of one must not fail the others waiting for the same answer).
const freshReadTimeout = 10 * time.Second

// freshGroup lets concurrent readers of one key share one statement without reading anything
// older than their own arrival (issue 16). On PostgreSQL a version read is a round trip that
// costs more than the rest of a kept answer; a popular tournament's readers all ask for the same
// row. A reader that arrives while a read of its key is in flight does not take that read's
// answer, which may have been taken before a change it must see: it waits for the next read,
// which starts when the one in flight ends and serves every reader that arrived meanwhile. So
// each answer is read after its reader arrived, as if it had asked alone, and while reads
// overlap a key costs one statement per round trip instead of one per reader.
//
// The answers are shared: V must be a value whose copies share nothing mutable.
type freshGroup[K comparable, V any] struct {
	mu    sync.Mutex
	calls map[K]*freshCall[V]
	keep  map[K]keptValue[V] // values read under a data version (kept)
}

// keptValue is a value read after the data version was ver.
type keptValue[V any] struct {
	ver dataVersion
	val V
}

// maxKept bounds a group's kept values (one per tournament, player, …): past it the group starts
// again empty.
const maxKept = 1 << 14

// kept returns key's value kept under ver (the data version now), else read's, then kept under
// ver: ver was read before read began, so a commit between the two makes the kept value's version
// older than its data, and the next call reads again (never the other way round). Without a
// version (ok false) it reads every time. Errors are not kept.
func (g *freshGroup[K, V]) kept(ver dataVersion, ok bool, key K, read func() (V, error)) (V, error) {
	if !ok {
		return read()
	}
	g.mu.Lock()
	e, hit := g.keep[key]
	g.mu.Unlock()
	if hit && e.ver == ver {
		return e.val, nil
	}
	val, err := read()
	if err != nil {
		return val, err
	}
	g.mu.Lock()
	if g.keep == nil || len(g.keep) >= maxKept {
		g.keep = make(map[K]keptValue[V])
	}
	g.keep[key] = keptValue[V]{ver: ver, val: val}
	g.mu.Unlock()
	return val, nil
}

type freshCall[V any] struct {
	done    chan struct{}
	val     V
	err     error
	next    *freshCall[V] // the read that serves the readers who arrived during this one
	waiters int           // readers waiting for this read (tests watch it)
}

// do returns read's answer for key, read after this call began.
func (g *freshGroup[K, V]) do(ctx context.Context, key K, read func(context.Context) (V, error)) (V, error) {
	g.mu.Lock()
	c := g.calls[key]
	if c == nil {
		if g.calls == nil {
			g.calls = make(map[K]*freshCall[V])
		}
		c = &freshCall[V]{done: make(chan struct{})}
		g.calls[key] = c
		g.mu.Unlock()
		// This read serves its reader alone (those who come meanwhile wait for the next), so it
		// runs under the reader's own context.
		func() {
			defer g.land(key, c, read)
			c.val, c.err = read(ctx)
		}()
		return c.val, c.err
	}
	if c.next == nil {
		c.next = &freshCall[V]{done: make(chan struct{})}
	}
	n := c.next
	n.waiters++
	g.mu.Unlock()
	select {
	case <-n.done:
		return n.val, n.err
	case <-ctx.Done():
		var zero V
		return zero, ctx.Err()
	}
}

// runShared reads for the readers waiting on c, on a context of its own.
func (g *freshGroup[K, V]) runShared(key K, c *freshCall[V], read func(context.Context) (V, error)) {
	defer g.land(key, c, read)
	defer func() {
		if p := recover(); p != nil { // a bug in read: every waiting reader gets an error, the process goes on
			c.err = fmt.Errorf("store: shared read panicked: %v", p)
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), freshReadTimeout)
	defer cancel()
	c.val, c.err = read(ctx)
}

// land publishes c's answer and starts the next read if readers wait for one (also when read
// panicked: the key is never left in flight).
func (g *freshGroup[K, V]) land(key K, c *freshCall[V], read func(context.Context) (V, error)) {
	g.mu.Lock()
	n := c.next
	if n != nil {
		g.calls[key] = n
	} else {
		delete(g.calls, key)
	}
	g.mu.Unlock()
	close(c.done)
	if n != nil {
		go g.runShared(key, n, read)
	}
}
