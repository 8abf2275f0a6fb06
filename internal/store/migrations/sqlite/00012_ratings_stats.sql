-- +goose Up
-- Skill ratings (Glicko-2, internal/rating) and player statistics, maintained incrementally in the
-- validation transaction so a statistics page reads a handful of rows, never all matches.

-- One row per player who has a validated match: the current global rating and running totals.
-- form is the last ten results, newest first ("WLW…"). best_position is the best ranking
-- position reached in any tournament (0: none yet).
CREATE TABLE player_stats (
    user_id       INTEGER  PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    rating        REAL     NOT NULL DEFAULT 1500,
    rd            REAL     NOT NULL DEFAULT 350,
    sigma         REAL     NOT NULL DEFAULT 0.06,
    rated_at      DATETIME,
    matches       INTEGER  NOT NULL DEFAULT 0,
    wins          INTEGER  NOT NULL DEFAULT 0,
    losses        INTEGER  NOT NULL DEFAULT 0,
    sets_won      INTEGER  NOT NULL DEFAULT 0,
    sets_lost     INTEGER  NOT NULL DEFAULT 0,
    games_won     INTEGER  NOT NULL DEFAULT 0,
    games_lost    INTEGER  NOT NULL DEFAULT 0,
    points        INTEGER  NOT NULL DEFAULT 0,
    best_position INTEGER  NOT NULL DEFAULT 0,
    form          TEXT     NOT NULL DEFAULT '',
    updated_at    DATETIME NOT NULL
);
CREATE INDEX player_stats_rating_idx ON player_stats (rating DESC, user_id);

-- One row per player per validated match: the History tab, the rating chart, the position chart
-- and (later) period leaderboards read it. score is from the player's side; positions are the
-- player's ranking before and after the match in that tournament. UNIQUE (user_id, match_id)
-- makes a second application of the same match a no-op.
CREATE TABLE rating_history (
    id              INTEGER  PRIMARY KEY,
    user_id         INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    match_id        INTEGER  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    tournament_id   INTEGER  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    opponent_id     INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    won             BOOLEAN  NOT NULL,
    score           TEXT     NOT NULL DEFAULT '',
    played_on       TEXT     NOT NULL DEFAULT '',
    sets_won        INTEGER  NOT NULL DEFAULT 0,
    sets_lost       INTEGER  NOT NULL DEFAULT 0,
    points          INTEGER  NOT NULL DEFAULT 0,
    rating_before   REAL     NOT NULL,
    rating_after    REAL     NOT NULL,
    rd_before       REAL     NOT NULL,
    rd_after        REAL     NOT NULL,
    opponent_rating REAL     NOT NULL,
    position_before INTEGER  NOT NULL DEFAULT 0,
    position_after  INTEGER  NOT NULL DEFAULT 0,
    validated_at    DATETIME NOT NULL
);
CREATE UNIQUE INDEX rating_history_user_match_idx ON rating_history (user_id, match_id);
CREATE INDEX rating_history_user_idx ON rating_history (user_id, id);
CREATE INDEX rating_history_user_tournament_idx ON rating_history (user_id, tournament_id, id);
CREATE INDEX rating_history_validated_idx ON rating_history (validated_at, user_id);

-- A player's record per tournament: best position reached and totals.
CREATE TABLE player_tournament_stats (
    user_id       INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    tournament_id INTEGER  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    best_position INTEGER  NOT NULL,
    matches       INTEGER  NOT NULL DEFAULT 0,
    updated_at    DATETIME NOT NULL,
    PRIMARY KEY (user_id, tournament_id)
);

-- +goose Down
DROP TABLE player_tournament_stats;
DROP TABLE rating_history;
DROP TABLE player_stats;
