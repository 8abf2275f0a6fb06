// Package storetest gives tests fresh, migrated databases of every supported dialect.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/tennisladder/ladder/internal/store"
)

// PostgresTestURLEnv names the variable that, when set, makes every store-backed test run on
// PostgreSQL too. CI sets it and fails when the server cannot be reached.
const PostgresTestURLEnv = "LADDER_TEST_POSTGRES_URL"

// ForEachDialect runs fn as a subtest with a fresh, migrated database on SQLite and, when
// LADDER_TEST_POSTGRES_URL is set, on PostgreSQL in a schema of its own that is dropped after.
func ForEachDialect(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, NewTestSQLite(t)) })
	t.Run("postgres", func(t *testing.T) {
		db := NewTestPostgres(t)
		if db == nil {
			t.Skip("SKIPPED: PostgreSQL tests need " + PostgresTestURLEnv)
		}
		fn(t, db)
	})
}

// NewTestSQLite opens a migrated SQLite database in a temporary directory.
func NewTestSQLite(t testing.TB) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx, nil); err != nil {
		t.Fatal(err)
	}
	return db
}

// NewTestPostgres returns a migrated database living in a new schema, or nil when
// LADDER_TEST_POSTGRES_URL is unset. An unreachable server fails the test.
func NewTestPostgres(t testing.TB) *store.DB {
	t.Helper()
	base := os.Getenv(PostgresTestURLEnv)
	if base == "" {
		return nil
	}
	ctx := context.Background()
	admin, err := store.OpenPostgres(ctx, base)
	if err != nil {
		t.Fatalf("%s is set but PostgreSQL is unreachable: %v", PostgresTestURLEnv, err)
	}
	defer admin.Close()
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "test_" + hex.EncodeToString(b[:])
	if _, err := admin.W.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	db, err := store.OpenPostgres(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		db.Close()
		admin, err := store.OpenPostgres(context.Background(), base)
		if err != nil {
			return
		}
		defer admin.Close()
		_, _ = admin.W.ExecContext(context.Background(), fmt.Sprintf("DROP SCHEMA %s CASCADE", schema))
	})
	if _, err := db.Migrate(ctx, nil); err != nil {
		t.Fatal(err)
	}
	return db
}
