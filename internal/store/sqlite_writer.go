package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/jmoiron/sqlx/reflectx"
	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// The writer's transactions run their statements through SQLite's interface (SQLite mode).
//
// A result validation runs ~28 statements in one transaction on the writer's only connection.
// Through database/sql each paid, around SQLite's own work, for borrowing the pool statement
// onto the transaction (Tx.StmtContext), the driver's binding (a C allocation per text
// argument), its context watcher, and sqlx's reflective mapping of columns to fields on every
// call: ~0.39 ms of a validation's ~1.2 ms of CPU, all of it while the writer is held, so every
// other writer waited for it too (docs/PERFORMANCE.md, twenty-eighth session).
//
// Here a transaction keeps its connection (Tx, tx.go), and txExec, txGet and txSelect run their
// statement on it through the connection's raw statements (rawConn, sqlite_raw.go), under
// database/sql's lock of the connection (Conn.Raw). The answers are database/sql's and sqlx's:
// the same conversions (assignRaw), the same mapping of columns to fields (the writer pool's sqlx
// mapper, kept per statement and type: rawPlan), the same errors where a caller can tell them
// apart (sql.ErrNoRows, a constraint's extended code). Whatever this path does not know — a
// destination type assignRaw lacks, a pointer to a pointer, named parameters — takes
// database/sql's path on the same connection (TestWriterRawAnswersAsDriver).
//
// A transaction whose context ended, or that was rolled back, runs nothing more: a statement
// answers sql.ErrTxDone, as database/sql would, rather than run outside any transaction; so does
// one that finds the connection outside a transaction (SQLite rolls a transaction back by itself
// after some errors: sqlite3_get_autocommit).

// rawTxRun runs fn on tx's raw connection; handled is false when fn declines (ok false from fn:
// the statement takes database/sql's path).
//
// Nothing fn does reaches Conn.Raw as a panic or an error: Raw would take either for a broken
// connection and close it, and closing waits for the transaction holding it, on this very
// goroutine, for good. A panic goes on once Raw has returned (the transaction then rolls back as
// before), an error is handed back beside it.
func (db *DB) rawTxRun(tx *Tx, fn func(c *rawConn) (bool, error)) (handled bool, err error) {
	if tx.pg != nil {
		return false, nil
	}
	if err := tx.live(); err != nil {
		return true, err
	}
	var panicked any
	rawErr := tx.conn.Raw(func(dc any) error {
		defer func() {
			if p := recover(); p != nil {
				panicked = p
			}
		}()
		c, ok := dc.(*rawConn)
		if !ok || c.db == 0 {
			return nil
		}
		if sqlite3.Xsqlite3_get_autocommit(c.tls, c.db) != 0 {
			// Ended under it: nothing may run outside it.
			handled, err = true, sql.ErrTxDone
			return nil
		}
		handled, err = fn(c)
		return nil
	})
	if panicked != nil {
		panic(panicked)
	}
	if rawErr != nil { // the connection was closed: the transaction is over
		return true, sql.ErrTxDone
	}
	return handled, err
}

// rawResult is an Exec's result, read as the driver reads it.
type rawResult struct{ lastID, affected int64 }

func (r rawResult) LastInsertId() (int64, error) { return r.lastID, nil }
func (r rawResult) RowsAffected() (int64, error) { return r.affected, nil }

// rawExec is txExec through SQLite's interface; handled is false when it takes database/sql's path.
func (db *DB) rawExec(ctx context.Context, tx *Tx, q string, args []any) (res sql.Result, handled bool, err error) {
	handled, err = db.rawTxRun(tx, func(c *rawConn) (bool, error) {
		st, ok, err := c.rawPrepared(q)
		if err != nil || !ok {
			return err != nil, err
		}
		if err := c.runRaw(ctx, st, args, nil); err != nil {
			return true, err
		}
		res = rawResult{
			lastID:   sqlite3.Xsqlite3_last_insert_rowid(c.tls, c.db),
			affected: int64(sqlite3.Xsqlite3_changes(c.tls, c.db)),
		}
		return true, nil
	})
	return res, handled, err
}

// rawPlan is how a statement's columns reach a destination type, as sqlx maps them.
type rawPlan struct {
	ok     bool    // false: a destination this path does not fill, or sqlx refuses the columns
	scalar bool    // the destination is the one column's value itself
	fields [][]int // struct destinations: each column's field, by index path
	gen    int     // the statement's columns it was made for (rawStmt.gen)
}

