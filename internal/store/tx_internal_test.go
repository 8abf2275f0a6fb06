package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5/stdlib"
)

// A PostgreSQL transaction's BEGIN goes with its first statement and its COMMIT with its last
// deferred writes; whatever way it ends, its connection goes back to the pool outside any
// transaction, and nothing of a transaction that did not commit is kept — its first statement
// taking database/sql's path included (BEGIN is sent before it).
func TestPostgresTransactionsBeginWithTheirFirstStatement(t *testing.T) {
	ctx := context.Background()
	db := openTestPostgres(t)
	db.W.SetMaxOpenConns(1) // one connection: each check below looks at the one the transaction had
	w := pipeTable(t, db)
	count := func() int {
		t.Helper()
		var n int
		if err := db.W.Get(&n, `SELECT COUNT(*) FROM `+w); err != nil {
			t.Fatal(err)
		}
		return n
	}
	idle := func(what string) {
		t.Helper()
		c, err := db.W.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		var status byte
		if err := c.Raw(func(dc any) error { status = dc.(*stdlib.Conn).Conn().PgConn().TxStatus(); return nil }); err != nil {
			t.Fatal(err)
		}
		if status != 'I' {
			t.Fatalf("after %s the pool's connection is in a transaction (status %c)", what, status)
		}
	}
	trips := func(fn func(tx *Tx) error) (int64, error) {
		before := db.RoundTrips()
		err := db.Tx(ctx, fn)
		return db.RoundTrips() - before, err
	}
	insert := func(tx *Tx, id int) error {
		return db.txDefer(ctx, tx, `INSERT INTO `+w+` (id, name) VALUES ($1, $2)`, id, fmt.Sprint("t", id))
	}

	if n, err := trips(func(*Tx) error { return nil }); err != nil || n != 0 {
		t.Fatalf("a transaction that ran nothing: %d round trips, %v; want 0", n, err)
	}
	n, err := trips(func(tx *Tx) error {
		if err := insert(tx, 1); err != nil {
			return err
		}
		var k int
		return db.txGet(ctx, tx, &k, `SELECT COUNT(*) FROM `+w)
	})
	if err != nil || n != 2 || count() != 1 {
		t.Fatalf("a write and a read: %d round trips, %v, %d rows; want 2 round trips (BEGIN with the first, COMMIT), 1 row", n, err, count())
	}
	idle("a commit")

	stop := errors.New("stop")
	n, err = trips(func(tx *Tx) error {
		var k int
		if err := db.txGet(ctx, tx, &k, `SELECT COUNT(*) FROM `+w); err != nil {
			return err
		}
		if err := insert(tx, 2); err != nil {
			return err
		}
		return stop
	})
	if !errors.Is(err, stop) || n != 2 || count() != 1 {
		t.Fatalf("rolled back: %d round trips, %v, %d rows; want 2 (a read, ROLLBACK), stop, 1 row", n, err, count())
	}
	idle("a rollback")

	// The first statement through database/sql's path (a destination pgx does not fill).
	err = db.Tx(ctx, func(tx *Tx) error {
		var id *int64
		if err := db.txGet(ctx, tx, &id, `INSERT INTO `+w+` (id, name) VALUES (3, 'x') RETURNING id`); err != nil || id == nil || *id != 3 {
			return fmt.Errorf("database/sql's path answered %v, %v", id, err)
		}
		return stop
	})
	if !errors.Is(err, stop) || count() != 1 {
		t.Fatalf("a first statement through database/sql then a rollback: %v, %d rows; want stop, 1 row (it ran inside the transaction)", err, count())
	}
	idle("database/sql's path")

	// A statement that fails, then a transaction whose context ends under it.
	err = db.Tx(ctx, func(tx *Tx) error {
		_, err := db.txExec(ctx, tx, `INSERT INTO `+w+` (id, name) VALUES (1, 'again')`)
		return err
	})
	if !IsUniqueViolation(err) || count() != 1 {
		t.Fatalf("a duplicate: %v, %d rows; want the refusal, 1 row", err, count())
	}
	idle("a failed statement")
	txCtx, cancel := context.WithCancel(ctx)
	var late error
	err = db.Tx(txCtx, func(tx *Tx) error {
		if err := insert(tx, 4); err != nil {
			return err
		}
		var k int
		if err := db.txGet(ctx, tx, &k, `SELECT COUNT(*) FROM `+w); err != nil {
			return err
		}
		cancel()
		_, late = db.txExec(ctx, tx, `INSERT INTO `+w+` (id, name) VALUES (5, 'late')`)
		return late
	})
	if !errors.Is(late, sql.ErrTxDone) || count() != 1 {
		t.Fatalf("after its context ended a statement answered %v (%v), %d rows; want sql.ErrTxDone, 1 row", late, err, count())
	}
	idle("a context that ended")
	if err := db.Tx(ctx, func(tx *Tx) error { return insert(tx, 6) }); err != nil || count() != 2 {
		t.Fatalf("the next transaction: %v, %d rows; want 2", err, count())
	}
}
