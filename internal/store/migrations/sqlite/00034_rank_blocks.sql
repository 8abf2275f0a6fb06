-- +goose Up
-- Players per tie group and block of seeds of each tournament's standings, kept by triggers
-- whatever the code path (issue 16). A points ranking orders by points, head-to-head, wins,
-- seed, id (ladder.Order); the result write places a player by counting those ranked before
-- (store.placeTwo). Those level on points, head-to-head and wins and ahead by seed were a range
-- of the ranking index, and a range is counted row by row: on a 6,000-player ladder the players
-- who never won are thousands, and the write cost 1.6x that of a 60-player ladder. With these
-- counts a tie group ahead by seed is a sum over its earlier blocks plus at most one block's rows.
-- The block is seed / 64 (store.rankBlockSize; integer division, truncating as Go's does).
-- Rows that fall to zero players are deleted, so a sum never walks stale groups.
CREATE TABLE tournament_rank_blocks (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    points INTEGER NOT NULL,
    h2h INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    block INTEGER NOT NULL,
    players INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, points, h2h, wins, block)
);
INSERT INTO tournament_rank_blocks (tournament_id, points, h2h, wins, block, players)
    SELECT tournament_id, points, h2h, wins, seed / 64, COUNT(*) FROM tournament_players
    WHERE role = 'player' AND status <> 'requested' GROUP BY tournament_id, points, h2h, wins, seed / 64;
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
DROP TRIGGER tournament_rank_blocks_update_new;
DROP TRIGGER tournament_rank_blocks_update_old;
DROP TRIGGER tournament_rank_blocks_delete;
DROP TRIGGER tournament_rank_blocks_insert;
DROP TABLE tournament_rank_blocks;
