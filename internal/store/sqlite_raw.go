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

// scanOne's statements through SQLite's own interface (SQLite mode).
//
// The driver's query path costs as much again as SQLite's work for a one-row statement: each
// query reads every column's name and declared type into new strings (14 columns: ~30
// allocations), starts a goroutine to watch the context, boxes each value and keeps the bound
// text in C memory from the library's allocator. Here the reader connection keeps the statement
// prepared through SQLite's C interface (prepare_v3, persistent), binds the arguments from
// memory on the connection's own C stack, steps once and reads each column by its storage
// class. The values then go through database/sql's conversions (assignColumn), as before, so
// the answers are database/sql's (TestSQLiteScanOneAnswersAsDatabaseSQL).
//
// The context still bounds the statement: it is checked first, and while SQLite runs a
// context.AfterFunc interrupts it (sqlite3_interrupt, what the driver's watcher goroutine does).
// A column declared DATE, DATETIME or TIMESTAMP is read as the driver reads it: its text parsed
// as a time when one of the driver's formats fits (rawTime).
//
// The writer's transactions run their statements the same way (sqlite_writer.go).

// timeFormat is how the driver writes a time.Time (the DSN's _time_format=sqlite, no _loc):
// bound times must compare with stored ones as the same text.
const timeFormat = "2006-01-02 15:04:05.999999999-07:00"

// rawStmt is a statement prepared on a reader connection through SQLite's interface.
type rawStmt struct {
	p      uintptr // sqlite3_stmt*; 0: the statement takes the driver's path
	params int
	times  []bool // the columns declared DATE, DATETIME or TIMESTAMP (nil: none)
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
func (c *rawConn) rawPrepared(q string) (st rawStmt, ok bool, err error) {
	if st, ok := c.raw[q]; ok {
		return st, st.p != 0, nil
	}
	if len(c.raw) >= maxRawStmts {
		return rawStmt{}, false, nil
	}
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
		return rawStmt{}, false, c.rawError(rc)
	}
	st = rawStmt{p: readPointer(out)}
	st.params = int(sqlite3.Xsqlite3_bind_parameter_count(tls, st.p))
	// The driver's path, every time (remembered as p == 0), for a statement this one would run
	// otherwise than the driver: one with named or numbered parameters (bound by name there, by
	// position here), or more than one statement in the text (the driver runs them all).
	driverOnly := strings.TrimSpace(libc.GoString(readPointer(tail))) != ""
	for i := range st.params {
		driverOnly = driverOnly || sqlite3.Xsqlite3_bind_parameter_name(tls, st.p, int32(i+1)) != 0
	}
	st.times = columnTimes(tls, st.p)
	if driverOnly {
		sqlite3.Xsqlite3_finalize(tls, st.p)
		st.p = 0
	}
	if c.raw == nil {
		c.raw = map[string]rawStmt{}
	}
	c.raw[q] = st
	return st, st.p != 0, nil
}

