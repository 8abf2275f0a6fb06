package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/stdlib"
	"github.com/jmoiron/sqlx"
	sqlite3 "modernc.org/sqlite/lib"
)

// Write transactions on a connection of their own, begun and ended by the store (issue 16).
//
// A database/sql transaction starts a goroutine that waits for its context (to roll it back when
// the context ends), and its commit wakes that goroutine again; its BEGIN and COMMIT are
// statements the driver prepares anew each time; on PostgreSQL each is a round trip of its own.
// Every statement of the store's transactions already ran on the transaction's connection
// through SQLite's interface or pgx (sqlite_writer.go, pg_pipeline.go), so database/sql's Tx was
// left doing only that: ~10 % of a validation's CPU on SQLite, two of its fourteen round trips
// on PostgreSQL (docs/PERFORMANCE.md, thirty-second session).
//
// A Tx therefore holds a connection of the writer pool (database/sql's Conn, so the pool still
// counts it and nothing else uses it) and sends BEGIN, COMMIT and ROLLBACK itself: on SQLite
// through the connection's kept statements; on PostgreSQL BEGIN waits in the deferred writes and
// goes with the transaction's first statement, and COMMIT goes with its last deferred writes.
// Its context is watched where database/sql watched it: once it has ended, a statement of the
// transaction rolls it back and answers sql.ErrTxDone, and the commit fails with the context's
// error. A connection whose transaction cannot be rolled back is discarded, never given back.

// Tx is a write transaction of DB.Tx or DB.GroupTx. Its statements run on its own connection;
// it is used by one goroutine at a time.
type Tx struct {
	db    *DB
	ctx   context.Context // once it ends, the transaction runs nothing more
	conn  *sqlx.Conn
	pg    *pgTx    // PostgreSQL: the statements it defers, BEGIN the first (pg_pipeline.go); nil on SQLite
	hooks *txHooks // AfterCommit's functions (nil: dropped)
	done  bool     // committed or rolled back
}

// Rebind is q with the database's placeholders.
func (t *Tx) Rebind(q string) string { return t.db.W.Rebind(q) }

// ExecContext runs q in the transaction (txExec).
func (t *Tx) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return t.db.txExec(ctx, t, q, args...)
}

// GetContext reads q's first row into dest, as sqlx's Get (txGet).
func (t *Tx) GetContext(ctx context.Context, dest any, q string, args ...any) error {
	return t.db.txGet(ctx, t, dest, q, args...)
}

// SelectContext reads q's rows into the slice dest points at, as sqlx's Select (txSelect).
func (t *Tx) SelectContext(ctx context.Context, dest any, q string, args ...any) error {
	return t.db.txSelect(ctx, t, dest, q, args...)
}

// QueryRowxContext is q's first row, read when its Scan is called.
func (t *Tx) QueryRowxContext(ctx context.Context, q string, args ...any) txRow {
	return t.db.txQueryRowx(ctx, t, q, args...)
}

// beginTx begins a transaction on its own connection of the writer pool. end, called once the
// transaction has committed or rolled back (again: nothing more), gives the connection back.
func (db *DB) beginTx(ctx context.Context) (tx *Tx, end func(), err error) {
	conn, err := db.W.Connx(ctx)
	if err != nil {
		return nil, nil, err
	}
	tx = &Tx{db: db, ctx: ctx, conn: conn}
	if db.Dialect == Postgres {
		tx.pg = &pgTx{pending: []pgStmt{{q: "BEGIN"}}} // sent with the first statement
	} else if err = tx.sqliteControl(ctx, "BEGIN IMMEDIATE"); err != nil {
		tx.done = true
		// A connection left inside a transaction (the BEGIN failing for that) is discarded.
		_ = conn.Raw(func(dc any) error {
			if c, ok := dc.(*rawConn); !ok || c.db == 0 || sqlite3.Xsqlite3_get_autocommit(c.tls, c.db) == 0 {
				return driver.ErrBadConn
			}
			return nil
		})
		conn.Close()
		return nil, nil, err
	}
	ended := false
	return tx, func() {
		if !ended {
			ended = true
			conn.Close()
		}
	}, nil
}

