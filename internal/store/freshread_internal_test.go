package store

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// blockingRead is a read that numbers itself and waits until its number is freed.
type blockingRead struct {
	reads   atomic.Int64
	started chan int
	release [16]chan error
	ctxErr  atomic.Value // the read's context error when released, if any
}

func newBlockingRead() *blockingRead {
	b := &blockingRead{started: make(chan int, 16)}
	for i := range b.release {
		b.release[i] = make(chan error, 1)
	}
	return b
}

// free lets read n end with err.
func (b *blockingRead) free(n int, err error) { b.release[n] <- err }

func (b *blockingRead) read(ctx context.Context) (int, error) {
	n := int(b.reads.Add(1))
	b.started <- n
	err := <-b.release[n]
	if ctx.Err() != nil {
		b.ctxErr.Store(ctx.Err())
	}
	return n, err
}

// waitForWaiters waits (on the group's state, not on time) until n readers wait for the read
// after the one in flight for key.
func waitForWaiters[K comparable, V any](t *testing.T, g *freshGroup[K, V], key K, n int) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		g.mu.Lock()
		c := g.calls[key]
		got := 0
		if c != nil && c.next != nil {
			got = c.next.waiters
		}
		g.mu.Unlock()
		if got == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d readers waiting, want %d", got, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// Readers who arrive while a read is in flight never get its answer (it may predate a change
// they must see): they share the next read, one statement for all of them.
func TestFreshGroupAnswersEachReaderWithAReadAfterItArrived(t *testing.T) {
	var g freshGroup[int64, int]
	b := newBlockingRead()
	ctx := context.Background()
	first := make(chan int, 1)
	go func() { v, _ := g.do(ctx, 7, b.read); first <- v }()
	if n := <-b.started; n != 1 {
		t.Fatalf("first read numbered %d", n)
	}
	later := make(chan int, 5)
	for range 5 {
		go func() { v, _ := g.do(ctx, 7, b.read); later <- v }()
	}
	waitForWaiters(t, &g, int64(7), 5)
	// Another key is not held up by key 7.
	other := make(chan int, 1)
	go func() { v, _ := g.do(ctx, 8, b.read); other <- v }()
	<-b.started
	b.free(1, nil)
	b.free(2, nil)
	if v := <-first; v == 0 {
		t.Fatal("the first reader got no answer")
	}
	<-other
	if n := <-b.started; n != 3 {
		t.Fatalf("the waiting readers' read numbered %d, want 3 (one read for all five)", n)
	}
	b.free(3, nil)
	for range 5 {
		if v := <-later; v != 3 {
			t.Fatalf("a reader who arrived during read 1 got read %d's answer", v)
		}
	}
	if got := b.reads.Load(); got != 3 {
		t.Fatalf("%d reads for two keys and six readers, want 3", got)
	}
	g.mu.Lock()
	left := len(g.calls)
	g.mu.Unlock()
	if left != 0 {
		t.Fatalf("%d keys left in flight", left)
	}
}

// The read that serves waiting readers runs on a context of its own, with its own deadline: a
// waiting reader that goes away gets its context's error at once and fails no one else. (The
// first reader's read serves it alone and runs under its own context.)
func TestFreshGroupReadersLeaveWithoutFailingOthers(t *testing.T) {
	var g freshGroup[struct{}, int]
	b := newBlockingRead()
	leader := make(chan error, 1)
	go func() { _, err := g.do(context.Background(), struct{}{}, b.read); leader <- err }()
	<-b.started
	waiterCtx, cancelWaiter := context.WithCancel(context.Background())
	gone := make(chan error, 1)
	go func() { _, err := g.do(waiterCtx, struct{}{}, b.read); gone <- err }()
	stays := make(chan int, 1)
	go func() { v, _ := g.do(context.Background(), struct{}{}, b.read); stays <- v }()
	waitForWaiters(t, &g, struct{}{}, 2)
	b.free(1, nil)
	if err := <-leader; err != nil {
		t.Fatal(err)
	}
	<-b.started // the shared read, for both waiting readers
	cancelWaiter()
	if err := <-gone; !errors.Is(err, context.Canceled) {
		t.Fatalf("a waiting reader that went away got %v", err)
	}
	b.free(2, nil)
	if v := <-stays; v != 2 {
		t.Fatalf("the remaining reader got read %d", v)
	}
	if err := b.ctxErr.Load(); err != nil {
		t.Fatalf("the shared read's context ended with a reader's request: %v", err)
	}
}

// A read that panics leaves no key in flight: its waiting readers get an error, the next
// reader reads again.
func TestFreshGroupSurvivesAPanickingRead(t *testing.T) {
	var g freshGroup[int64, int]
	b := newBlockingRead()
	read := func(ctx context.Context) (int, error) {
		n, err := b.read(ctx)
		if n == 2 {
			panic("bug")
		}
		return n, err
	}
	go func() { _, _ = g.do(context.Background(), 1, read) }()
	<-b.started
	errs := make(chan error, 1)
	go func() { _, err := g.do(context.Background(), 1, read); errs <- err }()
	waitForWaiters(t, &g, int64(1), 1)
	b.free(1, nil)
	<-b.started
	b.free(2, nil) // read 2 panics
	if err := <-errs; err == nil {
		t.Fatal("a panicking shared read answered without an error")
	}
	b.free(3, nil)
	if v, err := g.do(context.Background(), 1, read); err != nil || v != 3 {
		t.Fatalf("after the panic: %d, %v", v, err)
	}
}

// An error is every waiting reader's answer, as it would have been each one's alone.
func TestFreshGroupSharesErrors(t *testing.T) {
	var g freshGroup[int64, int]
	b := newBlockingRead()
	go func() { _, _ = g.do(context.Background(), 1, b.read) }()
	<-b.started
	errs := make(chan error, 3)
	for range 3 {
		go func() { _, err := g.do(context.Background(), 1, b.read); errs <- err }()
	}
	waitForWaiters(t, &g, int64(1), 3)
	b.free(1, nil)
	<-b.started
	b.free(2, ErrNotFound)
	for range 3 {
		if err := <-errs; !errors.Is(err, ErrNotFound) {
			t.Fatalf("a waiting reader got %v, want ErrNotFound", err)
		}
	}
}
