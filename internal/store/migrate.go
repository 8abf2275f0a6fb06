package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// Each dialect has its own folder of migrations with the same version numbers, so both
// databases always sit at the same schema version (a test compares the resulting schemas).
//
//go:embed migrations
var migrations embed.FS

func (db *DB) migrationProvider(log *slog.Logger) (*goose.Provider, error) {
	fsys, err := fs.Sub(migrations, "migrations/"+string(db.Dialect))
	if err != nil {
		return nil, err
	}
	opts := []goose.ProviderOption{goose.WithDisableGlobalRegistry(true)}
	if log != nil {
		opts = append(opts, goose.WithSlog(log))
	}
	if db.Dialect == Postgres {
		// An advisory lock held for the whole run, so instances starting together migrate once.
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return nil, err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	return goose.NewProvider(db.Dialect.goose(), db.W.DB, fsys, opts...)
}

// Migrate applies every pending migration and returns the resulting schema version.
func (db *DB) Migrate(ctx context.Context, log *slog.Logger) (int64, error) {
	p, err := db.migrationProvider(log)
	if err != nil {
		return 0, err
	}
	results, err := p.Up(ctx)
	if err != nil {
		return 0, fmt.Errorf("migrate: %w", err)
	}
	for _, r := range results {
		if log != nil {
			log.Info("migration applied", "version", r.Source.Version, "file", r.Source.Path, "duration", r.Duration)
		}
	}
	return p.GetDBVersion(ctx)
}

// SchemaVersion returns the current migration version of the database.
func (db *DB) SchemaVersion(ctx context.Context) (int64, error) {
	p, err := db.migrationProvider(nil)
	if err != nil {
		return 0, err
	}
	return p.GetDBVersion(ctx)
}
