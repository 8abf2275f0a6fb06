-- +goose Up
-- The leaderboard pages are kept in memory per version of the rankings' data with the players'
-- names and pictures (service/leaderboard_pages.go): a change of what DisplayName and the
-- picture read moves that version too, as a change of visibility does (00025).
-- +goose StatementBegin
CREATE TRIGGER users_leaderboard_names AFTER UPDATE OF first_name, last_name, ext_name, ext_given_name, email,
    photo_etag, ext_picture ON users
WHEN OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name OR OLD.ext_name IS NOT NEW.ext_name
    OR OLD.ext_given_name IS NOT NEW.ext_given_name OR OLD.email IS NOT NEW.email
    OR OLD.photo_etag IS NOT NEW.photo_etag OR OLD.ext_picture IS NOT NEW.ext_picture
BEGIN
    UPDATE leaderboard_versions SET version = version + 1 WHERE shard = NEW.id % 16;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER users_leaderboard_names;
