// Command ladder is the whole Tennis Ladder platform in one binary: the web app, its API and
// the tools to run it (migrations, demo data, operators' commands).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/store"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

const usage = `ladder — Tennis Ladder platform

Usage:
  ladder serve    [flags]   run the web server (migrates the database first)
  ladder migrate  [flags]   apply database migrations and exit
  ladder seed --demo [flags] fill an empty database with demo data
  ladder contacts [--json] [flags]  list stored contact and support messages
  ladder user ACTION EMAIL [ROLE] [--as EMAIL]  promote, demote, suspend, reactivate, unlink
  ladder backup FILE        copy the SQLite database to FILE while it runs (PostgreSQL: pg_dump)
  ladder openapi            print the OpenAPI document (JSON)
  ladder version            print the version

Every command takes the configuration flags (ladder serve -h lists them); each flag has a
LADDER_* environment variable, e.g. LADDER_DATABASE_URL, LADDER_DATA_DIR, LADDER_LISTEN.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "ladder:", err)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("no command given")
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "version", "--version", "-v":
		fmt.Fprintln(stdout, version)
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	case "openapi":
		return printOpenAPI(stdout)
	}
	// Command-specific words and flags are taken out before the configuration flags are parsed.
	var words []string
	var as string
	if cmd == "user" || cmd == "backup" {
		var err error
		if words, as, rest, err = splitUserArgs(rest); err != nil {
			return err
		}
	}
	var demo, asJSON bool
	rest = takeBool(rest, "demo", &demo)
	rest = takeBool(rest, "json", &asJSON)
	cfg, err := config.Load("ladder "+cmd, rest, os.Getenv, stderr)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	switch cmd {
	case "serve":
		return serve(ctx, cfg, log)
	case "migrate":
		db, err := openAndMigrate(ctx, cfg, log)
		if err != nil {
			return err
		}
		return db.Close()
	case "seed":
		if !demo {
			return errors.New("seed: say --demo to fill the database with demo data")
		}
		return seedDemo(ctx, cfg, log, stdout)
	case "contacts":
		return listContacts(ctx, cfg, log, stdout, asJSON)
	case "user":
		return userCommand(ctx, cfg, log, stdout, words, as)
	case "backup":
		return backup(ctx, cfg, log, stdout, words)
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
}

// takeBool removes -name / --name from args and sets *v when it was there.
func takeBool(args []string, name string, v *bool) []string {
	out := args[:0:0]
	for _, a := range args {
		if a == "-"+name || a == "--"+name {
			*v = true
			continue
		}
		out = append(out, a)
	}
	return out
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "text" {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}

// openAndMigrate opens the configured database and brings its schema up to date.
func openAndMigrate(ctx context.Context, cfg config.Config, log *slog.Logger) (*store.DB, error) {
	var db *store.DB
	var err error
	if cfg.UsesPostgres() {
		db, err = store.OpenPostgres(ctx, cfg.DatabaseURL)
	} else {
		db, err = store.OpenSQLite(ctx, cfg.SQLitePath())
	}
	if err != nil {
		return nil, err
	}
	v, err := db.Migrate(ctx, log)
	if err != nil {
		db.Close()
		return nil, err
	}
	log.Info("database ready", "dialect", db.Dialect, "schema_version", v)
	return db, nil
}

func seedDemo(ctx context.Context, cfg config.Config, log *slog.Logger, stdout io.Writer) error {
	db, err := openAndMigrate(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	res, err := seed.Demo(ctx, db)
	if err != nil {
		return err
	}
	if res.Skipped {
		fmt.Fprintln(stdout, "seed: the database already has data; nothing was written")
		return nil
	}
	fmt.Fprintf(stdout, "seed: demo data written (%d accounts, %d clubs, %d tournaments, %d contact messages)\n", res.Users, res.Clubs, res.Tournaments, res.ContactMessages)
	return nil
}

func listContacts(ctx context.Context, cfg config.Config, log *slog.Logger, stdout io.Writer, asJSON bool) error {
	db, err := openAndMigrate(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	msgs, err := db.ListContactMessages(ctx, 0, 200)
	if err != nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(msgs)
	}
	for _, m := range msgs {
		fmt.Fprintf(stdout, "#%d %s [%s] %s <%s>: %s\n", m.ID, m.CreatedAt.Format("2006-01-02 15:04"), m.Kind, m.Name, m.Email, m.Subject)
	}
	return nil
}

func backup(ctx context.Context, cfg config.Config, log *slog.Logger, stdout io.Writer, words []string) error {
	if len(words) != 1 {
		return errors.New("backup: say the file to write, e.g. ladder backup ladder-2026-11-21.db")
	}
	db, err := openAndMigrate(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Backup(ctx, words[0]); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backup: written to %s\n", words[0])
	return nil
}
