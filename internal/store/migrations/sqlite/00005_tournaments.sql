-- +goose Up
CREATE TABLE tournaments (
    id               INTEGER PRIMARY KEY,
    name             TEXT     NOT NULL,
    sort_key         TEXT     NOT NULL,
    club_id          INTEGER  REFERENCES clubs (id) ON DELETE SET NULL,
    location         TEXT     NOT NULL DEFAULT '',
    district         TEXT     NOT NULL DEFAULT '',
    privacy          TEXT     NOT NULL DEFAULT 'public' CHECK (privacy IN ('public', 'private')),
    end_date         TEXT     NOT NULL DEFAULT '',
    response_days    INTEGER  NOT NULL,
    max_rejections   INTEGER  NOT NULL,
    ranking_type     TEXT     NOT NULL CHECK (ranking_type IN ('points', 'classic')),
    preset           TEXT     NOT NULL,
    win_vs_higher    INTEGER  NOT NULL,
    win_vs_lower     INTEGER  NOT NULL,
    defeat           INTEGER  NOT NULL,
    min_games        INTEGER  NOT NULL,
    max_games        INTEGER  NOT NULL,
    period_weeks     INTEGER  NOT NULL,
    challenge_range  INTEGER  NOT NULL,
    max_participants INTEGER  NOT NULL DEFAULT 0,
    special_rules    TEXT     NOT NULL DEFAULT '',
    image_etag       TEXT     NOT NULL DEFAULT '',
    status           TEXT     NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'rejected', 'inactive')),
    reject_reason    TEXT     NOT NULL DEFAULT '',
    creator_id       INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    decided_by       INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    decided_at       DATETIME,
    expires_at       DATETIME NOT NULL,
    snapshot_week    TEXT     NOT NULL DEFAULT '',
    version          INTEGER  NOT NULL DEFAULT 0,
    created_at       DATETIME NOT NULL,
    updated_at       DATETIME NOT NULL
);
CREATE INDEX tournaments_status_sort_idx ON tournaments (status, sort_key, id);
CREATE INDEX tournaments_club_idx ON tournaments (club_id);
CREATE INDEX tournaments_creator_idx ON tournaments (creator_id);
CREATE INDEX tournaments_pending_expiry_idx ON tournaments (expires_at) WHERE status = 'pending';

CREATE TABLE tournament_images (
    tournament_id INTEGER  PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    jpeg          BLOB     NOT NULL,
    etag          TEXT     NOT NULL,
    updated_at    DATETIME NOT NULL
);

CREATE TABLE tournament_players (
    tournament_id INTEGER  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role          TEXT     NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'referee')),
    status        TEXT     NOT NULL DEFAULT 'active' CHECK (status IN ('requested', 'active', 'paused', 'suspended')),
    points        INTEGER  NOT NULL DEFAULT 0,
    wins          INTEGER  NOT NULL DEFAULT 0,
    losses        INTEGER  NOT NULL DEFAULT 0,
    position      INTEGER  NOT NULL DEFAULT 0,
    seed          INTEGER  NOT NULL DEFAULT 0,
    week_position INTEGER  NOT NULL DEFAULT 0,
    joined_at     DATETIME NOT NULL,
    updated_at    DATETIME NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_players_user_idx ON tournament_players (user_id, status);
CREATE INDEX tournament_players_standing_idx ON tournament_players (tournament_id, role, status, points);

CREATE TABLE matches (
    id                     INTEGER PRIMARY KEY,
    tournament_id          INTEGER  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    challenge_id           INTEGER,
    player1_id             INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    player2_id             INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    state                  TEXT     NOT NULL CHECK (state IN ('waiting_opponent', 'time_proposed', 'time_confirmed', 'in_progress',
                               'result_reported', 'result_disputed', 'completed', 'cancelled')),
    scheduled_at           DATETIME,
    location               TEXT     NOT NULL DEFAULT '',
    court                  TEXT     NOT NULL DEFAULT '',
    surface                TEXT     NOT NULL DEFAULT '',
    score                  TEXT     NOT NULL DEFAULT '',
    played_on              TEXT     NOT NULL DEFAULT '',
    reporter_id            INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    reported_at            DATETIME,
    winner_id              INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    loser_id               INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    validated_by           INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    validated_at           DATETIME,
    validation_notes       TEXT     NOT NULL DEFAULT '',
    winner_position_before INTEGER  NOT NULL DEFAULT 0,
    loser_position_before  INTEGER  NOT NULL DEFAULT 0,
    winner_points          INTEGER  NOT NULL DEFAULT 0,
    loser_points           INTEGER  NOT NULL DEFAULT 0,
    created_at             DATETIME NOT NULL,
    updated_at             DATETIME NOT NULL
);
CREATE INDEX matches_tournament_state_idx ON matches (tournament_id, state, validated_at);
CREATE INDEX matches_winner_idx ON matches (tournament_id, winner_id, loser_id) WHERE state = 'completed';
CREATE INDEX matches_loser_idx ON matches (tournament_id, loser_id) WHERE state = 'completed';
CREATE INDEX matches_player1_idx ON matches (player1_id, state);
CREATE INDEX matches_player2_idx ON matches (player2_id, state);

-- +goose Down
DROP TABLE matches;
DROP TABLE tournament_players;
DROP TABLE tournament_images;
DROP TABLE tournaments;
