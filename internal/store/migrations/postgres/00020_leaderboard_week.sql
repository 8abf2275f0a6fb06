-- +goose Up
-- "Top of the week" aggregates the week's rating_history rows: this index covers every column it
-- reads, so the read is an index-only range of the week. The comparison's head-to-head reads a
-- player's rows against a few opponents: an index range on (user_id, opponent_id).
CREATE INDEX rating_history_week_idx ON rating_history (validated_at, user_id, won, points, position_before, position_after);
CREATE INDEX rating_history_h2h_idx ON rating_history (user_id, opponent_id, won);

-- +goose Down
DROP INDEX rating_history_h2h_idx;
DROP INDEX rating_history_week_idx;
