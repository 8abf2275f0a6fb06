package media

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"golang.org/x/sync/semaphore"
)

// Decoding is the only step whose memory grows with the picture, so it runs inside a shared
// memory budget: each upload reserves what its decode will allocate (estimated from the header,
// see decodeCost) before the decoder starts, and gives it back when the small copy is made.
// Pictures that would need more than the whole budget are refused from the header.
const (
	// DecodeBudget bounds the memory of all decodes in flight together, whatever the number of
	// concurrent uploads. With the collection after each large decode (see decodeSmall), the
	// process stays within about the budget plus 30 MB above idle (issue #11: < 256 MB).
	// 128 MB admits baseline JPEGs up to about 80 megapixels, progressive ones up to 17, 8-bit
	// PNGs up to 30.
	DecodeBudget = 128 << 20
	// maxWaiting uploads may wait for room in the budget; more are refused at once (busy).
	maxWaiting = 16
	// maxWait is how long an upload waits for room before it is refused (busy).
	maxWait = 20 * time.Second
	// BusyRetryAfter is the Retry-After, in seconds, of a busy refusal.
	BusyRetryAfter = 5
)

// ErrBusy says the decoders are full: try again in a few seconds.
var ErrBusy = errors.New("photo.busy")

// budget is a weighted semaphore with a bounded, time-limited queue.
type budget struct {
	sem     *semaphore.Weighted
	size    int64
	waiting atomic.Int64
	maxWait time.Duration
	maxQ    int64
}

func newBudget(size int64, maxQueue int, wait time.Duration) *budget {
	return &budget{sem: semaphore.NewWeighted(size), size: size, maxWait: wait, maxQ: int64(maxQueue)}
}

var decodes = newBudget(DecodeBudget, maxWaiting, maxWait)

// decodeStarts counts full decodes begun (tests check that refusals happen from the header).
var decodeStarts atomic.Int64

// acquire reserves n bytes; the caller must call the returned release. It fails with ErrBusy
// when the queue is full or the wait is over, and with ctx's error when the request ends.
func (b *budget) acquire(ctx context.Context, n int64) (release func(), err error) {
	if n > b.size {
		return nil, ErrTooManyPixels
	}
	if n < 1 {
		n = 1
	}
	if b.sem.TryAcquire(n) {
		return func() { b.sem.Release(n) }, nil
	}
	if b.waiting.Add(1) > b.maxQ {
		b.waiting.Add(-1)
		return nil, ErrBusy
	}
	defer b.waiting.Add(-1)
	wctx, cancel := context.WithTimeout(ctx, b.maxWait)
	defer cancel()
	if err := b.sem.Acquire(wctx, n); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, ErrBusy
	}
	return func() { b.sem.Release(n) }, nil
}
