package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"strings"

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
	// Existing history fills the period rankings' table once after 00025 (a no-op afterwards).
	if err := db.backfillPeriodStats(ctx); err != nil {
		return 0, fmt.Errorf("fill player_period_stats: %w", err)
	}
	if len(results) > 0 {
		if err := db.Analyze(ctx); err != nil {
			return 0, fmt.Errorf("analyze after migrating: %w", err)
		}
	}
	return p.GetDBVersion(ctx)
}

// Analyze gives PostgreSQL's planner statistics on the application's tables (those of the
// current schema). The application calls it after migrations and after bulk loads (the demo
// seed): without statistics the standings query took 66 ms, with them 4.8 ms (issue 16). Only
// the current schema's tables are named, so a database shared by several schemas (tests) is
// not analysed whole. SQLite plans well without statistics here; nothing is done there.
func (db *DB) Analyze(ctx context.Context) error { return db.maintain(ctx, "ANALYZE ") }

// VacuumAnalyze is Analyze after a bulk load into a new database (the demo seed): it also
// clears the dead row versions the load's updates left (counters such as player_versions are
// bumped once per validated match), which every read scanned until autovacuum came: a player
// page's stamp read 55 versions of one row and took ten times as long (issue 16, PostgreSQL mode).
// Not after migrations: on a large database that would hold up the start.
func (db *DB) VacuumAnalyze(ctx context.Context) error { return db.maintain(ctx, "VACUUM (ANALYZE) ") }

// maintain runs command (ANALYZE or VACUUM) on the current schema's tables, on PostgreSQL.
func (db *DB) maintain(ctx context.Context, command string) error {
	if db.Dialect != Postgres {
		return nil
	}
	var tables []string
	if err := db.W.SelectContext(ctx, &tables, `SELECT quote_ident(tablename) FROM pg_tables
		WHERE schemaname = current_schema() ORDER BY tablename`); err != nil {
		return err
	}
	if len(tables) == 0 {
		return nil
	}
	_, err := db.W.ExecContext(ctx, command+strings.Join(tables, ", "))
	return err
}

// SchemaVersion returns the current migration version of the database.
func (db *DB) SchemaVersion(ctx context.Context) (int64, error) {
	p, err := db.migrationProvider(nil)
	if err != nil {
		return 0, err
	}
	return p.GetDBVersion(ctx)
}
