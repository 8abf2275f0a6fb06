package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"
)

// The writer's rows as the tests read them back: every kind of column, a time column holding each
// form the driver knows and one it does not, NULLs, an embedded struct.
const writerTestSchema = `CREATE TABLE w (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, n INTEGER, f REAL,
	ok BOOLEAN, at DATETIME, note TEXT, b BLOB);
	INSERT INTO w VALUES
	(1, 'a', 5, 1.5, 1, '2026-11-29 10:00:00.123+00:00', NULL, x'01'),
	(2, 'b', NULL, NULL, 0, '2026-11-29T10:00:00Z', 'x', NULL),
	(3, 'c', 7, 2, 1, '2026-11-29', 'y', x''),
	(4, 'd', 8, 3, NULL, 'not a time', 'z', NULL),
	(5, 'e', 9, 4, 1, '2026-11-29 10:00:00.5 +0000 UTC m=+0.1', NULL, NULL),
	(6, 'f', 1, 5, 0, NULL, '', NULL),
	(7, 'g', 2, 6, 1, '2026-11-29 10:00', NULL, NULL),
	(8, 'h', 3, 7, 1, 1764410400, NULL, NULL)`

type writerNote struct {
	Note sql.NullString `db:"note"`
}

type writerRow struct {
	ID   int64           `db:"id"`
	Name string          `db:"name"`
	N    sql.NullInt64   `db:"n"`
	F    sql.NullFloat64 `db:"f"`
	OK   sql.NullBool    `db:"ok"`
	At   sql.NullTime    `db:"at"`
	writerNote
}

// A destination type the raw path does not fill ([]byte): database/sql's path answers.
type writerBlob struct {
	B []byte `db:"b"`
}

// outcome is what a read answered: its value and its error's words.
type outcome struct {
	v   any
	err string
}

func outcomeOf(v any, err error) outcome {
	o := outcome{v: v}
	if err != nil {
		o.err = err.Error()
	}
	return o
}

