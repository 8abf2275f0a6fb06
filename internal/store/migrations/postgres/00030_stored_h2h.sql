-- +goose Up
-- The result write keeps each player's head-to-head tie-break (validated wins against players
-- level on points) in the player's row (issue 16): a position is then one count over the
-- ranking index, with no read of the level's matches. store.RecordResult maintains it for the
-- two players of a result and those who beat them. Any other change that can move it (points or
-- admission changed by another path, a completed match annulled or deleted, a player with
-- results removed) marks the tournament's head-to-heads stale, through these triggers whatever
-- the code path; the next result write recomputes them for the whole tournament first.
ALTER TABLE tournament_players ADD COLUMN h2h INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN h2h_stale INTEGER NOT NULL DEFAULT 0;
UPDATE tournament_players SET h2h = (SELECT COUNT(*) FROM matches m JOIN tournament_players o
    ON o.tournament_id = m.tournament_id AND o.user_id = m.loser_id
    WHERE m.tournament_id = tournament_players.tournament_id AND m.winner_id = tournament_players.user_id
    AND m.state = 'completed' AND o.role = 'player' AND o.status <> 'requested' AND o.points = tournament_players.points);

DROP INDEX tournament_players_rank_idx;
CREATE INDEX tournament_players_rank_idx ON tournament_players (tournament_id, points, h2h, wins, seed, user_id)
    WHERE role = 'player' AND status <> 'requested';

-- +goose StatementBegin
CREATE FUNCTION tournament_players_h2h() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        IF OLD.points <> NEW.points OR OLD.tournament_id <> NEW.tournament_id OR OLD.user_id <> NEW.user_id
            OR (OLD.role = 'player' AND OLD.status <> 'requested') <> (NEW.role = 'player' AND NEW.status <> 'requested') THEN
            UPDATE tournaments SET h2h_stale = 1 WHERE id IN (OLD.tournament_id, NEW.tournament_id) AND h2h_stale = 0;
        END IF;
    ELSIF TG_OP = 'INSERT' THEN
        -- A player joining or leaving matters only with validated results in the tournament.
        IF NEW.points <> 0 OR EXISTS (SELECT 1 FROM matches m WHERE m.tournament_id = NEW.tournament_id
            AND m.state = 'completed' AND (m.winner_id = NEW.user_id OR m.loser_id = NEW.user_id)) THEN
            UPDATE tournaments SET h2h_stale = 1 WHERE id = NEW.tournament_id AND h2h_stale = 0;
        END IF;
    ELSIF EXISTS (SELECT 1 FROM matches m WHERE m.tournament_id = OLD.tournament_id
            AND m.state = 'completed' AND m.loser_id = OLD.user_id) THEN
        UPDATE tournaments SET h2h_stale = 1 WHERE id = OLD.tournament_id AND h2h_stale = 0;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER tournament_players_h2h AFTER INSERT OR DELETE OR UPDATE OF points, role, status, tournament_id, user_id
    ON tournament_players FOR EACH ROW EXECUTE FUNCTION tournament_players_h2h();

-- A match entering 'completed' is recorded by store.RecordResult; one leaving it (or changing
-- players once completed) is not.
-- +goose StatementBegin
CREATE FUNCTION matches_h2h() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.state <> 'completed' THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'DELETE' THEN
        UPDATE tournaments SET h2h_stale = 1 WHERE id = OLD.tournament_id AND h2h_stale = 0;
    ELSIF NEW.state <> 'completed' OR OLD.winner_id IS DISTINCT FROM NEW.winner_id
        OR OLD.loser_id IS DISTINCT FROM NEW.loser_id OR OLD.tournament_id <> NEW.tournament_id THEN
        UPDATE tournaments SET h2h_stale = 1 WHERE id IN (OLD.tournament_id, NEW.tournament_id) AND h2h_stale = 0;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER matches_h2h AFTER DELETE OR UPDATE OF state, winner_id, loser_id, tournament_id
    ON matches FOR EACH ROW EXECUTE FUNCTION matches_h2h();

-- Players per points value of each tournament's standings, kept by a trigger whatever the code
-- path: the players with more points than a given player are a sum over the distinct scores
-- above, not a range of rows that grows with the ladder (issue 16).
CREATE TABLE tournament_points (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    points INTEGER NOT NULL,
    players INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, points)
);
INSERT INTO tournament_points (tournament_id, points, players)
    SELECT tournament_id, points, COUNT(*) FROM tournament_players WHERE role = 'player' AND status <> 'requested'
    GROUP BY tournament_id, points;
-- +goose StatementBegin
CREATE FUNCTION tournament_points() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    was BOOLEAN := TG_OP <> 'INSERT' AND OLD.role = 'player' AND OLD.status <> 'requested';
    now_counted BOOLEAN := TG_OP <> 'DELETE' AND NEW.role = 'player' AND NEW.status <> 'requested';
BEGIN
    IF TG_OP = 'UPDATE' AND was = now_counted AND OLD.points = NEW.points AND OLD.tournament_id = NEW.tournament_id THEN
        RETURN NULL;
    END IF;
    IF was THEN
        UPDATE tournament_points SET players = players - 1 WHERE tournament_id = OLD.tournament_id AND points = OLD.points;
    END IF;
    IF now_counted THEN
        INSERT INTO tournament_points (tournament_id, points, players) VALUES (NEW.tournament_id, NEW.points, 1)
            ON CONFLICT (tournament_id, points) DO UPDATE SET players = tournament_points.players + 1;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER tournament_points AFTER INSERT OR DELETE OR UPDATE OF points, role, status, tournament_id
    ON tournament_players FOR EACH ROW EXECUTE FUNCTION tournament_points();

-- +goose Down
DROP TRIGGER tournament_points ON tournament_players;
DROP FUNCTION tournament_points();
DROP TABLE tournament_points;
DROP TRIGGER matches_h2h ON matches;
DROP FUNCTION matches_h2h();
DROP TRIGGER tournament_players_h2h ON tournament_players;
DROP FUNCTION tournament_players_h2h();
DROP INDEX tournament_players_rank_idx;
CREATE INDEX tournament_players_rank_idx ON tournament_players (tournament_id, points, wins, seed, user_id)
    WHERE role = 'player' AND status <> 'requested';
ALTER TABLE tournaments DROP COLUMN h2h_stale;
ALTER TABLE tournament_players DROP COLUMN h2h;