// live is sql.ErrTxDone once the transaction has ended, rolling it back first if its context
// ended under it (database/sql rolled it back then, from its own goroutine); the context's error
// is wrapped too, so a deadline still reads as one (errors.Is).
func (t *Tx) live() error {
	if t.done {
		return sql.ErrTxDone
	}
	if err := t.ctx.Err(); err != nil {
		t.rollback()
		return fmt.Errorf("%w: %w", sql.ErrTxDone, err)
	}
	return nil
}

// inside is live, and for a statement about to take database/sql's path on the connection, that
// the connection is still inside the transaction: SQLite rolls a transaction back by itself
// after some errors (an interrupt, a full disk), and on PostgreSQL a first pipeline that failed
// before running anything ran no BEGIN.
func (t *Tx) inside() error {
	if err := t.live(); err != nil {
		return err
	}
	if t.pg != nil {
		return t.pgInside()
	}
	var err error
	_ = t.conn.Raw(func(dc any) error {
		if c, ok := dc.(*rawConn); ok && c.db != 0 && sqlite3.Xsqlite3_get_autocommit(c.tls, c.db) != 0 {
			err = sql.ErrTxDone
		}
		return nil
	})
	return err
}

// pgInside is sql.ErrTxDone when a PostgreSQL transaction whose BEGIN was sent finds its
// connection outside a transaction (no round trip: the status of the last answer read).
func (t *Tx) pgInside() error {
	t.pg.mu.Lock()
	begun := t.pg.begun
	t.pg.mu.Unlock()
	if !begun {
		return nil
	}
	var err error
	_ = t.conn.Raw(func(dc any) error {
		if c, ok := dc.(*stdlib.Conn); ok && c.Conn().PgConn().TxStatus() == 'I' {
			err = sql.ErrTxDone
		}
		return nil
	})
	return err
}

// commit commits the transaction: on PostgreSQL with its last deferred writes, in one round trip.
// Once the transaction's context has ended it rolls back and fails with that error (wrapped).
func (t *Tx) commit() error {
	if err := t.live(); err != nil { // its context's error too, wrapped
		return err
	}
	if t.pg != nil {
		return t.pgCommit()
	}
	t.db.trip()
	err := t.sqliteControl(t.ctx, "COMMIT")
	if err != nil {
		t.rollback() // a COMMIT that failed may leave the transaction open (the driver does this too)
		return err
	}
	t.done = true
	return nil
}

// pgCommit sends the deferred writes and COMMIT in one pipeline. A transaction that never sent
// a statement (BEGIN still deferred) has nothing to commit.
func (t *Tx) pgCommit() error {
	p := t.pg
	p.mu.Lock()
	idle := !p.begun && len(p.pending) == 1 && p.failed == nil // only BEGIN, never sent
	p.mu.Unlock()
	if idle {
		t.done = true
		return nil
	}
	last := &pgLast{q: "COMMIT"}
	_, err := t.db.pgPipe(t.ctx, t, last)
	if err == nil && last.tag.String() == "ROLLBACK" { // COMMIT of a failed transaction (as pgx's Tx tells it)
		err = errors.New("store: the transaction failed and was rolled back")
	}
	if err != nil {
		t.rollback()
		return err
	}
	t.done = true
	return nil
}

// rollback ends the transaction without keeping anything, whatever the contexts. A connection it
// cannot leave outside a transaction is discarded (database/sql closes a connection whose Raw
// answers driver.ErrBadConn), so the pool never hands out one inside a transaction.
func (t *Tx) rollback() {
	if t.done {
		return
	}
	t.done = true
	ctx, cancel := context.WithTimeout(context.WithoutCancel(t.ctx), rollbackTimeout)
	defer cancel()
	if t.pg != nil {
		t.pg.mu.Lock()
		begun, broken := t.pg.begun, t.pg.broken
		t.pg.pending = nil
		t.pg.mu.Unlock()
		if !begun {
			return // BEGIN never left: nothing to end
		}
		t.db.trip()
		_ = t.conn.Raw(func(dc any) error {
			c, ok := dc.(*stdlib.Conn)
			if !ok {
				return driver.ErrBadConn
			}
			pc := c.Conn()
			if broken || pc.IsClosed() || pc.PgConn().IsBusy() {
				// Answers left unread: its status is the one before them, BEGIN's effect unknown.
				return driver.ErrBadConn
			}
			if pc.PgConn().TxStatus() == 'I' {
				return nil // BEGIN never ran (its pipeline failed first), or it ended already
			}
			if _, err := pc.Exec(ctx, "ROLLBACK"); err != nil || pc.PgConn().TxStatus() != 'I' {
				return driver.ErrBadConn
			}
			return nil
		})
		return
	}
	_ = t.conn.Raw(func(dc any) error {
		c, ok := dc.(*rawConn)
		if !ok || c.db == 0 {
			return driver.ErrBadConn
		}
		if sqlite3.Xsqlite3_get_autocommit(c.tls, c.db) != 0 {
			return nil // SQLite ended it already (an interrupted statement, a full disk)
		}
		if err := c.control(ctx, "ROLLBACK"); err != nil || sqlite3.Xsqlite3_get_autocommit(c.tls, c.db) == 0 {
			return driver.ErrBadConn
		}
		return nil
	})
}

