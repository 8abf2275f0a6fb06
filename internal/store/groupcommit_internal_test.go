package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// groupDB is a SQLite database with a table kv, and a way to hold its writer so that the
// transactions started meanwhile queue and then run as one group.
func groupDB(t *testing.T) *DB {
	t.Helper()
	return openTestSQLite(t, `CREATE TABLE kv (k INTEGER PRIMARY KEY, v TEXT NOT NULL)`)
}

// holdWriter runs a transaction that keeps the writer, and returns once it holds it. release
// lets it commit and waits until it has.
func holdWriter(t *testing.T, db *DB) (release func()) {
	t.Helper()
	held, free, out := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		out <- db.GroupTx(context.Background(), func(tx *Tx) error {
			close(held)
			<-free
			return nil
		})
	}()
	<-held
	return func() {
		t.Helper()
		close(free)
		if err := <-out; err != nil {
			t.Fatal(err)
		}
	}
}

// waitQueued waits (up to a generous deadline) until n transactions wait for the writer.
func waitQueued(t *testing.T, db *DB, n int) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		db.group.mu.Lock()
		queued := len(db.group.queue)
		db.group.mu.Unlock()
		if queued == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d transactions queued, want %d", queued, n)
		}
		time.Sleep(time.Millisecond) // polling a condition, bounded by the deadline
	}
}

func rows(t *testing.T, db *DB) map[int]string {
	t.Helper()
	var kv []struct {
		K int    `db:"k"`
		V string `db:"v"`
	}
	if err := db.R.SelectContext(context.Background(), &kv, `SELECT k, v FROM kv ORDER BY k`); err != nil {
		t.Fatal(err)
	}
	out := map[int]string{}
	for _, r := range kv {
		out[r.K] = r.V
	}
	return out
}

// Transactions that queue behind a running one commit together, each with its own outcome: the
// ones that fail (an error, a panic, a unique violation) leave nothing, the others commit, in
// queue order (each sees what the ones before it wrote), and only committed ones run their
// after-commit hooks, once.
func TestGroupCommitKeepsEachTransactionsOutcome(t *testing.T) {
	db := groupDB(t)
	ctx := context.Background()
	release := holdWriter(t, db)

	const n = 12
	errs := make([]error, n)
	panics := make([]any, n)
	var hooks [n]atomic.Int32
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { panics[i] = recover() }()
			errs[i] = db.GroupTx(ctx, func(tx *Tx) error {
				db.AfterCommit(tx, func() { hooks[i].Add(1) })
				// Every member writes k = i; member 5 writes k = 4 again (a unique violation,
				// since 4 ran before it) and gives the error up.
				k := i
				if i == 5 {
					k = 4
				}
				if _, err := db.txExec(ctx, tx, `INSERT INTO kv (k, v) VALUES (?, ?)`, k, fmt.Sprint("v", i)); err != nil {
					return err
				}
				switch i {
				case 3:
					return errors.New("member 3 changes its mind")
				case 7:
					panic("member 7 panics")
				case 9:
					// It sees what the members before it wrote, uncommitted as they still are.
					var seen int
					if err := tx.GetContext(ctx, &seen, `SELECT COUNT(*) FROM kv`); err != nil {
						return err
					}
					if seen != 7 { // 0–8 minus 3, 5 and 7, plus its own
						return fmt.Errorf("member 9 sees %d rows, want 7", seen)
					}
					// None of it is committed yet: they are one transaction.
					if err := db.R.GetContext(ctx, &seen, `SELECT COUNT(*) FROM kv`); err != nil || seen != 0 {
						return fmt.Errorf("the reader pool sees %d rows (%v), want 0 before the group's commit", seen, err)
					}
				case 10:
					db.AfterCommit(tx, func() { panic("member 10's hook panics") })
				}
				return nil
			})
		}()
		waitQueued(t, db, i+1) // queue order is i's order
	}
	release()
	wg.Wait()

	want := map[int]string{}
	for i := range n {
		failed := i == 3 || i == 5 || i == 7
		switch {
		case i == 10 && (errs[i] != nil || panics[i] != "member 10's hook panics"):
			t.Errorf("member 10: err = %v, panic = %v; want its hook's panic after its commit", errs[i], panics[i])
		case i == 3 && (errs[i] == nil || errs[i].Error() != "member 3 changes its mind"):
			t.Errorf("member 3: err = %v", errs[i])
		case i == 5 && !IsUniqueViolation(errs[i]):
			t.Errorf("member 5: err = %v, want a unique violation", errs[i])
		case i == 7 && panics[i] != "member 7 panics":
			t.Errorf("member 7: panic = %v", panics[i])
		case !failed && i != 10 && (errs[i] != nil || panics[i] != nil):
			t.Errorf("member %d: err = %v, panic = %v", i, errs[i], panics[i])
		}
		if got := hooks[i].Load(); (failed && got != 0) || (!failed && got != 1) {
			t.Errorf("member %d ran its hook %d times", i, got)
		}
		if !failed {
			want[i] = fmt.Sprint("v", i)
		}
	}
	if got := rows(t, db); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("rows = %v, want %v", got, want)
	}
	// The writer is free again after a hook's panic.
	if err := db.GroupTx(ctx, func(tx *Tx) error { _, err := db.txExec(ctx, tx, `DELETE FROM kv`); return err }); err != nil {
		t.Fatal(err)
	}
}

