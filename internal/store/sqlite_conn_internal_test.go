package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/binary"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"modernc.org/libc"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Every connection of both pools runs with QPSG on, and so a prepared statement whose bound
// value the planner would compare with a partial index's WHERE keeps its plan when the value
// changes. The same statement on a connection with QPSG off is planned again: the check can fail.
func TestSQLiteStatementsKeepTheirPlanAcrossValues(t *testing.T) {
	ctx := context.Background()
	db := openTestSQLite(t, `CREATE TABLE p (t INTEGER NOT NULL, u INTEGER NOT NULL, role TEXT NOT NULL, points INTEGER NOT NULL);
		CREATE INDEX p_rank_idx ON p (t, points) WHERE role = 'player';
		INSERT INTO p VALUES (1, 1, 'player', 3), (2, 1, 'player', 5), (3, 2, 'referee', 0)`)
	for name, pool := range map[string]*sql.DB{"writer": db.W.DB, "reader": db.R.DB} {
		c, err := pool.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		err = c.Raw(func(dc any) error {
			if on, err := setQPSG(dc, -1); err != nil || on != 1 {
				t.Errorf("%s: QPSG = %d, %v; want on", name, on, err)
			}
			if n := reprepares(t, dc); n != 0 {
				t.Errorf("%s: a statement was planned again %d times as its value changed; want never", name, n)
			}
			if _, err := setQPSG(dc, 0); err != nil {
				t.Fatal(err)
			}
			if n := reprepares(t, dc); n == 0 {
				t.Errorf("%s: with QPSG off the statement was never planned again: the check cannot fail", name)
			}
			_, err := setQPSG(dc, 1)
			return err
		})
		c.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
}

// reprepares prepares on dc a statement whose bound tournament the planner compares with the
// partial index, runs it for three tournaments and returns how often SQLite planned it again.
func reprepares(t *testing.T, dc any) int32 {
	t.Helper()
	st, err := dc.(driver.ConnPrepareContext).PrepareContext(context.Background(),
		`SELECT p.u FROM (SELECT 1 AS one) x LEFT JOIN p ON p.t = ? AND p.role = 'player' ORDER BY p.points`)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, tournament := range []int64{1, 2, 3, 1} {
		rows, err := st.(driver.StmtQueryContext).QueryContext(context.Background(), []driver.NamedValue{{Ordinal: 1, Value: tournament}})
		if err != nil {
			t.Fatal(err)
		}
		dest := make([]driver.Value, 1)
		for rows.Next(dest) == nil {
		}
		rows.Close()
	}
	tls, _, err := sqliteHandle(dc)
	if err != nil {
		t.Fatal(err)
	}
	pstmt := reflect.ValueOf(st).Elem().FieldByName("pstmt")
	if !pstmt.IsValid() || pstmt.Kind() != reflect.Uintptr {
		t.Fatal("the driver's statement has no pstmt handle")
	}
	return sqlite3.Xsqlite3_stmt_status(tls, uintptr(pstmt.Uint()), sqlite3.SQLITE_STMTSTATUS_REPREPARE, 0)
}

// The writer's connection has the larger lookaside (writerLookasideSlots): statements kept
// prepared hold far more of it than the default pool a reader has (~120 slots in all).
func TestSQLiteWriterHasTheLargerLookaside(t *testing.T) {
	ctx := context.Background()
	db := openTestSQLite(t, `CREATE TABLE kv (k INTEGER PRIMARY KEY, v TEXT NOT NULL)`)
	used := map[string]int{}
	for name, pool := range map[string]*sql.DB{"writer": db.W.DB, "reader": db.R.DB} {
		c, err := pool.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		err = c.Raw(func(dc any) error {
			var open []driver.Stmt
			defer func() {
				for _, st := range open {
					st.Close()
				}
			}()
			for i := range 200 {
				st, err := dc.(driver.ConnPrepareContext).PrepareContext(ctx, fmt.Sprintf(`SELECT v, k + %d FROM kv WHERE k = ? ORDER BY v`, i))
				if err != nil {
					return err
				}
				open = append(open, st)
			}
			cur, _, err := unwrapReader(dc).(sqlite.DBStatus).Status(sqlite.DBStatusLookasideUsed, false)
			used[name] = cur
			return err
		})
		c.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	if used["writer"] < 1000 || used["reader"] > 200 {
		t.Fatalf("lookaside slots held by 200 prepared statements: writer %d (want ≥ 1,000), reader %d (want the default pool, ≤ 200)",
			used["writer"], used["reader"])
	}
}

// unwrapReader is the driver's connection of a pool connection the store wraps (rawConn), dc itself
// for the writer's.
func unwrapReader(dc any) any {
	if w, ok := dc.(*rawConn); ok {
		return w.driverConn()
	}
	return dc
}

// Every connection of both pools runs without its own mutex (dropConnectionMutex): SQLite
// reports none for it, as for a connection opened SQLITE_OPEN_NOMUTEX.
func TestSQLiteConnectionsRunWithoutTheirMutex(t *testing.T) {
	ctx := context.Background()
	db := openTestSQLite(t, "")
	for name, pool := range map[string]*sql.DB{"writer": db.W.DB, "reader": db.R.DB} {
		c, err := pool.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		err = c.Raw(func(dc any) error {
			tls, h, err := sqliteHandle(dc)
			if err == nil && sqlite3.Xsqlite3_db_mutex(tls, h) != 0 {
				t.Errorf("%s: the connection still has its mutex", name)
			}
			return err
		})
		c.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
}

// dropMutex on a connection opened as the driver opens them (FULLMUTEX), straight through
// SQLite: it has a mutex before and none after, and it still runs statements and closes.
func TestDropMutexLeavesAWorkingConnection(t *testing.T) {
	tls := libc.NewTLS()
	defer tls.Close()
	path, err := libc.CString(filepath.Join(t.TempDir(), "plain.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer libc.Xfree(tls, path)
	pdb := libc.Xmalloc(tls, 8)
	defer libc.Xfree(tls, pdb)
	if rc := sqlite3.Xsqlite3_open_v2(tls, path, pdb, sqlite3.SQLITE_OPEN_READWRITE|sqlite3.SQLITE_OPEN_CREATE|sqlite3.SQLITE_OPEN_FULLMUTEX, 0); rc != sqlite3.SQLITE_OK {
		t.Fatalf("open: %d", rc)
	}
	h := uintptr(binary.NativeEndian.Uint64(libc.GoBytes(pdb, 8)))
	if sqlite3.Xsqlite3_db_mutex(tls, h) == 0 {
		t.Fatal("a FULLMUTEX connection has no mutex: the check cannot fail")
	}
	if err := dropMutex(tls, h); err != nil {
		t.Fatal(err)
	}
	if sqlite3.Xsqlite3_db_mutex(tls, h) != 0 {
		t.Fatal("the mutex is still there")
	}
	stmt, err := libc.CString("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
	if err != nil {
		t.Fatal(err)
	}
	defer libc.Xfree(tls, stmt)
	if rc := sqlite3.Xsqlite3_exec(tls, h, stmt, 0, 0, 0); rc != sqlite3.SQLITE_OK {
		t.Fatalf("exec without the mutex: %d", rc)
	}
	if rc := sqlite3.Xsqlite3_close(tls, h); rc != sqlite3.SQLITE_OK {
		t.Fatalf("close without the mutex: %d", rc)
	}
}
