-- +goose Up
-- Players per tie group and block of seeds of each tournament's standings, kept by a trigger
-- whatever the code path (issue 16); see the SQLite migration of the same number for why. The
-- block is seed / 64 (store.rankBlockSize; integer division truncates, as Go's and SQLite's).
-- Rows that fall to zero players are deleted, so a sum never walks stale groups.
CREATE TABLE tournament_rank_blocks (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
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
CREATE FUNCTION tournament_rank_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    was BOOLEAN := TG_OP <> 'INSERT' AND OLD.role = 'player' AND OLD.status <> 'requested';
    now_counted BOOLEAN := TG_OP <> 'DELETE' AND NEW.role = 'player' AND NEW.status <> 'requested';
    remaining INTEGER;
BEGIN
    IF TG_OP = 'UPDATE' AND was = now_counted AND OLD.points = NEW.points AND OLD.h2h = NEW.h2h AND OLD.wins = NEW.wins
        AND OLD.seed / 64 = NEW.seed / 64 AND OLD.tournament_id = NEW.tournament_id THEN
        RETURN NULL;
    END IF;
    IF was THEN
        -- Decrement first, then delete only what this transaction's own decrement emptied: the
        -- UPDATE holds the row's lock, so two transactions moving players out of one group
        -- (each waiting for the other's row lock) cannot both miss the empty row.
        UPDATE tournament_rank_blocks SET players = players - 1 WHERE tournament_id = OLD.tournament_id
            AND points = OLD.points AND h2h = OLD.h2h AND wins = OLD.wins AND block = OLD.seed / 64
            RETURNING players INTO remaining;
        IF remaining <= 0 THEN
            DELETE FROM tournament_rank_blocks WHERE tournament_id = OLD.tournament_id AND points = OLD.points
                AND h2h = OLD.h2h AND wins = OLD.wins AND block = OLD.seed / 64 AND players <= 0;
        END IF;
    END IF;
    IF now_counted THEN
        INSERT INTO tournament_rank_blocks (tournament_id, points, h2h, wins, block, players)
            VALUES (NEW.tournament_id, NEW.points, NEW.h2h, NEW.wins, NEW.seed / 64, 1)
            ON CONFLICT (tournament_id, points, h2h, wins, block) DO UPDATE SET players = tournament_rank_blocks.players + 1;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER tournament_rank_blocks AFTER INSERT OR DELETE OR UPDATE OF points, h2h, wins, seed, role, status, tournament_id
    ON tournament_players FOR EACH ROW EXECUTE FUNCTION tournament_rank_blocks();

-- +goose Down
DROP TRIGGER tournament_rank_blocks ON tournament_players;
DROP FUNCTION tournament_rank_blocks();
DROP TABLE tournament_rank_blocks;
