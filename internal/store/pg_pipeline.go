package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// PostgreSQL transactions send the writes nobody reads back in one round trip (issue 16).
//
// A result validation runs ~28 statements, each a round trip to the server: on a 2-core host each
// cost the app ~130 µs of CPU in system calls and wake-ups, more than most statements cost the
// server, and the tournament's lock was held across all of them (docs/PERFORMANCE.md,
// thirty-first session). Many of them are writes whose outcome the transaction never reads: the
// points, the match's positions, the statistics, the notifications, the e-mails.
//
// txDefer queues such a write in its transaction instead of running it. Every other statement of
// the transaction (txExec, txGet, txSelect, txRow.Scan) and its commit first send what is queued
// in one pipeline (pgx's batch: one write, one Sync, the answers read in order), so anything the
// transaction reads afterwards sees those writes, as it would have. A deferred statement that
// fails fails the statement that sent it, or the commit: the transaction then rolls back as it
// would have, only a few statements later. So only a write whose error nobody tells apart (no
// constraint mapped to a message) and whose result nobody reads may be deferred.
//
// The statements of such a transaction run through pgx on its connection, deferred writes or
// not, as SQLite's run through SQLite's interface (sqlite_writer.go): database/sql's borrowing
// of a pool statement, its conversions and sqlx's per-call mapping cost the app more than the
// mapping kept here. What this path does not fill (a pointer to a pointer, a destination field
// of a type pgFills lacks) takes database/sql's path after the deferred writes are sent.
//
// On SQLite txDefer runs the statement at once.

// pgTx is what a PostgreSQL transaction has deferred: BEGIN first, until its first round trip.
type pgTx struct {
	mu      sync.Mutex
	pending []pgStmt
	begun   bool  // BEGIN was sent
	broken  bool  // a pipeline's answers were left unread (a panic): the connection is not reused
	failed  error // a txSteps step's error: its later steps were sent, so nothing more runs
}

// pgStmt is one deferred statement (q already rebound).
type pgStmt struct {
	q    string
	args []any
}

// txDefer runs q in tx now, or on PostgreSQL with the transaction's next statement or commit.
func (db *DB) txDefer(ctx context.Context, tx *Tx, q string, args ...any) error {
	if p := tx.pg; p != nil {
		if err := tx.live(); err != nil {
			return err
		}
		p.mu.Lock()
		p.pending = append(p.pending, pgStmt{q: q, args: args})
		p.mu.Unlock()
		return nil
	}
	_, err := db.txExec(ctx, tx, q, args...)
	return err
}

// pgFlush sends tx's deferred statements, if any, in one pipeline and returns the first error.
func (db *DB) pgFlush(ctx context.Context, tx *Tx) error {
	_, err := db.pgPipe(ctx, tx)
	return err
}

// pgLast is the statement a pipeline ends with: the one that sent the deferred writes along.
// rows fills a read's destination from its answer; otherwise tag gets an exec's command tag.
type pgLast struct {
	q    string
	args []any
	rows func(pgx.Rows) error
	tag  pgconn.CommandTag
}

// pgPipe sends tx's deferred statements and then lasts in one pipeline, or one last alone when
// nothing is deferred. ran is false when tx is not a PostgreSQL transaction of beginTx (or there was
// nothing to send): no last was sent, and the caller runs them its usual way. err is the first
// error, of a deferred write or of a last; the statements after it were sent too, and fail on
// the server with the transaction, which their caller then rolls back.
func (db *DB) pgPipe(ctx context.Context, tx *Tx, lasts ...*pgLast) (ran bool, err error) {
	p := tx.pg
	if p == nil {
		return false, nil
	}
	if err := tx.live(); err != nil {
		return true, err
	}
	p.mu.Lock()
	pending, failed, begun := p.pending, p.failed, p.begun
	if failed == nil && (len(pending) > 0 || len(lasts) > 0) {
		p.pending, p.begun = nil, true // BEGIN, if still pending, is on its way
	}
	p.mu.Unlock()
	if failed != nil {
		return true, failed
	}
	if len(pending) == 0 && len(lasts) == 0 {
		return false, nil // the caller's statement takes database/sql's path (Tx.inside checks it first)
	}
	db.trip()
	var panicked any
	// Under database/sql's lock of the connection, as a statement of the transaction runs. Raw
	// gets no error and no panic from here: it would take either for a broken connection.
	rawErr := tx.conn.Raw(func(dc any) error {
		defer func() {
			if r := recover(); r != nil {
				panicked = r
			}
		}()
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			err = errors.New("store: a PostgreSQL transaction's connection is not pgx's")
			return nil
		}
		pc := c.Conn()
		if begun && pc.PgConn().TxStatus() == 'I' {
			// Ended under it: nothing may run outside it.
			err = sql.ErrTxDone
			return nil
		}
		if len(pending) == 0 && len(lasts) == 1 {
			err = lasts[0].run(ctx, pc)
			return nil
		}
		err = sendBatch(ctx, pc, pending, lasts)
		return nil
	})
	if panicked != nil {
		// The batch's answers were not all read: the connection is busy, and whether BEGIN ran
		// cannot be told from it. It is discarded when the transaction rolls back.
		p.mu.Lock()
		p.broken = true
		p.mu.Unlock()
		panic(panicked)
	}
	if rawErr != nil && err == nil {
		err = sql.ErrTxDone
	}
	return true, err
}

