package store

import (
	"context"
	"path/filepath"
	"testing"
)

// openTestSQLite is a SQLite database in a file of the test's own, closed when the test ends,
// with schema (one statement or several; none when empty) run on the writer.
func openTestSQLite(tb testing.TB, schema string) *DB {
	tb.Helper()
	ctx := context.Background()
	db, err := OpenSQLite(ctx, filepath.Join(tb.TempDir(), "test.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	if schema != "" {
		if _, err := db.W.ExecContext(ctx, schema); err != nil {
			tb.Fatal(err)
		}
	}
	return db
}
