package store

import (
	"context"
	"database/sql"
	"reflect"
)

// A transaction's statements run on its connection through SQLite's interface (SQLite:
// sqlite_writer.go) or pgx (PostgreSQL: pg_pipeline.go, pg_reads.go), each prepared once on the
// connection. What those paths leave to database/sql (a destination they do not fill, named
// parameters) runs here, on the same connection through database/sql's Conn: rarely, so
// unprepared (pgx still keeps its own prepared statement per connection). Each such statement
// is a round trip of its own on PostgreSQL.

// txExec is tx.ExecContext on tx's connection (q already rebound).
func (db *DB) txExec(ctx context.Context, tx *Tx, q string, args ...any) (sql.Result, error) {
	if res, handled, err := db.rawExec(ctx, tx, q, args); handled {
		return res, err
	}
	if res, ran, err := db.pgExec(ctx, tx, q, args); ran || err != nil {
		return res, err
	}
	if err := tx.inside(); err != nil {
		return nil, err
	}
	db.trip()
	return tx.conn.ExecContext(ctx, q, args...)
}

// txGet is tx.GetContext on tx's connection (q already rebound).
func (db *DB) txGet(ctx context.Context, tx *Tx, dest any, q string, args ...any) error {
	if handled, err := db.rawGet(ctx, tx, dest, q, args); handled {
		return err
	}
	if ran, err := db.pgGet(ctx, tx, dest, q, args); ran || err != nil {
		return err
	}
	if err := tx.inside(); err != nil {
		return err
	}
	db.trip()
	return tx.conn.GetContext(ctx, dest, q, args...)
}

// txSelect is tx.SelectContext on tx's connection (q already rebound).
func (db *DB) txSelect(ctx context.Context, tx *Tx, dest any, q string, args ...any) error {
	if handled, err := db.rawSelect(ctx, tx, dest, q, args); handled {
		return err
	}
	if ran, err := db.pgSelect(ctx, tx, dest, q, args); ran || err != nil {
		return err
	}
	if err := tx.inside(); err != nil {
		return err
	}
	db.trip()
	return tx.conn.SelectContext(ctx, dest, q, args...)
}

// txQueryRowx is tx.QueryRowxContext on tx's connection (q already rebound): the
// row is read when its Scan is called.
func (db *DB) txQueryRowx(ctx context.Context, tx *Tx, q string, args ...any) txRow {
	return txRow{db: db, ctx: ctx, tx: tx, q: q, args: args}
}

// txRow is one row of a statement run inside a transaction, read by Scan.
type txRow struct {
	db   *DB
	ctx  context.Context
	tx   *Tx
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
	if err := r.tx.inside(); err != nil {
		return err
	}
	r.db.trip()
	return r.tx.conn.QueryRowxContext(r.ctx, r.q, r.args...).Scan(dest...)
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