// sendBatch sends pending and lasts as one pgx batch and reads their answers in order,
// returning the first error.
func sendBatch(ctx context.Context, pc *pgx.Conn, pending []pgStmt, lasts []*pgLast) (err error) {
	b := &pgx.Batch{}
	for _, s := range pending {
		b.Queue(s.q, s.args...)
	}
	for _, l := range lasts {
		b.Queue(l.q, l.args...)
	}
	br := pc.SendBatch(ctx, b)
	for range pending {
		if _, e := br.Exec(); e != nil && err == nil {
			err = e
		}
	}
	for _, l := range lasts {
		if err != nil {
			break // br.Close reads what is left
		}
		if l.rows == nil {
			l.tag, err = br.Exec()
			continue
		}
		var rows pgx.Rows
		if rows, err = br.Query(); err == nil {
			err = l.rows(rows)
			rows.Close()
			if e := rows.Err(); e != nil && err == nil {
				err = e
			}
		}
	}
	if e := br.Close(); e != nil && err == nil {
		err = e
	}
	return err
}

// run runs l alone on pc (nothing deferred to send along).
func (l *pgLast) run(ctx context.Context, pc *pgx.Conn) error {
	if l.rows == nil {
		var err error
		l.tag, err = pc.Exec(ctx, l.q, l.args...)
		return err
	}
	rows, err := pc.Query(ctx, l.q, l.args...)
	if err != nil {
		return err
	}
	err = l.rows(rows)
	rows.Close()
	if e := rows.Err(); e != nil && err == nil {
		err = e
	}
	return err
}

// txStep is one statement of txSteps: a Get into get, a Select into sel, or else an exec whose
// result goes to res (when set).
type txStep struct {
	q    string
	args []any
	get  any
	sel  any
	res  *sql.Result
}

// txSteps runs steps in tx in order, as txGet, txSelect and txExec would one after the other,
// for statements none of which needs another's answer to be written: on PostgreSQL they go in
// one round trip with the deferred writes. An error (sql.ErrNoRows included) fails the
// transaction: on SQLite the later steps do not run; on PostgreSQL they were sent, so the
// transaction runs nothing more and cannot commit (the error again), rather than keep writes
// SQLite would not have made.
func (db *DB) txSteps(ctx context.Context, tx *Tx, steps ...txStep) error {
	if p := tx.pg; p != nil {
		lasts := make([]*pgLast, len(steps))
		for i, st := range steps {
			switch {
			case st.get != nil:
				lasts[i] = db.getLast(st.get, st.q, st.args)
			case st.sel != nil:
				lasts[i] = db.selectLast(st.sel, st.q, st.args)
			default:
				lasts[i] = &pgLast{q: st.q, args: st.args}
			}
			if lasts[i] == nil {
				lasts = nil // a destination pgx does not fill: one at a time below
				break
			}
		}
		if lasts != nil {
			_, err := db.pgPipe(ctx, tx, lasts...)
			if err != nil {
				p.mu.Lock()
				p.failed = err
				p.mu.Unlock()
			}
			for i, st := range steps {
				if err == nil && st.res != nil {
					*st.res = driver.RowsAffected(lasts[i].tag.RowsAffected())
				}
			}
			return err
		}
	}
	for _, st := range steps {
		var err error
		switch {
		case st.get != nil:
			err = db.txGet(ctx, tx, st.get, st.q, st.args...)
		case st.sel != nil:
			err = db.txSelect(ctx, tx, st.sel, st.q, st.args...)
		default:
			var res sql.Result
			if res, err = db.txExec(ctx, tx, st.q, st.args...); err == nil && st.res != nil {
				*st.res = res
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// trip counts a round trip of a PostgreSQL write transaction.
func (db *DB) trip() {
	if db.Dialect == Postgres {
		db.pgTrips.Add(1)
	}
}

// RoundTrips is the number of round trips PostgreSQL write transactions have asked for so far:
// each pipeline (pgPipe: BEGIN goes with the first, COMMIT with the last), each rollback sent
// and each statement database/sql ran for them. A validation's count is what the pipeline saves (issue 16); it is 0 on SQLite. Not
// counted: pgx's prepare of a statement text its connection has not cached yet (once per text
// and connection; a text built anew on every call would add one each time) and the driver's
// liveness ping of a connection idle for over a second.
func (db *DB) RoundTrips() int64 { return db.pgTrips.Load() }

// PlanForKeys asks PostgreSQL to plan the rest of tx's statements for keyed access: generic
// plans, and no sequential scan where an index serves, for this transaction only (set_config's
// third argument). Sent with tx's next statement: no round trip of its own. SQLite: nothing.
//
// For transactions whose every statement reaches its rows through keys (the result
// validation). The small tables every result updates (the tournament's row, its kept counts,
// the version rows) fit a page or two when planned, so their key lookups were planned as
// sequential scans, and between vacuums each update leaves a dead version that every later scan
// reads: ~15 % of the server's CPU with 16 clients (issue 16). A generic plan made without
// sequential scans uses the keys whatever the tables' size when it was made; and a statement
// whose generic plan looks dearer than one for its values (moveH2H's head-to-head update, whose
// estimate cannot know how few players sit on the given points) is no longer planned again at
// every execution (~9 % of the server's CPU per validation). Not for every write transaction: a
// statement that needs its values' statistics (PlayersInDistrict's district and limit, in a
// tournament's approval) would read a whole table through a generic plan, and a statement that
// must still scan a table loses the planner's sense of its alternatives' costs. A plan is kept
// per statement text and connection, and PostgreSQL does not plan again when these settings
// change: a text that other transactions run through pgx too, or a trigger's statement, keeps
// the plan made wherever it was made first on that connection, so the settings hold for the
// texts only such transactions run (most of the validation's; DECISIONS, thirty-third session).
func (db *DB) PlanForKeys(ctx context.Context, tx *Tx) error {
	if db.Dialect != Postgres {
		return nil
	}
	return db.txDefer(ctx, tx, `SELECT set_config('enable_seqscan', 'off', true), set_config('plan_cache_mode', 'force_generic_plan', true)`)
}
