package jobs

import (
	"context"
	"log/slog"
	"testing"
	"time"
)

// Each run of a background job has its own deadline, so a hanging database ends the run
// instead of stopping the job for good.
func TestEveryRunHasADeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan time.Duration, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		Every(ctx, time.Millisecond, slog.New(slog.DiscardHandler), "test", func(rctx context.Context) error {
			d, ok := rctx.Deadline()
			if !ok {
				got <- -1
			} else {
				got <- time.Until(d)
			}
			cancel()
			return nil
		})
	}()
	left := <-got
	<-done
	if left <= 0 || left > JobRunTimeout {
		t.Fatalf("run deadline in %s, want within %s", left, JobRunTimeout)
	}
}
