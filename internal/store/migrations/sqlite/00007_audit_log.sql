-- +goose Up
-- Privileged and security-relevant actions (sign-in links, role and status changes…), kept for
-- operators. details is a JSON object; actor_id is NULL for the system or a sign-in by a stranger.
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY,
    created_at  DATETIME NOT NULL,
    actor_id    INTEGER,
    action      TEXT     NOT NULL,
    target_type TEXT     NOT NULL DEFAULT '',
    target_id   INTEGER,
    details     TEXT     NOT NULL DEFAULT '{}',
    ip          TEXT     NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id);

-- +goose Down
DROP TABLE audit_log;