// Every statement a transaction runs through SQLite's interface answers as database/sql and sqlx
// answer the same statement: values, times in every form, NULLs, errors and their words, rows
// appended to a slice, results of writes, a constraint's refusal.
func TestWriterRawAnswersAsDriver(t *testing.T) {
	ctx := context.Background()
	db := openTestSQLite(t, writerTestSchema)
	const one = `SELECT id, name, n, f, ok, at, note FROM w WHERE id = ?`
	type read struct {
		name string
		q    string
		args []any
		dest func() any // a new destination; Select's already holds one row
		many bool
		raw  bool // expected to run through SQLite's interface
	}
	var reads []read
	for id := 1; id <= 9; id++ {
		reads = append(reads,
			read{name: fmt.Sprintf("struct %d", id), q: one, args: []any{id}, dest: func() any { return new(writerRow) }, raw: true},
			read{name: fmt.Sprintf("time %d", id), q: `SELECT at FROM w WHERE id = ?`, args: []any{id}, dest: func() any { return new(time.Time) }, raw: true},
			read{name: fmt.Sprintf("int %d", id), q: `SELECT n FROM w WHERE id = ?`, args: []any{id}, dest: func() any { return new(int64) }, raw: true},
			read{name: fmt.Sprintf("bool %d", id), q: `SELECT ok FROM w WHERE id = ?`, args: []any{id}, dest: func() any { return new(bool) }, raw: true},
			read{name: fmt.Sprintf("string %d", id), q: `SELECT note FROM w WHERE id = ?`, args: []any{id}, dest: func() any { return new(string) }, raw: true},
			read{name: fmt.Sprintf("float %d", id), q: `SELECT f FROM w WHERE id = ?`, args: []any{id}, dest: func() any { return new(float64) }, raw: true},
			read{name: fmt.Sprintf("blob %d", id), q: `SELECT b FROM w WHERE id = ?`, args: []any{id}, dest: func() any { return new(writerBlob) }})
	}
	reads = append(reads,
		read{name: "structs", q: `SELECT id, name, n, f, ok, at, note FROM w WHERE id IN (1, 2, 3, 5, 6, 7) ORDER BY id`,
			dest: func() any { return &[]writerRow{{ID: 99}} }, many: true, raw: true},
		read{name: "pointers", q: `SELECT id, name, n, f, ok, at, note FROM w WHERE id IN (1, 3) ORDER BY id DESC`,
			dest: func() any { return &[]*writerRow{} }, many: true, raw: true},
		read{name: "ints", q: `SELECT n FROM w WHERE n IS NOT NULL ORDER BY id`, dest: func() any { return &[]int64{7} }, many: true, raw: true},
		read{name: "strings", q: `SELECT name FROM w ORDER BY name DESC`, dest: func() any { return &[]string{} }, many: true, raw: true},
		read{name: "no rows, many", q: `SELECT name FROM w WHERE id > ?`, args: []any{100}, dest: func() any { return &[]string{} }, many: true, raw: true},
		read{name: "a bad time among many", q: `SELECT id, name, n, f, ok, at, note FROM w ORDER BY id`, dest: func() any { return &[]writerRow{} }, many: true, raw: true},
		// What sqlx refuses takes its path, for its own words.
		read{name: "missing field", q: `SELECT id, name, 1 AS extra FROM w WHERE id = 1`, dest: func() any { return new(writerRow) }},
		read{name: "two columns, one value", q: `SELECT id, name FROM w WHERE id = 1`, dest: func() any { return new(int64) }},
		read{name: "missing field, many", q: `SELECT id, 1 AS extra FROM w`, dest: func() any { return &[]writerRow{{ID: 5}} }, many: true},
		read{name: "two columns, many values", q: `SELECT id, name FROM w`, dest: func() any { return &[]int64{1} }, many: true},
		read{name: "text into int", q: `SELECT name FROM w WHERE id = 1`, dest: func() any { return new(int64) }, raw: true},
		read{name: "int into string", q: `SELECT n FROM w WHERE id = 1`, dest: func() any { return new(string) }, raw: true},
		read{name: "bound time and bool", q: `SELECT count(*) FROM w WHERE at > ? AND ok = ?`,
			args: []any{time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC), true}, dest: func() any { return new(int) }, raw: true},
	)
	for _, r := range reads {
		var got, want outcome
		err := db.Tx(ctx, func(tx *Tx) error {
			d := r.dest()
			if r.many {
				got = outcomeOf(d, db.txSelect(ctx, tx, d, r.q, r.args...))
			} else {
				got = outcomeOf(d, db.txGet(ctx, tx, d, r.q, r.args...))
			}
			d = r.dest() // database/sql's and sqlx's own path
			if r.many {
				want = outcomeOf(d, tx.conn.SelectContext(ctx, d, r.q, r.args...))
			} else {
				want = outcomeOf(d, tx.conn.GetContext(ctx, d, r.q, r.args...))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: through SQLite's interface %+v %s; database/sql %+v %s", r.name, reflect.ValueOf(got.v).Elem(), got.err, reflect.ValueOf(want.v).Elem(), want.err)
		}
		writerOf(t, db, func(rc *rawConn) {
			st := rc.raw[r.q]
			if st == nil {
				st = &rawStmt{}
			}
			plan, planned := rc.plans[rawPlanKey{r.q, reflect.TypeOf(r.dest()).Elem()}]
			if r.many {
				plan, planned = rc.plans[rawPlanKey{r.q, reflectBase(r.dest())}]
			}
			if ran := st.p != 0 && planned && plan.ok; ran != r.raw {
				t.Errorf("%s: ran through SQLite's interface %v, want %v", r.name, ran, r.raw)
			}
		})
	}
}

// reflectBase is the element type of the slice dest points at, pointers removed.
func reflectBase(dest any) reflect.Type {
	t := reflect.TypeOf(dest).Elem().Elem()
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// Writes through SQLite's interface answer as the driver's: the ids and counts of their results,
// RETURNING's row, a unique constraint's refusal (its words and its code).
func TestWriterRawWritesAsDriver(t *testing.T) {
	ctx := context.Background()
	type write struct {
		q    string
		args []any
	}
	writes := []write{
		{`INSERT INTO w (name, n, at) VALUES (?, ?, ?)`, []any{"new", 1, time.Date(2026, 11, 30, 9, 0, 0, 5, time.UTC)}},
		{`UPDATE w SET n = n + 1 WHERE n IS NOT NULL`, nil},
		{`INSERT INTO w (name) VALUES (?)`, []any{"a"}},
		{`INSERT INTO w (name) VALUES (?) ON CONFLICT (name) DO NOTHING`, []any{"a"}},
		{`DELETE FROM w WHERE id > ?`, []any{6}},
		{`INSERT INTO w (name, n) VALUES (?, ?) RETURNING id, n`, []any{"ret", nil}},
	}
	run := func(raw bool) []outcome {
		db := openTestSQLite(t, writerTestSchema)
		var out []outcome
		for _, w := range writes {
			err := db.Tx(ctx, func(tx *Tx) error {
				var res sql.Result
				var err error
				if raw {
					res, err = db.txExec(ctx, tx, w.q, w.args...)
				} else {
					res, err = tx.conn.ExecContext(ctx, w.q, w.args...)
				}
				if err != nil {
					out = append(out, outcome{err: err.Error(), v: IsUniqueViolation(err)})
					return nil
				}
				id, _ := res.LastInsertId()
				n, _ := res.RowsAffected()
				out = append(out, outcome{v: [2]int64{id, n}})
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		var id int64
		var n sql.NullInt64
		err := db.Tx(ctx, func(tx *Tx) error {
			q, args := `INSERT INTO w (name, n) VALUES (?, ?) RETURNING id, n`, []any{"row", 4}
			if raw {
				return db.txQueryRowx(ctx, tx, q, args...).Scan(&id, &n)
			}
			return tx.conn.QueryRowxContext(ctx, q, args...).Scan(&id, &n)
		})
		out = append(out, outcomeOf([2]any{id, n}, err))
		var all []writerRow
		out = append(out, outcomeOf(&all, db.R.SelectContext(ctx, &all, `SELECT id, name, n, f, ok, at, note FROM w ORDER BY id`)))
		if raw {
			writerOf(t, db, func(rc *rawConn) {
				for _, w := range writes {
					if st := rc.raw[w.q]; st == nil || st.p == 0 {
						t.Errorf("%s did not run through SQLite's interface", w.q)
					}
				}
			})
		}
		return out
	}
	got, want := run(true), run(false)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("through SQLite's interface %#v\ndatabase/sql %#v", got, want)
	}
	if got[2].v != true {
		t.Fatalf("the duplicate name is not a unique violation: %#v", got[2])
	}
}

// A transaction whose context ended runs nothing more: its next statement rolls it back and
// answers sql.ErrTxDone instead of running outside any transaction, and nothing it wrote is kept.
func TestWriterRawRunsNothingAfterItsContextEnded(t *testing.T) {
	db := openTestSQLite(t, writerTestSchema)
	txCtx, cancel := context.WithCancel(context.Background())
	stmtCtx := context.Background() // the statements' own context stays alive
	var last error
	_ = db.Tx(txCtx, func(tx *Tx) error {
		if _, err := db.txExec(stmtCtx, tx, `INSERT INTO w (name) VALUES ('late before')`); err != nil {
			return err
		}
		cancel()
		_, last = db.txExec(stmtCtx, tx, `INSERT INTO w (name) VALUES ('late after')`)
		return last
	})
	if !errors.Is(last, sql.ErrTxDone) {
		t.Fatalf("a statement after the context ended answered %v, want sql.ErrTxDone", last)
	}
	var n int
	if err := db.R.GetContext(context.Background(), &n, `SELECT count(*) FROM w WHERE name LIKE 'late %'`); err != nil || n != 0 {
		t.Fatalf("%d rows written around the rolled-back transaction, %v", n, err)
	}
	writerStillWorks(t, db, "a context that ended")
}

// panickyScanner panics when a column is stored in it.
type panickyScanner struct{}

func (panickyScanner) Scan(any) error { panic("scanner panicked") }

// brokenValuer fails as a connection would, when it is bound.
type brokenValuer struct{}

func (brokenValuer) Value() (driver.Value, error) {
	return nil, fmt.Errorf("valuer: %w", driver.ErrBadConn)
}

// writerStillWorks fails t unless a write transaction commits within a generous time (a writer
// left waiting on itself never would).
func writerStillWorks(t *testing.T, db *DB, name string) {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		done <- db.Tx(context.Background(), func(tx *Tx) error {
			_, err := db.txExec(context.Background(), tx, `INSERT INTO w (name) VALUES (?)`, name)
			return err
		})
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the writer after %s: %v", name, err)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("the writer hangs after %s", name)
	}
}

// A panic in a destination goes on as it did through database/sql (the transaction rolls back),
// and an error that looks like a broken connection is only an error: neither leaves the writer's
// connection waiting on the transaction that holds it.
func TestWriterRawPanicsAndBrokenErrorsLeaveTheWriterWorking(t *testing.T) {
	ctx := context.Background()
	db := openTestSQLite(t, writerTestSchema)
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		_ = db.Tx(ctx, func(tx *Tx) error {
			var s panickyScanner
			return db.txGet(ctx, tx, &s, `SELECT name FROM w WHERE id = 1`)
		})
	}()
	select {
	case p := <-done:
		if p != "scanner panicked" {
			t.Fatalf("the scanner's panic came out as %v", p)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("a panicking scanner left the transaction hanging")
	}
	writerStillWorks(t, db, "a panic")

	err := db.Tx(ctx, func(tx *Tx) error {
		_, err := db.txExec(ctx, tx, `INSERT INTO w (name) VALUES (?)`, brokenValuer{})
		return err
	})
	if !errors.Is(err, driver.ErrBadConn) {
		t.Fatalf("a broken valuer answered %v", err)
	}
	writerStillWorks(t, db, "a broken valuer")
}

// A statement after the transaction was rolled back answers sql.ErrTxDone and writes nothing.
func TestWriterRawRunsNothingAfterAnExplicitRollback(t *testing.T) {
	ctx := context.Background()
	db := openTestSQLite(t, writerTestSchema)
	var late error
	_ = db.Tx(ctx, func(tx *Tx) error {
		tx.rollback()
		_, late = db.txExec(ctx, tx, `INSERT INTO w (name) VALUES ('late')`)
		return late
	})
	if !errors.Is(late, sql.ErrTxDone) {
		t.Fatalf("a statement after the rollback answered %v, want sql.ErrTxDone", late)
	}
	var n int
	if err := db.R.GetContext(ctx, &n, `SELECT count(*) FROM w WHERE name = 'late'`); err != nil || n != 0 {
		t.Fatalf("%d rows written after the rollback, %v", n, err)
	}
}

// A schema change under a kept statement: its columns are read again as it runs, so a table
// made again with its columns in another order fills the right fields, and a column added to a
// SELECT * that the destination lacks gets sqlx's refusal, as through database/sql.
func TestWriterRawFollowsASchemaChange(t *testing.T) {
	ctx := context.Background()
	db := openTestSQLite(t, `CREATE TABLE s (id INTEGER PRIMARY KEY, name TEXT, note TEXT);
		INSERT INTO s VALUES (1, 'n', 'x')`)
	type row struct {
		ID   int64          `db:"id"`
		Name string         `db:"name"`
		Note sql.NullString `db:"note"`
	}
	const q = `SELECT * FROM s WHERE id = 1`
	both := func() (got, want outcome) {
		err := db.Tx(ctx, func(tx *Tx) error {
			var a, b row
			got = outcomeOf(a, db.txGet(ctx, tx, &a, q))
			got.v = a
			want = outcomeOf(b, tx.conn.GetContext(ctx, &b, q))
			want.v = b
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return got, want
	}
	if got, want := both(); !reflect.DeepEqual(got, want) || want.err != "" {
		t.Fatalf("before: %+v, database/sql %+v", got, want)
	}
	if _, err := db.W.ExecContext(ctx, `DROP TABLE s; CREATE TABLE s (note TEXT, id INTEGER PRIMARY KEY, name TEXT);
		INSERT INTO s VALUES ('y', 1, 'm')`); err != nil {
		t.Fatal(err)
	}
	if got, want := both(); !reflect.DeepEqual(got, want) || want.v != (row{ID: 1, Name: "m", Note: sql.NullString{String: "y", Valid: true}}) {
		t.Fatalf("columns reordered: %+v, database/sql %+v", got, want)
	}
	if _, err := db.W.ExecContext(ctx, `ALTER TABLE s ADD COLUMN extra INTEGER`); err != nil {
		t.Fatal(err)
	}
	if got, want := both(); !reflect.DeepEqual(got, want) || want.err == "" {
		t.Fatalf("a column added: %+v, database/sql %+v", got, want)
	}
}

// A context that ends while a statement's rows are being read interrupts it: the read answers
// the context's error and the writer works on.
func TestWriterRawSelectEndsWithItsContext(t *testing.T) {
	db := openTestSQLite(t, writerTestSchema)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	endRows = cancel
	var err error
	var out []rowEnder
	_ = db.Tx(context.Background(), func(tx *Tx) error {
		err = db.txSelect(ctx, tx, &out, `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000000)
			SELECT i FROM n WHERE i = 1 OR i % 1000000 = 0`)
		return err
	})
	if !errors.Is(err, context.Canceled) || len(out) == 0 || len(out) > 2 {
		t.Fatalf("a read whose context ended while its rows came answered %v after %d rows", err, len(out))
	}
	writerStillWorks(t, db, "an interrupted read")
}

// endRows is what a rowEnder calls when a row is stored in it.
var endRows func()

// rowEnder ends the read's context when its row arrives: the statement then runs on with its
// context ended.
type rowEnder struct{}

func (*rowEnder) Scan(any) error {
	endRows()
	return nil
}

// A hook run after the commit finds the writer's connection free: it may write in turn.
func TestWriterRawHooksRunWithTheWriterFree(t *testing.T) {
	db := openTestSQLite(t, writerTestSchema)
	ctx := context.Background()
	hooked := make(chan error, 1)
	go func() {
		_ = db.Tx(ctx, func(tx *Tx) error {
			db.AfterCommit(tx, func() {
				hooked <- db.Tx(ctx, func(tx *Tx) error {
					_, err := db.txExec(ctx, tx, `INSERT INTO w (name) VALUES ('from a hook')`)
					return err
				})
			})
			_, err := db.txExec(ctx, tx, `INSERT INTO w (name) VALUES ('first')`)
			return err
		})
	}()
	select {
	case err := <-hooked:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("a hook that writes waits for the connection its transaction still holds")
	}
}
