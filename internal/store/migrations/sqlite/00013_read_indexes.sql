-- +goose Up
-- Indexes the read paths were missing (issue 16): the match of a challenge (GET /api/matches
-- joined each match's challenge by a scan), players of a district (new-tournament notices),
-- matches by state (administration lists and counters).
CREATE INDEX challenges_match_idx ON challenges (match_id);
CREATE INDEX users_district_idx ON users (district);
CREATE INDEX matches_state_idx ON matches (state, id);

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
CREATE TRIGGER tournament_players_count_insert AFTER INSERT ON tournament_players
WHEN NEW.role = 'player' AND NEW.status <> 'requested'
BEGIN
    UPDATE tournaments SET player_count = player_count + 1 WHERE id = NEW.tournament_id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tournament_players_count_delete AFTER DELETE ON tournament_players
WHEN OLD.role = 'player' AND OLD.status <> 'requested'
BEGIN
    UPDATE tournaments SET player_count = player_count - 1 WHERE id = OLD.tournament_id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER tournament_players_count_update AFTER UPDATE OF role, status, tournament_id ON tournament_players
WHEN OLD.tournament_id <> NEW.tournament_id
    OR (OLD.role = 'player' AND OLD.status <> 'requested') <> (NEW.role = 'player' AND NEW.status <> 'requested')
BEGIN
    UPDATE tournaments SET player_count = player_count - 1
        WHERE id = OLD.tournament_id AND OLD.role = 'player' AND OLD.status <> 'requested';
    UPDATE tournaments SET player_count = player_count + 1
        WHERE id = NEW.tournament_id AND NEW.role = 'player' AND NEW.status <> 'requested';
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER club_members_count_insert AFTER INSERT ON club_members
BEGIN
    UPDATE clubs SET member_count = member_count + 1 WHERE id = NEW.club_id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER club_members_count_delete AFTER DELETE ON club_members
BEGIN
    UPDATE clubs SET member_count = member_count - 1 WHERE id = OLD.club_id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER club_members_count_update AFTER UPDATE OF club_id ON club_members
WHEN OLD.club_id <> NEW.club_id
BEGIN
    UPDATE clubs SET member_count = member_count - 1 WHERE id = OLD.club_id;
    UPDATE clubs SET member_count = member_count + 1 WHERE id = NEW.club_id;
END;
-- +goose StatementEnd

-- A version of each account, bumped by every change to its row whatever code path makes it:
-- signed-in requests keep the account in memory and read only this number (and the session's
-- expiry) to know whether it is still good (issue 16; see service.Authenticate).
ALTER TABLE users ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
-- +goose StatementBegin
CREATE TRIGGER users_version AFTER UPDATE ON users
WHEN NEW.version = OLD.version
BEGIN
    UPDATE users SET version = OLD.version + 1 WHERE id = NEW.id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER users_version;
ALTER TABLE users DROP COLUMN version;
DROP TRIGGER club_members_count_update;
DROP TRIGGER club_members_count_delete;
DROP TRIGGER club_members_count_insert;
DROP TRIGGER tournament_players_count_update;
DROP TRIGGER tournament_players_count_delete;
DROP TRIGGER tournament_players_count_insert;
ALTER TABLE clubs DROP COLUMN member_count;
ALTER TABLE tournaments DROP COLUMN player_count;
DROP INDEX matches_state_idx;
DROP INDEX users_district_idx;
DROP INDEX challenges_match_idx;
