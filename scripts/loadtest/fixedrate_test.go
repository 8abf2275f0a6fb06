package main

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A stall is not hidden: requests that fell due while the server answered nobody count from their
// due time, not from when the client got round to sending them (no coordinated omission). The
// server holds every answer for 200 ms once, a fifth of the way in; about 200 of the 1,000
// requests fall due meanwhile, so the 99th percentile is most of the stall. A client that sent
// each connection's next request only after the previous answer would count two slow requests
// and report the quick ones' tail.
func TestFixedRateCountsAStallFromEachDueTime(t *testing.T) {
	var mu sync.Mutex
	var served atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if served.Add(1) == 200 {
			mu.Lock()
			time.Sleep(200 * time.Millisecond) // the stall being measured, not a synchronisation
			mu.Unlock()
		}
		mu.Lock() // held while the stall lasts: nobody is answered
		mu.Unlock()
		_, _ = w.Write([]byte("ok"))
	}))
	defer srv.Close()
	if p99 := fixedRate([]string{srv.URL + "/"}, "", "", 1000, time.Second, 2); p99 < 100*time.Millisecond {
		t.Fatalf("p99 %v under a 200 ms stall of every answer, want most of it", p99)
	}
}
