package store

import (
	"context"
	"database/sql"
	"reflect"

	"github.com/jmoiron/sqlx"
)

// Statements inside a transaction used to be parsed anew on every call (database/sql caches
// nothing for Tx.ExecContext): a result validation spent almost half its CPU in SQLite's parser.
// On SQLite a transaction's statements now run through SQLite's interface on its connection,
// each prepared once there (sqlite_writer.go); what that path leaves to database/sql comes here.
// Here every statement text is prepared once on the writer pool, and a transaction borrows it
// with Tx.StmtxContext, which reuses the statement already prepared on the transaction's
// connection (SQLite: the single writer connection; PostgreSQL: each pooled connection keeps its
// server-side prepared statement). The borrowed handle is closed after use; the connection's
// statement stays in the pool statement's per-connection list.

// maxTxStmts bounds the writer statement cache: a query built per call (IN lists) past the
// bound runs unprepared instead of growing the cache without limit.
const maxTxStmts = 512

// writeStmt returns the statement for q (already rebound) prepared on the writer pool, or nil
// when it is not prepared yet. Preparing needs a connection of the pool, and the transaction
// asking holds the writer's only one on SQLite: so a missing statement runs unprepared this
// time and is prepared by prepareWanted once the transaction has ended.
func (db *DB) writeStmt(q string) *sqlx.Stmt {
	if st, ok := db.wstmts.Load(q); ok {
		return st.(*sqlx.Stmt)
	}
	if db.wstmtCount.Load() < maxTxStmts {
		db.wanted.Store(q, struct{}{})
	}
	return nil
}

// prepareWanted prepares on the writer pool the statements transactions ran unprepared. It
// runs after a transaction has released its connection; failures only leave the statement
// unprepared (it is retried next time).
func (db *DB) prepareWanted(ctx context.Context) {
	db.wanted.Range(func(k, _ any) bool {
		q := k.(string)
		db.wanted.Delete(q)
		if _, ok := db.wstmts.Load(q); ok || db.wstmtCount.Load() >= maxTxStmts {
			return true
		}
		st, err := db.W.PreparexContext(context.WithoutCancel(ctx), q)
		if err != nil {
			return true
		}
		if _, loaded := db.wstmts.LoadOrStore(q, st); loaded {
			st.Close()
		} else {
			db.wstmtCount.Add(1)
		}
		return true
	})
}

// txStmt is writeStmt bound to tx (nil: run q unprepared).
func (db *DB) txStmt(ctx context.Context, tx *sqlx.Tx, q string) (*sqlx.Stmt, error) {
	st := db.writeStmt(q)
	if st == nil {
		return nil, nil
	}
	return tx.StmtxContext(ctx, st), nil
}

// txExec is tx.ExecContext through the writer statement cache (q already rebound).
func (db *DB) txExec(ctx context.Context, tx *sqlx.Tx, q string, args ...any) (sql.Result, error) {
	if res, handled, err := db.rawExec(ctx, tx, q, args); handled {
		return res, err
	}
	if res, ran, err := db.pgExec(ctx, tx, q, args); ran || err != nil {
		return res, err
	}
	db.trip()
	st, err := db.txStmt(ctx, tx, q)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return tx.ExecContext(ctx, q, args...)
	}
	defer st.Close()
	return st.ExecContext(ctx, args...)
}

// txGet is tx.GetContext through the writer statement cache (q already rebound).
func (db *DB) txGet(ctx context.Context, tx *sqlx.Tx, dest any, q string, args ...any) error {
	if handled, err := db.rawGet(ctx, tx, dest, q, args); handled {
		return err
	}
	if ran, err := db.pgGet(ctx, tx, dest, q, args); ran || err != nil {
		return err
	}
	db.trip()
	st, err := db.txStmt(ctx, tx, q)
	if err != nil {
		return err
	}
	if st == nil {
		return tx.GetContext(ctx, dest, q, args...)
	}
	defer st.Close()
	return st.GetContext(ctx, dest, args...)
}

// txSelect is tx.SelectContext through the writer statement cache (q already rebound).
func (db *DB) txSelect(ctx context.Context, tx *sqlx.Tx, dest any, q string, args ...any) error {
	if handled, err := db.rawSelect(ctx, tx, dest, q, args); handled {
		return err
	}
	if ran, err := db.pgSelect(ctx, tx, dest, q, args); ran || err != nil {
		return err
	}
	db.trip()
	st, err := db.txStmt(ctx, tx, q)
	if err != nil {
		return err
	}
	if st == nil {
		return tx.SelectContext(ctx, dest, q, args...)
	}
	defer st.Close()
	return st.SelectContext(ctx, dest, args...)
}

// txQueryRowx is tx.QueryRowxContext through the writer statement cache (q already rebound): the
// row is read when its Scan is called.
func (db *DB) txQueryRowx(ctx context.Context, tx *sqlx.Tx, q string, args ...any) txRow {
	return txRow{db: db, ctx: ctx, tx: tx, q: q, args: args}
}

// txRow is one row of a statement run inside a transaction, read by Scan.
type txRow struct {
	db   *DB
	ctx  context.Context
	tx   *sqlx.Tx
	q    string
	args []any
}

// Scan runs the statement and stores its first row's columns in dest, as sql.Row's Scan does.
func (r txRow) Scan(dest ...any) error {
	if handled, err := r.db.rawScan(r.ctx, r.tx, r.q, r.args, dest); handled {
		return err
	}
	if ran, err := r.db.pgScan(r.ctx, r.tx, r.q, r.args, dest); ran || err != nil {
		return err
	}
	r.db.trip()
	st, err := r.db.txStmt(r.ctx, r.tx, r.q)
	if err != nil {
		return err
	}
	if st == nil {
		return r.tx.QueryRowxContext(r.ctx, r.q, r.args...).Scan(dest...)
	}
	defer st.Close()
	return st.QueryRowxContext(r.ctx, r.args...).Scan(dest...)
}

// sliceDest is the slice a Select destination points at, its rows' type (pointers removed) and
// whether it holds pointers; ok false for a destination the raw and pgx paths leave to sqlx.
func sliceDest(dest any) (slice reflect.Value, base reflect.Type, isPtr, ok bool) {
	v := reflect.ValueOf(dest)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Slice {
		return slice, nil, false, false
	}
	slice = v.Elem()
	base = slice.Type().Elem()
	if isPtr = base.Kind() == reflect.Pointer; isPtr {
		base = base.Elem()
	}
	return slice, base, isPtr, base.Kind() != reflect.Pointer
}
