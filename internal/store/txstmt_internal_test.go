package store

import (
	"context"
	"fmt"
	"testing"

	"github.com/jmoiron/sqlx"
)

// A statement run in a transaction is prepared once on the writer's connection and reused by the
// next ones (same results): through SQLite's interface (the connection's raw statements), so the
// pool keeps no statement of its own for it. Past the raw statements' bound a statement takes
// database/sql's path, prepared on the pool after its transaction; past that cache's bound too it
// still runs, unprepared.
func TestTransactionsReusePreparedStatements(t *testing.T) {
	ctx := context.Background()
	db := openTestSQLite(t, `CREATE TABLE kv (k INTEGER PRIMARY KEY, v TEXT NOT NULL)`)
	const ins = `INSERT INTO kv (k, v) VALUES (?, ?)`
	var first uintptr
	for i := range 3 {
		err := db.Tx(ctx, func(tx *sqlx.Tx) error {
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
		if _, ok := db.wstmts.Load(ins); ok {
			t.Fatal("the pool prepared a statement the writer's connection runs itself")
		}
	}
	var n int
	if err := db.Tx(ctx, func(tx *sqlx.Tx) error { return db.txGet(ctx, tx, &n, `SELECT COUNT(*) FROM kv`) }); err != nil || n != 3 {
		t.Fatalf("count = %d, %v; want 3", n, err)
	}
	// A rolled-back transaction leaves nothing behind even through a prepared statement.
	_ = db.Tx(ctx, func(tx *sqlx.Tx) error {
		if _, err := db.txExec(ctx, tx, ins, 9, "x"); err != nil {
			return err
		}
		return context.Canceled
	})
	if err := db.R.GetContext(ctx, &n, `SELECT COUNT(*) FROM kv`); err != nil || n != 3 {
		t.Fatalf("after rollback count = %d, %v; want 3", n, err)
	}

	// The raw statements full: the next text goes to the pool's cache.
	writerOf(t, db, func(rc *rawConn) {
		for i := len(rc.raw); i < maxRawStmts; i++ {
			rc.raw[fmt.Sprintf("-- filler %d", i)] = &rawStmt{} // p == 0: nothing to finalize
		}
	})
	const upd = `UPDATE kv SET v = ? WHERE k = ?`
	if err := db.Tx(ctx, func(tx *sqlx.Tx) error { _, err := db.txExec(ctx, tx, upd, "w", 1); return err }); err != nil {
		t.Fatal(err)
	}
	writerOf(t, db, func(rc *rawConn) {
		if _, ok := rc.raw[upd]; ok || len(rc.raw) != maxRawStmts {
			t.Fatalf("full raw statements took one more (%d)", len(rc.raw))
		}
	})
	if _, ok := db.wstmts.Load(upd); !ok {
		t.Fatal("past the raw statements' bound the update was not prepared on the pool")
	}
	db.wstmtCount.Store(maxTxStmts)
	const upd2 = `UPDATE kv SET v = ? WHERE k = ? AND v <> ''`
	if err := db.Tx(ctx, func(tx *sqlx.Tx) error { _, err := db.txExec(ctx, tx, upd2, "z", 2); return err }); err != nil {
		t.Fatal(err)
	}
	if _, ok := db.wstmts.Load(upd2); ok {
		t.Fatal("a full cache took one more statement")
	}
	var v string
	if err := db.R.GetContext(ctx, &v, `SELECT v FROM kv WHERE k = 1`); err != nil || v != "w" {
		t.Fatalf("v = %q, %v; want w", v, err)
	}
	if err := db.R.GetContext(ctx, &v, `SELECT v FROM kv WHERE k = 2`); err != nil || v != "z" {
		t.Fatalf("v = %q, %v; want z", v, err)
	}
}
