package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/tennisladder/ladder/internal/store"
)

// ErrSkipped is returned by a recorded run that did not run here (another instance holds the
// job's lease): nothing is recorded for it.
var ErrSkipped = errors.New("job skipped: leased elsewhere")

// Runs records every run of the scheduled jobs in job_runs (one row per job: its last run,
// result and counters), which the admin panel shows as the jobs' health.
type Runs struct {
	DB       *store.DB
	Instance string
	Log      *slog.Logger
}

// Record runs fn as the job name and stores how it went: detail (marshalled to JSON) when it
// succeeded, the error text when it failed. The record is written even when fn ran out of time,
// under its own short deadline.
func (r *Runs) Record(ctx context.Context, name string, fn func(context.Context) (any, error)) error {
	start := r.DB.Now()
	detail, err := fn(ctx)
	if errors.Is(err, ErrSkipped) {
		return nil
	}
	finish := r.DB.Now()
	run := store.JobRun{Name: name, Instance: r.Instance, StartedAt: start, FinishedAt: finish,
		DurationMS: finish.Sub(start).Milliseconds(), OK: err == nil}
	if err != nil {
		b, _ := json.Marshal(map[string]string{"error": err.Error()})
		run.Detail = string(b)
	} else if b, merr := json.Marshal(detail); merr == nil && detail != nil {
		run.Detail = string(b)
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if rerr := r.DB.RecordJobRun(rctx, run); rerr != nil && r.Log != nil {
		r.Log.WarnContext(ctx, "job run not recorded", "job", name, "err", rerr)
	}
	return err
}

// Job names, as job_runs and the admin panel show them.
const (
	JobOutbox  = "email-outbox"
	JobCleanup = "cleanup-expired"
)
