package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// Statements through SQLite's own interface (SQLite mode): scanOne's, and the writer's
// transactions' (sqlite_writer.go).
//
// The driver's query path costs as much again as SQLite's work for a one-row statement: each
// query reads every column's name and declared type into new strings (14 columns: ~30
// allocations), starts a goroutine to watch the context, boxes each value and keeps the bound
// text in C memory from the library's allocator. Here the connection keeps the statement
// prepared through SQLite's C interface (prepare_v3, persistent), binds the arguments from
// memory on the connection's own C stack, steps it (runRaw) and reads each column by its storage
// class (sqlite_values.go). The values then go through database/sql's conversions (assignColumn), as before, so
// the answers are database/sql's (TestSQLiteScanOneAnswersAsDatabaseSQL).
//
// The context still bounds the statement: it is checked first, and while SQLite runs a
// context.AfterFunc interrupts it (sqlite3_interrupt, what the driver's watcher goroutine does).
// A column declared DATE, DATETIME or TIMESTAMP is read as the driver reads it: its text parsed
// as a time when one of the driver's formats fits (rawTime).

// timeFormat is how the driver writes a time.Time (the DSN's _time_format=sqlite, no _loc):
// bound times must compare with stored ones as the same text.
const timeFormat = "2006-01-02 15:04:05.999999999-07:00"

// rawStmt is a statement prepared on a connection through SQLite's interface.
type rawStmt struct {
	p      uintptr // sqlite3_stmt*; 0: the statement takes the driver's path
	params int
	times  []bool // the columns declared DATE, DATETIME or TIMESTAMP (nil: none)
	// SQLite prepares a statement again inside a step when the schema changed (SQLITE_SCHEMA):
	// its columns may then differ from what was read before the step. reprepares is the count
	// of that (SQLITE_STMTSTATUS_REPREPARE) when times was read, and gen counts the changes seen,
	// so that what was derived from the columns (times, the writer's plans) is derived again.
	reprepares int32
	gen        int
}

// refresh reads st's columns again when SQLite prepared it again since they were read; called
// with a row current, when the columns are the statement's own.
func (st *rawStmt) refresh(tls *libc.TLS) {
	if n := sqlite3.Xsqlite3_stmt_status(tls, st.p, sqlite3.SQLITE_STMTSTATUS_REPREPARE, 0); n != st.reprepares {
		st.reprepares, st.times = n, columnTimes(tls, st.p)
		st.gen++
	}
}

// maxRawStmts bounds the statements a connection keeps: a text built per call (an IN list) past
// the bound takes the driver's path instead of growing the connection's memory without limit.
const maxRawStmts = 512

// readPointer is the C pointer stored at p.
func readPointer(p uintptr) uintptr {
	if strconv.IntSize == 32 {
		return uintptr(binary.NativeEndian.Uint32(libc.GoBytes(p, 4)))
	}
	return uintptr(binary.NativeEndian.Uint64(libc.GoBytes(p, 8)))
}

// rawPrepared returns q prepared on c through SQLite's interface, preparing it the first time;
// ok is false for a statement that must keep the driver's path.
func (c *rawConn) rawPrepared(q string) (st *rawStmt, ok bool, err error) {
	if st, ok := c.raw[q]; ok {
		return st, st.p != 0, nil
	}
	if len(c.raw) >= maxRawStmts {
		return nil, false, nil
	}
	return c.prepareKept(q)
}

// prepareKept prepares q on the connection and keeps it there (rawPrepared without the bound).
func (c *rawConn) prepareKept(q string) (st *rawStmt, ok bool, err error) {
	tls := c.tls
	size := len(q) + 1
	buf := tls.Alloc(size + 8)
	defer tls.Free(size + 8)
	sqlText, out := buf+8, buf
	copy(libc.GoBytes(sqlText, size), q+"\x00")
	clear(libc.GoBytes(out, 8))
	tail := tls.Alloc(8)
	defer tls.Free(8)
	if rc := sqlite3.Xsqlite3_prepare_v3(tls, c.db, sqlText, int32(size), sqlite3.SQLITE_PREPARE_PERSISTENT, out, tail); rc != sqlite3.SQLITE_OK {
		return nil, false, c.rawError(rc)
	}
	st = &rawStmt{p: readPointer(out)}
	st.params = int(sqlite3.Xsqlite3_bind_parameter_count(tls, st.p))
	// The driver's path, every time (remembered as p == 0), for a statement this one would run
	// otherwise than the driver: one with named or numbered parameters (bound by name there, by
	// position here), or more than one statement in the text (the driver runs them all).
	driverOnly := strings.TrimSpace(libc.GoString(readPointer(tail))) != ""
	for i := range st.params {
		driverOnly = driverOnly || sqlite3.Xsqlite3_bind_parameter_name(tls, st.p, int32(i+1)) != 0
	}
	st.times = columnTimes(tls, st.p)
	st.reprepares = sqlite3.Xsqlite3_stmt_status(tls, st.p, sqlite3.SQLITE_STMTSTATUS_REPREPARE, 0)
	if driverOnly {
		sqlite3.Xsqlite3_finalize(tls, st.p)
		st.p = 0
	}
	if c.raw == nil {
		c.raw = map[string]*rawStmt{}
	}
	c.raw[q] = st
	return st, st.p != 0, nil
}

// scanRaw runs st with args and reads its first row into dest; sql.ErrNoRows when there is none.
func (c *rawConn) scanRaw(ctx context.Context, st *rawStmt, args []any, dest []any) error {
	found := false
	err := c.runRaw(ctx, st, args, func() error {
		found = true
		// Counted at the row, when the columns are the statement's as it runs (rawStmt.refresh).
		if n := int(sqlite3.Xsqlite3_column_count(c.tls, st.p)); len(dest) != n {
			return fmt.Errorf("store: %d destinations for %d columns", len(dest), n)
		}
		for i := range dest {
			if err := c.assignRaw(st, int32(i), dest[i]); err != nil {
				return fmt.Errorf("store: scan column %d: %w", i, err)
			}
		}
		return errStopRows
	})
	if err == nil && !found {
		return sql.ErrNoRows
	}
	return err
}

