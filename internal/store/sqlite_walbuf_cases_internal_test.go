package store

import (
	"context"
	"database/sql"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// The cases a review of the gathered WAL found (sqlite_walbuf.go): after each commit nothing may
// be left gathered, a reader on another connection sees it, and the files as the OS holds them
// (what a process killed at that moment would leave) hold it.

// walBufPending is what the process's WAL files have gathered and not written.
func walBufPending() (n int) {
	walBufFiles.Range(func(_, v any) bool { n += v.(*walFile).n; return true })
	return n
}

// crashCopyValue is q's answer on a copy of the database and its WAL as the OS holds them now.
func crashCopyValue(t *testing.T, path, q string) (int, error) {
	t.Helper()
	dir := t.TempDir()
	for _, suffix := range []string{"", "-wal"} {
		in, err := os.Open(path + suffix)
		if os.IsNotExist(err) {
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		out, err := os.Create(filepath.Join(dir, "copy.db"+suffix))
		if err != nil {
			t.Fatal(err)
		}
		_, err = io.Copy(out, in)
		in.Close()
		if cerr := out.Close(); err != nil || cerr != nil {
			t.Fatal(err, cerr)
		}
	}
	c, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "copy.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var v int
	err = c.QueryRow(q).Scan(&v)
	return v, err
}

// committedEverywhere fails t unless, right after a commit, nothing is gathered and both a
// reader and the files as the OS holds them give want for q.
func committedEverywhere(t *testing.T, path string, reader interface {
	QueryRow(string, ...any) *sql.Row
}, q string, want int) {
	t.Helper()
	if n := walBufPending(); n != 0 {
		t.Errorf("%d bytes still gathered after the commit", n)
	}
	var got int
	if err := reader.QueryRow(q).Scan(&got); err != nil || got != want {
		t.Errorf("a reader sees %d (%v), want %d", got, err, want)
	}
	if got, err := crashCopyValue(t, path, q); err != nil || got != want {
		t.Errorf("the files as the OS holds them give %d (%v), want %d", got, err, want)
	}
}

// A commit of more frames than the buffer holds (~255 pages, right after the log starts again)
// is written whole before it returns.
func TestWalBufCommitPastTheBound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	db, err := OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	pad := strings.Repeat("x", 3000) // a row a page
	db.W.MustExec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL, pad TEXT NOT NULL)`)
	for i := 1; i <= 300; i++ {
		db.W.MustExec(`INSERT INTO t (id, v, pad) VALUES (?, 0, ?)`, i, pad)
	}
	sum := 0
	for n := 245; n <= 265; n++ { // walBufMax falls inside a commit somewhere in this range
		db.W.MustExec(`PRAGMA wal_checkpoint(TRUNCATE)`)
		db.W.MustExec(`UPDATE t SET v = v + 1 WHERE id <= ?`, n)
		sum += n
		committedEverywhere(t, path, db.R, `SELECT SUM(v) FROM t`, sum)
	}
}

// A WAL whose end was torn inside a frame (a writer killed between a frame's header and its
// page): the next commit's frame header lands over the torn bytes, and its page is still written
// before the commit returns.
func TestWalBufTornTail(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "w.db")
	db, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	db.W.MustExec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)`)
	db.W.MustExec(`INSERT INTO t VALUES (1, 0), (2, 0)`)
	db.Close()
	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)") // keeps the WAL
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	other.SetMaxOpenConns(1)
	if _, err := other.Exec(`UPDATE t SET v = 1 WHERE id = 2`); err != nil {
		t.Fatal(err)
	}
	wal, err := os.OpenFile(path+"-wal", os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := wal.Write(make([]byte, walFrameHeaderSize)); err != nil {
		t.Fatal(err)
	}
	wal.Close()
	db, err = OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.W.MustExec(`UPDATE t SET v = 7 WHERE id = 1`)
	committedEverywhere(t, path, db.R, `SELECT SUM(v) FROM t`, 8)
	committedEverywhere(t, path, other, `SELECT SUM(v) FROM t`, 8)
}

