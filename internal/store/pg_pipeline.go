package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"reflect"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/jmoiron/sqlx"
	"github.com/jmoiron/sqlx/reflectx"
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
// On SQLite, and for a transaction not begun by beginTx, txDefer runs the statement at once.

// pgTx is a PostgreSQL transaction's own connection and the writes it has deferred.
type pgTx struct {
	conn    *sqlx.Conn
	mu      sync.Mutex
	pending []pgStmt
}

// pgStmt is one deferred statement (q already rebound).
type pgStmt struct {
	q    string
	args []any
}

// txDefer runs q in tx now, or on PostgreSQL with the transaction's next statement or commit.
func (db *DB) txDefer(ctx context.Context, tx *sqlx.Tx, q string, args ...any) error {
	if v, ok := db.pgTxs.Load(tx); ok {
		p := v.(*pgTx)
		p.mu.Lock()
		p.pending = append(p.pending, pgStmt{q: q, args: args})
		p.mu.Unlock()
		return nil
	}
	_, err := db.txExec(ctx, tx, q, args...)
	return err
}

// pgFlush sends tx's deferred statements, if any, in one pipeline and returns the first error.
func (db *DB) pgFlush(ctx context.Context, tx *sqlx.Tx) error {
	_, err := db.pgPipe(ctx, tx, nil)
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

// pgPipe sends tx's deferred statements and then last (when set) in one pipeline, or last alone
// when nothing is deferred. ran is false when tx is not a transaction of beginPgTx (or there was
// nothing to send): last was not sent, and the caller runs it its usual way. err is the first
// error, of a deferred write or of last.
func (db *DB) pgPipe(ctx context.Context, tx *sqlx.Tx, last *pgLast) (ran bool, err error) {
	v, ok := db.pgTxs.Load(tx)
	if !ok {
		return false, nil
	}
	p := v.(*pgTx)
	p.mu.Lock()
	pending := p.pending
	p.pending = nil
	p.mu.Unlock()
	if len(pending) == 0 && last == nil {
		return false, nil
	}
	var panicked any
	// Under database/sql's lock of the connection, as a statement of the transaction runs. Raw
	// gets no error and no panic from here: it would take either for a broken connection.
	rawErr := p.conn.Raw(func(dc any) error {
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
		if pc.PgConn().TxStatus() == 'I' {
			// Rolled back under it (its context ended): nothing may run outside it.
			err = sql.ErrTxDone
			return nil
		}
		if len(pending) == 0 {
			err = last.run(ctx, pc)
			return nil
		}
		b := &pgx.Batch{}
		for _, s := range pending {
			b.Queue(s.q, s.args...)
		}
		if last != nil {
			b.Queue(last.q, last.args...)
		}
		br := pc.SendBatch(ctx, b)
		for range pending {
			if _, e := br.Exec(); e != nil && err == nil {
				err = e
			}
		}
		if last != nil && err == nil {
			if last.rows != nil {
				var rows pgx.Rows
				if rows, err = br.Query(); err == nil {
					err = last.rows(rows)
					rows.Close()
					if e := rows.Err(); e != nil && err == nil {
						err = e
					}
				}
			} else {
				last.tag, err = br.Exec()
			}
		}
		if e := br.Close(); e != nil && err == nil {
			err = e
		}
		return nil
	})
	if panicked != nil {
		panic(panicked)
	}
	if rawErr != nil && err == nil {
		err = sql.ErrTxDone
	}
	return true, err
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

// pgExec is txExec through pgx, the deferred writes sent along (ran false: tx is not one of
// beginPgTx).
func (db *DB) pgExec(ctx context.Context, tx *sqlx.Tx, q string, args []any) (sql.Result, bool, error) {
	last := &pgLast{q: q, args: args}
	ran, err := db.pgPipe(ctx, tx, last)
	if !ran || err != nil {
		return nil, ran, err
	}
	return driver.RowsAffected(last.tag.RowsAffected()), true, nil
}

// pgGet is txGet through pgx, the deferred writes sent along: the first row into dest, as
// sqlx's Get. ran false: tx is not one of beginPgTx, or dest is one this path does not fill (the
// deferred writes are then sent on their own, and database/sql's path runs q).
func (db *DB) pgGet(ctx context.Context, tx *sqlx.Tx, dest any, q string, args []any) (bool, error) {
	v := reflect.ValueOf(dest)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() == reflect.Pointer {
		return false, db.pgFlush(ctx, tx)
	}
	return db.pgRead(ctx, tx, q, args, v.Elem().Type(), func(rows pgx.Rows, targets func(reflect.Value) ([]any, error)) error {
		if !rows.Next() {
			if err := rows.Err(); err != nil {
				return err
			}
			return sql.ErrNoRows
		}
		t, err := targets(v.Elem())
		if err != nil {
			return err
		}
		return rows.Scan(t...)
	})
}

// pgSelect is txSelect through pgx, the deferred writes sent along: every row into the slice
// dest points at, as sqlx's Select.
func (db *DB) pgSelect(ctx context.Context, tx *sqlx.Tx, dest any, q string, args []any) (bool, error) {
	v := reflect.ValueOf(dest)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Slice {
		return false, db.pgFlush(ctx, tx)
	}
	slice := v.Elem()
	base := slice.Type().Elem()
	isPtr := base.Kind() == reflect.Pointer
	if isPtr {
		base = base.Elem()
	}
	if base.Kind() == reflect.Pointer {
		return false, db.pgFlush(ctx, tx)
	}
	return db.pgRead(ctx, tx, q, args, base, func(rows pgx.Rows, targets func(reflect.Value) ([]any, error)) error {
		slice.SetLen(0)
		for rows.Next() {
			row := reflect.New(base)
			t, err := targets(row.Elem())
			if err != nil {
				return err
			}
			if err := rows.Scan(t...); err != nil {
				return err
			}
			if isPtr {
				slice.Set(reflect.Append(slice, row))
			} else {
				slice.Set(reflect.Append(slice, row.Elem()))
			}
		}
		return rows.Err()
	})
}

// pgScan is a txRow's Scan through pgx, the deferred writes sent along (sql.Row's Scan: the
// first row's columns into dest, one each).
func (db *DB) pgScan(ctx context.Context, tx *sqlx.Tx, q string, args []any, dest []any) (bool, error) {
	for _, d := range dest {
		if t := reflect.TypeOf(d); t == nil || t.Kind() != reflect.Pointer || !rawFills(t.Elem()) {
			return false, db.pgFlush(ctx, tx)
		}
	}
	return db.pgPipe(ctx, tx, &pgLast{q: q, args: args, rows: func(rows pgx.Rows) error {
		if !rows.Next() {
			if err := rows.Err(); err != nil {
				return err
			}
			return sql.ErrNoRows
		}
		return rows.Scan(dest...)
	}})
}

// pgRead runs q after the deferred writes, fill reading its rows with targets: the addresses in
// a value of type base (pointers removed) that the row's columns fill, as sqlx maps them
// (rawPlanFor's rules). A destination whose columns sqlx would not map, or of a type rawFills
// lacks, fails the read with sqlx's words.
func (db *DB) pgRead(ctx context.Context, tx *sqlx.Tx, q string, args []any, base reflect.Type,
	fill func(rows pgx.Rows, targets func(reflect.Value) ([]any, error)) error) (bool, error) {
	if !db.pgFillable(base) {
		return false, db.pgFlush(ctx, tx)
	}
	return db.pgPipe(ctx, tx, &pgLast{q: q, args: args, rows: func(rows pgx.Rows) error {
		var fields [][]int
		fds := rows.FieldDescriptions()
		scalar := rawScannable(db.W.Mapper, base)
		if scalar {
			if len(fds) != 1 {
				return fmt.Errorf("scannable dest type %s with >1 columns (%d) in result", base.Kind(), len(fds))
			}
		} else {
			names := make([]string, len(fds))
			for i, fd := range fds {
				names[i] = fd.Name
			}
			fields = db.W.Mapper.TraversalsByName(base, names)
			for i, f := range fields {
				if len(f) == 0 {
					return fmt.Errorf("missing destination name %s in %s", names[i], base)
				}
			}
		}
		return fill(rows, func(v reflect.Value) ([]any, error) {
			if scalar {
				return []any{v.Addr().Interface()}, nil
			}
			out := make([]any, len(fields))
			for i, f := range fields {
				out[i] = reflectx.FieldByIndexes(v, f).Addr().Interface()
			}
			return out, nil
		})
	}})
}

// beginPgTx begins a transaction on its own connection of the writer pool (PostgreSQL), recorded
// in db.pgTxs for txDefer; end forgets it and gives the connection back (again: nothing more).
func (db *DB) beginPgTx(ctx context.Context) (tx *sqlx.Tx, end func(), err error) {
	conn, err := db.W.Connx(ctx)
	if err != nil {
		return nil, nil, err
	}
	tx, err = conn.BeginTxx(ctx, nil)
	if err != nil {
		conn.Close()
		return nil, nil, err
	}
	db.pgTxs.Store(tx, &pgTx{conn: conn})
	ended := false
	return tx, func() {
		if !ended {
			ended = true
			db.pgTxs.Delete(tx)
			conn.Close()
		}
	}, nil
}

// pgFills reports whether pgx fills a value of type t as database/sql fills it from pgx's
// driver values (TestPostgresPipelinedReadsAnswerAsDriver).
func pgFills(t reflect.Type) bool {
	return rawFills(t) || t == reflect.TypeFor[[]byte]()
}

var pgFillableTypes sync.Map // reflect.Type → bool

// pgFillable reports whether every value of base (pointers removed) a column may fill is of a
// type pgFills: the one value of a scannable type, or each field sqlx maps in a struct (a field
// that is itself a sql.Scanner counts whole). Others take database/sql's path.
func (db *DB) pgFillable(base reflect.Type) bool {
	if v, ok := pgFillableTypes.Load(base); ok {
		return v.(bool)
	}
	ok := true
	if rawScannable(db.W.Mapper, base) {
		ok = pgFills(base)
	} else {
		for _, fi := range db.W.Mapper.TypeMap(base).Index {
			t := fi.Field.Type
			if reflect.PointerTo(t).Implements(scannerType) || len(fi.Children) > 0 {
				continue
			}
			if !pgFills(t) {
				ok = false
				break
			}
		}
	}
	pgFillableTypes.Store(base, ok)
	return ok
}
