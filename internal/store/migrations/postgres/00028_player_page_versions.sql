-- +goose Up
-- The statistics and history pages of a player are kept in memory under a stamp read in one small
-- query per request (store.PlayerPageStamp, service/player_pages.go): the player's account version
-- (users.version), this per-player version, and the sum of the versions of the player's
-- tournaments. player_versions.version moves with every row the pages read about the player:
-- their statistics, rating history, XP and streak, achievements, per-tournament records and
-- participations (insert, update — both the old and the new owner on a transfer — and delete),
-- and with a change of the name of anyone they played (the history shows opponents' names).
-- No foreign key: a bump for a user being deleted must not fail, and a stale row costs nothing.
CREATE TABLE player_versions (
    user_id BIGINT PRIMARY KEY,
    version BIGINT NOT NULL DEFAULT 0
);

-- +goose StatementBegin
CREATE FUNCTION player_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        INSERT INTO player_versions (user_id, version) VALUES (OLD.user_id, 1)
            ON CONFLICT (user_id) DO UPDATE SET version = player_versions.version + 1;
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
        INSERT INTO player_versions (user_id, version) VALUES (NEW.user_id, 1)
            ON CONFLICT (user_id) DO UPDATE SET version = player_versions.version + 1;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER player_stats_page_version AFTER INSERT OR UPDATE OR DELETE ON player_stats
    FOR EACH ROW EXECUTE FUNCTION player_versions_bump();
CREATE TRIGGER rating_history_page_version AFTER INSERT OR UPDATE OR DELETE ON rating_history
    FOR EACH ROW EXECUTE FUNCTION player_versions_bump();
CREATE TRIGGER player_progress_page_version AFTER INSERT OR UPDATE OR DELETE ON player_progress
    FOR EACH ROW EXECUTE FUNCTION player_versions_bump();
CREATE TRIGGER user_achievements_page_version AFTER INSERT OR UPDATE OR DELETE ON user_achievements
    FOR EACH ROW EXECUTE FUNCTION player_versions_bump();
CREATE TRIGGER player_tournament_stats_page_version AFTER INSERT OR UPDATE OR DELETE ON player_tournament_stats
    FOR EACH ROW EXECUTE FUNCTION player_versions_bump();
CREATE TRIGGER tournament_players_page_version AFTER INSERT OR UPDATE OR DELETE ON tournament_players
    FOR EACH ROW EXECUTE FUNCTION player_versions_bump();

-- A rename moves the pages of everyone who played the renamed user: rating_history has a row for
-- each side of a validated match, so they are the opponents of the renamed user's own rows (an
-- index range on rating_history_h2h_idx, not a scan for opponent_id).
-- +goose StatementBegin
CREATE FUNCTION player_versions_opponents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO player_versions (user_id, version)
        SELECT DISTINCT opponent_id, 1 FROM rating_history WHERE user_id = NEW.id AND opponent_id IS NOT NULL
        ON CONFLICT (user_id) DO UPDATE SET version = player_versions.version + 1;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER users_page_opponents AFTER UPDATE OF first_name, last_name, ext_name, ext_given_name, email ON users
    FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
        OR OLD.ext_name IS DISTINCT FROM NEW.ext_name OR OLD.ext_given_name IS DISTINCT FROM NEW.ext_given_name
        OR OLD.email IS DISTINCT FROM NEW.email)
    EXECUTE FUNCTION player_versions_opponents();

-- What the pages show of a tournament (name, status, privacy, order, ranking type) moves its
-- version as store.Bump does for its standings and people: the stamp sums the player's
-- tournaments' versions.
-- +goose StatementBegin
CREATE FUNCTION tournaments_page_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.version := NEW.version + 1;
    RETURN NEW;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER tournaments_page_version BEFORE UPDATE OF name, status, privacy, sort_key, ranking_type ON tournaments
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.status IS DISTINCT FROM NEW.status
        OR OLD.privacy IS DISTINCT FROM NEW.privacy OR OLD.sort_key IS DISTINCT FROM NEW.sort_key
        OR OLD.ranking_type IS DISTINCT FROM NEW.ranking_type)
    EXECUTE FUNCTION tournaments_page_version();

-- +goose Down
DROP TRIGGER tournaments_page_version ON tournaments;
DROP FUNCTION tournaments_page_version();
DROP TRIGGER users_page_opponents ON users;
DROP FUNCTION player_versions_opponents();
DROP TRIGGER tournament_players_page_version ON tournament_players;
DROP TRIGGER player_tournament_stats_page_version ON player_tournament_stats;
DROP TRIGGER user_achievements_page_version ON user_achievements;
DROP TRIGGER player_progress_page_version ON player_progress;
DROP TRIGGER rating_history_page_version ON rating_history;
DROP TRIGGER player_stats_page_version ON player_stats;
DROP FUNCTION player_versions_bump();
DROP TABLE player_versions;
