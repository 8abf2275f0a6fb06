package store

import (
	"context"
	"fmt"
	"testing"

	sqlite3 "modernc.org/sqlite/lib"
)

// A statement run in a transaction is prepared once on the writer's connection and reused by the
// next ones (same results): through SQLite's interface (the connection's raw statements). Past
// the raw statements' bound a statement takes database/sql's path on the same connection and
// still runs, and transactions still begin and commit (their BEGIN and COMMIT are kept anyway).
func TestTransactionsReusePreparedStatements(t *testing.T) {
	ctx := context.Background()
	db := openTestSQLite(t, `CREATE TABLE kv (k INTEGER PRIMARY KEY, v TEXT NOT NULL)`)
	const ins = `INSERT INTO kv (k, v) VALUES (?, ?)`
	var first uintptr
	for i := range 3 {
		err := db.Tx(ctx, func(tx *Tx) error {
			_, err := db.txExec(ctx, tx, ins, i, "v")
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		writerOf(t, db, func(rc *rawConn) {
			st, ok := rc.raw[ins]
			if !ok || st.p == 0 || (first != 0 && st.p != first) {
				t.Fatalf("after transaction %d the insert is not the one statement on the writer: %+v, %v", i, st, ok)
			}
			first = st.p
		})
	}
	var n int
	if err := db.Tx(ctx, func(tx *Tx) error { return db.txGet(ctx, tx, &n, `SELECT COUNT(*) FROM kv`) }); err != nil || n != 3 {
		t.Fatalf("count = %d, %v; want 3", n, err)
	}
	// A rolled-back transaction leaves nothing behind even through a prepared statement.
	_ = db.Tx(ctx, func(tx *Tx) error {
		if _, err := db.txExec(ctx, tx, ins, 9, "x"); err != nil {
			return err
		}
		return context.Canceled
	})
	if err := db.R.GetContext(ctx, &n, `SELECT COUNT(*) FROM kv`); err != nil || n != 3 {
		t.Fatalf("after rollback count = %d, %v; want 3", n, err)
	}

	// The raw statements full, BEGIN and COMMIT not among them (as on a new connection whose
	// first texts filled them): the next text takes database/sql's path on the connection.
	writerOf(t, db, func(rc *rawConn) {
		for _, q := range []string{"BEGIN IMMEDIATE", "COMMIT", "ROLLBACK"} {
			if st, ok := rc.raw[q]; ok {
				sqlite3.Xsqlite3_finalize(rc.tls, st.p)
				delete(rc.raw, q)
			}
		}
		for i := len(rc.raw); i < maxRawStmts; i++ {
			rc.raw[fmt.Sprintf("-- filler %d", i)] = &rawStmt{} // p == 0: nothing to finalize
		}
	})
	const upd = `UPDATE kv SET v = ? WHERE k = ?`
	if err := db.Tx(ctx, func(tx *Tx) error { _, err := db.txExec(ctx, tx, upd, "w", 1); return err }); err != nil {
		t.Fatal(err)
	}
	writerOf(t, db, func(rc *rawConn) {
		if _, ok := rc.raw[upd]; ok || len(rc.raw) != maxRawStmts+2 {
			t.Fatalf("full raw statements took %d more, want BEGIN and COMMIT only", len(rc.raw)-maxRawStmts)
		}
	})
	const upd2 = `UPDATE kv SET v = ? WHERE k = ? AND v <> ''`
	if err := db.Tx(ctx, func(tx *Tx) error { _, err := db.txExec(ctx, tx, upd2, "z", 2); return err }); err != nil {
		t.Fatal(err)
	}
	var v string
	if err := db.R.GetContext(ctx, &v, `SELECT v FROM kv WHERE k = 1`); err != nil || v != "w" {
		t.Fatalf("v = %q, %v; want w", v, err)
	}
	if err := db.R.GetContext(ctx, &v, `SELECT v FROM kv WHERE k = 2`); err != nil || v != "z" {
		t.Fatalf("v = %q, %v; want z", v, err)
	}
}