// errStopRows, returned by runRaw's row function, ends the statement without an error.
var errStopRows = errors.New("store: no more rows wanted")

// runRaw binds args to st and steps it to its end, calling row (when not nil) at each row while
// the row is current; row returning errStopRows ends the statement early without an error. The
// statement is reset before runRaw returns.
func (c *rawConn) runRaw(ctx context.Context, st *rawStmt, args []any, row func() error) (err error) {
	if len(args) != st.params {
		return fmt.Errorf("sql: expected %d arguments, got %d", st.params, len(args))
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	copied := false
	for i, a := range args {
		switch a.(type) {
		case nil, int, int64, float64, bool, string, []byte, time.Time:
		default: // anything else as database/sql would take it (a driver.Valuer, a named type)
			v, err := driver.DefaultParameterConverter.ConvertValue(a)
			if err != nil { // in database/sql's words
				return fmt.Errorf("sql: converting argument $%d type: %w", i+1, err)
			}
			if !copied { // the caller's slice stays as it was
				args, copied = append([]any(nil), args...), true
			}
			args[i] = v
		}
	}
	textBytes := 1
	for _, a := range args {
		switch x := a.(type) {
		case string:
			textBytes += len(x)
		case []byte:
			textBytes += len(x)
		case time.Time:
			textBytes += len(timeFormat) + 16 // room for the longest zone and fraction
		}
	}
	// Bound text and blobs live on the connection's C stack until the statement is reset
	// (SQLITE_STATIC: SQLite reads them in place).
	tls := c.tls
	stack := tls.Alloc(textBytes)
	defer tls.Free(textBytes)
	defer func() {
		sqlite3.Xsqlite3_reset(tls, st.p)          // ends a reader's read transaction
		sqlite3.Xsqlite3_clear_bindings(tls, st.p) // nothing may point into the freed stack
	}()
	at := stack
	bindText := func(n int32, b []byte, blob bool) int32 {
		copy(libc.GoBytes(at, len(b)), b)
		p := at
		at += uintptr(len(b))
		if blob {
			return sqlite3.Xsqlite3_bind_blob(tls, st.p, n, p, int32(len(b)), 0)
		}
		return sqlite3.Xsqlite3_bind_text(tls, st.p, n, p, int32(len(b)), 0)
	}
	for i, a := range args {
		n := int32(i + 1)
		var rc int32
		switch x := a.(type) {
		case nil:
			rc = sqlite3.Xsqlite3_bind_null(tls, st.p, n)
		case int:
			rc = sqlite3.Xsqlite3_bind_int64(tls, st.p, n, int64(x))
		case int64:
			rc = sqlite3.Xsqlite3_bind_int64(tls, st.p, n, x)
		case float64:
			rc = sqlite3.Xsqlite3_bind_double(tls, st.p, n, x)
		case bool:
			b := int64(0)
			if x {
				b = 1
			}
			rc = sqlite3.Xsqlite3_bind_int64(tls, st.p, n, b)
		case string: // copied as bindText does, without making the string a slice first
			copy(libc.GoBytes(at, len(x)), x)
			rc = sqlite3.Xsqlite3_bind_text(tls, st.p, n, at, int32(len(x)), 0)
			at += uintptr(len(x))
		case []byte:
			if x == nil {
				rc = sqlite3.Xsqlite3_bind_null(tls, st.p, n) // as the driver binds a nil slice
			} else {
				rc = bindText(n, x, true)
			}
		case time.Time:
			var buf [len(timeFormat) + 16]byte
			rc = bindText(n, x.AppendFormat(buf[:0], timeFormat), false)
		default:
			return fmt.Errorf("store: argument %d: unsupported type %T", i+1, a)
		}
		if rc != sqlite3.SQLITE_OK {
			return c.rawError(rc)
		}
	}

	// SQLite forgets an interrupt that arrives before the statement starts (it clears the flag
	// when a statement starts with none running), so it is sent again until the last step returns.
	var stepped atomic.Bool
	interrupted := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		defer close(interrupted)
		for !stepped.Load() {
			sqlite3.Xsqlite3_interrupt(c.itls, c.db)
			time.Sleep(time.Millisecond)
		}
	})
	defer func() {
		stepped.Store(true)
		if !stop() {
			// Once the interrupts are done, a flag left set makes the driver's IsValid drop the
			// connection when it goes back to the pool: no later statement sees it.
			<-interrupted
			if err != nil && ctx.Err() != nil {
				err = ctx.Err()
			}
		}
	}()
	for {
		switch rc := sqlite3.Xsqlite3_step(tls, st.p); rc {
		case sqlite3.SQLITE_DONE:
			return nil
		case sqlite3.SQLITE_ROW:
			if row == nil {
				continue
			}
			st.refresh(tls)
			if err := row(); err != nil {
				if errors.Is(err, errStopRows) {
					return nil
				}
				return err
			}
		default:
			return c.rawError(rc)
		}
	}
}

// closeRaw finalizes the statements prepared through SQLite's interface (before the connection
// closes: a connection with live statements would stay open as a zombie).
func (c *rawConn) closeRaw() {
	for q, st := range c.raw {
		if st.p != 0 {
			sqlite3.Xsqlite3_finalize(c.tls, st.p)
		}
		delete(c.raw, q)
	}
	if c.itls != nil {
		c.itls.Close()
		c.itls = nil
	}
}
