package store

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

// openMigratedSQLite opens a migrated SQLite database in a temporary folder and returns it with
// its path.
func openMigratedSQLite(t *testing.T) (*DB, string) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v.db")
	db, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx, nil); err != nil {
		t.Fatal(err)
	}
	return db, path
}

// currentVersion reads the WAL-index header, failing the test when it cannot.
func currentVersion(t *testing.T, db *DB) dataVersion {
	t.Helper()
	v, ok := db.shm.version()
	if !ok {
		t.Fatal("the WAL-index header could not be read")
	}
	return v
}

// The WAL-index header stays while only reads and rolled-back writes happen, and moves with every
// commit: the writer's, another connection's, another process's.
func TestDataVersionMovesWithEveryCommit(t *testing.T) {
	if path := os.Getenv("LADDER_DATAVERSION_CHILD"); path != "" { // the other process
		other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		if _, err := other.Exec(`UPDATE leaderboard_versions SET version = version + 100 WHERE shard = 0`); err != nil {
			t.Fatal(err)
		}
		return
	}
	ctx := context.Background()
	db, path := openMigratedSQLite(t)
	v0 := currentVersion(t, db)
	if _, err := db.LeaderboardVersion(ctx); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.R.GetContext(ctx, &n, `SELECT COUNT(*) FROM users`); err != nil {
		t.Fatal(err)
	}
	if v := currentVersion(t, db); v != v0 {
		t.Fatal("reads moved the header")
	}
	tx, err := db.W.BeginTxx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(`UPDATE leaderboard_versions SET version = version + 1`); err != nil {
		t.Fatal(err)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	if v := currentVersion(t, db); v != v0 {
		t.Fatal("a rolled-back write moved the header")
	}

	before, err := db.LeaderboardVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.W.ExecContext(ctx, `UPDATE leaderboard_versions SET version = version + 1 WHERE shard = 0`); err != nil {
		t.Fatal(err)
	}
	v1 := currentVersion(t, db)
	if v1 == v0 {
		t.Fatal("the writer's commit left the header as it was")
	}
	if got, err := db.LeaderboardVersion(ctx); err != nil || got != before+1 {
		t.Fatalf("after the writer's commit: %d, %v; want %d", got, err, before+1)
	}

	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.ExecContext(ctx, `UPDATE leaderboard_versions SET version = version + 10 WHERE shard = 0`); err != nil {
		t.Fatal(err)
	}
	v2 := currentVersion(t, db)
	if v2 == v1 {
		t.Fatal("another connection's commit left the header as it was")
	}
	if got, err := db.LeaderboardVersion(ctx); err != nil || got != before+11 {
		t.Fatalf("after another connection's commit: %d, %v; want %d", got, err, before+11)
	}

	cmd := exec.Command(os.Args[0], "-test.run=^TestDataVersionMovesWithEveryCommit$", "-test.count=1")
	cmd.Env = append(os.Environ(), "LADDER_DATAVERSION_CHILD="+path)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the other process: %v\n%s", err, out)
	}
	if v := currentVersion(t, db); v == v2 {
		t.Fatal("another process's commit left the header as it was")
	}
	if got, err := db.LeaderboardVersion(ctx); err != nil || got != before+111 {
		t.Fatalf("after another process's commit: %d, %v; want %d", got, err, before+111)
	}
}

// A kept value is read once while nothing is committed, again after a commit; an error is never
// kept; without the mapping every call reads.
func TestKeptUntilACommit(t *testing.T) {
	ctx := context.Background()
	db, _ := openMigratedSQLite(t)
	var g freshGroup[int64, int]
	reads := 0
	read := func() (int, error) { reads++; return reads, nil }
	for range 3 {
		if v, err := keptNow(ctx, db, &g, 7, read); err != nil || v != 1 {
			t.Fatalf("kept: %d, %v; want the first read's 1", v, err)
		}
	}
	if v, _ := keptNow(ctx, db, &g, 8, read); v != 2 {
		t.Fatalf("another key: %d, want its own read", v)
	}
	if _, err := db.W.ExecContext(ctx, `UPDATE leaderboard_versions SET version = version + 1 WHERE shard = 0`); err != nil {
		t.Fatal(err)
	}
	if v, _ := keptNow(ctx, db, &g, 7, read); v != 3 {
		t.Fatalf("after a commit: %d, want a new read (3)", v)
	}
	if v, _ := keptNow(ctx, db, &g, 7, read); v != 3 {
		t.Fatalf("then: %d, want it kept (3)", v)
	}

	boom := errors.New("boom")
	failing := 0
	fail := func() (int, error) { failing++; return 0, boom }
	for range 2 {
		if _, err := keptNow(ctx, db, &g, 9, fail); !errors.Is(err, boom) {
			t.Fatalf("error: %v", err)
		}
	}
	if failing != 2 {
		t.Fatalf("a failed read was kept: %d reads for 2 calls", failing)
	}

	reads = 0
	for range 2 {
		_, _ = g.kept(dataVersion{}, false, 7, read)
	}
	if reads != 2 {
		t.Fatalf("without the mapping: %d reads for 2 calls", reads)
	}
}

