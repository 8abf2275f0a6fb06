package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
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
	count := func() int { t.Helper(); return pipeCount(t, db, w) }
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

// panickyRow panics when a column is stored in it.
type panickyRow struct{}

func (*panickyRow) Scan(any) error { panic("row panicked") }

// Found by the review: whether a PostgreSQL transaction's BEGIN ran cannot be told from its
// connection when the first pipeline's answers were left unread (a panic while reading them),
// nor did it run when that pipeline failed before running anything (pgx prepares the whole batch
// first). Neither may leave a connection inside a transaction in the pool, nor let a statement
// run outside the transaction afterwards.
func TestPostgresFirstPipelineThatFailsKeepsNothing(t *testing.T) {
	ctx := context.Background()
	db := openTestPostgres(t)
	db.W.SetMaxOpenConns(1)
	w := pipeTable(t, db)
	count := func() int { t.Helper(); return pipeCount(t, db, w) }
	func() {
		defer func() {
			if p := recover(); p != "row panicked" {
				t.Fatalf("the scan's panic came out as %v", p)
			}
		}()
		_ = db.Tx(ctx, func(tx *Tx) error {
			if err := db.txDefer(ctx, tx, `INSERT INTO `+w+` (id, name) VALUES (1, 'x')`); err != nil {
				return err
			}
			var r panickyRow
			return db.txGet(ctx, tx, &r, `SELECT name FROM `+w)
		})
	}()
	next := db.Tx(ctx, func(tx *Tx) error {
		_, err := db.txExec(ctx, tx, `INSERT INTO `+w+` (id, name) VALUES (2, 'y')`)
		return err
	})
	if next != nil || count() != 1 {
		t.Fatalf("after a panic in the first pipeline the next transaction answered %v with %d rows; want nil and only its own row", next, count())
	}

	var first, second error
	stop := errors.New("stop")
	err := db.Tx(ctx, func(tx *Tx) error {
		var k int
		first = db.txGet(ctx, tx, &k, `SELECT no_such_column FROM `+w)
		var id *int64 // database/sql's path
		second = db.txGet(ctx, tx, &id, `INSERT INTO `+w+` (id, name) VALUES (3, 'outside') RETURNING id`)
		return stop
	})
	if first == nil || !errors.Is(second, sql.ErrTxDone) || !errors.Is(err, stop) || count() != 1 {
		t.Fatalf("after a first pipeline refused before it ran: %v, then %v, %v, %d rows; want an error, sql.ErrTxDone, stop, 1 row", first, second, err, count())
	}
}

// A transaction whose context ends before its commit rolls back and answers the context's error
// (a deadline reads as one: the API answers 503 for it), on both databases.
func TestCommitAfterTheContextEndedAnswersItsError(t *testing.T) {
	dbs := map[string]*DB{"sqlite": openTestSQLite(t, `CREATE TABLE k (v INTEGER)`)}
	if os.Getenv("LADDER_TEST_POSTGRES_URL") != "" {
		dbs["postgres"] = openTestPostgres(t)
	}
	for name, db := range dbs {
		ctx, cancel := context.WithCancel(context.Background())
		err := db.Tx(ctx, func(tx *Tx) error {
			var n int
			if err := tx.GetContext(context.Background(), &n, `SELECT 1`); err != nil {
				return err
			}
			cancel()
			return nil
		})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s: a commit after the context ended answered %v, want context.Canceled", name, err)
		}
	}
}

// PlanForKeys sets PostgreSQL's planner for keyed access (generic plans, no sequential scans)
// in its transaction only: a transaction that does not ask plans as before, and after a commit
// or a rollback the connection's readers plan as the server is configured.
func TestPlanForKeysLastsItsTransaction(t *testing.T) {
	ctx := context.Background()
	db := openTestPostgres(t)
	db.W.SetMaxOpenConns(1) // every read below on the connection the transactions had
	const settings = `SELECT current_setting('enable_seqscan') || ' ' || current_setting('plan_cache_mode')`
	read := func(what string) string {
		t.Helper()
		var s string
		if err := db.W.GetContext(ctx, &s, settings); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return s
	}
	configured := read("before")
	inTx := func(plan bool, fail error) (string, error) {
		var s string
		err := db.Tx(ctx, func(tx *Tx) error {
			if plan {
				if err := db.PlanForKeys(ctx, tx); err != nil {
					return err
				}
			}
			if err := tx.GetContext(ctx, &s, settings); err != nil {
				return err
			}
			return fail
		})
		return s, err
	}
	if s, err := inTx(true, nil); err != nil || s != "off force_generic_plan" {
		t.Fatalf("inside a transaction that asked: %q, %v", s, err)
	}
	if s := read("after its commit"); s != configured {
		t.Fatalf("after the commit the connection plans with %q, configured %q", s, configured)
	}
	failed := errors.New("rolled back")
	if _, err := inTx(true, failed); !errors.Is(err, failed) {
		t.Fatal(err)
	}
	if s := read("after a rollback"); s != configured {
		t.Fatalf("after a rollback the connection plans with %q, configured %q", s, configured)
	}
	if s, err := inTx(false, nil); err != nil || s != configured {
		t.Fatalf("a transaction that did not ask plans with %q (%v), configured %q", s, err, configured)
	}
}
