package store

import "context"

// dataVersion says whether anything was committed: two equal versions, read at two moments, mean
// no commit became visible in between, so a statement read after the first reads the same after
// the second. Reads kept under one (freshGroup.kept) are exact, never stale, and as coarse as a
// commit (issue 16).
//
//   - SQLite: the WAL-index header in shared memory (sqlite_dataversion.go), read without a
//     statement.
//   - PostgreSQL: the current snapshot (pg_current_snapshot(): xmin, xmax and the transactions in
//     progress). What a statement sees is decided by its snapshot alone. A commit or abort
//     either takes its transaction out of the in-progress list or moves xmax
//     (latestCompletedXid + 1), and neither comes back, so an equal snapshot means the same
//     committed data on every instance of the cluster. Only read-only transactions leave it
//     alone. Reading it is a round trip, but one key for every reader: concurrent readers of
//     every page share one statement (freshGroup.do), where each page's own stamp was one per
//     page and its session one per batch.
type dataVersion struct {
	wal walHeader // SQLite
	pg  string    // PostgreSQL: the snapshot as text
}

// version returns the database's data version, read after this call began, or false when it
// cannot be had (SQLite: the header is not mapped or not consistent; PostgreSQL: the statement
// failed; a closed DB): the caller then reads the database.
func (db *DB) version(ctx context.Context) (dataVersion, bool) {
	if db.closed.Load() {
		return dataVersion{}, false
	}
	if db.Dialect == SQLite {
		return db.shm.version()
	}
	s, err := db.snapshots.do(ctx, struct{}{}, db.snapshot)
	return dataVersion{pg: s}, err == nil
}

// snapshot reads PostgreSQL's current snapshot as text.
func (db *DB) snapshot(ctx context.Context) (string, error) {
	var s string
	err := db.scanOne(ctx, `SELECT CAST(pg_current_snapshot() AS TEXT)`, nil, &s)
	return s, err
}
