-- +goose Up
-- SQLite's kept counts of the standings lose their rowid in 00035 (a table is its primary key
-- there). A PostgreSQL table is always a heap beside its primary key's index, and its rows are
-- updated by every result: an index-only scan would still visit the heap for each. Nothing to do:
-- the migration exists so that both databases sit at the same schema version.
SELECT 1;

-- +goose Down
SELECT 1;
