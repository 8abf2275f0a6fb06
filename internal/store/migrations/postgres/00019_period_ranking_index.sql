-- +goose Up
-- The period rankings (this week, this month) sum the period's rating_history rows per player:
-- an index holding every column they read makes that an index-only range scan (no row lookups
-- scattered over the table). It replaces the (validated_at, user_id) index, its prefix.
CREATE INDEX rating_history_period_idx ON rating_history (validated_at, user_id, points, won);
DROP INDEX rating_history_validated_idx;

-- +goose Down
CREATE INDEX rating_history_validated_idx ON rating_history (validated_at, user_id);
DROP INDEX rating_history_period_idx;
