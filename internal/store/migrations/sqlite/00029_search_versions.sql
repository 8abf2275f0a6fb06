-- +goose Up
-- The global search keeps its results in memory (service/search_cache.go, issue 16) under versions
-- that cover everything a result shows, read per request instead of the four searches:
--
-- * The players it finds join the lists' version (00024): a new, renamed, moved, hidden,
--   suspended or deleted account moves it, as a change of a club or a tournament does. One row
--   for all, as in 00024. The columns are those of the search's match (search_key), filter
--   (hidden, status) and result (DisplayName's columns, district, municipality).
-- * The reader's own challenges have a version of their own, bumped on every new, deleted or
--   changed challenge (status, match, the two players, the tournament). Sixteen counters, summed
--   by the reader: on PostgreSQL each transaction bumps one (its transaction id's), so concurrent
--   challenge changes rarely wait on one row and never lock two of them. SQLite has one writer:
--   the challenge's id chooses the counter.
-- +goose StatementBegin
CREATE TRIGGER users_search_insert AFTER INSERT ON users
BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'lists';
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER users_search_delete AFTER DELETE ON users
BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'lists';
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER users_search_update AFTER UPDATE OF search_key, hidden, status, first_name, last_name, ext_name,
    ext_given_name, email, district, municipality, deleted_at ON users
WHEN OLD.search_key IS NOT NEW.search_key OR OLD.hidden IS NOT NEW.hidden OR OLD.status IS NOT NEW.status
    OR OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name OR OLD.ext_name IS NOT NEW.ext_name
    OR OLD.ext_given_name IS NOT NEW.ext_given_name OR OLD.email IS NOT NEW.email
    OR OLD.district IS NOT NEW.district OR OLD.municipality IS NOT NEW.municipality
    OR OLD.deleted_at IS NOT NEW.deleted_at
BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'lists';
END;
-- +goose StatementEnd

CREATE TABLE challenge_versions (
    shard   INTEGER PRIMARY KEY,
    version INTEGER NOT NULL DEFAULT 0
);
INSERT INTO challenge_versions (shard, version)
    VALUES (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0),
           (8, 0), (9, 0), (10, 0), (11, 0), (12, 0), (13, 0), (14, 0), (15, 0);

-- +goose StatementBegin
CREATE TRIGGER challenges_search_insert AFTER INSERT ON challenges
BEGIN
    UPDATE challenge_versions SET version = version + 1 WHERE shard = NEW.id % 16;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER challenges_search_delete AFTER DELETE ON challenges
BEGIN
    UPDATE challenge_versions SET version = version + 1 WHERE shard = OLD.id % 16;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER challenges_search_update AFTER UPDATE OF status, match_id, challenger_id, challenged_id, tournament_id
    ON challenges
WHEN OLD.status IS NOT NEW.status OR OLD.match_id IS NOT NEW.match_id OR OLD.challenger_id IS NOT NEW.challenger_id
    OR OLD.challenged_id IS NOT NEW.challenged_id OR OLD.tournament_id IS NOT NEW.tournament_id
BEGIN
    UPDATE challenge_versions SET version = version + 1 WHERE shard = NEW.id % 16;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER challenges_search_update;
DROP TRIGGER challenges_search_delete;
DROP TRIGGER challenges_search_insert;
DROP TABLE challenge_versions;
DROP TRIGGER users_search_update;
DROP TRIGGER users_search_delete;
DROP TRIGGER users_search_insert;
