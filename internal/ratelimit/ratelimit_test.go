package ratelimit

import (
	"testing"
	"time"
)

func TestLimiter(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := PerPeriod(2, time.Hour, func() time.Time { return now })
	for i := range 2 {
		if ok, _ := l.Allow("a"); !ok {
			t.Fatalf("token %d refused", i)
		}
	}
	ok, wait := l.Allow("a")
	if ok || wait != 30*time.Minute {
		t.Fatalf("third: %v %s", ok, wait)
	}
	if ok, _ := l.Allow("b"); !ok {
		t.Fatal("another key refused")
	}
	now = now.Add(30 * time.Minute)
	if ok, _ := l.Allow("a"); !ok {
		t.Fatal("not refilled after 30 minutes")
	}
	if ok, _ := l.Allow("a"); ok {
		t.Fatal("refilled more than one token")
	}
	// Idle keys are forgotten once full again, so memory stays bounded.
	now = now.Add(2 * time.Hour)
	l.Allow("c")
	if len(l.buckets) != 1 {
		t.Fatalf("buckets kept: %d", len(l.buckets))
	}
}

// A returned token can be taken again; returns never fill a bucket beyond its allowance.
func TestReturn(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		name    string
		take    int // tokens taken first
		returns int // tokens given back
		after   time.Duration
		allowed int // tokens then available
	}{
		{"nothing returned", 2, 0, 0, 0},
		{"one returned", 2, 1, 0, 1},
		{"both returned", 2, 2, 0, 2},
		{"more returned than taken", 1, 3, 0, 2},
		{"returned after a refill", 2, 1, 30 * time.Minute, 2},
		{"returned to a full bucket", 0, 1, 0, 2},
	}
	for _, c := range cases {
		clock := now
		l := PerPeriod(2, time.Hour, func() time.Time { return clock })
		for range c.take {
			if ok, _ := l.Allow("a"); !ok {
				t.Fatalf("%s: take refused", c.name)
			}
		}
		clock = clock.Add(c.after)
		for range c.returns {
			l.Return("a")
		}
		got := 0
		for ok, _ := l.Allow("a"); ok; ok, _ = l.Allow("a") {
			got++
		}
		if got != c.allowed {
			t.Errorf("%s: %d tokens available, want %d", c.name, got, c.allowed)
		}
	}
	New(1, 1, nil).Return("unknown") // a key never seen: nothing to do
}

// A token taken can be given back later (an action that did not happen), once.
func TestTakeGiveBack(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := PerPeriod(1, time.Hour, func() time.Time { return now })
	giveBack, ok, _ := l.Take("a")
	if !ok {
		t.Fatal("refused")
	}
	if ok, _ := l.Allow("a"); ok {
		t.Fatal("two tokens")
	}
	now = now.Add(time.Minute)
	giveBack()
	giveBack()
	if ok, _ := l.Allow("a"); !ok {
		t.Fatal("not given back")
	}
	if ok, _ := l.Allow("a"); ok {
		t.Fatal("given back twice")
	}
}
