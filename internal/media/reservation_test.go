package media

import (
	"bytes"
	"context"
	"errors"
	"image"
	"io"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/media/mediatest"
)

// budgetFree reports that nothing holds any of the shared decode budget.
func budgetFree(t *testing.T) {
	t.Helper()
	if !decodes.sem.TryAcquire(DecodeBudget) {
		t.Fatal("the decode budget is still (partly) reserved")
	}
	decodes.sem.Release(DecodeBudget)
}

// A decoder that panics on a picture gives its reservation back (it was kept for ever: every
// later upload waited, then was told busy), and the picture is refused as corrupt.
func TestDecoderPanicReleasesBudget(t *testing.T) {
	decodeFull = func(io.Reader, image.Config) (image.Image, error) { panic("hostile picture") }
	t.Cleanup(func() { decodeFull = decodeAndFit })
	var err error
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = errors.New("panicked")
			}
		}()
		_, err = ProcessPhoto(context.Background(), bytes.NewReader(mediatest.Photo(300, 200, 90)))
	}()
	if !errors.Is(err, ErrCorrupt) {
		t.Errorf("got %v, want %v", err, ErrCorrupt)
	}
	budgetFree(t)
}

// trickle delivers its head, then blocks (a client that stops sending) until the read deadline
// set on it passes — or, when no deadline is ever set, until the test gives up on it.
type trickle struct {
	head     []byte
	mu       sync.Mutex
	deadline time.Time
	set      chan struct{}
	giveUp   chan struct{}
}

func (tr *trickle) SetReadDeadline(d time.Time) error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.deadline = d
	close(tr.set)
	return nil
}

func (tr *trickle) Read(p []byte) (int, error) {
	if len(tr.head) > 0 {
		n := copy(p, tr.head)
		tr.head = tr.head[n:]
		return n, nil
	}
	select {
	case <-tr.set:
		tr.mu.Lock()
		d := tr.deadline
		tr.mu.Unlock()
		<-time.After(time.Until(d)) // what a connection's read deadline does
		return 0, os.ErrDeadlineExceeded
	case <-tr.giveUp:
		return 0, io.ErrUnexpectedEOF
	}
}

// A body that stops arriving once its decode holds a share of the budget is refused (too slow)
// within RestWithin, and the share is given back: one account trickling a huge picture held the
// whole budget for up to the server's 2-minute read timeout, and every other upload was busy.
func TestTrickleAfterReservationRefused(t *testing.T) {
	RestWithin = 50 * time.Millisecond
	t.Cleanup(func() { RestWithin = 15 * time.Second })
	pic := mediatest.Photo(600, 400, 90)
	tr := &trickle{head: pic[:len(pic)/2], set: make(chan struct{}), giveUp: make(chan struct{})}
	giveUp := time.AfterFunc(10*time.Second, func() { close(tr.giveUp) }) // generous: no deadline was set
	defer giveUp.Stop()
	_, err := ProcessPhoto(context.Background(), tr)
	if !errors.Is(err, ErrTooSlow) {
		t.Fatalf("got %v, want %v", err, ErrTooSlow)
	}
	budgetFree(t)
}
