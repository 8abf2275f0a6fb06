-- +goose Up
-- The request that made an audited change (the X-Request-Id the server answered with), so an
-- operator can match an audit row with the request log; '' for jobs and commands.
ALTER TABLE audit_log ADD COLUMN request_id TEXT NOT NULL DEFAULT '';
-- The system logs screen filters by actor and by action, newest first.
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id);
CREATE INDEX audit_log_action_idx ON audit_log (action, id);

-- The last run of every scheduled job, one row per job (bounded): the admin panel's health.
-- detail is a JSON object (counts per kind) or the error text when ok is false.
CREATE TABLE job_runs (
    name            TEXT        PRIMARY KEY,
    instance        TEXT        NOT NULL DEFAULT '',
    started_at      TIMESTAMPTZ NOT NULL,
    finished_at     TIMESTAMPTZ NOT NULL,
    duration_ms     BIGINT      NOT NULL DEFAULT 0,
    ok              BOOLEAN     NOT NULL,
    detail          TEXT        NOT NULL DEFAULT '{}',
    runs            BIGINT      NOT NULL DEFAULT 0,
    failures        BIGINT      NOT NULL DEFAULT 0,
    last_success_at TIMESTAMPTZ
);

-- +goose Down
DROP TABLE job_runs;
DROP INDEX audit_log_action_idx;
DROP INDEX audit_log_actor_idx;
ALTER TABLE audit_log DROP COLUMN request_id;