// Other processes opening the database while this one writes find SQLite's locks on the
// wal-index in place: none of them rebuilds it under the writer, so every commit the writer
// reported is there and no write fails (a descriptor of the -shm file opened and closed by this
// process would drop its locks: the first version did, a review reproduced it).
func TestDataVersionLeavesSQLiteLocksAlone(t *testing.T) {
	if path := os.Getenv("LADDER_DATAVERSION_READER"); path != "" { // another process, one read
		other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		var n int
		if err := other.QueryRow(`SELECT COUNT(*) FROM users`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return
	}
	ctx := context.Background()
	db, path := openMigratedSQLite(t)
	if _, err := db.W.ExecContext(ctx, `CREATE TABLE r (id INTEGER PRIMARY KEY, pad BLOB)`); err != nil {
		t.Fatal(err)
	}
	currentVersion(t, db)
	var commits, failed atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := db.W.ExecContext(ctx, `INSERT INTO r (pad) VALUES (randomblob(3000))`); err != nil {
				if failed.Add(1) == 1 {
					t.Log(err)
				}
				continue
			}
			commits.Add(1)
		}
	})
	for range 10 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestDataVersionLeavesSQLiteLocksAlone$", "-test.count=1")
		cmd.Env = append(os.Environ(), "LADDER_DATAVERSION_READER="+path)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("the other process: %v\n%s", err, out)
		}
	}
	close(stop)
	wg.Wait()
	var rows int64
	if err := db.W.GetContext(ctx, &rows, `SELECT COUNT(*) FROM r`); err != nil {
		t.Fatal(err)
	}
	if failed.Load() > 0 || rows != commits.Load() {
		t.Fatalf("%d writes failed; %d rows for %d commits reported", failed.Load(), rows, commits.Load())
	}
}

// When every connection of the process has closed (SQLite then deletes the wal-index and makes
// it again at the next open), the header read is the new wal-index's: kept values do not outlive
// the commits made after.
func TestKeptAfterEveryConnectionClosed(t *testing.T) {
	ctx := context.Background()
	db, _ := openMigratedSQLite(t)
	before, err := db.LeaderboardVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	db.W.SetMaxIdleConns(0) // every pooled connection closes, as a broken one is dropped
	db.R.SetMaxIdleConns(0)
	db.W.SetMaxIdleConns(1)
	db.R.SetMaxIdleConns(8)
	if _, err := db.W.ExecContext(ctx, `UPDATE leaderboard_versions SET version = version + 1 WHERE shard = 0`); err != nil {
		t.Fatal(err)
	}
	if got, err := db.LeaderboardVersion(ctx); err != nil || got != before+1 {
		t.Fatalf("after the connections came back: %d, %v; want %d", got, err, before+1)
	}
	currentVersion(t, db) // the writer's new mapping is the one read
}

// After Close the header is not read (no writer has it mapped) and a kept read answers as the
// closed database does.
func TestDataVersionAfterClose(t *testing.T) {
	ctx := context.Background()
	db, _ := openMigratedSQLite(t)
	if _, err := db.LeaderboardVersion(ctx); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, ok := db.shm.version(); ok {
		t.Fatal("the header was read after Close")
	}
	if _, err := db.LeaderboardVersion(ctx); err == nil {
		t.Fatal("a kept read after Close: no error")
	}
}

// A database file renamed while open: closing it still forgets the region SQLite unmaps (the
// region is the one found when the file was opened, not found again by a name that now points
// elsewhere or nowhere), so the header is never read from unmapped memory.
func TestDataVersionAfterTheFileIsRenamed(t *testing.T) {
	ctx := context.Background()
	db, path := openMigratedSQLite(t)
	if _, err := db.LeaderboardVersion(ctx); err != nil {
		t.Fatal(err)
	}
	currentVersion(t, db)
	if err := os.Rename(path, path+".moved"); err != nil {
		t.Fatal(err)
	}
	region := db.shm
	db.Close()
	if _, ok := region.version(); ok {
		t.Fatal("the header was read after SQLite unmapped it")
	}
}

// A closed DB keeps nothing, even while another DB of the same file keeps the header mapped.
func TestDataVersionClosedBesideAnother(t *testing.T) {
	ctx := context.Background()
	db, path := openMigratedSQLite(t)
	other, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	for _, d := range []*DB{db, other} {
		if _, err := d.LeaderboardVersion(ctx); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	if _, err := db.LeaderboardVersion(ctx); err == nil {
		t.Fatal("a closed DB answered a kept read")
	}
	if _, err := other.LeaderboardVersion(ctx); err != nil {
		t.Fatalf("the other DB: %v", err)
	}
}
