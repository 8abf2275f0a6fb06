package realtime

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5"
)

// Database is what broker selection needs from the store.
type Database interface {
	IsPostgres() bool
	DedicatedConn(ctx context.Context) (*pgx.Conn, error)
	Notify(ctx context.Context, channel, payload string) error
}

// ForDatabase picks the broker by the kind of database: LISTEN/NOTIFY on PostgreSQL (any number
// of instances), in memory on SQLite (one instance).
func ForDatabase(ctx context.Context, db Database, instance string, log *slog.Logger) (Broker, error) {
	if !db.IsPostgres() {
		return NewMemory(), nil
	}
	return NewPostgres(ctx, PostgresOptions{Connect: db.DedicatedConn, Notify: db.Notify, Instance: instance, Log: log})
}
