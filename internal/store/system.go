package store

import (
	"context"
	"database/sql"
	"time"
)

// JobRun is the last run of one scheduled job (one row per job, replaced at every run).
type JobRun struct {
	Name          string       `db:"name"`
	Instance      string       `db:"instance"`
	StartedAt     time.Time    `db:"started_at"`
	FinishedAt    time.Time    `db:"finished_at"`
	DurationMS    int64        `db:"duration_ms"`
	OK            bool         `db:"ok"`
	Detail        string       `db:"detail"`
	Runs          int64        `db:"runs"`
	Failures      int64        `db:"failures"`
	LastSuccessAt sql.NullTime `db:"last_success_at"`
}

// RecordJobRun stores r as the job's last run and counts it (and its failure). One upsert per
// run: the table holds one row per job however long the server runs.
func (db *DB) RecordJobRun(ctx context.Context, r JobRun) error {
	var fail int64
	var success sql.NullTime
	if !r.OK {
		fail = 1
	} else {
		success = sql.NullTime{Time: r.FinishedAt, Valid: true}
	}
	if r.Detail == "" {
		r.Detail = "{}"
	}
	_, err := db.W.ExecContext(ctx, db.Dialect.rebind(`INSERT INTO job_runs (name, instance, started_at, finished_at,
		duration_ms, ok, detail, runs, failures, last_success_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)
		ON CONFLICT (name) DO UPDATE SET instance = excluded.instance, started_at = excluded.started_at,
		finished_at = excluded.finished_at, duration_ms = excluded.duration_ms, ok = excluded.ok, detail = excluded.detail,
		runs = job_runs.runs + 1, failures = job_runs.failures + excluded.failures,
		last_success_at = COALESCE(excluded.last_success_at, job_runs.last_success_at)`),
		r.Name, r.Instance, r.StartedAt, r.FinishedAt, r.DurationMS, r.OK, r.Detail, fail, success)
	return err
}

// JobRuns lists the last run of every job that ever ran, by name.
func (db *DB) JobRuns(ctx context.Context) ([]JobRun, error) {
	out := []JobRun{}
	err := db.R.SelectContext(ctx, &out, `SELECT name, instance, started_at, finished_at, duration_ms, ok, detail, runs,
		failures, last_success_at FROM job_runs ORDER BY name`)
	return out, err
}

// SystemFigures are the health numbers of the admin panel, each an indexed count or a catalogue
// lookup (none grows with history beyond the outbox's unsent rows).
type SystemFigures struct {
	DatabaseBytes    int64
	MigrationVersion int64
	OutboxPending    int64 // unsent emails (due or waiting for a retry)
	OutboxFailing    int64 // unsent emails whose last attempt failed (retrying or given up)
	OutboxGivenUp    int64 // unsent emails past their last attempt
	ActiveSessions   int64 // sessions not yet expired
}

// System reads the health figures at now.
func (db *DB) System(ctx context.Context, now time.Time) (SystemFigures, error) {
	var f SystemFigures
	size := `SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()`
	if db.Dialect == Postgres {
		size = `SELECT pg_database_size(current_database())`
	}
	if err := db.R.GetContext(ctx, &f.DatabaseBytes, size); err != nil {
		return f, err
	}
	if err := db.R.GetContext(ctx, &f.MigrationVersion,
		`SELECT COALESCE(MAX(version_id), 0) FROM goose_db_version WHERE is_applied`); err != nil {
		return f, err
	}
	// Emails given up were pushed a century ahead (jobs.Outbox); anything due more than a year
	// away is one of them.
	if err := db.R.QueryRowContext(ctx, db.Dialect.rebind(`SELECT COUNT(*),
		COALESCE(SUM(CASE WHEN last_error <> '' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN next_attempt_at > ? THEN 1 ELSE 0 END), 0)
		FROM email_outbox WHERE sent_at IS NULL`), now.AddDate(1, 0, 0)).Scan(&f.OutboxPending, &f.OutboxFailing, &f.OutboxGivenUp); err != nil {
		return f, err
	}
	err := db.R.GetContext(ctx, &f.ActiveSessions, db.Dialect.rebind(`SELECT COUNT(*) FROM sessions WHERE expires_at > ?`), now)
	return f, err
}
