-- +goose Up
-- PostgreSQL's page versions move once per player and transaction from 00036 (its row triggers
-- each ran an upsert, a statement of the server's). SQLite's triggers run in the app's process,
-- at a fraction of that cost: they stay. The migration exists so that both databases sit at the
-- same schema version.
SELECT 1;

-- +goose Down
SELECT 1;
