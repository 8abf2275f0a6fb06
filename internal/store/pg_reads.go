package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"reflect"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jmoiron/sqlx/reflectx"
)

// A PostgreSQL write transaction's statements through pgx (pg_pipeline.go): each answer filled
// as database/sql and sqlx fill it (TestPostgresPipelinedReadsAnswerAsDriver). ran false from
// these: tx is not a PostgreSQL transaction of beginTx, or the destination is one this path does not fill (the
// deferred writes are then sent on their own, and database/sql's path runs the statement).

// pgExec is txExec through pgx, the deferred writes sent along.
func (db *DB) pgExec(ctx context.Context, tx *Tx, q string, args []any) (sql.Result, bool, error) {
	last := &pgLast{q: q, args: args}
	ran, err := db.pgPipe(ctx, tx, last)
	if !ran || err != nil {
		return nil, ran, err
	}
	return driver.RowsAffected(last.tag.RowsAffected()), true, nil
}

// pgGet is txGet through pgx, the deferred writes sent along.
func (db *DB) pgGet(ctx context.Context, tx *Tx, dest any, q string, args []any) (bool, error) {
	return db.pgRun(ctx, tx, db.getLast(dest, q, args))
}

// pgSelect is txSelect through pgx, the deferred writes sent along.
func (db *DB) pgSelect(ctx context.Context, tx *Tx, dest any, q string, args []any) (bool, error) {
	return db.pgRun(ctx, tx, db.selectLast(dest, q, args))
}

// pgScan is a txRow's Scan through pgx, the deferred writes sent along.
func (db *DB) pgScan(ctx context.Context, tx *Tx, q string, args []any, dest []any) (bool, error) {
	return db.pgRun(ctx, tx, scanLast(dest, q, args))
}

// pgRun sends l with the deferred writes; a nil l (a destination not filled here) sends only
// them, and reports ran false.
func (db *DB) pgRun(ctx context.Context, tx *Tx, l *pgLast) (bool, error) {
	if l == nil {
		return false, db.pgFlush(ctx, tx)
	}
	return db.pgPipe(ctx, tx, l)
}

// getLast is sqlx's Get into dest as a pipeline's statement: the first row, sql.ErrNoRows for
// none (nil: a destination not filled here).
func (db *DB) getLast(dest any, q string, args []any) *pgLast {
	v := reflect.ValueOf(dest)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() == reflect.Pointer {
		return nil
	}
	return db.readLast(q, args, v.Elem().Type(), func(rows pgx.Rows, targets func(reflect.Value) []any) error {
		if !rows.Next() {
			if err := rows.Err(); err != nil {
				return err
			}
			return sql.ErrNoRows
		}
		return rows.Scan(targets(v.Elem())...)
	})
}

// selectLast is sqlx's Select into the slice dest points at as a pipeline's statement: every
// row, as values or pointers, replacing what the slice held (nil: a destination not filled here).
func (db *DB) selectLast(dest any, q string, args []any) *pgLast {
	slice, base, isPtr, ok := sliceDest(dest)
	if !ok {
		return nil
	}
	return db.readLast(q, args, base, func(rows pgx.Rows, targets func(reflect.Value) []any) error {
		slice.SetLen(0)
		for rows.Next() {
			row := reflect.New(base)
			if err := rows.Scan(targets(row.Elem())...); err != nil {
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

// scanLast is sql.Row's Scan as a pipeline's statement: the first row's columns into dest, one
// each (nil: a destination not filled here).
func scanLast(dest []any, q string, args []any) *pgLast {
	for _, d := range dest {
		if t := reflect.TypeOf(d); t == nil || t.Kind() != reflect.Pointer || !rawFills(t.Elem()) {
			return nil
		}
	}
	return &pgLast{q: q, args: args, rows: func(rows pgx.Rows) error {
		if !rows.Next() {
			if err := rows.Err(); err != nil {
				return err
			}
			return sql.ErrNoRows
		}
		return rows.Scan(dest...)
	}}
}

// readLast is a read of q whose rows fill reads with targets: the addresses in a value of type
// base (pointers removed) that a row's columns fill, as sqlx maps them (rawPlanFor's rules). A
// row whose columns sqlx would not map fails the read with sqlx's words; a base with a value of
// a type pgFills lacks is not read here (nil).
func (db *DB) readLast(q string, args []any, base reflect.Type,
	fill func(rows pgx.Rows, targets func(reflect.Value) []any) error) *pgLast {
	if !db.pgFillable(base) {
		return nil
	}
	return &pgLast{q: q, args: args, rows: func(rows pgx.Rows) error {
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
		return fill(rows, func(v reflect.Value) []any {
			if scalar {
				return []any{v.Addr().Interface()}
			}
			out := make([]any, len(fields))
			for i, f := range fields {
				out[i] = reflectx.FieldByIndexes(v, f).Addr().Interface()
			}
			return out
		})
	}}
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
