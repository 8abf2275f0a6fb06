package loadkit

import (
	"net/http"
	"time"
)

// WaitReady polls base's /readyz until it answers 200, for about a minute; false when it never
// did. It waits for a child `ladder serve` process the load scripts start (polling a process's
// readiness, not synchronising tests).
func WaitReady(base string) bool {
	for i := 0; i <= 600; i++ {
		if res, err := http.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return true
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return false
}
