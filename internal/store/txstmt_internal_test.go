package store

import (
	"context"
	"testing"

	"github.com/jmoiron/sqlx"
)

// A statement run in a transaction is prepared after its first transaction and reused by the
// next ones (same results); past the cache bound statements still run, unprepared.
func TestTransactionsReusePreparedStatements(t *testing.T) {
	ctx := context.Background()
	db := openTestSQLite(t, `CREATE TABLE kv (k INTEGER PRIMARY KEY, v TEXT NOT NULL)`)
	const ins = `INSERT INTO kv (k, v) VALUES (?, ?)`
	for i := range 3 {
		err := db.Tx(ctx, func(tx *sqlx.Tx) error {
			_, err := db.txExec(ctx, tx, ins, i, "v")
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := db.wstmts.Load(ins); !ok {
			t.Fatalf("after transaction %d the insert is not prepared", i)
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
	db.wstmtCount.Store(maxTxStmts)
	const upd = `UPDATE kv SET v = ? WHERE k = ?`
	if err := db.Tx(ctx, func(tx *sqlx.Tx) error { _, err := db.txExec(ctx, tx, upd, "w", 1); return err }); err != nil {
		t.Fatal(err)
	}
	if _, ok := db.wstmts.Load(upd); ok {
		t.Fatal("a full cache took one more statement")
	}
	var v string
	if err := db.R.GetContext(ctx, &v, `SELECT v FROM kv WHERE k = 1`); err != nil || v != "w" {
		t.Fatalf("v = %q, %v; want w", v, err)
	}
}
