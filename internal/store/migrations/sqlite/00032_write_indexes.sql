-- +goose Up
-- Fewer index pages written per validated result (issue 16: every index a validation changes is
-- one or two more pages in the commit). Each read that used a dropped index keeps an equivalent
-- plan (EXPLAIN QUERY PLAN of every statement the tests run, on SQLite, and EXPLAIN on
-- PostgreSQL; docs/PERFORMANCE.md):
-- matches_completed_idx (validated_at) of completed matches: no plan used it; the recent results
-- read (state = 'completed' ORDER BY validated_at DESC) is a range of matches_state_validated_idx.
DROP INDEX matches_completed_idx;
-- matches_open_idx (tournament_id, state, created_at): its reads seek on tournament_id and state
-- only (created_at was never a range or an order), which matches_tournament_state_idx
-- (tournament_id, state, validated_at) gives the same.
DROP INDEX matches_open_idx;
-- rating_history_period_idx (validated_at, user_id, points, won): rating_history_week_idx
-- (validated_at, user_id, won, points, position_before, position_after) holds the same columns,
-- so the period sums stay index-only ranges of it.
DROP INDEX rating_history_period_idx;
-- The losers' index also holds the winner: the head-to-head upkeep of a result
-- (store.moveH2H: "who beat the two players") becomes two seeks instead of a scan of every
-- completed match of the tournament through the winners' index.
DROP INDEX matches_loser_idx;
CREATE INDEX matches_loser_idx ON matches (tournament_id, loser_id, winner_id) WHERE state = 'completed';
-- tournament_players_standing_idx without points: its reads seek on (tournament_id, role[,
-- status]) only (the referees, the counts of players, the classic moves), and the points, which
-- change with every result, moved both players' entries (two more pages per validation, on a
-- large ladder each in its own page). The points ranking reads tournament_players_rank_idx; the
-- weekly snapshot now sorts the players whole instead of half-sorted by it (once a week).
DROP INDEX tournament_players_standing_idx;
CREATE INDEX tournament_players_standing_idx ON tournament_players (tournament_id, role, status);

-- +goose Down
DROP INDEX tournament_players_standing_idx;
CREATE INDEX tournament_players_standing_idx ON tournament_players (tournament_id, role, status, points);
DROP INDEX matches_loser_idx;
CREATE INDEX matches_loser_idx ON matches (tournament_id, loser_id) WHERE state = 'completed';
CREATE INDEX rating_history_period_idx ON rating_history (validated_at, user_id, points, won);
CREATE INDEX matches_open_idx ON matches (tournament_id, state, created_at);
CREATE INDEX matches_completed_idx ON matches (validated_at DESC) WHERE state = 'completed';
