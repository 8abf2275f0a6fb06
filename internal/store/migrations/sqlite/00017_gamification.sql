-- +goose Up
-- Gamification (issue 15, internal/gamification): XP events, achievements earned and each
-- player's running total and weekly activity streak, written in the transaction that earns them.

-- One row per XP award. source is unique per account ("match:42:won", "action:profile"), so
-- awarding the same thing twice (a replay, a concurrent validation) inserts nothing.
CREATE TABLE xp_events (
    id         INTEGER  PRIMARY KEY,
    user_id    INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    source     TEXT     NOT NULL,
    reason     TEXT     NOT NULL,
    amount     INTEGER  NOT NULL,
    created_at DATETIME NOT NULL
);
CREATE UNIQUE INDEX xp_events_user_source_idx ON xp_events (user_id, source);
CREATE INDEX xp_events_user_idx ON xp_events (user_id, id);

-- Achievements earned, once per account; seen_at is set when the player saw its popup.
CREATE TABLE user_achievements (
    user_id   INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code      TEXT     NOT NULL,
    earned_at DATETIME NOT NULL,
    seen_at   DATETIME,
    PRIMARY KEY (user_id, code)
);

-- A player's total XP (the level is derived from it: gamification.Level), the last level whose
-- popup they saw, and the weekly activity streak (streak_week: the Monday of the last week with
-- a validated match).
CREATE TABLE player_progress (
    user_id     INTEGER  PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    xp          INTEGER  NOT NULL DEFAULT 0,
    level_seen  INTEGER  NOT NULL DEFAULT 1,
    streak_week TEXT     NOT NULL DEFAULT '',
    streak      INTEGER  NOT NULL DEFAULT 0,
    best_streak INTEGER  NOT NULL DEFAULT 0,
    updated_at  DATETIME NOT NULL
);

-- +goose Down
DROP TABLE player_progress;
DROP TABLE user_achievements;
DROP TABLE xp_events;
