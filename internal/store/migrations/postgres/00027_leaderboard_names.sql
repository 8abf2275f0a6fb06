-- +goose Up
-- The leaderboard pages are kept in memory per version of the rankings' data with the players'
-- names and pictures (service/leaderboard_pages.go): a change of what DisplayName and the
-- picture read moves that version too, as a change of visibility does (00025, whose function
-- bumps the reader's shard).
CREATE TRIGGER users_leaderboard_names AFTER UPDATE OF first_name, last_name, ext_name, ext_given_name, email,
    photo_etag, ext_picture ON users
    FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
        OR OLD.ext_name IS DISTINCT FROM NEW.ext_name OR OLD.ext_given_name IS DISTINCT FROM NEW.ext_given_name
        OR OLD.email IS DISTINCT FROM NEW.email OR OLD.photo_etag IS DISTINCT FROM NEW.photo_etag
        OR OLD.ext_picture IS DISTINCT FROM NEW.ext_picture)
    EXECUTE FUNCTION users_leaderboard_visibility();

-- +goose Down
DROP TRIGGER users_leaderboard_names ON users;