type rawPlanKey struct {
	q string
	t reflect.Type
}

// rawPlanFor returns how st's columns fill base (the destination's type, pointers removed),
// following sqlx's rules (scanAny, scanAll). A plan sqlx would refuse (a missing field, several
// columns for one value) is not ok: database/sql's path then answers with sqlx's own error.
func (db *DB) rawPlanFor(c *rawConn, q string, st *rawStmt, base reflect.Type) rawPlan {
	key := rawPlanKey{q, base}
	if p, ok := c.plans[key]; ok && p.gen == st.gen {
		return p
	}
	n := int(sqlite3.Xsqlite3_column_count(c.tls, st.p))
	p := rawPlan{gen: st.gen}
	if rawScannable(db.W.Mapper, base) {
		p.ok, p.scalar = n == 1 && rawFills(base), true
	} else {
		columns := make([]string, n)
		for i := range columns {
			columns[i] = stmtColumnName(c, st.p, i)
		}
		p.ok, p.fields = true, db.W.Mapper.TraversalsByName(base, columns)
		for _, f := range p.fields {
			if len(f) == 0 || !rawFills(reflectx.Deref(base).FieldByIndex(f).Type) {
				p.ok = false
				break
			}
		}
	}
	if c.plans == nil {
		c.plans = map[rawPlanKey]rawPlan{}
	}
	if _, ok := c.plans[key]; ok || len(c.plans) < maxRawStmts {
		c.plans[key] = p
	}
	return p
}

// errSchemaChanged: SQLite prepared a statement again as it ran (a schema change), and its new
// columns no longer fit the destination this path was filling. It did not answer wrongly; run
// again, the statement takes the path its new columns call for.
var errSchemaChanged = errors.New("store: the statement's columns changed with the schema as it ran; run it again")

// rowPlan is the plan for st's current row: p, or p made again when the statement's columns
// changed since (rawStmt.refresh).
func (db *DB) rowPlan(c *rawConn, q string, st *rawStmt, base reflect.Type, p rawPlan) (rawPlan, error) {
	if p.gen == st.gen {
		return p, nil
	}
	if p = db.rawPlanFor(c, q, st, base); !p.ok {
		return p, errSchemaChanged
	}
	return p, nil
}

// rawScannable is sqlx's isScannable: a destination filled whole by one column.
func rawScannable(m *reflectx.Mapper, t reflect.Type) bool {
	if reflect.PointerTo(t).Implements(scannerType) || t.Kind() != reflect.Struct {
		return true
	}
	return len(m.TypeMap(t).Index) == 0
}

var scannerType = reflect.TypeFor[sql.Scanner]()

// rawFills reports whether assignRaw fills a value of type t exactly as database/sql would.
func rawFills(t reflect.Type) bool {
	if reflect.PointerTo(t).Implements(scannerType) {
		return true
	}
	switch t {
	case reflect.TypeFor[int64](), reflect.TypeFor[int](), reflect.TypeFor[bool](), reflect.TypeFor[string](),
		reflect.TypeFor[float64](), reflect.TypeFor[time.Time](), reflect.TypeFor[NotificationStamp]():
		return true
	}
	return false
}

// fillRow stores the current row of st in v (addressable, of the plan's type).
func (c *rawConn) fillRow(st *rawStmt, p rawPlan, v reflect.Value) error {
	if p.scalar {
		return c.assignColumnAt(st, 0, v.Addr().Interface())
	}
	for i, f := range p.fields {
		if err := c.assignColumnAt(st, i, reflectx.FieldByIndexes(v, f).Addr().Interface()); err != nil {
			return err
		}
	}
	return nil
}

// assignColumnAt is assignRaw with database/sql's words for a column that does not convert.
func (c *rawConn) assignColumnAt(st *rawStmt, i int, dest any) error {
	if err := c.assignRaw(st, int32(i), dest); err != nil {
		return fmt.Errorf("sql: Scan error on column index %d, name %q: %w", i, stmtColumnName(c, st.p, i), err)
	}
	return nil
}

