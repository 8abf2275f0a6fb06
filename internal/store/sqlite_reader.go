package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"reflect"
	"time"

	"modernc.org/libc"
)

// The pools' connections with statements of their own (SQLite): the readers' single-row reads
// (scanOne, below) and the writer's transactions' statements (sqlite_writer.go).
//
// Every signed-in request starts with one statement that reads its session together with the
// stamps of what it will serve (SessionStampWith): most of such a request's database time. Run
// through database/sql, that statement paid as much again around it as SQLite spent running it:
// a goroutine per query watching the request's context (Rows' awaitDone, beside the driver's own
// watcher that interrupts SQLite), the pool's statement bookkeeping, and a reflective conversion
// of each of its ~15 columns. scanOne now takes a reader connection from the pool, runs the
// statement prepared on that connection through the driver's own interfaces, and converts each
// column with database/sql's own conversions (sql.Null[T].Scan): 15.8 → 11.1 µs a statement
// in-process (docs/PERFORMANCE.md, twenty-fourth session). The request's context still bounds
// it: the connection is taken under it, and the driver interrupts SQLite when it ends.
//
// The statements live with their connection: rawConn closes them before the connection, so
// a connection database/sql discards (an interrupted one is) takes its statements with it, and
// a statement is never used on a connection other than its own.

// sqliteDriverConn is what the app uses of a modernc connection (database/sql finds each
// optional interface by a type assertion, so the wrapper must offer every one the driver does).
type sqliteDriverConn interface {
	driver.Conn
	driver.ConnPrepareContext
	driver.ConnBeginTx
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// rawConn is a pool connection (the readers' and the writer's) with the statements scanOne and the
// writer's transactions prepared on it.
type rawConn struct {
	sqliteDriverConn
	stmts map[string]driver.StmtQueryContext // used only under database/sql's hold of the connection
	// SQLite's own handle, for the statements run through its interface (sqlite_raw.go); db is
	// 0 when the handle was not found, and every statement takes the driver's path.
	tls  *libc.TLS
	itls *libc.TLS // another goroutine's, to interrupt the connection (the driver does the same)
	db   uintptr
	raw  map[string]*rawStmt
	// The writer's: how each statement's columns fill a destination type (sqlite_writer.go).
	plans map[rawPlanKey]rawPlan
}

// driverConn is the driver's connection (sqliteHandle reaches SQLite's handle through it).
func (c *rawConn) driverConn() any { return c.sqliteDriverConn }

// Close closes the statements, then the connection (SQLite would otherwise keep a connection
// with live statements open as a zombie, its file too).
func (c *rawConn) Close() error {
	c.closeRaw()
	var err error
	for q, st := range c.stmts {
		err = errors.Join(err, st.(driver.Stmt).Close())
		delete(c.stmts, q)
	}
	return errors.Join(err, c.sqliteDriverConn.Close())
}

// prepared returns q prepared on c, preparing it the first time.
func (c *rawConn) prepared(ctx context.Context, q string) (driver.StmtQueryContext, error) {
	if st, ok := c.stmts[q]; ok {
		return st, nil
	}
	st, err := c.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	sq, ok := st.(driver.StmtQueryContext)
	if !ok {
		st.Close()
		return nil, errors.New("store: the sqlite driver's statement lacks QueryContext")
	}
	if c.stmts == nil {
		c.stmts = map[string]driver.StmtQueryContext{}
	}
	c.stmts[q] = sq
	return sq, nil
}

// rawConnector opens the pools' connections with the registered "sqlite" driver (its
// connection hooks run as for any other connection) and wraps each in a rawConn.
type rawConnector struct {
	drv driver.Driver
	dsn string
}

func (rc rawConnector) Connect(context.Context) (driver.Conn, error) {
	c, err := rc.drv.Open(rc.dsn)
	if err != nil {
		return nil, err
	}
	full, ok := c.(sqliteDriverConn)
	if !ok {
		c.Close()
		return nil, fmt.Errorf("store: the sqlite driver's connection %T lacks an interface the pools need", c)
	}
	rc2 := &rawConn{sqliteDriverConn: full}
	if tls, db, err := sqliteHandle(full); err == nil {
		rc2.tls, rc2.db, rc2.itls = tls, db, libc.NewTLS()
	} else {
		hookFailed("statements through SQLite's interface", err)
	}
	return rc2, nil
}

func (rc rawConnector) Driver() driver.Driver { return rc.drv }

// scanOneSQLite is scanOne on SQLite: q's one row into dest, sql.ErrNoRows when there is none.
func (db *DB) scanOneSQLite(ctx context.Context, q string, args []any, dest []any) error {
	conn, err := db.R.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		rc, ok := dc.(*rawConn)
		if !ok {
			return fmt.Errorf("store: reader connection %T is not the reader pool's", dc)
		}
		if rc.db != 0 {
			raw, ok, err := rc.rawPrepared(q)
			if err != nil {
				return err
			}
			if ok {
				return rc.scanRaw(ctx, raw, args, dest)
			}
		}
		st, err := rc.prepared(ctx, q)
		if err != nil {
			return err
		}
		named := make([]driver.NamedValue, len(args))
		for i, a := range args {
			v, err := driver.DefaultParameterConverter.ConvertValue(a)
			if err != nil {
				return fmt.Errorf("store: argument %d: %w", i+1, err)
			}
			named[i] = driver.NamedValue{Ordinal: i + 1, Value: v}
		}
		rows, err := st.QueryContext(ctx, named)
		if err != nil {
			return err
		}
		err = scanRow(rows, dest)
		if cerr := rows.Close(); cerr != nil {
			return errors.Join(err, cerr)
		}
		return err // unwrapped, as database/sql returns it (sql.ErrNoRows, the context's error)
	})
}

