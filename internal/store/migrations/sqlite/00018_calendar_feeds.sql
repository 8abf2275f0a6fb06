-- +goose Up
-- A player's private calendar feed (issue 15): the URL carries a random token; only its SHA-256
-- is kept, so a leaked database does not leak working feed URLs. One feed per account: rotating
-- replaces the row, revoking deletes it.
CREATE TABLE calendar_feeds (
    user_id    INTEGER     PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT        NOT NULL UNIQUE,
    created_at DATETIME    NOT NULL
);
-- The hub's recent results of a district read completed matches newest first.
CREATE INDEX matches_completed_idx ON matches (validated_at DESC) WHERE state = 'completed';

-- +goose Down
DROP INDEX matches_completed_idx;
DROP TABLE calendar_feeds;
