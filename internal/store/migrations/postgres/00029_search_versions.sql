-- +goose Up
-- The global search keeps its results in memory (service/search_cache.go, issue 16) under versions
-- that cover everything a result shows, read per request instead of the four searches:
--
-- * The players it finds join the lists' version (00024): a new, renamed, moved, hidden,
--   suspended or deleted account moves it, as a change of a club or a tournament does. One row
--   for all, as in 00024. The columns are those of the search's match (search_key), filter
--   (hidden, status) and result (DisplayName's columns, district, municipality). A row trigger
--   with a WHEN, so a statement rewriting a name unchanged (a profile save) moves nothing.
-- * The reader's own challenges have a version of their own, bumped on every new, deleted or
--   changed challenge (status, match, the two players, the tournament). Sixteen counters, summed
--   by the reader: each transaction bumps one, its transaction id's, so concurrent challenge
--   changes rarely wait on one row, and a transaction changing many challenges (an expiry run)
--   locks one counter, never two in some order.
-- +goose StatementBegin
CREATE FUNCTION users_search_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'lists';
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER users_search AFTER INSERT OR DELETE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION users_search_bump();
CREATE TRIGGER users_search_update AFTER UPDATE OF search_key, hidden, status, first_name, last_name, ext_name,
    ext_given_name, email, district, municipality, deleted_at ON users
    FOR EACH ROW WHEN (OLD.search_key IS DISTINCT FROM NEW.search_key OR OLD.hidden IS DISTINCT FROM NEW.hidden
        OR OLD.status IS DISTINCT FROM NEW.status OR OLD.first_name IS DISTINCT FROM NEW.first_name
        OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.ext_name IS DISTINCT FROM NEW.ext_name
        OR OLD.ext_given_name IS DISTINCT FROM NEW.ext_given_name OR OLD.email IS DISTINCT FROM NEW.email
        OR OLD.district IS DISTINCT FROM NEW.district OR OLD.municipality IS DISTINCT FROM NEW.municipality
        OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
    EXECUTE FUNCTION users_search_bump();

CREATE TABLE challenge_versions (
    shard   INTEGER PRIMARY KEY,
    version BIGINT NOT NULL DEFAULT 0
);
INSERT INTO challenge_versions (shard, version)
    VALUES (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0),
           (8, 0), (9, 0), (10, 0), (11, 0), (12, 0), (13, 0), (14, 0), (15, 0);

-- +goose StatementBegin
CREATE FUNCTION challenge_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE challenge_versions SET version = version + 1 WHERE shard = txid_current() % 16;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER challenges_search AFTER INSERT OR DELETE ON challenges
    FOR EACH STATEMENT EXECUTE FUNCTION challenge_versions_bump();
CREATE TRIGGER challenges_search_update AFTER UPDATE OF status, match_id, challenger_id, challenged_id, tournament_id
    ON challenges
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.match_id IS DISTINCT FROM NEW.match_id
        OR OLD.challenger_id IS DISTINCT FROM NEW.challenger_id OR OLD.challenged_id IS DISTINCT FROM NEW.challenged_id
        OR OLD.tournament_id IS DISTINCT FROM NEW.tournament_id)
    EXECUTE FUNCTION challenge_versions_bump();

-- +goose Down
DROP TRIGGER challenges_search_update ON challenges;
DROP TRIGGER challenges_search ON challenges;
DROP FUNCTION challenge_versions_bump();
DROP TABLE challenge_versions;
DROP TRIGGER users_search_update ON users;
DROP TRIGGER users_search ON users;
DROP FUNCTION users_search_bump();
