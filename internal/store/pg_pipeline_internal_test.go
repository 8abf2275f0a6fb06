package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"
)

// pipeTable creates a table of its own for a PostgreSQL pipeline test (the database is shared).
func pipeTable(t *testing.T, db *DB) string {
	t.Helper()
	name := fmt.Sprintf("pipe_test_%d", time.Now().UnixNano())
	if _, err := db.W.Exec(`CREATE TABLE ` + name + ` (id BIGINT PRIMARY KEY, name TEXT NOT NULL, n BIGINT,
		f DOUBLE PRECISION, ok BOOLEAN, at TIMESTAMPTZ, note TEXT, b BYTEA)`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.W.Exec(`DROP TABLE ` + name) })
	return name
}

// pipeCount is the number of rows in a pipeTable.
func pipeCount(t *testing.T, db *DB, w string) int {
	t.Helper()
	var n int
	if err := db.W.Get(&n, `SELECT COUNT(*) FROM `+w); err != nil {
		t.Fatal(err)
	}
	return n
}

// A read sent along with deferred writes answers as database/sql and sqlx answer it after them:
// values, NULLs, times, embedded fields, slices of values and of pointers, no rows; and where
// they refuse a destination, it refuses it too.
func TestPostgresPipelinedReadsAnswerAsDriver(t *testing.T) {
	db := openTestPostgres(t)
	w := pipeTable(t, db)
	at := time.Date(2026, 11, 30, 15, 4, 5, 123456000, time.UTC)
	if _, err := db.W.Exec(`INSERT INTO `+w+` (id, name, n, f, ok, at, note, b) VALUES
		(1, 'one', 7, 1.5, true, $1, 'a note', '\x0102'), (2, 'two', NULL, NULL, NULL, NULL, NULL, NULL), (3, 'three', -4, 0, false, $1, '', '')`, at); err != nil {
		t.Fatal(err)
	}
	one := `SELECT id, name, n, f, ok, at, note FROM ` + w + ` WHERE id = $1`
	type read = pipeRead
	var reads []read
	for id := 1; id <= 4; id++ {
		reads = append(reads,
			read{name: fmt.Sprintf("struct %d", id), q: one, args: []any{id}, dest: func() any { return new(writerRow) }},
			read{name: fmt.Sprintf("time %d", id), q: `SELECT at FROM ` + w + ` WHERE id = $1 AND at IS NOT NULL`, args: []any{id}, dest: func() any { return new(time.Time) }},
			read{name: fmt.Sprintf("int %d", id), q: `SELECT COALESCE(n, 0) FROM ` + w + ` WHERE id = $1`, args: []any{id}, dest: func() any { return new(int64) }},
			read{name: fmt.Sprintf("bool %d", id), q: `SELECT ok FROM ` + w + ` WHERE id = $1`, args: []any{id}, dest: func() any { return new(sql.NullBool) }},
			read{name: fmt.Sprintf("blob %d", id), q: `SELECT b FROM ` + w + ` WHERE id = $1`, args: []any{id}, dest: func() any { return new(writerBlob) }})
	}
	reads = append(reads,
		read{name: "structs", q: `SELECT id, name, n, f, ok, at, note FROM ` + w + ` ORDER BY id`, dest: func() any { return &[]writerRow{{ID: 99}} }, many: true},
		read{name: "pointers", q: `SELECT id, name, n, f, ok, at, note FROM ` + w + ` WHERE id IN (1, 3) ORDER BY id DESC`, dest: func() any { return &[]*writerRow{} }, many: true},
		read{name: "ints", q: `SELECT n FROM ` + w + ` WHERE n IS NOT NULL ORDER BY id`, dest: func() any { return &[]int64{7} }, many: true},
		read{name: "a sum", q: `SELECT COALESCE(SUM(n), 0) FROM ` + w, dest: func() any { return new(int) }},
		read{name: "no rows", q: `SELECT name FROM ` + w + ` WHERE id > $1`, args: []any{100}, dest: func() any { return new(string) }},
		read{name: "no rows, many", q: `SELECT name FROM ` + w + ` WHERE id > $1`, args: []any{100}, dest: func() any { return &[]string{"x"} }, many: true},
		read{name: "missing field", q: `SELECT id, name, 1 AS extra FROM ` + w + ` WHERE id = 1`, dest: func() any { return new(writerRow) }, bad: true},
		read{name: "two columns, one value", q: `SELECT id, name FROM ` + w + ` WHERE id = 1`, dest: func() any { return new(int64) }, bad: true},
		read{name: "NULL into a string", q: `SELECT note FROM ` + w + ` WHERE id = 2`, dest: func() any { return new(string) }, bad: true},
	)
	for _, r := range reads {
		for _, deferred := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s, deferred write first %v", r.name, deferred), func(t *testing.T) { pipelinedRead(t, db, w, r, deferred) })
		}
	}
}

