package httpapi

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// limiter keeps one token bucket per client address. It lives in the process: with several
// instances each enforces its own share, which is enough to stop a form being flooded.
type limiter struct {
	mu      sync.Mutex
	perSec  rate.Limit
	burst   int
	buckets map[string]*bucket
	now     func() time.Time
	sweepAt time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newLimiter(perSecond float64, burst int) *limiter {
	return &limiter{perSec: rate.Limit(perSecond), burst: burst, buckets: map[string]*bucket{}, now: time.Now}
}

// allow takes a token for key; when none is left it says how long until the next one.
func (l *limiter) allow(key string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.sweep(now)
	b := l.buckets[key]
	if b == nil {
		b = &bucket{lim: rate.NewLimiter(l.perSec, l.burst)}
		l.buckets[key] = b
	}
	b.seen = now
	r := b.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// sweep forgets buckets idle long enough to be full again, so memory stays bounded.
func (l *limiter) sweep(now time.Time) {
	if now.Before(l.sweepAt) {
		return
	}
	full := time.Duration(float64(l.burst)/float64(l.perSec)) * time.Second
	for k, b := range l.buckets {
		if now.Sub(b.seen) > full {
			delete(l.buckets, k)
		}
	}
	l.sweepAt = now.Add(time.Minute)
}
