-- +goose Up
-- The kept counts of the standings (00030, 00034) without a rowid (issue 16). The result write
-- places a player by sums over a range of their primary key (store.placeTwo). In a table with a
-- rowid the key is a separate index, and the sum looked up each row's players in the table: on a
-- 6,000-player ladder a placing read a hundred such rows, and the write cost 1.36x that of a
-- 60-player ladder. Without a rowid the primary key is the table: a sum reads the key's own
-- entries, and each count's change writes one B-tree instead of two. The triggers that keep
-- them name the tables, so they are made again around the swap (their text as in 00030, 00034).
DROP TRIGGER tournament_points_insert;
DROP TRIGGER tournament_points_delete;
DROP TRIGGER tournament_points_update_old;
DROP TRIGGER tournament_points_update_new;
DROP TRIGGER tournament_rank_blocks_insert;
DROP TRIGGER tournament_rank_blocks_delete;
DROP TRIGGER tournament_rank_blocks_update_old;
DROP TRIGGER tournament_rank_blocks_update_new;
CREATE TABLE tournament_points_new (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    points INTEGER NOT NULL,
    players INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, points)
) WITHOUT ROWID;
INSERT INTO tournament_points_new (tournament_id, points, players) SELECT tournament_id, points, players FROM tournament_points;
DROP TABLE tournament_points;
ALTER TABLE tournament_points_new RENAME TO tournament_points;
CREATE TABLE tournament_rank_blocks_new (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    points INTEGER NOT NULL,
    h2h INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    block INTEGER NOT NULL,
    players INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, points, h2h, wins, block)
) WITHOUT ROWID;
INSERT INTO tournament_rank_blocks_new (tournament_id, points, h2h, wins, block, players)
    SELECT tournament_id, points, h2h, wins, block, players FROM tournament_rank_blocks;
DROP TABLE tournament_rank_blocks;
ALTER TABLE tournament_rank_blocks_new RENAME TO tournament_rank_blocks;
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
-- +goose StatementBegin
CREATE TRIGGER tournament_rank_blocks_insert AFTER INSERT ON tournament_players
WHEN NEW.role = 'player' AND NEW.status <> 'requested'
BEGIN
    INSERT INTO tournament_rank_blocks (tournament_id, points, h2h, wins, block, players)
        VALUES (NEW.tournament_id, NEW.points, NEW.h2h, NEW.wins, NEW.seed / 64, 1)
        ON CONFLICT (tournament_id, points, h2h, wins, block) DO UPDATE SET players = players + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tournament_rank_blocks_delete AFTER DELETE ON tournament_players
WHEN OLD.role = 'player' AND OLD.status <> 'requested'
BEGIN
    UPDATE tournament_rank_blocks SET players = players - 1 WHERE tournament_id = OLD.tournament_id
        AND points = OLD.points AND h2h = OLD.h2h AND wins = OLD.wins AND block = OLD.seed / 64;
    DELETE FROM tournament_rank_blocks WHERE tournament_id = OLD.tournament_id
        AND points = OLD.points AND h2h = OLD.h2h AND wins = OLD.wins AND block = OLD.seed / 64 AND players <= 0;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tournament_rank_blocks_update_old AFTER UPDATE OF points, h2h, wins, seed, role, status, tournament_id ON tournament_players
WHEN OLD.role = 'player' AND OLD.status <> 'requested' AND (OLD.points <> NEW.points OR OLD.h2h <> NEW.h2h
    OR OLD.wins <> NEW.wins OR OLD.seed / 64 <> NEW.seed / 64 OR OLD.tournament_id <> NEW.tournament_id
    OR NOT (NEW.role = 'player' AND NEW.status <> 'requested'))
BEGIN
    UPDATE tournament_rank_blocks SET players = players - 1 WHERE tournament_id = OLD.tournament_id
        AND points = OLD.points AND h2h = OLD.h2h AND wins = OLD.wins AND block = OLD.seed / 64;
    DELETE FROM tournament_rank_blocks WHERE tournament_id = OLD.tournament_id
        AND points = OLD.points AND h2h = OLD.h2h AND wins = OLD.wins AND block = OLD.seed / 64 AND players <= 0;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tournament_rank_blocks_update_new AFTER UPDATE OF points, h2h, wins, seed, role, status, tournament_id ON tournament_players
WHEN NEW.role = 'player' AND NEW.status <> 'requested' AND (OLD.points <> NEW.points OR OLD.h2h <> NEW.h2h
    OR OLD.wins <> NEW.wins OR OLD.seed / 64 <> NEW.seed / 64 OR OLD.tournament_id <> NEW.tournament_id
    OR NOT (OLD.role = 'player' AND OLD.status <> 'requested'))