// pipeRead is one read of TestPostgresPipelinedReadsAnswerAsDriver.
type pipeRead struct {
	name string
	q    string
	args []any
	dest func() any // a new destination; Select's already holds a row
	many bool       // Select, not Get
	bad  bool       // both paths refuse it
}

// pipelinedRead runs one read of TestPostgresPipelinedReadsAnswerAsDriver through the
// transaction's path (after a deferred write when deferred) and through database/sql's.
func pipelinedRead(t *testing.T, db *DB, w string, r pipeRead, deferred bool) {
	ctx := context.Background()
	var got, want outcome
	err := db.Tx(ctx, func(tx *Tx) error {
		if deferred { // sent along with the read
			if err := db.txDefer(ctx, tx, `UPDATE `+w+` SET name = name WHERE id = $1`, 3); err != nil {
				return err
			}
		}
		d := r.dest()
		if r.many {
			got = outcomeOf(d, db.txSelect(ctx, tx, d, r.q, r.args...))
		} else {
			got = outcomeOf(d, db.txGet(ctx, tx, d, r.q, r.args...))
		}
		d = r.dest()
		if r.many {
			want = outcomeOf(d, tx.conn.SelectContext(ctx, d, r.q, r.args...))
		} else {
			want = outcomeOf(d, tx.conn.GetContext(ctx, d, r.q, r.args...))
		}
		return nil
	})
	if r.bad {
		if err == nil && (got.err == "" || want.err == "") {
			t.Errorf("pipelined error %q, database/sql's %q: both should refuse", got.err, want.err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if got.err != want.err || !reflect.DeepEqual(got.v, want.v) {
		t.Errorf("pipelined %+v %q; database/sql %+v %q", reflect.ValueOf(got.v).Elem(), got.err, reflect.ValueOf(want.v).Elem(), want.err)
	}
}

// Deferred writes are seen by the transaction's next statements, committed with it, never run
// when it rolls back, and a deferred write that fails fails the transaction.
func TestPostgresDeferredWritesKeepTheTransaction(t *testing.T) {
	ctx := context.Background()
	db := openTestPostgres(t)
	w := pipeTable(t, db)
	count := func() int { t.Helper(); return pipeCount(t, db, w) }
	insert := func(tx *Tx, id int) error {
		return db.txDefer(ctx, tx, `INSERT INTO `+w+` (id, name) VALUES ($1, $2)`, id, fmt.Sprint("p", id))
	}

	// Seen by the next read, by the next write, and committed when they are the last statements.
	err := db.Tx(ctx, func(tx *Tx) error {
		if err := insert(tx, 1); err != nil {
			return err
		}
		if err := insert(tx, 2); err != nil {
			return err
		}
		var n int
		if err := db.txGet(ctx, tx, &n, `SELECT COUNT(*) FROM `+w); err != nil || n != 2 {
			return fmt.Errorf("read after two deferred inserts: %d, %v", n, err)
		}
		if err := insert(tx, 3); err != nil {
			return err
		}
		res, err := db.txExec(ctx, tx, `UPDATE `+w+` SET n = id`)
		if err != nil {
			return err
		}
		if k, _ := res.RowsAffected(); k != 3 {
			return fmt.Errorf("an update after a deferred insert changed %d rows, want 3", k)
		}
		return insert(tx, 4)
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 4 {
		t.Fatalf("%d rows after the commit, want 4", n)
	}

	// Rolled back: nothing deferred runs.
	stop := errors.New("stop")
	if err := db.Tx(ctx, func(tx *Tx) error {
		if err := insert(tx, 5); err != nil {
			return err
		}
		return stop
	}); !errors.Is(err, stop) {
		t.Fatalf("rolled back with %v, want stop", err)
	}
	if n := count(); n != 4 {
		t.Fatalf("%d rows after a rollback, want 4", n)
	}

	// A deferred write that fails (a duplicate key) fails the statement that sends it, or the
	// commit, and the transaction's other writes with it.
	for _, last := range []bool{false, true} {
		err := db.Tx(ctx, func(tx *Tx) error {
			if err := insert(tx, 6); err != nil {
				return err
			}
			if err := insert(tx, 1); err != nil { // already there
				return err
			}
			if last {
				return nil // sent with the commit
			}
			var n int
			return db.txGet(ctx, tx, &n, `SELECT COUNT(*) FROM `+w)
		})
		if !IsUniqueViolation(err) {
			t.Fatalf("sent last=%v: %v, want the duplicate key's refusal", last, err)
		}
		if n := count(); n != 4 {
			t.Fatalf("sent last=%v: %d rows after the failed transaction, want 4", last, n)
		}
	}
}

// Steps sent together answer as they would one after the other: a read sees the deferred writes
// before it, an exec's result counts its rows, and a step that fails fails the transaction.
func TestPostgresStepsAnswerAsOneAfterTheOther(t *testing.T) {
	ctx := context.Background()
	db := openTestPostgres(t)
	w := pipeTable(t, db)
	err := db.Tx(ctx, func(tx *Tx) error {
		if err := db.txDefer(ctx, tx, `INSERT INTO `+w+` (id, name, n) VALUES (1, 'one', 10), (2, 'two', 20)`); err != nil {
			return err
		}
		var n int64
		var names []string
		var res sql.Result
		if err := db.txSteps(ctx, tx, txStep{q: `SELECT SUM(n) FROM ` + w, get: &n},
			txStep{q: `UPDATE ` + w + ` SET n = n + 1`, res: &res},
			txStep{q: `SELECT name FROM ` + w + ` WHERE n > 15 ORDER BY id`, sel: &names}); err != nil {
			return err
		}
		if k, _ := res.RowsAffected(); n != 30 || k != 2 || !reflect.DeepEqual(names, []string{"two"}) {
			return fmt.Errorf("steps answered sum %d, %d rows updated, names %v; want 30, 2, [two]", n, k, names)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = db.Tx(ctx, func(tx *Tx) error {
		var n int64
		return db.txSteps(ctx, tx, txStep{q: `INSERT INTO ` + w + ` (id, name) VALUES (3, 'three')`},
			txStep{q: `INSERT INTO ` + w + ` (id, name) VALUES (1, 'again')`}, txStep{q: `SELECT COUNT(*) FROM ` + w, get: &n})
	})
	if !IsUniqueViolation(err) {
		t.Fatalf("a failing step: %v, want the duplicate key's refusal", err)
	}
	var n int
	if err := db.W.Get(&n, `SELECT COUNT(*) FROM `+w); err != nil || n != 2 {
		t.Fatalf("%d rows after the failed steps (%v), want 2", n, err)
	}

	// A step that finds no row stops the steps after it on SQLite; here they were sent, so the
	// transaction cannot commit them, even if its function goes on as if nothing happened.
	err = db.Tx(ctx, func(tx *Tx) error {
		var name string
		if err := db.txSteps(ctx, tx, txStep{q: `SELECT name FROM ` + w + ` WHERE id = 42`, get: &name},
			txStep{q: `INSERT INTO ` + w + ` (id, name) VALUES (4, 'four')`}); !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("steps after a missing row: %v, want sql.ErrNoRows", err)
		}
		return nil // the missing row taken as an answer
	})
	if !errors.Is(err, sql.ErrNoRows) {
		t.Fatalf("committing after a failed step: %v, want its sql.ErrNoRows", err)
	}
	if err := db.W.Get(&n, `SELECT COUNT(*) FROM `+w); err != nil || n != 2 {
		t.Fatalf("%d rows after steps that stopped at a missing row (%v), want 2", n, err)
	}
}
