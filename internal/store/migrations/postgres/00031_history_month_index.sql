-- +goose Up
-- The result write counts a player's matches in the played month (gamification's "month_10"):
-- one range of this index instead of every rating_history row of the player (issue 16).
CREATE INDEX rating_history_user_played_idx ON rating_history (user_id, played_on);

-- +goose Down
DROP INDEX rating_history_user_played_idx;
