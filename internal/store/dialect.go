package store

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jmoiron/sqlx"
	"github.com/pressly/goose/v3"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Dialect names the SQL flavour. Most statements are portable (placeholders are rebound with
// sqlx.Rebind); where one must differ, the two variants sit side by side in this file.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

func (d Dialect) bindType() int {
	if d == Postgres {
		return sqlx.DOLLAR
	}
	return sqlx.QUESTION
}

// byDialect is a statement's text in each dialect, built once: built per request it would cost
// an allocation and, on every statement cache hit, a full comparison of the new string (a
// constant matches by pointer).
type byDialect struct{ sqlite, postgres string }

func textByDialect(build func(Dialect) string) byDialect {
	return byDialect{sqlite: build(SQLite), postgres: build(Postgres)}
}

func (q byDialect) in(d Dialect) string {
	if d == Postgres {
		return q.postgres
	}
	return q.sqlite
}

// rebind turns ? placeholders into the dialect's own.
func (d Dialect) rebind(q string) string { return sqlx.Rebind(d.bindType(), q) }

func (d Dialect) goose() goose.Dialect {
	if d == Postgres {
		return goose.DialectPostgres
	}
	return goose.DialectSQLite3
}

// retryable reports whether a failed transaction may succeed when run again: PostgreSQL
// serialization failures and deadlocks. SQLite's writer pool serialises writers, and its
// busy_timeout absorbs lock waits, so nothing is retried there.
func (d Dialect) retryable(err error) bool {
	var pgErr *pgconn.PgError
	if d == Postgres && errors.As(err, &pgErr) {
		return pgErr.Code == "40001" || pgErr.Code == "40P01"
	}
	return false
}

// forUpdate locks the rows of table alias a SELECT reads until the transaction ends, on
// PostgreSQL. SQLite needs nothing: its single writer connection already serialises write
// transactions.
func (d Dialect) forUpdate(alias string) string {
	if d == Postgres {
		return " FOR UPDATE OF " + alias
	}
	return ""
}

// forNoKeyUpdate locks the rows of alias a SELECT reads on PostgreSQL against other writers, as
// an update that keeps the row's key does, without blocking the foreign-key checks of inserts
// that refer to them (SQLite: nothing, its writer is one at a time).
func (d Dialect) forNoKeyUpdate(alias string) string {
	if d == Postgres {
		return " FOR NO KEY UPDATE OF " + alias
	}
	return ""
}

// IsUniqueViolation reports whether err is a unique constraint's refusal (PostgreSQL 23505,
// SQLite SQLITE_CONSTRAINT_UNIQUE or _PRIMARYKEY): a concurrent writer inserted the same key.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	// The driver's *sqlite.Error, or the store's own for a statement run through SQLite's
	// interface (sqliteError): both give the extended result code.
	var sqErr interface{ Code() int }
	if errors.As(err, &sqErr) {
		return sqErr.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || sqErr.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// The driver's errors give their code as IsUniqueViolation reads it.
var _ interface{ Code() int } = (*sqlite.Error)(nil)
