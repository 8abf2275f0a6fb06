package store

import (
	"context"
	"os"
	"strings"
	"testing"
)

// openTestPostgres opens LADDER_TEST_POSTGRES_URL's database (the storetest package imports
// this one), or skips the test.
func openTestPostgres(t *testing.T) *DB {
	t.Helper()
	url := os.Getenv("LADDER_TEST_POSTGRES_URL")
	if url == "" {
		t.Skip("SKIPPED: PostgreSQL tests need LADDER_TEST_POSTGRES_URL")
	}
	db, err := OpenPostgres(context.Background(), url)
	if err != nil {
		t.Fatalf("LADDER_TEST_POSTGRES_URL is set but PostgreSQL is unreachable: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// PostgreSQL's data version moves with every transaction that ends after it was read, committed
// or rolled back, begun before it or after, by another instance: a value kept under it is read
// again. The database is shared with other tests, so equal versions are never required: only
// that a kept value is served while the version holds.
func TestPostgresDataVersionMovesWithEveryTransaction(t *testing.T) {
	ctx := context.Background()
	db := openTestPostgres(t)
	other := openTestPostgres(t) // another instance
	var g freshGroup[int64, int]
	reads := 0
	read := func() (int, error) { reads++; return reads, nil }

	// begin starts a transaction on other that has a transaction id (one that writes).
	begin := func() func(commit bool) {
		t.Helper()
		tx, err := other.W.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		var xid string
		if err := tx.QueryRowContext(ctx, `SELECT CAST(pg_current_xact_id() AS TEXT)`).Scan(&xid); err != nil {
			t.Fatal(err)
		}
		return func(commit bool) {
			t.Helper()
			end := tx.Rollback
			if commit {
				end = tx.Commit
			}
			if err := end(); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i, tc := range []struct {
		name        string
		beganBefore bool
		commit      bool
	}{{"committed, begun before", true, true}, {"committed, begun after", false, true},
		{"rolled back, begun before", true, false}, {"rolled back, begun after", false, false}} {
		var end func(bool)
		if tc.beganBefore {
			end = begin()
		}
		before, ok := db.version(ctx)
		if !ok || before.pg == "" {
			t.Fatalf("%s: no version: %+v", tc.name, before)
		}
		n := reads
		if _, err := g.kept(before, true, int64(i), read); err != nil {
			t.Fatal(err)
		}
		if reads != n+1 {
			t.Fatalf("%s: a new version was not read (%d reads)", tc.name, reads-n)
		}
		if _, err := g.kept(before, true, int64(i), read); err != nil || reads != n+1 {
			t.Fatalf("%s: the value kept under the same version was read again (%v)", tc.name, err)
		}
		if !tc.beganBefore {
			end = begin()
		}
		end(tc.commit)
		after, ok := db.version(ctx)
		if !ok || after == before {
			t.Fatalf("%s: the version stayed %q (ok %v)", tc.name, after.pg, ok)
		}
		if _, err := g.kept(after, true, int64(i), read); err != nil || reads != n+2 {
			t.Fatalf("%s: the value was not read again after the transaction (%v)", tc.name, err)
		}
	}

	// A crash that lost shown commits ends with a checkpoint (snapshotQuery): its position is part
	// of the version, whatever the snapshot.
	end := begin() // something for the checkpoint to write
	end(true)
	before, okBefore := db.version(ctx)
	if _, err := other.W.ExecContext(ctx, `CHECKPOINT`); err != nil {
		t.Fatal(err)
	}
	after, okAfter := db.version(ctx)
	if !okBefore || !okAfter {
		t.Fatal("no version around the checkpoint")
	}
	if lsn := func(v dataVersion) string { return strings.Fields(v.pg)[1] }; lsn(after) == lsn(before) {
		t.Fatalf("the checkpoint's position stayed in the version: %q, then %q", before.pg, after.pg)
	}

	closed := openTestPostgres(t)
	closed.Close()
	if _, ok := closed.version(ctx); ok {
		t.Fatal("a closed DB has a version")
	}
}
