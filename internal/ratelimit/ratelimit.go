// Package ratelimit keeps token buckets per key (a client address, a user and an action). The
// buckets live in the process: with several instances each enforces its own share, which is
// enough to stop a form or a button being flooded.
package ratelimit

import (
	"sync"
	"time"
)

// Limiter keeps one token bucket per key: burst tokens at first, refilled at perSecond.
type Limiter struct {
	mu      sync.Mutex
	perSec  float64
	burst   int
	buckets map[string]*bucket
	now     func() time.Time
	sweepAt time.Time
}

type bucket struct {
	tokens float64   // tokens left at seen
	seen   time.Time // last time the bucket was filled up to now
}

// fill adds the tokens earned since the bucket was last seen, up to burst.
func (l *Limiter) fill(b *bucket, now time.Time) {
	if now.After(b.seen) {
		b.tokens = min(float64(l.burst), b.tokens+now.Sub(b.seen).Seconds()*l.perSec)
		b.seen = now
	}
}

// New returns a limiter allowing burst events at once, then perSecond on average. A nil clock
// is time.Now.
func New(perSecond float64, burst int, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{perSec: perSecond, burst: burst, buckets: map[string]*bucket{}, now: now}
}

// PerPeriod returns a limiter allowing n events per period (all n at once at most).
func PerPeriod(n int, period time.Duration, now func() time.Time) *Limiter {
	return New(float64(n)/period.Seconds(), n, now)
}

// Allow takes a token for key; when none is left it says how long until the next one.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.sweep(now)
	b := l.buckets[key]
	if b == nil {
		b = &bucket{tokens: float64(l.burst), seen: now}
		l.buckets[key] = b
	}
	l.fill(b, now)
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / l.perSec * float64(time.Second))
}

// Take is Allow that can give the token back: giveBack (nil when refused) returns it once, as
// Return does (an action that did not happen costs nothing).
func (l *Limiter) Take(key string) (giveBack func(), ok bool, wait time.Duration) {
	ok, wait = l.Allow(key)
	if !ok {
		return nil, false, wait
	}
	var once sync.Once
	return func() { once.Do(func() { l.Return(key) }) }, true, 0
}

// Return gives back a token Allow took for key, when the request it paid for was refused (a
// refusal costs nothing). The bucket never holds more than burst tokens.
func (l *Limiter) Return(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[key]
	if b == nil { // forgotten: it is full again
		return
	}
	l.fill(b, l.now())
	b.tokens = min(float64(l.burst), b.tokens+1)
}

// sweep forgets buckets idle long enough to be full again, so memory stays bounded.
func (l *Limiter) sweep(now time.Time) {
	if now.Before(l.sweepAt) {
		return
	}
	full := time.Duration(float64(l.burst) / l.perSec * float64(time.Second))
	for k, b := range l.buckets {
		if now.Sub(b.seen) > full {
			delete(l.buckets, k)
		}
	}
	l.sweepAt = now.Add(time.Minute)
}