BEGIN
    INSERT INTO tournament_rank_blocks (tournament_id, points, h2h, wins, block, players)
        VALUES (NEW.tournament_id, NEW.points, NEW.h2h, NEW.wins, NEW.seed / 64, 1)
        ON CONFLICT (tournament_id, points, h2h, wins, block) DO UPDATE SET players = players + 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER tournament_points_insert;
DROP TRIGGER tournament_points_delete;
DROP TRIGGER tournament_points_update_old;
DROP TRIGGER tournament_points_update_new;
DROP TRIGGER tournament_rank_blocks_insert;
DROP TRIGGER tournament_rank_blocks_delete;
DROP TRIGGER tournament_rank_blocks_update_old;
DROP TRIGGER tournament_rank_blocks_update_new;
CREATE TABLE tournament_points_new (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    points INTEGER NOT NULL,
    players INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, points)
);
INSERT INTO tournament_points_new (tournament_id, points, players) SELECT tournament_id, points, players FROM tournament_points;
DROP TABLE tournament_points;
ALTER TABLE tournament_points_new RENAME TO tournament_points;
CREATE TABLE tournament_rank_blocks_new (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    points INTEGER NOT NULL,
    h2h INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    block INTEGER NOT NULL,
    players INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, points, h2h, wins, block)
);
INSERT INTO tournament_rank_blocks_new (tournament_id, points, h2h, wins, block, players)
    SELECT tournament_id, points, h2h, wins, block, players FROM tournament_rank_blocks;
DROP TABLE tournament_rank_blocks;
ALTER TABLE tournament_rank_blocks_new RENAME TO tournament_rank_blocks;
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
-- +goose StatementBegin
CREATE TRIGGER tournament_rank_blocks_insert AFTER INSERT ON tournament_players
WHEN NEW.role = 'player' AND NEW.status <> 'requested'
BEGIN
    INSERT INTO tournament_rank_blocks (tournament_id, points, h2h, wins, block, players)
        VALUES (NEW.tournament_id, NEW.points, NEW.h2h, NEW.wins, NEW.seed / 64, 1)
        ON CONFLICT (tournament_id, points, h2h, wins, block) DO UPDATE SET players = players + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tournament_rank_blocks_delete AFTER DELETE ON tournament_players
WHEN OLD.role = 'player' AND OLD.status <> 'requested'
BEGIN
    UPDATE tournament_rank_blocks SET players = players - 1 WHERE tournament_id = OLD.tournament_id
        AND points = OLD.points AND h2h = OLD.h2h AND wins = OLD.wins AND block = OLD.seed / 64;
    DELETE FROM tournament_rank_blocks WHERE tournament_id = OLD.tournament_id
        AND points = OLD.points AND h2h = OLD.h2h AND wins = OLD.wins AND block = OLD.seed / 64 AND players <= 0;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tournament_rank_blocks_update_old AFTER UPDATE OF points, h2h, wins, seed, role, status, tournament_id ON tournament_players
WHEN OLD.role = 'player' AND OLD.status <> 'requested' AND (OLD.points <> NEW.points OR OLD.h2h <> NEW.h2h
    OR OLD.wins <> NEW.wins OR OLD.seed / 64 <> NEW.seed / 64 OR OLD.tournament_id <> NEW.tournament_id
    OR NOT (NEW.role = 'player' AND NEW.status <> 'requested'))
BEGIN
    UPDATE tournament_rank_blocks SET players = players - 1 WHERE tournament_id = OLD.tournament_id
        AND points = OLD.points AND h2h = OLD.h2h AND wins = OLD.wins AND block = OLD.seed / 64;
    DELETE FROM tournament_rank_blocks WHERE tournament_id = OLD.tournament_id
        AND points = OLD.points AND h2h = OLD.h2h AND wins = OLD.wins AND block = OLD.seed / 64 AND players <= 0;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tournament_rank_blocks_update_new AFTER UPDATE OF points, h2h, wins, seed, role, status, tournament_id ON tournament_players
WHEN NEW.role = 'player' AND NEW.status <> 'requested' AND (OLD.points <> NEW.points OR OLD.h2h <> NEW.h2h
    OR OLD.wins <> NEW.wins OR OLD.seed / 64 <> NEW.seed / 64 OR OLD.tournament_id <> NEW.tournament_id
    OR NOT (OLD.role = 'player' AND OLD.status <> 'requested'))
BEGIN
    INSERT INTO tournament_rank_blocks (tournament_id, points, h2h, wins, block, players)
        VALUES (NEW.tournament_id, NEW.points, NEW.h2h, NEW.wins, NEW.seed / 64, 1)
        ON CONFLICT (tournament_id, points, h2h, wins, block) DO UPDATE SET players = players + 1;
END;
-- +goose StatementEnd