// When the group's transaction fails as a whole (here a member ends it with its own ROLLBACK,
// as an interrupted statement makes SQLite do), nothing of it is kept and every member runs
// again alone: each committed member's row is there once and its hook ran once.
func TestGroupCommitRunsMembersAloneWhenTheGroupFails(t *testing.T) {
	db := groupDB(t)
	ctx := context.Background()
	release := holdWriter(t, db)

	const n, breaker = 6, 2
	errs := make([]error, n)
	var runs, hooks [n]atomic.Int32
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = db.GroupTx(ctx, func(tx *Tx) error {
				runs[i].Add(1)
				db.AfterCommit(tx, func() { hooks[i].Add(1) })
				if _, err := db.txExec(ctx, tx, `INSERT INTO kv (k, v) VALUES (?, ?)`, i, "v"); err != nil {
					return err
				}
				if i == breaker {
					_, err := tx.ExecContext(ctx, `ROLLBACK`)
					return err
				}
				return nil
			})
		}()
		waitQueued(t, db, i+1)
	}
	release()
	wg.Wait()

	want := map[int]string{}
	for i := range n {
		if i == breaker {
			if errs[i] == nil {
				t.Errorf("the member that rolled back committed")
			}
			continue
		}
		if errs[i] != nil || hooks[i].Load() != 1 {
			t.Errorf("member %d: err = %v, hooks = %d", i, errs[i], hooks[i].Load())
		}
		want[i] = "v"
	}
	if first, broke, last := runs[0].Load(), runs[breaker].Load(), runs[n-1].Load(); first != 2 || broke != 1 || last != 1 {
		t.Errorf("runs: first %d, breaker %d, last %d; want the first in the group and again alone, the breaker once, the last (after the failure) alone", first, broke, last)
	}
	if got := rows(t, db); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("rows = %v, want %v", got, want)
	}
}

// A transaction whose caller gives up while it waits leaves the queue at once, never runs, and
// says why; the others keep their places.
func TestGroupCommitLetsAWaiterGiveUp(t *testing.T) {
	db := groupDB(t)
	release := holdWriter(t, db)
	gone, cancel := context.WithCancel(context.Background())
	abandoned, kept := make(chan error, 1), make(chan error, 1)
	var ran atomic.Bool
	go func() {
		abandoned <- db.GroupTx(gone, func(tx *Tx) error { ran.Store(true); return nil })
	}()
	waitQueued(t, db, 1)
	go func() {
		kept <- db.GroupTx(context.Background(), func(tx *Tx) error {
			_, err := db.txExec(context.Background(), tx, `INSERT INTO kv (k, v) VALUES (1, 'kept')`)
			return err
		})
	}()
	waitQueued(t, db, 2)
	cancel()
	if err := <-abandoned; !errors.Is(err, context.Canceled) { // while the writer is still held
		t.Fatalf("abandoned: err = %v", err)
	}
	waitQueued(t, db, 1)
	release()
	if err := <-kept; err != nil || ran.Load() {
		t.Fatalf("kept: err = %v; the abandoned one ran: %v", err, ran.Load())
	}
	if got := rows(t, db); got[1] != "kept" || len(got) != 1 {
		t.Fatalf("rows = %v", got)
	}
}

// A plain transaction holding the writer makes a group's leader wait for the connection (the
// others join its group or queue behind it); once it commits, the group runs and sees its writes.
func TestGroupCommitWaitsForAPlainTransaction(t *testing.T) {
	db := groupDB(t)
	ctx := context.Background()
	held, free, plain := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		plain <- db.Tx(ctx, func(tx *Tx) error {
			if _, err := db.txExec(ctx, tx, `INSERT INTO kv (k, v) VALUES (0, 'plain')`); err != nil {
				return err
			}
			close(held)
			<-free
			return nil
		})
	}()
	<-held
	const n = 4
	errs := make(chan error, n)
	for i := 1; i <= n; i++ {
		go func() {
			errs <- db.GroupTx(ctx, func(tx *Tx) error {
				var plainSeen int
				if err := tx.GetContext(ctx, &plainSeen, `SELECT COUNT(*) FROM kv WHERE k = 0`); err != nil {
					return err
				}
				if plainSeen != 1 {
					return errors.New("the plain transaction's row is not there")
				}
				_, err := db.txExec(ctx, tx, `INSERT INTO kv (k, v) VALUES (?, 'grouped')`, i)
				return err
			})
		}()
	}
	// The group's leader waits for the connection the plain transaction holds.
	for deadline := time.Now().Add(30 * time.Second); db.W.Stats().WaitCount == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no transaction waited for the writer")
		}
	}
	close(free)
	if err := <-plain; err != nil {
		t.Fatal(err)
	}
	for range n {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if got := rows(t, db); len(got) != n+1 {
		t.Fatalf("rows = %v", got)
	}
}