// scanRow reads rows' first row into dest.
func scanRow(rows driver.Rows, dest []any) error {
	if n := len(rows.Columns()); n != len(dest) {
		return fmt.Errorf("store: %d destinations for %d columns", len(dest), n)
	}
	values := make([]driver.Value, len(dest))
	switch err := rows.Next(values); {
	case errors.Is(err, io.EOF):
		return sql.ErrNoRows
	case err != nil:
		return err
	}
	for i, v := range values {
		if err := assignColumn(dest[i], v); err != nil {
			return fmt.Errorf("store: scan column %d: %w", i, err)
		}
	}
	return nil
}

// assignColumn stores a column's value in dest the way database/sql's Scan does (its own
// conversions, through sql.Null[T].Scan). Only the destination types scanOne's statements use
// are known; another fails every time, so its test shows it at once.
func assignColumn(dest any, v driver.Value) error {
	switch d := dest.(type) {
	case sql.Scanner:
		return d.Scan(v)
	case *int64:
		return scanNotNull(d, v)
	case *int:
		return scanNotNull(d, v)
	case *bool:
		return scanNotNull(d, v)
	case *string:
		return scanNotNull(d, v)
	case *float64:
		return scanNotNull(d, v)
	case *time.Time:
		return scanNotNull(d, v)
	case *NotificationStamp:
		return scanNotNull(d, v)
	default:
		return fmt.Errorf("unsupported destination %T", dest)
	}
}

// scanNotNull converts v into *d; NULL is an error, in database/sql's words (convertAssign's).
func scanNotNull[T any](d *T, v driver.Value) error {
	var n sql.Null[T]
	if err := n.Scan(v); err != nil {
		return err
	}
	if !n.Valid {
		switch k := reflect.TypeFor[T]().Kind(); k {
		case reflect.Bool:
			_, err := driver.Bool.ConvertValue(nil)
			return err
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
			reflect.Float32, reflect.Float64, reflect.String:
			return fmt.Errorf("converting NULL to %s is unsupported", k)
		}
		return fmt.Errorf("unsupported Scan, storing driver.Value type <nil> into type %T", d)
	}
	*d = n.V
	return nil
}
