-- +goose Up
-- Indexes the read paths were missing (issue 16): the match of a challenge (GET /api/matches
-- joined each match's challenge by a scan), players of a district (new-tournament notices),
-- matches by state (administration lists and counters).
CREATE INDEX challenges_match_idx ON challenges (match_id);
CREATE INDEX users_district_idx ON users (district);
CREATE INDEX matches_state_idx ON matches (state, id);

-- Substring search (LIKE '%term%' on the accent-free search keys) served by trigram indexes.
-- pg_trgm ships with PostgreSQL's contrib and is a trusted extension (PostgreSQL 13+): a
-- database owner may install it. Where it cannot be installed the search still works, by
-- scanning; the migration says so with a NOTICE instead of failing. The extension goes to the
-- public schema when there is one, so that dropping an application schema never drops it; the
-- operator class is named with the extension's schema, whatever the search_path.
-- +goose StatementBegin
DO $$
DECLARE
    ext_schema TEXT;
BEGIN
    BEGIN
        IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public') THEN
            CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
        ELSE
            CREATE EXTENSION IF NOT EXISTS pg_trgm;
        END IF;
    EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'pg_trgm is not available (%): substring search runs without trigram indexes', SQLERRM;
    END;
    SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname = 'pg_trgm';
    IF ext_schema IS NOT NULL THEN
        EXECUTE format('CREATE INDEX users_search_trgm_idx ON users USING gin (search_key %I.gin_trgm_ops)', ext_schema);
        EXECUTE format('CREATE INDEX clubs_search_trgm_idx ON clubs USING gin (sort_key %I.gin_trgm_ops)', ext_schema);
        EXECUTE format('CREATE INDEX tournaments_search_trgm_idx ON tournaments USING gin (sort_key %I.gin_trgm_ops)', ext_schema);
    END IF;
END
$$;
-- +goose StatementEnd

-- Players of a tournament and members of a club, counted as rows change (issue 16: every list
-- row counted them again, a cost that grows with the ladder). Triggers keep the counts on both
-- databases whatever code path changes the rows, cascading deletes included; the points and
-- positions a result changes do not fire them (only role, status and tournament do).
ALTER TABLE tournaments ADD COLUMN player_count INTEGER NOT NULL DEFAULT 0;
UPDATE tournaments SET player_count = (SELECT COUNT(*) FROM tournament_players p
    WHERE p.tournament_id = tournaments.id AND p.role = 'player' AND p.status <> 'requested');
ALTER TABLE clubs ADD COLUMN member_count INTEGER NOT NULL DEFAULT 0;
UPDATE clubs SET member_count = (SELECT COUNT(*) FROM club_members m WHERE m.club_id = clubs.id);

-- +goose StatementBegin
CREATE FUNCTION tournament_players_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    was BOOLEAN := TG_OP <> 'INSERT' AND OLD.role = 'player' AND OLD.status <> 'requested';
    now_counted BOOLEAN := TG_OP <> 'DELETE' AND NEW.role = 'player' AND NEW.status <> 'requested';
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.tournament_id = NEW.tournament_id AND was = now_counted THEN
        RETURN NULL;
    END IF;
    IF was THEN
        UPDATE tournaments SET player_count = player_count - 1 WHERE id = OLD.tournament_id;
    END IF;
    IF now_counted THEN
        UPDATE tournaments SET player_count = player_count + 1 WHERE id = NEW.tournament_id;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER tournament_players_count AFTER INSERT OR DELETE OR UPDATE OF role, status, tournament_id
    ON tournament_players FOR EACH ROW EXECUTE FUNCTION tournament_players_count();

-- +goose StatementBegin
CREATE FUNCTION club_members_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.club_id = NEW.club_id THEN
        RETURN NULL;
    END IF;
    IF TG_OP <> 'INSERT' THEN
        UPDATE clubs SET member_count = member_count - 1 WHERE id = OLD.club_id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        UPDATE clubs SET member_count = member_count + 1 WHERE id = NEW.club_id;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER club_members_count AFTER INSERT OR DELETE OR UPDATE OF club_id
    ON club_members FOR EACH ROW EXECUTE FUNCTION club_members_count();

-- A version of each account, bumped by every change to its row whatever code path makes it:
-- signed-in requests keep the account in memory and read only this number (and the session's
-- expiry) to know whether it is still good (issue 16; see service.Authenticate).
ALTER TABLE users ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
-- +goose StatementBegin
CREATE FUNCTION users_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.version := OLD.version + 1;
    RETURN NEW;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER users_version BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION users_version();

-- +goose Down
DROP TRIGGER users_version ON users;
DROP FUNCTION users_version();
ALTER TABLE users DROP COLUMN version;
DROP TRIGGER club_members_count ON club_members;
DROP FUNCTION club_members_count();
DROP TRIGGER tournament_players_count ON tournament_players;
DROP FUNCTION tournament_players_count();
ALTER TABLE clubs DROP COLUMN member_count;
ALTER TABLE tournaments DROP COLUMN player_count;
DROP INDEX IF EXISTS tournaments_search_trgm_idx;
DROP INDEX IF EXISTS clubs_search_trgm_idx;
DROP INDEX IF EXISTS users_search_trgm_idx;
DROP INDEX matches_state_idx;
DROP INDEX users_district_idx;
DROP INDEX challenges_match_idx;
