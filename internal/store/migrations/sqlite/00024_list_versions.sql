-- +goose Up
-- A version of each public list (issue 16): the club and tournament lists are kept in memory per
-- filter and each request reads only this number to know whether the kept page is still good, on
-- every instance. Triggers bump it on every change to a column the list shows, whatever code path
-- makes it (cascades and the count triggers of 00013 included). The standings' `version` bump and
-- `snapshot_week`, `updated_at`, `decided_*` do not fire them: the lists do not show those, so a
-- validated result does not invalidate the lists. A column added to the lists must join the
-- triggers' column lists. One version serves both lists (the tournament list shows its club's
-- name): one row, so bumps never wait on each other in two orders (PostgreSQL).
CREATE TABLE list_versions (
    name    TEXT PRIMARY KEY,
    version INTEGER NOT NULL DEFAULT 0
);
INSERT INTO list_versions (name, version) VALUES ('lists', 0);

-- +goose StatementBegin
CREATE TRIGGER tournaments_list_insert AFTER INSERT ON tournaments
BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'lists';
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tournaments_list_delete AFTER DELETE ON tournaments
BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'lists';
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tournaments_list_update AFTER UPDATE OF name, sort_key, club_id, location, district, privacy,
    end_date, response_days, max_rejections, ranking_type, preset, win_vs_higher, win_vs_lower, defeat, min_games,
    max_games, period_weeks, challenge_range, max_participants, special_rules, image_etag, status, reject_reason,
    creator_id, expires_at, created_at, player_count ON tournaments
BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'lists';
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER clubs_list_insert AFTER INSERT ON clubs
BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'lists';
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER clubs_list_delete AFTER DELETE ON clubs
BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'lists';
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER clubs_list_update AFTER UPDATE OF name, sort_key, address, phone, email, website, district,
    municipality, surfaces, facilities, status, reject_reason, creator_id, expires_at, image_etag, created_at,
    member_count ON clubs
BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'lists';
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER clubs_list_update;
DROP TRIGGER clubs_list_delete;
DROP TRIGGER clubs_list_insert;
DROP TRIGGER tournaments_list_update;
DROP TRIGGER tournaments_list_delete;
DROP TRIGGER tournaments_list_insert;
DROP TABLE list_versions;
