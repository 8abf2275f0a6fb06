package httpapi

import (
	"time"

	"github.com/tennisladder/ladder/internal/ratelimit"
)

// limiter keeps one token bucket per client address (see package ratelimit; the per-account
// limits of the use cases live in the service).
type limiter struct{ *ratelimit.Limiter }

func newLimiter(perSecond float64, burst int) *limiter {
	return &limiter{ratelimit.New(perSecond, burst, nil)}
}

// allow takes a token for key; when none is left it says how long until the next one.
func (l *limiter) allow(key string) (bool, time.Duration) { return l.Allow(key) }
