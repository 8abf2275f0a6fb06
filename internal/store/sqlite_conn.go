package store

import (
	"encoding/binary"
	"errors"
	"log/slog"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"modernc.org/libc"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Settings SQLite offers only through sqlite3_db_config, made on every connection as it opens.
//
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
// The writer's connection has a larger lookaside (writerLookasideSlots). Lookaside is a
// connection's pool of small allocations, taken without a lock; past it SQLite allocates
// through the translated C library's malloc, which takes a process-wide mutex. The default pool
// (40 slots of 1,200 bytes, cut into ~120 big and small ones) is held for good by the first
// statements prepared, and the app keeps its statements prepared: a result validation then
// missed it 563 times out of 564. With 2,000 slots the writer's few hundred statements hold
// ~2,900 of the pool's small and big slots and a validation misses none; the concurrent
// validation's CPU fell ~6 % (docs/PERFORMANCE.md, twenty-first session). 2.4 MB for the one
// writer; the readers (eight connections, a statement or two per request) keep the default.
//
// modernc.org/sqlite offers no DSN parameter for either setting, so the hook reaches the
// connection's handle through its unexported fields. The tests read both settings back, so a
// driver upgrade that moves the fields fails them instead of going unnoticed.

var errNoSQLiteHandle = errors.New("sqlite connection handle not found")

// writerLookasideSlots is the writer connection's lookaside: slots of 1,200 bytes.
const writerLookasideSlots = 2000

func init() {
	sqlite.RegisterConnectionHook(func(conn sqlite.ExecQuerierContext, dsn string) error {
		// A setting not made leaves the connection as SQLite makes it: slower, never wrong. It
		// is logged once, and the store's tests catch it. The lookaside is set first: SQLite accepts it only
		// while none of the pool is in use (the DSN's pragmas are done and finalized).
		if strings.HasSuffix(dsn, writerDSN) {
			if err := setLookaside(conn, 1200, writerLookasideSlots); err != nil {
				hookFailed("lookaside", err)
			}
		}
		if on, err := setQPSG(conn, 1); err != nil || on != 1 {
			hookFailed("qpsg", err)
		}
		if err := dropConnectionMutex(conn); err != nil {
			hookFailed("nomutex", err)
		}
		return nil
	})
}

// sqliteHandle returns the connection's TLS and sqlite3* handle.
func sqliteHandle(conn any) (*libc.TLS, uintptr, error) {
	if w, ok := conn.(interface{ driverConn() any }); ok { // a pool connection the store wraps (rawConn)
		conn = w.driverConn()
	}
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

// hookFailed logs, once per setting and process, that a connection runs without it.
func hookFailed(setting string, err error) {
	if _, logged := hookFailures.LoadOrStore(setting, true); !logged {
		slog.Warn("sqlite connection setting not applied: the connection runs as SQLite makes it", "setting", setting, "err", err)
	}
}

var hookFailures sync.Map

// setLookaside gives the connection a lookaside of n slots of size bytes, allocated by SQLite.
func setLookaside(conn any, size, n int32) error {
	tls, db, err := sqliteHandle(conn)
	if err != nil {
		return err
	}
	// sqlite3_db_config(db, SQLITE_DBCONFIG_LOOKASIDE, void *buf, int size, int n): three slots.
	bp := libc.Xmalloc(tls, 3*8)
	if bp == 0 {
		return errors.New("sqlite: out of memory")
	}
	defer libc.Xfree(tls, bp)
	if rc := sqlite3.Xsqlite3_db_config(tls, db, sqlite3.SQLITE_DBCONFIG_LOOKASIDE, libc.VaList(bp, uintptr(0), size, n)); rc != sqlite3.SQLITE_OK {
		return errors.New("sqlite3_db_config(LOOKASIDE) failed")
	}
	return nil
}

// setQPSG sets the connection's QPSG flag (1 on, 0 off, -1 unchanged) and returns its value
// after the call.
func setQPSG(conn any, on int32) (int32, error) {
	tls, db, err := sqliteHandle(conn)
	if err != nil {
		return 0, err
	}
	// sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_QPSG, int on, int *out): two variadic slots,
	// then the int SQLite writes the flag back to. All in C memory: SQLite must never hold a
	// pointer into Go memory, which the runtime may move (a goroutine's stack).
	const slot = 8
	bp := libc.Xmalloc(tls, 3*slot)
	if bp == 0 {
		return 0, errors.New("sqlite: out of memory")
	}
	defer libc.Xfree(tls, bp)
	out := bp + 2*slot
	if rc := sqlite3.Xsqlite3_db_config(tls, db, sqlite3.SQLITE_DBCONFIG_ENABLE_QPSG, libc.VaList(bp, on, out)); rc != sqlite3.SQLITE_OK {
		return 0, errors.New("sqlite3_db_config(QPSG) failed")
	}
	return int32(binary.NativeEndian.Uint32(libc.GoBytes(out, 4))), nil // SQLite wrote it: 0 or 1
}

// dropConnectionMutex makes the connection run without its own mutex, as SQLite opens one with
// SQLITE_OPEN_NOMUTEX (which the driver does not offer: it opens every connection FULLMUTEX).
// database/sql never uses one connection from two goroutines at once, and the driver itself is
// not safe for that (its docs say so), so the mutex serialized nothing; yet every call into
// SQLite took and released it, ~50 calls for a statement of 15 columns, each through the
// translated C library's pthread emulation: ~10 % of a small read's time in SQLite
// (docs/PERFORMANCE.md, twenty-fourth session). sqlite3_interrupt, which the driver calls from
// another goroutine when a context ends, takes no mutex. SQLite's own NOMUTEX leaves the
// connection's mutex pointer 0, which every sqlite3_mutex_enter, _leave and _free skips: so
// does this. The field is found by the translated struct's own layout.
func dropConnectionMutex(conn any) error {
	tls, db, err := sqliteHandle(conn)
	if err != nil {
		return err
	}
	return dropMutex(tls, db)
}

// dropMutex is dropConnectionMutex on SQLite's handle db.
func dropMutex(tls *libc.TLS, db uintptr) error {
	m := sqlite3.Xsqlite3_db_mutex(tls, db)
	if m == 0 {
		return nil // already without one
	}
	// The field, checked against what SQLite itself returns before it is written. A pointer is
	// as wide as int on every platform of the driver; the size is an untyped constant because
	// Xmemset's size type differs between the platforms' translations.
	const ptrSize = strconv.IntSize / 8
	field := db + unsafe.Offsetof(sqlite3.Tsqlite3{}.Fmutex)
	raw := libc.GoBytes(field, ptrSize)
	at := uintptr(binary.NativeEndian.Uint32(raw))
	if ptrSize == 8 {
		at = uintptr(binary.NativeEndian.Uint64(raw))
	}
	if at != m {
		return errors.New("the connection's mutex is not where the driver's struct says")
	}
	libc.Xmemset(tls, field, 0, ptrSize)
	sqlite3.Xsqlite3_mutex_free(tls, m)
	return nil
}
