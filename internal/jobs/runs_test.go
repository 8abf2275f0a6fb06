package jobs

import (
	"context"
	"errors"
	"testing"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// Each run of a job replaces its row in job_runs and counts it; a failed run keeps the last
// success; a run skipped for another instance's lease leaves no trace.
func TestRunsRecord(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := &Runs{DB: db, Instance: "a"}
		if err := r.Record(ctx, JobCleanup, func(context.Context) (any, error) { return map[string]int{"sessions": 2}, nil }); err != nil {
			t.Fatal(err)
		}
		boom := errors.New("database gone")
		if err := r.Record(ctx, JobCleanup, func(context.Context) (any, error) { return nil, boom }); !errors.Is(err, boom) {
			t.Fatalf("the job's error is returned: %v", err)
		}
		if err := r.Record(ctx, JobCleanup, func(context.Context) (any, error) { return nil, ErrSkipped }); err != nil {
			t.Fatal(err)
		}
		runs, err := db.JobRuns(ctx)
		if err != nil || len(runs) != 1 {
			t.Fatalf("runs: %+v %v", runs, err)
		}
		j := runs[0]
		if j.Name != JobCleanup || j.OK || j.Runs != 2 || j.Failures != 1 || j.Detail != `{"error":"database gone"}` ||
			!j.LastSuccessAt.Valid || j.Instance != "a" {
			t.Errorf("last run: %+v", j)
		}
		if err := r.Record(ctx, JobCleanup, func(context.Context) (any, error) { return map[string]int{"sessions": 0}, nil }); err != nil {
			t.Fatal(err)
		}
		runs, _ = db.JobRuns(ctx)
		if j := runs[0]; !j.OK || j.Runs != 3 || j.Failures != 1 || j.Detail != `{"sessions":0}` {
			t.Errorf("after a success: %+v", j)
		}
	})
}
