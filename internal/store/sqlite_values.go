package store

import (
	"database/sql"
	"database/sql/driver"
	"fmt"
	"strconv"
	"strings"
	"time"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// A raw statement's columns as database/sql gives them, and its errors as the driver words them
// (sqlite_raw.go runs the statements).

// assignRaw stores column i of p's current row in dest. Where database/sql would copy the value
// as it is (an integer into an int64, text into a string, NULL into a Null type) it is stored
// directly; every other case goes through database/sql's conversions (assignColumn).
func (c *rawConn) assignRaw(st *rawStmt, i int32, dest any) error {
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
func (st *rawStmt) isTime(i int32) bool { return st.times != nil && st.times[i] }

// rawColumn is column i of st's current row as the driver gives it.
func (c *rawConn) rawColumn(st *rawStmt, i int32) driver.Value {
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
