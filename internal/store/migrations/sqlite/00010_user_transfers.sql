-- +goose Up
-- User transfers (SPEC §4, §5): a super admin moves everything an account owns to another one and
-- deactivates it. deactivated_at marks the source for good: it can no longer sign in, and no
-- status change brings it back (docs/DECISIONS.md, "User transfer").
ALTER TABLE users ADD COLUMN deactivated_at DATETIME;

-- The history. The emails are copied so the row reads the same whatever later happens to the
-- accounts; moved is a JSON object of counts per kind of row moved.
CREATE TABLE user_transfers (
    id           INTEGER PRIMARY KEY,
    source_id    INTEGER  NOT NULL REFERENCES users (id),
    target_id    INTEGER  NOT NULL REFERENCES users (id),
    actor_id     INTEGER  NOT NULL REFERENCES users (id),
    source_email TEXT     NOT NULL,
    target_email TEXT     NOT NULL,
    reason       TEXT     NOT NULL,
    moved        TEXT     NOT NULL DEFAULT '{}',
    created_at   DATETIME NOT NULL
);
CREATE INDEX user_transfers_created_idx ON user_transfers (created_at, id);

-- +goose Down
DROP TABLE user_transfers;
ALTER TABLE users DROP COLUMN deactivated_at;