// With psow=0 SQLite pads each commit to a sector and syncs inside its last frame: such a WAL is
// written as SQLite writes it, and every commit is where it should be.
func TestWalBufLeavesPaddedWALsAlone(t *testing.T) {
	if err := registerWalBuf(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "w.db")
	w, err := sql.Open("sqlite", "file:"+path+"?vfs="+walBufVFS+"&psow=0&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.SetMaxOpenConns(1)
	r, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := w.Exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL); INSERT INTO t VALUES (1, 0)`); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 10; i++ {
		if _, err := w.Exec(`UPDATE t SET v = ?`, i); err != nil {
			t.Fatal(err)
		}
		committedEverywhere(t, path, r, `SELECT v FROM t`, i)
	}
}

// A rolled-back transaction's spilled frames are dropped when it lets go of the write lock:
// written later, they would land over what another writer committed meanwhile.
func TestWalBufDropsARolledBackSpill(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	db, err := OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	pad := strings.Repeat("z", 3000)
	db.W.MustExec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL, pad TEXT NOT NULL)`)
	for i := 1; i <= 100; i++ {
		db.W.MustExec(`INSERT INTO t VALUES (?, 0, ?)`, i, pad)
	}
	db.W.MustExec(`PRAGMA cache_size = 10`)
	db.W.MustExec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	db.W.MustExec(`UPDATE t SET v = 0 WHERE id = 100`)
	tx := db.W.MustBegin()
	for i := 1000; i < 1200; i++ { // spills frames past the last commit
		tx.MustExec(`INSERT INTO t VALUES (?, 1000, ?)`, i, pad)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)") // another writer
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	other.SetMaxOpenConns(1)
	if _, err := other.Exec(`UPDATE t SET v = 1 WHERE id <= 60`); err != nil {
		t.Fatal(err)
	}
	var got int
	if err := db.W.Get(&got, `SELECT SUM(v) FROM t`); err != nil || got != 60 { // the writer reads its WAL again
		t.Fatalf("the writer reads %d (%v), want 60", got, err)
	}
	committedEverywhere(t, path, other, `SELECT SUM(v) FROM t`, 60)
	var check string
	if err := other.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity: %q, %v", check, err)
	}
}

// failWALWrites makes the default VFS's WAL writes fail (disk full) while set.
var (
	failWALWrites atomic.Bool
	realWALWrite  uintptr
)

func failingWALWrite(tls *libc.TLS, pFile, zBuf uintptr, amt int32, off int64) int32 {
	if failWALWrites.Load() {
		return sqlite3.SQLITE_FULL
	}
	return (*(*func(*libc.TLS, uintptr, uintptr, int32, int64) int32)(unsafe.Pointer(&struct{ uintptr }{realWALWrite})))(tls, pFile, zBuf, amt, off)
}

// A commit whose gathered frames cannot be written fails, as it would have, and leaves nothing
// behind: the next commit writes, readers and the files hold exactly the commits that returned.
func TestWalBufFailedWriteFailsTheCommit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	db, err := OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.W.MustExec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)`)
	db.W.MustExec(`INSERT INTO t VALUES (1, 1)`)
	var f *walFile
	writerOf(t, db, func(rc *rawConn) {
		if v, ok := walBufByConn.Load(rc.tls); ok {
			f = v.(*walFile)
		}
	})
	if f == nil {
		t.Fatal("the writer's WAL is not gathered")
	}
	m := libc.Xcalloc(nil, 1, libc.Tsize_t(unsafe.Sizeof(sqlite3.Tsqlite3_io_methods{})))
	defer libc.Xfree(nil, m)
	failing := (*sqlite3.Tsqlite3_io_methods)(cPointer(m))
	*failing = *f.orig
	realWALWrite = f.orig.FxWrite
	*(*func(*libc.TLS, uintptr, uintptr, int32, int64) int32)(unsafe.Pointer(&failing.FxWrite)) = failingWALWrite
	orig := f.orig
	f.orig = failing
	defer func() { f.orig = orig }()

	failWALWrites.Store(true)
	_, err = db.W.Exec(`WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 50)
		INSERT INTO t SELECT i, 10 FROM n`)
	failWALWrites.Store(false)
	if err == nil || !strings.Contains(err.Error(), "full") {
		t.Fatalf("a commit whose frames could not be written answered %v", err)
	}
	db.W.MustExec(`INSERT INTO t VALUES (200, 2)`)
	committedEverywhere(t, path, db.R, `SELECT SUM(v) FROM t`, 3)
	var check string
	if err := db.W.Get(&check, `PRAGMA integrity_check`); err != nil || check != "ok" {
		t.Fatalf("integrity: %q, %v", check, err)
	}
}
