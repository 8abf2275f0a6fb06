package gcfloor

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

func TestPercent(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		live, stacks, globals, floor uint64
		want                         int
	}{
		{0, 0, 0, 32 * mb, 800},        // before the first collection: counted as Go's 4 MB minimum
		{1 * mb, 0, 0, 32 * mb, 800},   // under the minimum: the same, so the minimum goal stays 32 MB
		{4 * mb, 0, 0, 32 * mb, 800},   // a goal of 36 MB: 32 MB of headroom
		{5 * mb, 0, 0, 32 * mb, 640},   // 5 + 32
		{7 * mb, 0, 0, 32 * mb, 458},   // rounded up: 7 × 4.58 ≥ 32
		{20 * mb, 0, 0, 32 * mb, 160},  // 20 + 32
		{31 * mb, 0, 0, 32 * mb, 104},  // ~100 from just under the floor
		{32 * mb, 0, 0, 32 * mb, 100},  // at the floor: GOGC's default
		{500 * mb, 0, 0, 32 * mb, 100}, // a large live heap grows as it always did
		{4 * mb, 0, 0, 2 * mb, 100},    // a floor under the minimum changes nothing
		// Go scales the scanned stacks and globals too: 10,000 goroutines' 40 MB of stacks leave
		// the percentage at 100 (their headroom is already over the floor), and smaller ones
		// count in the base.
		{4 * mb, 40 * mb, 0, 32 * mb, 100},
		{4 * mb, 3 * mb, 1 * mb, 32 * mb, 400},
		{4 * mb, 0, 0, 1 << 50, 2147483647}, {4 * mb, 0, 0, 1 << 63, 2147483647},
		{1 << 40, 0, 0, 1 << 60, 104857600}, // floor × 100 past 64 bits // clamped to the runtime's int32
	} {
		got := Percent(c.live, c.stacks, c.globals, c.floor)
		if got != c.want {
			t.Errorf("Percent(%d MB, %d MB, %d MB, %d MB) = %d, want %d", c.live/mb, c.stacks/mb, c.globals/mb, c.floor/mb, got, c.want)
		}
		base := max(c.live, heapMinimum) + c.stacks + c.globals
		if headroom := base * uint64(got) / 100; c.floor < 1<<40 && got > basePercent && headroom < c.floor {
			t.Errorf("Percent(%d MB, …) = %d leaves %d bytes of headroom, under the floor", c.live/mb, got, headroom)
		}
	}
}

// gogc reads the collector's current percentage.
func gogc() int64 {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// collectUntil runs collections until the percentage is want: the finalizer that sets it runs on
// the finalizer goroutine some time after a cycle ends, so the test waits for the state, with a
// deadline far above any machine's need.
func collectUntil(t *testing.T, want int64) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for gogc() != want {
		if time.Now().After(deadline) {
			t.Fatalf("GOGC is %d, want %d", gogc(), want)
		}
		runtime.GC()
		runtime.Gosched()
	}
}

// The tuner raises the percentage while little is live, follows the live heap after each
// collection, and gives GOGC's 100 back when stopped. (Not parallel: the percentage is the
// process's.)
func TestStartFollowsTheLiveHeapAndStopRestores(t *testing.T) {
	if os.Getenv("GOGC") != "" {
		t.Skip("GOGC is set in the environment: Start leaves it alone")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(basePercent))
	const floor = 64 << 20
	stop := Start(floor)
	runtime.GC()
	// Whatever the test binary has live (a few MB), it is under 64 MB: the percentage rises.
	deadline := time.Now().Add(30 * time.Second)
	for gogc() <= basePercent {
		if time.Now().After(deadline) {
			t.Fatalf("GOGC stayed %d under a 64 MB floor", gogc())
		}
		runtime.GC()
		runtime.Gosched()
	}
	// 96 MB kept live: over the floor, back to 100.
	keep := make([][]byte, 96)
	for i := range keep {
		keep[i] = make([]byte, 1<<20)
		keep[i][0] = 1
	}
	collectUntil(t, basePercent)
	runtime.KeepAlive(keep)
	keep = nil
	// Released again: raised again.
	deadline = time.Now().Add(30 * time.Second)
	for gogc() <= basePercent {
		if time.Now().After(deadline) {
			t.Fatalf("GOGC stayed %d after the live heap shrank", gogc())
		}
		runtime.GC()
		runtime.Gosched()
	}
	stop()
	if got := gogc(); got != basePercent {
		t.Fatalf("after stop: GOGC %d, want %d", got, basePercent)
	}
	// Stopped for good: later collections leave it alone.
	debug.SetGCPercent(150)
	for range 5 {
		runtime.GC()
	}
	if got := gogc(); got != 150 {
		t.Fatalf("a stopped tuner set GOGC to %d", got)
	}
}

// An operator's GOGC stands.
func TestStartLeavesAnOperatorsGOGC(t *testing.T) {
	t.Setenv("GOGC", "100")
	defer debug.SetGCPercent(debug.SetGCPercent(basePercent))
	stop := Start(1 << 30)
	defer stop()
	for range 3 {
		runtime.GC()
	}
	if got := gogc(); got != basePercent {
		t.Fatalf("GOGC %d with GOGC=100 in the environment", got)
	}
}
