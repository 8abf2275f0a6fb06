package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func TestContactMessages(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		for i := 1; i <= 5; i++ {
			m := &store.ContactMessage{Kind: "support", Name: "Ana", Email: "ana@example.pt",
				Subject: fmt.Sprintf("subject %d", i), Message: "olá", Language: "pt"}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertContactMessage(ctx, tx, m) }); err != nil {
				t.Fatal(err)
			}
			if m.ID == 0 || m.CreatedAt.IsZero() {
				t.Fatalf("id and created_at not filled: %+v", m)
			}
		}
		page1, err := db.ListContactMessages(ctx, 0, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(page1) != 3 || page1[0].Subject != "subject 5" {
			t.Fatalf("first page: %+v", page1)
		}
		page2, err := db.ListContactMessages(ctx, page1[2].ID, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(page2) != 2 || page2[1].Subject != "subject 1" || page2[0].CreatedAt.IsZero() {
			t.Fatalf("second page: %+v", page2)
		}
		if n, _ := db.CountContactMessages(ctx); n != 5 {
			t.Fatalf("count %d", n)
		}
	})
}

func TestFailedTransactionWritesNothing(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		err := db.Tx(ctx, func(tx *store.Tx) error {
			m := &store.ContactMessage{Kind: "contact", Name: "a", Email: "a@b.pt", Subject: "s", Message: "m"}
			if err := db.InsertContactMessage(ctx, tx, m); err != nil {
				return err
			}
			bad := &store.ContactMessage{Kind: "spam", Name: "a", Email: "a@b.pt", Subject: "s", Message: "m"}
			return db.InsertContactMessage(ctx, tx, bad) // violates the kind CHECK
		})
		if err == nil {
			t.Fatal("want the CHECK constraint to fail")
		}
		if n, _ := db.CountContactMessages(ctx); n != 0 {
			t.Fatalf("partial write: %d rows", n)
		}
	})
}

func TestMigrateIsIdempotent(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		v1, err := db.Migrate(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		v2, err := db.SchemaVersion(context.Background())
		if err != nil || v1 != v2 || v1 < 1 {
			t.Fatalf("versions %d %d %v", v1, v2, err)
		}
	})
}

// TestSchemasMatch migrates both dialects and compares tables, columns and nullability, so a
// migration written for one database and forgotten (or mistyped) for the other fails here.
func TestSchemasMatch(t *testing.T) {
	pg := storetest.NewTestPostgres(t)
	if pg == nil {
		t.Skip("SKIPPED: schema comparison needs " + storetest.PostgresTestURLEnv)
	}
	lite := storetest.NewTestSQLite(t)
	ctx := context.Background()

	var liteCols []string
	err := lite.R.SelectContext(ctx, &liteCols, `
		SELECT m.name || '.' || p.name || ':' || CASE WHEN p."notnull" = 1 OR p.pk = 1 THEN 'not null' ELSE 'null' END
		FROM sqlite_master m, pragma_table_info(m.name) p
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> 'goose_db_version'`)
	if err != nil {
		t.Fatal(err)
	}
	var pgCols []string
	err = pg.R.SelectContext(ctx, &pgCols, `
		SELECT table_name || '.' || column_name || ':' || CASE WHEN is_nullable = 'NO' THEN 'not null' ELSE 'null' END
		FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name <> 'goose_db_version'`)
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(liteCols)
	sort.Strings(pgCols)
	if strings.Join(liteCols, "\n") != strings.Join(pgCols, "\n") {
		t.Fatalf("schemas differ\nsqlite:\n%s\n\npostgres:\n%s", strings.Join(liteCols, "\n"), strings.Join(pgCols, "\n"))
	}
	if len(liteCols) == 0 {
		t.Fatal("no columns found")
	}

	// Indexes: both dialects declare the same index names on the same tables. Indexes that back
	// a constraint (primary keys, inline UNIQUE) are left out: SQLite names them itself. The
	// trigram indexes exist only on PostgreSQL (SQLite has no such index; see migration 00013).
	var liteIdx []string
	if err := lite.R.SelectContext(ctx, &liteIdx, `SELECT tbl_name || '.' || name FROM sqlite_master
		WHERE type = 'index' AND sql IS NOT NULL`); err != nil {
		t.Fatal(err)
	}
	var pgIdx []string
	if err := pg.R.SelectContext(ctx, &pgIdx, `SELECT tablename || '.' || indexname FROM pg_indexes
		WHERE schemaname = current_schema() AND tablename <> 'goose_db_version' AND indexname NOT LIKE '%\_trgm\_idx'
		AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE connamespace = current_schema()::regnamespace)`); err != nil {
		t.Fatal(err)
	}
	sort.Strings(liteIdx)
	sort.Strings(pgIdx)
	if strings.Join(liteIdx, "\n") != strings.Join(pgIdx, "\n") {
		t.Fatalf("indexes differ\nsqlite:\n%s\n\npostgres:\n%s", strings.Join(liteIdx, "\n"), strings.Join(pgIdx, "\n"))
	}
	for _, want := range []string{"challenges.challenges_match_idx", "users.users_district_idx", "matches.matches_state_idx"} {
		if !slices.Contains(liteIdx, want) {
			t.Errorf("index %s missing", want)
		}
	}
}

// TestTrigramSearchIndexes: on PostgreSQL with pg_trgm available, substring search has its
// trigram indexes, and the migrations left statistics behind (ANALYZE).
func TestTrigramSearchIndexes(t *testing.T) {
	pg := storetest.NewTestPostgres(t)
	if pg == nil {
		t.Skip("SKIPPED: needs " + storetest.PostgresTestURLEnv)
	}
	ctx := context.Background()
	var available bool
	if err := pg.R.GetContext(ctx, &available, `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')`); err != nil {
		t.Fatal(err)
	}
	if !available {
		t.Skip("SKIPPED: pg_trgm is not installed on this server (the migration falls back to scans)")
	}
	var idx []string
	if err := pg.R.SelectContext(ctx, &idx, `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()
		AND indexname LIKE '%\_trgm\_idx' ORDER BY indexname`); err != nil {
		t.Fatal(err)
	}
	if strings.Join(idx, ",") != "clubs_search_trgm_idx,tournaments_search_trgm_idx,users_search_trgm_idx" {
		t.Fatalf("trigram indexes: %v", idx)
	}
	var analysed int
	if err := pg.R.GetContext(ctx, &analysed, `SELECT COUNT(*) FROM pg_stat_user_tables
		WHERE schemaname = current_schema() AND last_analyze IS NOT NULL`); err != nil {
		t.Fatal(err)
	}
	if analysed == 0 {
		t.Fatal("migrations did not ANALYZE the tables")
	}
}

func TestBackup(t *testing.T) {
	db := storetest.NewTestSQLite(t)
	ctx := context.Background()
	m := &store.ContactMessage{Kind: "support", Name: "Ana", Email: "ana@example.pt", Subject: "backup", Message: "m"}
	if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertContactMessage(ctx, tx, m) }); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "copy.db")
	if err := db.Backup(ctx, path); err != nil {
		t.Fatal(err)
	}
	if err := db.Backup(ctx, path); err == nil {
		t.Fatal("overwrote an existing file")
	}
	cp, err := store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	if v, _ := cp.SchemaVersion(ctx); v < 1 {
		t.Fatal("copy has no schema")
	}
	if n, _ := cp.CountContactMessages(ctx); n != 1 {
		t.Fatalf("copy has %d messages", n)
	}
}
