-- +goose Up
-- Indexes the read paths were missing (issue 16): the match of a challenge (GET /api/matches
-- joined each match's challenge by a scan), players of a district (new-tournament notices),
-- matches by state (administration lists and counters).
CREATE INDEX challenges_match_idx ON challenges (match_id);
CREATE INDEX users_district_idx ON users (district);
CREATE INDEX matches_state_idx ON matches (state, id);

-- +goose Down
DROP INDEX matches_state_idx;
DROP INDEX users_district_idx;
DROP INDEX challenges_match_idx;
