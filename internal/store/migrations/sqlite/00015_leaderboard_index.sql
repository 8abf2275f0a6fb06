-- +goose Up
-- The all-time global ranking reads player_stats in its order (points, then wins, then rating):
-- a page is an index range, whatever the number of players.
CREATE INDEX player_stats_ranking_idx ON player_stats (points DESC, wins DESC, rating DESC, user_id);

-- +goose Down
DROP INDEX player_stats_ranking_idx;
