// Package ratelimit keeps token buckets per key (a client address, a user and an action). The
// buckets live in the process: with several instances each enforces its own share, which is
// enough to stop a form or a button being flooded.
package ratelimit

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limiter keeps one token bucket per key: burst tokens at first, refilled at perSecond.
type Limiter struct {
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

// New returns a limiter allowing burst events at once, then perSecond on average. A nil clock
// is time.Now.
func New(perSecond float64, burst int, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{perSec: rate.Limit(perSecond), burst: burst, buckets: map[string]*bucket{}, now: now}
}

// PerPeriod returns a limiter allowing n events per period (all n at once at most).
func PerPeriod(n int, period time.Duration, now func() time.Time) *Limiter {
	return New(float64(n)/period.Seconds(), n, now)
}

// Allow takes a token for key; when none is left it says how long until the next one.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	_, ok, wait := l.Take(key)
	return ok, wait
}

// Take is Allow that can give the token back: giveBack (nil when refused) returns it to the
// bucket, as far as later tokens taken from it allow (an action that did not happen).
func (l *Limiter) Take(key string) (giveBack func(), ok bool, wait time.Duration) {
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
		return nil, false, d
	}
	// Cancelled as of the time it was taken: x/time/rate gives nothing back for a reservation
	// whose time has passed.
	var once sync.Once
	return func() { once.Do(func() { r.CancelAt(now) }) }, true, 0
}

// sweep forgets buckets idle long enough to be full again, so memory stays bounded.
func (l *Limiter) sweep(now time.Time) {
	if now.Before(l.sweepAt) {
		return
	}
	full := time.Duration(float64(l.burst) / float64(l.perSec) * float64(time.Second))
	for k, b := range l.buckets {
		if now.Sub(b.seen) > full {
			delete(l.buckets, k)
		}
	}
	l.sweepAt = now.Add(time.Minute)
}