// rollbackTimeout bounds a ROLLBACK sent after the transaction's own context ended.
const rollbackTimeout = 30 * time.Second

// sqliteControl runs BEGIN or COMMIT on the transaction's SQLite connection.
func (t *Tx) sqliteControl(ctx context.Context, q string) error {
	var err error
	rawErr := t.conn.Raw(func(dc any) error {
		c, ok := dc.(*rawConn)
		if !ok || c.db == 0 {
			err = errors.New("store: the writer's connection is not SQLite's")
			return nil
		}
		err = c.control(ctx, q)
		return nil
	})
	if rawErr != nil && err == nil {
		err = rawErr
	}
	return err
}

// control runs a statement without arguments or rows (BEGIN, COMMIT, ROLLBACK, SAVEPOINT …) on
// the connection, prepared once on it.
func (c *rawConn) control(ctx context.Context, q string) error {
	st, ok := c.raw[q]
	var err error
	if !ok { // kept past the raw statements' bound too: a handful of texts, run by every transaction
		if st, _, err = c.prepareKept(q); err != nil {
			return err
		}
	}
	ok = st.p != 0
	if !ok {
		return errors.New("store: " + q + " cannot be prepared")
	}
	return c.runRaw(ctx, st, nil, nil)
}

// Tx runs fn in a write transaction, committing when it returns nil. Serialization failures and
// deadlocks on PostgreSQL are retried a few times with the whole function, so fn must only touch
// the database (no side effects outside it). GroupTx (groupcommit.go) is Tx for transactions
// that may commit together on SQLite.
func (db *DB) Tx(ctx context.Context, fn func(tx *Tx) error) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		err = db.tx(ctx, fn)
		if err == nil || !db.Dialect.retryable(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt+1) * 10 * time.Millisecond):
		}
	}
	return err
}

func (db *DB) tx(ctx context.Context, fn func(tx *Tx) error) (err error) {
	tx, end, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	hooks := &txHooks{}
	tx.hooks = hooks
	defer end()
	// Rolled back on an error, a panic, and a runtime.Goexit in fn (a test's t.Fatal), which
	// would otherwise keep the writer's one connection in an open transaction for good.
	defer tx.rollback()
	if err = fn(tx); err != nil {
		return err
	}
	if err = tx.commit(); err != nil {
		return err
	}
	end() // the writer's connection back before the hooks run: one may write
	hooks.run()
	return nil
}

// txHooks are the functions registered with AfterCommit for one transaction.
type txHooks struct {
	mu  sync.Mutex
	fns []func()
}

func (h *txHooks) run() {
	h.mu.Lock()
	fns := h.fns
	h.fns = nil
	h.mu.Unlock()
	for _, fn := range fns {
		fn()
	}
}

// AfterCommit runs fn once tx (a transaction of Tx) has committed, and never when it rolls
// back: live-update events announce only committed state. A transaction that is retried runs
// only the hooks of its successful attempt (each attempt registers its own). fn must be quick
// and must not block: it runs after the commit and before Tx returns, on the goroutine that
// committed (for a GroupTx committed in a group, the group's leader: the group's hooks run in
// queue order).
func (db *DB) AfterCommit(tx *Tx, fn func()) {
	h := tx.hooks
	if h == nil {
		return
	}
	h.mu.Lock()
	h.fns = append(h.fns, fn)
	h.mu.Unlock()
}
