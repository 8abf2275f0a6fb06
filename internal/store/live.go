package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jmoiron/sqlx"
)

// DedicatedConn opens a PostgreSQL connection of its own, outside the pool, with the pool's
// settings (search_path included): the live-updates broker LISTENs on it.
func (db *DB) DedicatedConn(ctx context.Context) (*pgx.Conn, error) {
	if db.Dialect != Postgres {
		return nil, errors.New("dedicated connections exist on PostgreSQL only")
	}
	return pgx.Connect(ctx, db.dsn)
}

// Notify sends payload on the PostgreSQL channel (pg_notify through the pool).
func (db *DB) Notify(ctx context.Context, channel, payload string) error {
	_, err := db.W.ExecContext(ctx, "SELECT pg_notify($1, $2)", channel, payload)
	return err
}

// UserVisibility is what decides whether a viewer may see a player (policy.SeePlayer).
type UserVisibility struct {
	ID     int64  `db:"id"`
	Hidden bool   `db:"hidden"`
	Status string `db:"status"`
}

// UsersVisibility reads the visibility of the given accounts (unknown ids are left out).
func (db *DB) UsersVisibility(ctx context.Context, ids []int64) ([]UserVisibility, error) {
	out := []UserVisibility{}
	if len(ids) == 0 {
		return out, nil
	}
	q, args, err := sqlx.In("SELECT id, hidden, status FROM users WHERE id IN (?)", ids)
	if err != nil {
		return nil, err
	}
	err = db.R.SelectContext(ctx, &out, db.Dialect.rebind(q), args...)
	return out, err
}

// IsPostgres reports a PostgreSQL database (several instances may share it).
func (db *DB) IsPostgres() bool { return db.Dialect == Postgres }
