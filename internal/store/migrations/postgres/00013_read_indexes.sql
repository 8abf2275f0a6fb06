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

-- +goose Down
DROP INDEX IF EXISTS tournaments_search_trgm_idx;
DROP INDEX IF EXISTS clubs_search_trgm_idx;
DROP INDEX IF EXISTS users_search_trgm_idx;
DROP INDEX matches_state_idx;
DROP INDEX users_district_idx;
DROP INDEX challenges_match_idx;
