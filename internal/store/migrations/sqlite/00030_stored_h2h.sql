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
CREATE TRIGGER tournament_players_h2h_update AFTER UPDATE OF points, role, status, tournament_id, user_id ON tournament_players
WHEN OLD.points <> NEW.points OR OLD.tournament_id <> NEW.tournament_id OR OLD.user_id <> NEW.user_id
    OR (OLD.role = 'player' AND OLD.status <> 'requested') <> (NEW.role = 'player' AND NEW.status <> 'requested')
BEGIN
    UPDATE tournaments SET h2h_stale = 1 WHERE id IN (OLD.tournament_id, NEW.tournament_id) AND h2h_stale = 0;
END;
-- +goose StatementEnd

-- A player joining or leaving matters only with validated results in the tournament.
-- +goose StatementBegin
CREATE TRIGGER tournament_players_h2h_insert AFTER INSERT ON tournament_players
WHEN NEW.points <> 0 OR EXISTS (SELECT 1 FROM matches m WHERE m.tournament_id = NEW.tournament_id
    AND m.state = 'completed' AND (m.winner_id = NEW.user_id OR m.loser_id = NEW.user_id))
BEGIN
    UPDATE tournaments SET h2h_stale = 1 WHERE id = NEW.tournament_id AND h2h_stale = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER tournament_players_h2h_delete AFTER DELETE ON tournament_players
WHEN EXISTS (SELECT 1 FROM matches m WHERE m.tournament_id = OLD.tournament_id
    AND m.state = 'completed' AND m.loser_id = OLD.user_id)
BEGIN
    UPDATE tournaments SET h2h_stale = 1 WHERE id = OLD.tournament_id AND h2h_stale = 0;
END;
-- +goose StatementEnd

-- A match entering 'completed' is recorded by store.RecordResult; one leaving it (or changing
-- players once completed) is not.
-- +goose StatementBegin
CREATE TRIGGER matches_h2h_update AFTER UPDATE OF state, winner_id, loser_id, tournament_id ON matches
WHEN OLD.state = 'completed' AND (NEW.state <> 'completed' OR OLD.winner_id IS NOT NEW.winner_id
    OR OLD.loser_id IS NOT NEW.loser_id OR OLD.tournament_id <> NEW.tournament_id)
BEGIN
    UPDATE tournaments SET h2h_stale = 1 WHERE id IN (OLD.tournament_id, NEW.tournament_id) AND h2h_stale = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER matches_h2h_delete AFTER DELETE ON matches WHEN OLD.state = 'completed'
BEGIN
    UPDATE tournaments SET h2h_stale = 1 WHERE id = OLD.tournament_id AND h2h_stale = 0;
END;
-- +goose StatementEnd

-- Players per points value of each tournament's standings, kept by triggers whatever the code
-- path: the players with more points than a given player are a sum over the distinct scores
-- above, not a range of rows that grows with the ladder (issue 16).
CREATE TABLE tournament_points (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    points INTEGER NOT NULL,
    players INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, points)
);
INSERT INTO tournament_points (tournament_id, points, players)
    SELECT tournament_id, points, COUNT(*) FROM tournament_players WHERE role = 'player' AND status <> 'requested'
    GROUP BY tournament_id, points;
-- +goose StatementBegin
CREATE TRIGGER tournament_points_insert AFTER INSERT ON tournament_players
WHEN NEW.role = 'player' AND NEW.status <> 'requested'
BEGIN
    INSERT INTO tournament_points (tournament_id, points, players) VALUES (NEW.tournament_id, NEW.points, 1)
        ON CONFLICT (tournament_id, points) DO UPDATE SET players = players + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tournament_points_delete AFTER DELETE ON tournament_players
WHEN OLD.role = 'player' AND OLD.status <> 'requested'
BEGIN
    UPDATE tournament_points SET players = players - 1 WHERE tournament_id = OLD.tournament_id AND points = OLD.points;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tournament_points_update_old AFTER UPDATE OF points, role, status, tournament_id ON tournament_players
WHEN OLD.role = 'player' AND OLD.status <> 'requested' AND (OLD.points <> NEW.points OR OLD.tournament_id <> NEW.tournament_id
    OR NOT (NEW.role = 'player' AND NEW.status <> 'requested'))
BEGIN
    UPDATE tournament_points SET players = players - 1 WHERE tournament_id = OLD.tournament_id AND points = OLD.points;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tournament_points_update_new AFTER UPDATE OF points, role, status, tournament_id ON tournament_players
WHEN NEW.role = 'player' AND NEW.status <> 'requested' AND (OLD.points <> NEW.points OR OLD.tournament_id <> NEW.tournament_id
    OR NOT (OLD.role = 'player' AND OLD.status <> 'requested'))
BEGIN
    INSERT INTO tournament_points (tournament_id, points, players) VALUES (NEW.tournament_id, NEW.points, 1)
        ON CONFLICT (tournament_id, points) DO UPDATE SET players = players + 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER tournament_points_update_new;
DROP TRIGGER tournament_points_update_old;
DROP TRIGGER tournament_points_delete;
DROP TRIGGER tournament_points_insert;
DROP TABLE tournament_points;
DROP TRIGGER matches_h2h_delete;
DROP TRIGGER matches_h2h_update;
DROP TRIGGER tournament_players_h2h_delete;
DROP TRIGGER tournament_players_h2h_insert;
DROP TRIGGER tournament_players_h2h_update;
DROP INDEX tournament_players_rank_idx;
CREATE INDEX tournament_players_rank_idx ON tournament_players (tournament_id, points, wins, seed, user_id)
    WHERE role = 'player' AND status <> 'requested';
ALTER TABLE tournaments DROP COLUMN h2h_stale;
ALTER TABLE tournament_players DROP COLUMN h2h;
