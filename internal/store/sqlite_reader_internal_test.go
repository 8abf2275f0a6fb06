package store

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// scanOne on SQLite (scanOneSQLite) answers as database/sql's QueryRow(...).Scan would: the
// row's values converted into each destination type, sql.ErrNoRows for no row, an error for
// NULL into a plain type, and the context's error once it has ended.
func TestSQLiteScanOneAnswersAsDatabaseSQL(t *testing.T) {
	ctx := context.Background()
	db := openTestSQLite(t, `CREATE TABLE kv (k INTEGER PRIMARY KEY, n INTEGER, f REAL, s TEXT, at TIMESTAMP);
		INSERT INTO kv VALUES (1, 7, 2.5, 'a', '2026-11-29 10:00:00+00:00'), (2, NULL, NULL, NULL, NULL)`)
	const q = `SELECT n, n > 3, f, s, s, n, n FROM kv WHERE k = ?`
	var (
		n    sql.NullInt64
		n64  int64
		ni   int
		b    bool
		f    float64
		s    string
		note NotificationStamp
	)
	for round := range 2 { // the second round runs the statement already prepared on the connection
		if err := db.scanOne(ctx, q, []any{1}, &n, &b, &f, &s, &note, &n64, &ni); err != nil {
			t.Fatal(err)
		}
		if !n.Valid || n.Int64 != 7 || !b || f != 2.5 || s != "a" || note != "a" || n64 != 7 || ni != 7 {
			t.Fatalf("round %d: %v %v %v %q %q %v %v", round, n, b, f, s, note, n64, ni)
		}
	}
	if err := db.scanOne(ctx, `SELECT n FROM kv WHERE k = ?`, []any{2}, &n); err != nil || n.Valid {
		t.Fatalf("NULL into a NullInt64: %v, %v", n, err)
	}
	if err := db.scanOne(ctx, `SELECT n FROM kv WHERE k = ?`, []any{2}, &n64); err == nil {
		t.Fatal("NULL into an int64: no error")
	}
	if err := db.scanOne(ctx, `SELECT n FROM kv WHERE k = ?`, []any{3}, &n); err != sql.ErrNoRows { //nolint:errorlint // unwrapped, as database/sql returns it
		t.Fatalf("no row: %v, want sql.ErrNoRows itself", err)
	}
	if err := db.scanOne(ctx, `SELECT n, s FROM kv WHERE k = ?`, []any{1}, &n); err == nil {
		t.Fatal("two columns into one destination: no error")
	}
	var when time.Time
	if err := db.scanOne(ctx, `SELECT at FROM kv WHERE k = ?`, []any{1}, &when); err != nil || !when.Equal(time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)) {
		t.Fatalf("a time: %v, %v", when, err)
	}
	if err := db.scanOne(ctx, `SELECT n FROM kv WHERE k = ?`, []any{1}, &struct{}{}); err == nil || !strings.Contains(err.Error(), "unsupported destination") {
		t.Fatalf("an unknown destination type: %v", err)
	}
	if err := db.scanOne(ctx, `SELECT n FROM kv WHERE k = ?`, []any{struct{}{}}, &n); err == nil {
		t.Fatal("an argument the driver cannot take: no error")
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if err := db.scanOne(done, `SELECT n FROM kv WHERE k = ?`, []any{1}, &n); !errors.Is(err, context.Canceled) {
		t.Fatalf("an ended context: %v, want context.Canceled", err)
	}
}

// The statements a reader connection keeps go with it: closing the database leaves no file of
// it open (SQLite would keep a connection with live statements open as a zombie).
func TestSQLiteReaderStatementsCloseWithTheirConnection(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "fds.db")
	db, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.W.ExecContext(ctx, `CREATE TABLE kv (k INTEGER PRIMARY KEY, v TEXT NOT NULL); INSERT INTO kv VALUES (1, 'a')`); err != nil {
		t.Fatal(err)
	}
	// Several connections at once, each with the statement prepared.
	conns := make([]*sql.Conn, 3)
	for i := range conns {
		if conns[i], err = db.R.Conn(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range conns {
		c.Close()
	}
	for range 6 {
		var v string
		if err := db.scanOne(ctx, `SELECT v FROM kv WHERE k = ?`, []any{1}, &v); err != nil || v != "a" {
			t.Fatalf("%q, %v", v, err)
		}
	}
	if open := openFiles(t, path); open == 0 {
		t.Fatal("no file of the database is open while it is: the check cannot fail")
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if open := openFiles(t, path); open != 0 {
		t.Fatalf("%d files of the closed database still open", open)
	}
}

// openFiles counts this process's open files whose name starts with path (Linux).
func openFiles(t *testing.T, path string) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd:", err)
	}
	n := 0
	for _, fd := range fds {
		if target, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); err == nil && strings.HasPrefix(target, path) {
			n++
		}
	}
	return n
}
