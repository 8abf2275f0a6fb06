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
//     (latestCompletedXid + 1), and neither comes back while the server keeps what it showed, so
//     an equal snapshot means the same committed data on every instance using that primary. Only
//     read-only transactions leave it alone. The version adds what says the server lost commits
//     it had shown (snapshotQuery). Reading it is a round trip, but one key for every reader:
//     concurrent readers of every page share one statement (freshGroup.do), where each page's
//     own stamp was one per page and its session one per batch.
type dataVersion struct {
	wal walHeader // SQLite
	pg  string    // PostgreSQL: snapshotQuery's text
}

// version returns the database's data version, read after this call began, or false when it
// cannot be had (SQLite: the header is not mapped or not consistent; PostgreSQL: the statement
// failed, or the server is a standby; a closed DB): the caller then reads the database.
func (db *DB) version(ctx context.Context) (dataVersion, bool) {
	if db.closed.Load() {
		return dataVersion{}, false
	}
	if db.Dialect == SQLite {
		return db.shm.version()
	}
	s, err := db.snapshots.do(ctx, struct{}{}, db.snapshot)
	return dataVersion{pg: s}, err == nil && s != ""
}

// keptNow is g.kept under db's data version now: key's value while nothing was committed since
// it was read, else read's.
func keptNow[K comparable, V any](ctx context.Context, db *DB, g *freshGroup[K, V], key K, read func() (V, error)) (V, error) {
	ver, ok := db.version(ctx)
	return g.kept(ver, ok, key, read)
}

// snapshotQuery reads PostgreSQL's current snapshot with what tells a server that lost commits
// it had shown (a crash with synchronous_commit off, a failover to an asynchronous standby, a
// restore behind the same address): transaction ids are then given out again, so the same
// snapshot text can come back with other data (a review reproduced it). Each of those ends with
// a new checkpoint (crash recovery's end-of-recovery checkpoint), a new timeline (promotion) or a
// new postmaster (restart), so the latest checkpoint's position, the timeline and the
// postmaster's start time are part of the version. A standby's snapshot lists no transactions in
// progress (they are all in its subxip), so its text can stay the same across a commit: a
// standby has no version (empty text).
const snapshotQuery = `SELECT CASE WHEN pg_is_in_recovery() THEN '' ELSE
	CAST(pg_current_snapshot() AS TEXT) || ' ' || CAST(c.checkpoint_lsn AS TEXT) || ' ' || CAST(c.timeline_id AS TEXT) ||
	' ' || CAST(pg_postmaster_start_time() AS TEXT) END FROM pg_control_checkpoint() c`

// snapshot reads the data version's text (snapshotQuery).
func (db *DB) snapshot(ctx context.Context) (string, error) {
	var s string
	err := db.scanOne(ctx, snapshotQuery, nil, &s)
	return s, err
}
