-- +goose Up
-- The period rankings (this week, this month; issue 14's budget) read a table maintained in the
-- validation transaction instead of summing the period's rating_history rows per request: one row
-- per player per period of each maintained zone (store.PeriodZones: Europe/Lisbon,
-- Atlantic/Azores), period_start the period's first instant (UTC). rating is the player's rating
-- as of their last validation in the period (the current one for the periods being shown), so a
-- page is a range of player_period_stats_ranking_idx in the ranking's order: points, wins, rating,
-- user id. Existing history is copied in by store.Migrate on its first run after this migration
-- (period_stats_backfill.done), with the very query the ranking used before (the same code on
-- both databases: SQLite has no time zones to compute the periods in SQL).
CREATE TABLE player_period_stats (
    zone         TEXT        NOT NULL,
    period_kind  TEXT        NOT NULL,
    period_start TIMESTAMPTZ NOT NULL,
    user_id      BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    points       INTEGER     NOT NULL DEFAULT 0,
    wins         INTEGER     NOT NULL DEFAULT 0,
    matches      INTEGER     NOT NULL DEFAULT 0,
    rating       DOUBLE PRECISION NOT NULL DEFAULT 1500,
    PRIMARY KEY (zone, period_kind, period_start, user_id)
);
CREATE INDEX player_period_stats_ranking_idx ON player_period_stats
    (zone, period_kind, period_start, points DESC, wins DESC, rating DESC, user_id);
CREATE INDEX player_period_stats_user_idx ON player_period_stats (user_id);

CREATE TABLE period_stats_backfill (
    id   INTEGER PRIMARY KEY,
    done BOOLEAN NOT NULL DEFAULT FALSE
);
INSERT INTO period_stats_backfill (id, done) VALUES (1, FALSE);

-- The version of the global rankings' data: the reader's position ("me" row) is worked out once
-- per version and kept in memory (service/leaderboard_me.go). Sixteen counters, summed by the
-- reader: a validation bumps one (its tournament's), so concurrent validations of different
-- tournaments rarely wait on one row. Bumped by RecordStats, the transfer of a user's
-- statistics, and a change of a user's visibility (hidden, status, deleted_at).
CREATE TABLE leaderboard_versions (
    shard   INTEGER PRIMARY KEY,
    version BIGINT NOT NULL DEFAULT 0
);
INSERT INTO leaderboard_versions (shard, version)
    VALUES (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0),
           (8, 0), (9, 0), (10, 0), (11, 0), (12, 0), (13, 0), (14, 0), (15, 0);

-- +goose StatementBegin
CREATE FUNCTION users_leaderboard_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE leaderboard_versions SET version = version + 1 WHERE shard = NEW.id % 16;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER users_leaderboard_visibility AFTER UPDATE OF hidden, status, deleted_at ON users
    FOR EACH ROW WHEN (OLD.hidden IS DISTINCT FROM NEW.hidden OR OLD.status IS DISTINCT FROM NEW.status
        OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
    EXECUTE FUNCTION users_leaderboard_visibility();

-- +goose Down
DROP TRIGGER users_leaderboard_visibility ON users;
DROP FUNCTION users_leaderboard_visibility();
DROP TABLE leaderboard_versions;
DROP TABLE period_stats_backfill;
DROP TABLE player_period_stats;
