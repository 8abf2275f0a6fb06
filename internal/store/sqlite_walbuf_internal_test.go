package store

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// walBufTestSchema is a table whose rows fill pages fast (so that transactions span many frames).
const walBufTestSchema = `CREATE TABLE big (id INTEGER PRIMARY KEY, n INTEGER NOT NULL, pad TEXT NOT NULL)`

// walBufWorkload runs transactions of every shape on db's writer and checks, after each commit,
// that a reader on another connection sees it at once: one row, hundreds of rows (past the
// buffer's bound), the same pages written again and again with a small cache (spilled frames
// rewritten in place, their checksums written again), a rolled-back transaction that spilled,
// and a savepoint rolled back. sum is what the table holds before; it returns what it holds after.
func walBufWorkload(t *testing.T, db *DB, rounds, sum int, each func(what string, sum int)) int {
	t.Helper()
	ctx := context.Background()
	if _, err := db.W.ExecContext(ctx, `PRAGMA cache_size = 8`); err != nil { // spills early
		t.Fatal(err)
	}
	pad := strings.Repeat("x", 900)
	commit := func(what string, fn func(tx *Tx) (int, error)) {
		t.Helper()
		var added int
		if err := db.Tx(ctx, func(tx *Tx) (err error) { added, err = fn(tx); return err }); err != nil {
			t.Fatal(err)
		}
		sum += added
		if n := walBufPending(); n != 0 {
			t.Fatalf("%d bytes still gathered after the commit", n)
		}
		var got int
		if err := db.R.GetContext(ctx, &got, `SELECT COALESCE(SUM(n), 0) FROM big`); err != nil || got != sum {
			t.Fatalf("a reader sees %d after the commit, want %d (%v)", got, sum, err)
		}
		if each != nil {
			each(what, sum)
		}
	}
	insert := func(tx *Tx, rows int) (int, error) {
		for range rows {
			if _, err := db.txExec(ctx, tx, `INSERT INTO big (n, pad) VALUES (1, ?)`, pad); err != nil {
				return 0, err
			}
		}
		return rows, nil
	}
	for r := range rounds {
		commit("one", func(tx *Tx) (int, error) { return insert(tx, 1) })
		commit("many", func(tx *Tx) (int, error) { return insert(tx, 300+r) }) // ~1.2 MB: past walBufMax
		commit("again", func(tx *Tx) (int, error) {                            // the same pages again and again
			for range 20 {
				if _, err := db.txExec(ctx, tx, `UPDATE big SET n = n + 1, pad = pad WHERE id % 50 = 0`); err != nil {
					return 0, err
				}
			}
			var rows int
			err := db.txGet(ctx, tx, &rows, `SELECT count(*) FROM big WHERE id % 50 = 0`)
			return 20 * rows, err
		})
		err := db.Tx(ctx, func(tx *Tx) error { // spills, then rolls back
			if _, err := insert(tx, 200); err != nil {
				return err
			}
			return errRolledBack
		})
		if err != errRolledBack {
			t.Fatal(err)
		}
		commit("savepoint", func(tx *Tx) (int, error) { // a savepoint rolled back inside a commit
			if _, err := db.txExec(ctx, tx, `SAVEPOINT inner`); err != nil {
				return 0, err
			}
			if _, err := insert(tx, 50); err != nil {
				return 0, err
			}
			if _, err := db.txExec(ctx, tx, `ROLLBACK TO inner`); err != nil {
				return 0, err
			}
			if _, err := db.txExec(ctx, tx, `RELEASE inner`); err != nil {
				return 0, err
			}
			return insert(tx, 3)
		})
	}
	return sum
}

var errRolledBack = fmt.Errorf("rolled back on purpose")

// The writer's WAL, written once per commit, holds what SQLite alone would: every commit is seen
// by readers at once, a checkpoint and a reopening keep every row, the database is intact, and
// the writes were gathered (the VFS is in use).
func TestWalBufKeepsEveryCommit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	db, err := OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.W.Exec(walBufTestSchema); err != nil {
		t.Fatal(err)
	}
	gathered0 := walBufGathered.Load()
	sum := walBufWorkload(t, db, 4, 0, nil)
	if walBufGathered.Load() == gathered0 {
		t.Fatal("no WAL write was gathered: the writer does not use the VFS")
	}
	var check string
	if err := db.W.Get(&check, `PRAGMA integrity_check`); err != nil || check != "ok" {
		t.Fatalf("integrity: %q, %v", check, err)
	}
	if _, err := db.W.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		t.Fatal(err)
	}
	sum = walBufWorkload(t, db, 1, sum, nil) // the log starts again from its beginning
	db.Close()
	db, err = OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var got int
	if err := db.R.Get(&got, `SELECT SUM(n) FROM big`); err != nil || got != sum {
		t.Fatalf("after reopening: %d, want %d (%v)", got, sum, err)
	}
}

// A process killed right after a commit loses nothing of it: the commit's frames, and the
// headers SQLite writes again over frames it spilled and rewrote, are in the file before the
// commit returns.
func TestWalBufCommitsSurviveAKill(t *testing.T) {
	if path := os.Getenv("LADDER_WALBUF_CHILD"); path != "" {
		walBufChild(t, path)
		return
	}
	for _, at := range []string{"again", "many", "savepoint"} {
		path := filepath.Join(t.TempDir(), "w.db")
		cmd := exec.Command(os.Args[0], "-test.run=^TestWalBufCommitsSurviveAKill$", "-test.count=1")
		cmd.Env = append(os.Environ(), "LADDER_WALBUF_CHILD="+path, "LADDER_WALBUF_STOP="+at)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		in, err := cmd.StdinPipe() // the child waits on it after the commit it stops at
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		committed, lines := -1, bufio.NewScanner(out)
		for lines.Scan() {
			var what string
			if _, err := fmt.Sscanf(lines.Text(), "committed %d %s", &committed, &what); err != nil {
				t.Fatalf("the child said %q", lines.Text())
			}
			if what == "stopped" {
				break
			}
		}
		t.Logf("killed after %q at %d", at, committed)
		_ = cmd.Process.Kill() // while it waits, its commit just returned
		_ = cmd.Wait()
		in.Close()
		if committed <= 0 {
			t.Fatalf("%s: the child committed nothing", at)
		}
		db, err := OpenSQLite(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		var got int
		if err := db.R.Get(&got, `SELECT COALESCE(SUM(n), 0) FROM big`); err != nil || got != committed {
			t.Fatalf("killed after %q: %d, the child had committed %d (%v)", at, got, committed, err)
		}
		var check string
		if err := db.W.Get(&check, `PRAGMA integrity_check`); err != nil || check != "ok" {
			t.Fatalf("integrity: %q, %v", check, err)
		}
		db.Close()
	}
}

// walBufChild commits, printing each committed sum once its commit returned; at the third commit
// of the kind LADDER_WALBUF_STOP names it says so and waits for its parent to kill it.
func walBufChild(t *testing.T, path string) {
	db, err := OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.W.Exec(walBufTestSchema); err != nil {
		t.Fatal(err)
	}
	stop, seen := os.Getenv("LADDER_WALBUF_STOP"), 0
	w := bufio.NewWriter(os.Stdout)
	walBufWorkload(t, db, 3, 0, func(what string, sum int) {
		if what == stop {
			if seen++; seen == 3 {
				what = "stopped"
			}
		}
		fmt.Fprintf(w, "committed %d %s\n", sum, what)
		w.Flush()
		if what == "stopped" {
			_, _ = bufio.NewReader(os.Stdin).ReadString('\n') // until killed
		}
	})
}
