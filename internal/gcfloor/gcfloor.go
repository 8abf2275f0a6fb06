// Package gcfloor keeps Go's garbage collector from running every few megabytes while little is
// live.
//
// With GOGC at 100 the collector runs each time the heap has grown by as much as was live after
// the last collection. A server whose live heap is a few megabytes (Tennis Ladder's, with its
// kept answers, is ~4 MB) but which allocates ~10 KB per request then collects a dozen times a
// second under load, and collection with the allocation it slows down was a fifth of a read's
// CPU (issue 16, docs/PERFORMANCE.md). Raising GOGC for good (400 measured 5–10 % better) would
// also let a large live heap, such as 10,000 WebSockets', grow five times over.
//
// Start instead gives the collector a floor of headroom: while the live heap is under floor,
// the percentage is raised so that the next collection comes after floor bytes of new
// allocation; from floor up, GOGC's 100 applies as before. The memory it costs is bounded by
// floor, whatever the live heap (and the goroutines' stacks, which Go's goal also scales).
//
// The percentage is set again after every collection (a finalizer re-armed each cycle), from
// what that collection found live. Until the finalizer runs (milliseconds after the cycle), the
// goal the runtime set with the previous percentage holds: a live heap that jumped during a
// cycle run at a raised percentage gets more headroom for that moment. GOMEMLIMIT remains the
// operator's hard bound.
package gcfloor

import (
	"math"
	"math/bits"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// DefaultFloor is the headroom the server runs with: 32 MiB, a small share of the cheapest
// machine a club would rent, and one collection where there were eight at a 4 MB live heap.
const DefaultFloor = 32 << 20

// basePercent is the percentage from the floor up: Go's default.
const basePercent = 100

// heapMinimum is Go's own smallest heap goal at GOGC=100 (the runtime's defaultHeapMinimum),
// which it scales with the percentage: a live heap under it counts as this much, or a nearly
// empty heap (before the first collection, live reads 0) would get a huge percentage and with
// it a minimum goal far above the floor.
const heapMinimum = 4 << 20

// Percent is the GOGC percentage that leaves at least floor bytes of headroom, never under
// basePercent. Go's heap goal is live + (live + stacks + globals) × percent/100 (the runtime's
// pacer scales the scanned stacks and globals too), so the base the percentage applies to
// counts them: with many goroutines' stacks the headroom stays at the floor instead of growing
// with them. The headroom is max(base, floor), plus the rounding up of a percent.
func Percent(live, stacks, globals, floor uint64) int {
	base := max(live, heapMinimum) + stacks + globals
	if base >= floor {
		return basePercent
	}
	if floor/base >= math.MaxInt32/100 {
		return math.MaxInt32 // the runtime's percentage is an int32
	}
	// floor × 100 ÷ base in 128 bits (the quotient fits: it is under MaxInt32), rounded up so
	// that the headroom is at least floor.
	hi, lo := bits.Mul64(floor, 100)
	p, rem := bits.Div64(hi, lo, base)
	if rem > 0 {
		p++
	}
	return int(max(p, basePercent))
}

// tuner sets the percentage after each collection until stopped.
type tuner struct {
	floor   uint64
	mu      sync.Mutex // held while setting the percentage, so stop's restore is the last word
	stopped bool
	percent int
	sample  []metrics.Sample
}

// sentinel is allocated only to be collected: its finalizer runs once per collection cycle.
// It holds a pointer so that it is never a tiny allocation (tiny objects share a block, and a
// finalizer on one may never run).
type sentinel struct {
	_ *int
	_ [8]byte
}

// Start raises the percentage as the package comment says and returns the function that stops
// it (restoring GOGC's 100). When the GOGC environment variable is set, the operator's choice
// stands: Start does nothing. A GOMEMLIMIT still bounds the heap as usual.
func Start(floor uint64) (stop func()) {
	if os.Getenv("GOGC") != "" || floor == 0 { // empty is Go's default, 100
		return func() {}
	}
	t := &tuner{floor: floor, percent: basePercent, sample: []metrics.Sample{
		{Name: "/gc/heap/live:bytes"}, {Name: "/gc/scan/stack:bytes"}, {Name: "/gc/scan/globals:bytes"}}}
	t.adjust()
	t.arm()
	return t.stop
}

func (t *tuner) arm() {
	runtime.SetFinalizer(new(sentinel), func(*sentinel) {
		if t.adjust() {
			t.arm()
		}
	})
}

// adjust sets the percentage for what the last collection found (live heap, stacks, globals);
// false once stopped.
func (t *tuner) adjust() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return false
	}
	metrics.Read(t.sample)
	var v [3]uint64 // live heap, stacks, globals
	for i, s := range t.sample {
		if s.Value.Kind() == metrics.KindUint64 {
			v[i] = s.Value.Uint64()
		}
	}
	if p := Percent(v[0], v[1], v[2], t.floor); p != t.percent {
		debug.SetGCPercent(p)
		t.percent = p
	}
	return true
}

func (t *tuner) stop() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.stopped {
		t.stopped = true
		debug.SetGCPercent(basePercent)
	}
}
