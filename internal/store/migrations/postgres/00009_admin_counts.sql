-- +goose Up
-- The administration area (#12): indexes so the dashboard's counters and the admin lists never
-- scan a table that grows with history, and the time of each account's last sign-in.
-- Counters by match state (played, waiting for validation, active) and "weekly games" (completed
-- matches by validation time) read this index only.
CREATE INDEX matches_state_validated_idx ON matches (state, validated_at);
-- Active challenges (pending) and the admin challenges list by status, newest first.
CREATE INDEX challenges_status_idx ON challenges (status, id);
-- The players admin list: keyset pages by name, filtered by role and status.
CREATE INDEX users_search_idx ON users (search_key, id);
CREATE INDEX users_role_status_idx ON users (role, status);
ALTER TABLE users ADD COLUMN last_sign_in_at TIMESTAMPTZ;

-- +goose Down
ALTER TABLE users DROP COLUMN last_sign_in_at;
DROP INDEX users_role_status_idx;
DROP INDEX users_search_idx;
DROP INDEX challenges_status_idx;
DROP INDEX matches_state_validated_idx;