// scanRaw runs st with args and reads its first row into dest; sql.ErrNoRows when there is none.
func (c *rawConn) scanRaw(ctx context.Context, st rawStmt, args []any, dest []any) error {
	// Counted on every run: a schema change re-prepares the statement, which may change it.
	if n := int(sqlite3.Xsqlite3_column_count(c.tls, st.p)); len(dest) != n {
		return fmt.Errorf("store: %d destinations for %d columns", len(dest), n)
	}
	found := false
	err := c.runRaw(ctx, st, args, func() error {
		found = true
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
func (c *rawConn) runRaw(ctx context.Context, st rawStmt, args []any, row func() error) (err error) {
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
			if err != nil {
				return fmt.Errorf("store: argument %d: %w", i+1, err)
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

// assignRaw stores column i of p's current row in dest. Where database/sql would copy the value
// as it is (an integer into an int64, text into a string, NULL into a Null type) it is stored
// directly; every other case goes through database/sql's conversions (assignColumn).
func (c *rawConn) assignRaw(st rawStmt, i int32, dest any) error {
	tls, p := c.tls, st.p
	ct := sqlite3.Xsqlite3_column_type(tls, p, i)
	switch d := dest.(type) {
	case *int64:
		if ct == sqlite3.SQLITE_INTEGER {
			*d = sqlite3.Xsqlite3_column_int64(tls, p, i)
			return nil
		}
	case *int:
		if ct == sqlite3.SQLITE_INTEGER && strconv.IntSize == 64 {
			*d = int(sqlite3.Xsqlite3_column_int64(tls, p, i))
			return nil
		}
	case *sql.NullInt64:
		switch ct {
		case sqlite3.SQLITE_INTEGER:
			*d = sql.NullInt64{Int64: sqlite3.Xsqlite3_column_int64(tls, p, i), Valid: true}
			return nil
		case sqlite3.SQLITE_NULL:
			*d = sql.NullInt64{}
			return nil
		}
	case *float64:
		if ct == sqlite3.SQLITE_FLOAT {
			*d = sqlite3.Xsqlite3_column_double(tls, p, i)
			return nil
		}
	case *sql.NullFloat64:
		switch ct {
		case sqlite3.SQLITE_FLOAT:
			*d = sql.NullFloat64{Float64: sqlite3.Xsqlite3_column_double(tls, p, i), Valid: true}
			return nil
		case sqlite3.SQLITE_NULL:
			*d = sql.NullFloat64{}
			return nil
		}
	case *bool:
		if v, ok := rawBool(tls, p, i, ct); ok {
			*d = v
			return nil
		}
	case *sql.NullBool:
		switch v, ok := rawBool(tls, p, i, ct); {
		case ok:
			*d = sql.NullBool{Bool: v, Valid: true}
			return nil
		case ct == sqlite3.SQLITE_NULL:
			*d = sql.NullBool{}
			return nil
		}
	case *string:
		if ct == sqlite3.SQLITE_TEXT && !st.isTime(i) {
			*d = c.rawColumn(st, i).(string)
			return nil
		}
	case *sql.NullString:
		switch {
		case ct == sqlite3.SQLITE_TEXT && !st.isTime(i):
			*d = sql.NullString{String: c.rawColumn(st, i).(string), Valid: true}
			return nil
		case ct == sqlite3.SQLITE_NULL:
			*d = sql.NullString{}
			return nil
		}
	case *time.Time:
		if t, ok := c.rawColumn(st, i).(time.Time); ok {
			*d = t
			return nil
		}
	case *sql.NullTime:
		if ct == sqlite3.SQLITE_NULL {
			*d = sql.NullTime{}
			return nil
		}
		if t, ok := c.rawColumn(st, i).(time.Time); ok {
			*d = sql.NullTime{Time: t, Valid: true}
			return nil
		}
	}
	return assignColumn(dest, c.rawColumn(st, i))
}

// rawBool is an INTEGER column of 0 or 1 as a bool, as database/sql converts it (driver.Bool);
// ok is false for anything else, which takes database/sql's conversion and its error.
func rawBool(tls *libc.TLS, p uintptr, i int32, ct int32) (v, ok bool) {
	if ct != sqlite3.SQLITE_INTEGER {
		return false, false
	}
	switch sqlite3.Xsqlite3_column_int64(tls, p, i) {
	case 0:
		return false, true
	case 1:
		return true, true
	}
	return false, false
}

// isTime reports whether column i is declared as a time (its text is read as one: rawTime).
func (st rawStmt) isTime(i int32) bool { return st.times != nil && st.times[i] }

// rawColumn is column i of st's current row as the driver gives it.
func (c *rawConn) rawColumn(st rawStmt, i int32) driver.Value {
	tls, p := c.tls, st.p
	switch sqlite3.Xsqlite3_column_type(tls, p, i) {
	case sqlite3.SQLITE_INTEGER:
		return sqlite3.Xsqlite3_column_int64(tls, p, i)
	case sqlite3.SQLITE_FLOAT:
		return sqlite3.Xsqlite3_column_double(tls, p, i)
	case sqlite3.SQLITE_TEXT:
		s := sqlite3.Xsqlite3_column_text(tls, p, i)
		n := sqlite3.Xsqlite3_column_bytes(tls, p, i)
		text := ""
		if s != 0 && n != 0 {
			text = string(libc.GoBytes(s, int(n)))
		}
		if st.isTime(i) {
			return rawTime(text)
		}
		return text
	case sqlite3.SQLITE_BLOB:
		b := sqlite3.Xsqlite3_column_blob(tls, p, i)
		n := sqlite3.Xsqlite3_column_bytes(tls, p, i)
		if b == 0 || n == 0 {
			return []byte(nil) // as the driver gives an empty blob: a typed nil, not NULL
		}
		return append([]byte(nil), libc.GoBytes(b, int(n))...)
	default:
		return nil
	}
}

// columnTimes marks p's columns declared DATE, DATETIME or TIMESTAMP, which the driver reads as
// times; nil when there are none.
func columnTimes(tls *libc.TLS, p uintptr) []bool {
	var times []bool
	n := int(sqlite3.Xsqlite3_column_count(tls, p))
	for i := range n {
		switch strings.ToUpper(libc.GoString(sqlite3.Xsqlite3_column_decltype(tls, p, int32(i)))) {
		case "DATE", "DATETIME", "TIMESTAMP":
			if times == nil {
				times = make([]bool, n)
			}
			times[i] = true
		}
	}
	return times
}

// driverTimeFormats are the formats the driver tries, in its order, on the text of a column
// declared as a time (modernc.org/sqlite's parseTimeFormats).
var driverTimeFormats = []string{
	"2006-01-02 15:04:05.999999999-07:00",
	"2006-01-02T15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04",
	"2006-01-02T15:04",
	"2006-01-02",
}

// rawTime is the text of a column declared as a time as the driver gives it (no _loc in the DSN):
// a time.Time in the first format that fits (Go's String form first, a trailing Z cut), or the
// text itself.
func rawTime(s string) driver.Value {
	if t, ok := rawTimeFast(s); ok {
		return t
	}
	goForm := s
	if x := strings.Index(s, "m="); x > 0 {
		goForm = s[:x]
	}
	if t, err := time.Parse("2006-01-02 15:04:05.999999999 -0700 MST", strings.TrimSpace(goForm)); err == nil {
		return t
	}
	ts, _ := strings.CutSuffix(s, "Z")
	for _, f := range driverTimeFormats {
		if t, err := time.Parse(f, ts); err == nil {
			return t
		}
	}
	return s
}

// rawTimeFast parses the form the app writes (timeFormat) when the text has it exactly, as the
// driver's first format does; the String form never parses as that (it has a space before its
// zone), so the order of the tries does not change the answer.
func rawTimeFast(s string) (time.Time, bool) {
	if len(s) < len("2006-01-02 15:04:05-07:00") || s[10] != ' ' || strings.HasSuffix(s, "Z") {
		return time.Time{}, false
	}
	t, err := time.Parse(timeFormat, s)
	return t, err == nil
}

// sqliteError is SQLite's error for a statement run through its interface, as the driver words
// it; Code is the extended result code (IsUniqueViolation reads it, as the driver's *sqlite.Error's).
type sqliteError struct {
	msg  string
	code int
}

func (e *sqliteError) Error() string { return e.msg }
func (e *sqliteError) Code() int     { return e.code }

// rawError is SQLite's error for rc on c, worded as the driver words it (its errstrForDB).
func (c *rawConn) rawError(rc int32) error {
	str := libc.GoString(sqlite3.Xsqlite3_errstr(c.tls, rc))
	busy := ""
	if rc == sqlite3.SQLITE_BUSY {
		busy = " (SQLITE_BUSY)"
	}
	if msg := libc.GoString(sqlite3.Xsqlite3_errmsg(c.tls, c.db)); msg != str {
		return &sqliteError{msg: fmt.Sprintf("%s: %s (%v)%s", str, msg, rc, busy), code: int(rc)}
	}
	return &sqliteError{msg: fmt.Sprintf("%s (%v)%s", str, rc, busy), code: int(rc)}
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
