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
