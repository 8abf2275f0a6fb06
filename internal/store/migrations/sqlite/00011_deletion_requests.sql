-- +goose Up
-- Definitive deletion of an account (issue 12): a super admin, or the person themselves, asks;
-- the root approves or declines. Approval erases the personal data and keeps the row as a
-- tombstone (deleted_at set) so past matches stay in every standing as "Deleted player".
ALTER TABLE users ADD COLUMN deleted_at DATETIME;

CREATE TABLE deletion_requests (
    id           INTEGER PRIMARY KEY,
    user_id      INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    requested_by INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    reason       TEXT     NOT NULL DEFAULT '',
    state        TEXT     NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'declined')),
    decided_by   INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    decided_at   DATETIME,
    created_at   DATETIME NOT NULL
);
-- At most one pending request per account: a second one is refused by the database too.
CREATE UNIQUE INDEX deletion_requests_pending_idx ON deletion_requests (user_id) WHERE state = 'pending';
CREATE INDEX deletion_requests_list_idx ON deletion_requests (state, created_at);

-- +goose Down
DROP TABLE deletion_requests;
ALTER TABLE users DROP COLUMN deleted_at;
