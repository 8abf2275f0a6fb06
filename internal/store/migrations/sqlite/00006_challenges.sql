-- +goose Up
CREATE TABLE challenges (
    id              INTEGER PRIMARY KEY,
    tournament_id   INTEGER  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    challenger_id   INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    challenged_id   INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    proposed_times  TEXT     NOT NULL,
    message         TEXT     NOT NULL DEFAULT '',
    status          TEXT     NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected', 'expired', 'cancelled', 'completed')),
    auto_accepted   BOOLEAN  NOT NULL DEFAULT 0,
    match_id        INTEGER,
    expires_at      DATETIME NOT NULL,
    responded_at    DATETIME,
    created_at      DATETIME NOT NULL,
    updated_at      DATETIME NOT NULL
);
CREATE INDEX challenges_challenger_idx ON challenges (challenger_id, status, created_at);
CREATE INDEX challenges_challenged_idx ON challenges (challenged_id, status, created_at);
CREATE INDEX challenges_tournament_idx ON challenges (tournament_id, status);
CREATE INDEX challenges_pending_expiry_idx ON challenges (expires_at) WHERE status = 'pending';

ALTER TABLE matches ADD COLUMN proposed_times TEXT NOT NULL DEFAULT '[]';
ALTER TABLE matches ADD COLUMN result_confirmed BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN dispute_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE matches ADD COLUMN cancelled_by INTEGER REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX matches_open_idx ON matches (tournament_id, state, created_at);

-- +goose Down
DROP INDEX matches_open_idx;
ALTER TABLE matches DROP COLUMN cancelled_by;
ALTER TABLE matches DROP COLUMN dispute_reason;
ALTER TABLE matches DROP COLUMN result_confirmed;
ALTER TABLE matches DROP COLUMN proposed_times;
DROP TABLE challenges;
