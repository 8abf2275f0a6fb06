package store

import (
	"errors"
	"reflect"
	"runtime"
	"unsafe"

	"modernc.org/libc"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Every SQLite connection runs with the query planner stability guarantee (QPSG) on.
//
// Without it, SQLite plans some statements for the values bound to them: a `col = ?` the
// planner compares with a partial index's WHERE (tournament_players_rank_idx, the pending
// indexes), a `LIMIT ?`, a `LIKE ?`. Such a statement is marked to be parsed and planned again
// whenever one of those values changes. The app keeps its statements prepared, so a validation
// in another tournament than the last re-prepared three of them: the tournament's row, the
// caller's place in it and the two players' rows (0.9 re-prepares a validation over eight ladders,
// ~5 % of the write's CPU; docs/PERFORMANCE.md, twenty-first session). Reads pay the same
// whenever a prepared statement's bound id changes, which is every request of real traffic.
//
// With QPSG a statement keeps the plan it was prepared with. Nothing the app runs needs a
// value-dependent plan: partial indexes are matched by literals written in the SQL, LIKE searches
// are infix ('%…%'), and there are no sqlite_stat4 samples (SQLite never runs ANALYZE here).
//
// modernc.org/sqlite offers no DSN parameter for the setting, so the hook reaches the
// connection's handle through its unexported fields; qpsgOn (tested) reads the setting back,
// so a driver upgrade that moves them fails the store's tests instead of going unnoticed.

var errNoSQLiteHandle = errors.New("sqlite connection handle not found")

func init() {
	sqlite.RegisterConnectionHook(func(conn sqlite.ExecQuerierContext, _ string) error {
		// A handle that cannot be found leaves the connection as SQLite makes it: slower
		// when values change, never wrong. The store's test catches it.
		_, _ = setQPSG(conn, 1)
		return nil
	})
}

// sqliteHandle returns the connection's TLS and sqlite3* handle.
func sqliteHandle(conn any) (*libc.TLS, uintptr, error) {
	v := reflect.ValueOf(conn)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return nil, 0, errNoSQLiteHandle
	}
	s := v.Elem()
	db, tls := s.FieldByName("db"), s.FieldByName("tls")
	if !db.IsValid() || db.Kind() != reflect.Uintptr || db.Uint() == 0 ||
		!tls.IsValid() || tls.Type() != reflect.TypeFor[*libc.TLS]() || tls.IsNil() {
		return nil, 0, errNoSQLiteHandle
	}
	return (*libc.TLS)(tls.UnsafePointer()), uintptr(db.Uint()), nil
}

// setQPSG sets the connection's QPSG flag (1 on, 0 off, -1 unchanged) and returns its value
// after the call.
func setQPSG(conn any, on int32) (int32, error) {
	tls, db, err := sqliteHandle(conn)
	if err != nil {
		return 0, err
	}
	// sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_QPSG, int on, int *out): two variadic slots
	// and the int the flag is written back to.
	// The int lives on the Go heap (never moved); KeepAlive holds it until SQLite has written it.
	const slot = 8
	bp := libc.Xmalloc(tls, 2*slot)
	if bp == 0 {
		return 0, errors.New("sqlite: out of memory")
	}
	defer libc.Xfree(tls, bp)
	out := new(int32)
	*out = -1
	rc := sqlite3.Xsqlite3_db_config(tls, db, sqlite3.SQLITE_DBCONFIG_ENABLE_QPSG, libc.VaList(bp, on, uintptr(unsafe.Pointer(out))))
	runtime.KeepAlive(out)
	if rc != sqlite3.SQLITE_OK {
		return 0, errors.New("sqlite3_db_config(QPSG) failed")
	}
	return *out, nil
}