// rawRead runs q on tx's connection, filling base (the destination's type, pointers removed) as
// sqlx maps it: row is called at each row with the row's plan (errStopRows from it ends the read),
// ended once the rows are over, told whether there were any.
func (db *DB) rawRead(ctx context.Context, tx *Tx, q string, args []any, base reflect.Type,
	row func(c *rawConn, st *rawStmt, p rawPlan) error, ended func(rows bool) error) (bool, error) {
	return db.rawTxRun(tx, func(c *rawConn) (bool, error) {
		st, ok, err := c.rawPrepared(q)
		if err != nil || !ok {
			return err != nil, err
		}
		p := db.rawPlanFor(c, q, st, base)
		if !p.ok {
			return false, nil
		}
		rows := false
		err = c.runRaw(ctx, st, args, func() error {
			rows = true
			var err error
			if p, err = db.rowPlan(c, q, st, base, p); err != nil {
				return err
			}
			return row(c, st, p)
		})
		if err == nil {
			err = ended(rows)
		}
		return schemaChanged(c, st, err)
	})
}

// schemaChanged hands a read whose columns changed as it ran (errSchemaChanged) to database/sql's
// path, which reads it again; a statement that writes keeps the error, its write being done.
func schemaChanged(c *rawConn, st *rawStmt, err error) (handled bool, _ error) {
	if errors.Is(err, errSchemaChanged) && sqlite3.Xsqlite3_stmt_readonly(c.tls, st.p) != 0 {
		return false, nil
	}
	return true, err
}

// rawGet is txGet through SQLite's interface (sqlx's Get: the first row into dest).
func (db *DB) rawGet(ctx context.Context, tx *Tx, dest any, q string, args []any) (bool, error) {
	v := reflect.ValueOf(dest)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() == reflect.Pointer {
		return false, nil // sqlx's own checks and errors
	}
	return db.rawRead(ctx, tx, q, args, v.Elem().Type(), func(c *rawConn, st *rawStmt, p rawPlan) error {
		if err := c.fillRow(st, p, v.Elem()); err != nil {
			return err
		}
		return errStopRows
	}, func(rows bool) error {
		if !rows {
			return sql.ErrNoRows
		}
		return nil
	})
}

// rawSelect is txSelect through SQLite's interface (sqlx's Select: the slice dest points at holds
// every row, as values or pointers).
func (db *DB) rawSelect(ctx context.Context, tx *Tx, dest any, q string, args []any) (bool, error) {
	slice, base, isPtr, ok := sliceDest(dest)
	if !ok {
		return false, nil
	}
	// As sqlx: once the statement runs, its rows replace what the slice held, in its memory.
	emptied := false
	return db.rawRead(ctx, tx, q, args, base, func(c *rawConn, st *rawStmt, p rawPlan) error {
		if !emptied {
			slice.SetLen(0)
			emptied = true
		}
		row := reflect.New(base)
		if err := c.fillRow(st, p, row.Elem()); err != nil {
			return err
		}
		if isPtr {
			slice.Set(reflect.Append(slice, row))
		} else {
			slice.Set(reflect.Append(slice, row.Elem()))
		}
		return nil
	}, func(rows bool) error {
		if !rows {
			slice.SetLen(0)
		}
		return nil
	})
}

// rawScan is a txRow's Scan through SQLite's interface (sql.Row's Scan: the first row's columns
// into dest, one each).
func (db *DB) rawScan(ctx context.Context, tx *Tx, q string, args []any, dest []any) (bool, error) {
	for _, d := range dest {
		t := reflect.TypeOf(d)
		if t == nil || t.Kind() != reflect.Pointer || !rawFills(t.Elem()) {
			return false, nil
		}
	}
	return db.rawTxRun(tx, func(c *rawConn) (bool, error) {
		st, ok, err := c.rawPrepared(q)
		if err != nil || !ok {
			return err != nil, err
		}
		found := false
		err = c.runRaw(ctx, st, args, func() error {
			found = true
			// Counted at the row, when the columns are the statement's as it runs (rawStmt.refresh).
			if n := int(sqlite3.Xsqlite3_column_count(c.tls, st.p)); n != len(dest) {
				return fmt.Errorf("sql: expected %d destination arguments in Scan, not %d", n, len(dest))
			}
			for i, d := range dest {
				if err := c.assignColumnAt(st, i, d); err != nil {
					return err
				}
			}
			return errStopRows
		})
		if err == nil && !found {
			err = sql.ErrNoRows
		}
		return true, err
	})
}

// stmtColumnName is the name of p's column i.
func stmtColumnName(c *rawConn, p uintptr, i int) string {
	return libc.GoString(sqlite3.Xsqlite3_column_name(c.tls, p, int32(i)))
}
