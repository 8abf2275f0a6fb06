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
    user_id INTEGER PRIMARY KEY,
    version INTEGER NOT NULL DEFAULT 0
);

-- +goose StatementBegin
CREATE TRIGGER player_stats_page_version_ins AFTER INSERT ON player_stats
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (NEW.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER player_stats_page_version_upd AFTER UPDATE ON player_stats
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
    INSERT INTO player_versions (user_id, version) SELECT NEW.user_id, 1 WHERE NEW.user_id IS NOT OLD.user_id
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER player_stats_page_version_del AFTER DELETE ON player_stats
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER rating_history_page_version_ins AFTER INSERT ON rating_history
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (NEW.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER rating_history_page_version_upd AFTER UPDATE ON rating_history
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
    INSERT INTO player_versions (user_id, version) SELECT NEW.user_id, 1 WHERE NEW.user_id IS NOT OLD.user_id
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER rating_history_page_version_del AFTER DELETE ON rating_history
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER player_progress_page_version_ins AFTER INSERT ON player_progress
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (NEW.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER player_progress_page_version_upd AFTER UPDATE ON player_progress
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
    INSERT INTO player_versions (user_id, version) SELECT NEW.user_id, 1 WHERE NEW.user_id IS NOT OLD.user_id
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER player_progress_page_version_del AFTER DELETE ON player_progress
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER user_achievements_page_version_ins AFTER INSERT ON user_achievements
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (NEW.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER user_achievements_page_version_upd AFTER UPDATE ON user_achievements
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
    INSERT INTO player_versions (user_id, version) SELECT NEW.user_id, 1 WHERE NEW.user_id IS NOT OLD.user_id
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER user_achievements_page_version_del AFTER DELETE ON user_achievements
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER player_tournament_stats_page_version_ins AFTER INSERT ON player_tournament_stats
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (NEW.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER player_tournament_stats_page_version_upd AFTER UPDATE ON player_tournament_stats
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
    INSERT INTO player_versions (user_id, version) SELECT NEW.user_id, 1 WHERE NEW.user_id IS NOT OLD.user_id
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER player_tournament_stats_page_version_del AFTER DELETE ON player_tournament_stats
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER tournament_players_page_version_ins AFTER INSERT ON tournament_players
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (NEW.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tournament_players_page_version_upd AFTER UPDATE ON tournament_players
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
    INSERT INTO player_versions (user_id, version) SELECT NEW.user_id, 1 WHERE NEW.user_id IS NOT OLD.user_id
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tournament_players_page_version_del AFTER DELETE ON tournament_players
BEGIN
    INSERT INTO player_versions (user_id, version) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd

-- A rename moves the pages of everyone who played the renamed user: rating_history has a row for
-- each side of a validated match, so they are the opponents of the renamed user's own rows (an
-- index range on rating_history_h2h_idx, not a scan for opponent_id).
-- +goose StatementBegin
CREATE TRIGGER users_page_opponents AFTER UPDATE OF first_name, last_name, ext_name, ext_given_name, email ON users
WHEN OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name OR OLD.ext_name IS NOT NEW.ext_name
    OR OLD.ext_given_name IS NOT NEW.ext_given_name OR OLD.email IS NOT NEW.email
BEGIN
    INSERT INTO player_versions (user_id, version)
        SELECT DISTINCT opponent_id, 1 FROM rating_history WHERE user_id = NEW.id AND opponent_id IS NOT NULL
        ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
-- +goose StatementEnd

-- What the pages show of a tournament (name, status, privacy, order, ranking type) moves its
-- version as store.Bump does for its standings and people: the stamp sums the player's
-- tournaments' versions.
-- +goose StatementBegin
CREATE TRIGGER tournaments_page_version AFTER UPDATE OF name, status, privacy, sort_key, ranking_type ON tournaments
WHEN OLD.name IS NOT NEW.name OR OLD.status IS NOT NEW.status OR OLD.privacy IS NOT NEW.privacy
    OR OLD.sort_key IS NOT NEW.sort_key OR OLD.ranking_type IS NOT NEW.ranking_type
BEGIN
    UPDATE tournaments SET version = version + 1 WHERE id = NEW.id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER tournaments_page_version;
DROP TRIGGER users_page_opponents;
DROP TRIGGER player_stats_page_version_ins;
DROP TRIGGER player_stats_page_version_upd;
DROP TRIGGER player_stats_page_version_del;
DROP TRIGGER rating_history_page_version_ins;
DROP TRIGGER rating_history_page_version_upd;
DROP TRIGGER rating_history_page_version_del;
DROP TRIGGER player_progress_page_version_ins;
DROP TRIGGER player_progress_page_version_upd;
DROP TRIGGER player_progress_page_version_del;
DROP TRIGGER user_achievements_page_version_ins;
DROP TRIGGER user_achievements_page_version_upd;
DROP TRIGGER user_achievements_page_version_del;
DROP TRIGGER player_tournament_stats_page_version_ins;
DROP TRIGGER player_tournament_stats_page_version_upd;
DROP TRIGGER player_tournament_stats_page_version_del;
DROP TRIGGER tournament_players_page_version_ins;
DROP TRIGGER tournament_players_page_version_upd;
DROP TRIGGER tournament_players_page_version_del;
DROP TABLE player_versions;
