// Package store holds every SQL statement of the application. It opens SQLite (modernc, one
// writer pool and one reader pool) or PostgreSQL (pgx through database/sql), runs the embedded
// migrations and offers transactions that retry on transient conflicts.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/jmoiron/sqlx"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// DB is the application's database: W for writes and transactions, R for reads. On PostgreSQL
// both are the same pool; on SQLite the writer pool has a single connection so writers queue in
// Go instead of failing with SQLITE_BUSY, while readers proceed in parallel thanks to WAL.
type DB struct {
	W       *sqlx.DB
	R       *sqlx.DB
	Dialect Dialect
	// Now is the clock used for timestamps written by the store; tests replace it.
	Now func() time.Time

	stmts   sync.Map     // query text → *sqlx.Stmt on R: hot reads skip SQL parsing
	pgTrips atomic.Int64 // PostgreSQL: round trips of write transactions (RoundTrips)
	group   committer    // SQLite: write transactions that arrive together commit together
	dsn     string       // PostgreSQL: the connection string (dedicated connections, other instances in tests)
	shm     *shmRegion   // SQLite: where the WAL-index header is, changed by every commit (nil: not known)
	closed  atomic.Bool

	// Each is kept under the data version it was read under (dataversion.go), until a commit
	// changes it. PostgreSQL: concurrent readers of one gate, page or version share one
	// statement, each answer read after its reader arrived (freshread.go).
	gates       freshGroup[int64, Tournament]
	pages       freshGroup[int64, TournamentPage]
	pageStamps  freshGroup[int64, PlayerPageStamp]
	pageStampsT freshGroup[int64, TournamentPageStamp]
	listVer     freshGroup[struct{}, int64]
	leaderVer   freshGroup[struct{}, int64]
	searchVer   freshGroup[struct{}, [2]int64]
	// Session statements' answers, kept until a commit (SessionStampWith).
	sessionReads freshGroup[sessionKey, sessionRead]
	// PostgreSQL: the current snapshot, the data version; concurrent readers share a statement.
	snapshots freshGroup[struct{}, string]
	// PostgreSQL: concurrent session statements share a round trip (rowbatch.go).
	rows rowBatcher
}

// shared is read once per data version (dataversion.go) and kept until a commit. On SQLite a
// statement costs less than sharing it; on PostgreSQL, a round trip, concurrent readers of key
// share one through g (freshGroup.do).
func shared[K comparable, V any](ctx context.Context, db *DB, g *freshGroup[K, V], key K, read func(context.Context) (V, error)) (V, error) {
	if db.Dialect == SQLite {
		return keptNow(ctx, db, g, key, func() (V, error) { return read(ctx) })
	}
	return keptNow(ctx, db, g, key, func() (V, error) { return g.do(ctx, key, read) })
}

// readStmt returns a prepared statement for q on the reader pool, preparing it once. SQLite
// spends most of a small query's time parsing it; database/sql keeps the statement per
// connection and re-prepares transparently.
func (db *DB) readStmt(ctx context.Context, q string) (*sqlx.Stmt, error) {
	// Keyed by the query as written: PostgreSQL's rebinding (? to $n) builds a new string, so it
	// is done once, when the statement is prepared, not on every read.
	if st, ok := db.stmts.Load(q); ok {
		return st.(*sqlx.Stmt), nil
	}
	st, err := db.R.PreparexContext(ctx, db.Dialect.rebind(q))
	if err != nil {
		return nil, err
	}
	if prev, loaded := db.stmts.LoadOrStore(q, st); loaded {
		st.Close()
		return prev.(*sqlx.Stmt), nil
	}
	return st, nil
}

// get runs a hot single-row read through a cached prepared statement.
func (db *DB) get(ctx context.Context, dest any, q string, args ...any) error {
	st, err := db.readStmt(ctx, q)
	if err != nil {
		return err
	}
	return st.GetContext(ctx, dest, args...)
}

// scanOne is get for the hottest reads: the row's columns go straight into dest, in order,
// without sqlx's mapping of column names to struct fields (a third of the session stamp's
// cost, read on every signed-in request: issue 16). On SQLite it goes around database/sql
// (sqlite_reader.go).
func (db *DB) scanOne(ctx context.Context, q string, args []any, dest ...any) error {
	if db.Dialect == SQLite {
		return db.scanOneSQLite(ctx, q, args, dest)
	}
	st, err := db.readStmt(ctx, q)
	if err != nil {
		return err
	}
	return st.QueryRowContext(ctx, args...).Scan(dest...)
}

// valueRows is the VALUES list of a multi-row insert: rows groups of width placeholders.
func valueRows(width, rows int) string {
	row := "(?" + strings.Repeat(", ?", width-1) + ")"
	return row + strings.Repeat(", "+row, rows-1)
}

// getIn reads one row inside tx, or through the statement cache when tx is nil.
func (db *DB) getIn(ctx context.Context, tx *Tx, dest any, q string, args ...any) error {
	if tx != nil {
		return db.txGet(ctx, tx, dest, db.Dialect.rebind(q), args...)
	}
	return db.get(ctx, dest, q, args...)
}

// selectIn reads rows inside tx, or through the statement cache when tx is nil.
func (db *DB) selectIn(ctx context.Context, tx *Tx, dest any, q string, args ...any) error {
	if tx != nil {
		return db.txSelect(ctx, tx, dest, db.Dialect.rebind(q), args...)
	}
	return db.selectRows(ctx, dest, q, args...)
}

// selectRows runs a hot multi-row read through a cached prepared statement.
func (db *DB) selectRows(ctx context.Context, dest any, q string, args ...any) error {
	st, err := db.readStmt(ctx, q)
	if err != nil {
		return err
	}
	return st.SelectContext(ctx, dest, args...)
}

// ErrNotFound is returned when a looked-up row does not exist.
var ErrNotFound = errors.New("not found")

// sqlitePragmas are set through the DSN so that every new connection of the pools gets them.
const sqlitePragmas = "_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)" +
	"&_pragma=synchronous(NORMAL)&_time_format=sqlite"

// writerDSN ends the writer pool's DSN; the connection hook (sqlite_conn.go) knows the writer's
// connections by it.
const writerDSN = "&_txlock=immediate&_pragma=temp_store(2)&_pragma=wal_autocheckpoint(4000)"

// OpenSQLite opens (creating when needed) the database file at path.
func OpenSQLite(ctx context.Context, path string) (*DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, fmt.Errorf("create data directory: %w", err)
	}
	base := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + sqlitePragmas
	// The writer keeps its temporary data in memory (temp_store=MEMORY): a multi-row statement
	// with triggers (a result write's upserts) needs a statement journal, which SQLite otherwise
	// spills to a temporary file once it outgrows its in-memory buffer, an open, writes and a
	// close per validation (issue 16). Its statements are small; readers keep the default.
	//
	// It checkpoints the WAL every 4,000 pages (16 MB with 4 KB pages) instead of SQLite's 1,000:
	// a checkpoint copies every distinct page of the WAL into the database file and syncs both
	// files, and a result write dirties ~55 pages, mostly the same hot index pages again, so
	// checkpointing four times less often copies each hot page once per batch and syncs a
	// quarter as often (the checkpoint's share of a validation's CPU fell from ~180 to ~75 µs;
	// docs/PERFORMANCE.md). The price: the WAL file grows to ~16 MB before it is reused, and
	// each checkpoint pauses the writer longer, a few ms once every ~70 validations. Only the
	// writer checkpoints (readers never write), so the setting is the writer's.
	registered, err := sql.Open("sqlite", "") // connects to nothing: only its driver is wanted
	if err != nil {
		return nil, err
	}
	drv := registered.Driver()
	registered.Close()
	// Both pools keep raw statements on their connections: the readers scanOne's, the writer its
	// transactions' (sqlite_reader.go, sqlite_writer.go).
	// The writer writes its WAL once per commit (sqlite_walbuf.go); without that VFS it writes
	// as SQLite does, page by page.
	vfs := ""
	if err := registerWalBuf(); err == nil {
		vfs = "&vfs=" + walBufVFS
	} else {
		hookFailed("the WAL written once per commit", err)
	}
	w := sqlx.NewDb(sql.OpenDB(rawConnector{drv: drv, dsn: base + vfs + writerDSN}), "sqlite")
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxIdleTime(0)
	// The readers keep the statements scanOne runs on their connections (sqlite_reader.go).
	r := sqlx.NewDb(sql.OpenDB(rawConnector{drv: drv, dsn: base + "&_pragma=query_only(1)"}), "sqlite")
	r.SetMaxOpenConns(8)
	r.SetMaxIdleConns(8)
	db := &DB{W: w, R: r, Dialect: SQLite, Now: utcNow}
	// The writer connects first so that WAL mode is set before any reader opens the file.
	if err := db.Ping(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	// Known once the writer maps its wal-index (sqlite_dataversion.go); until then, and without
	// the writer's VFS, every kept read runs its statement.
	db.shm = shmRegionOf(path)
	return db, nil
}

// pgPoolSize bounds one instance's PostgreSQL connections (the server's default limit is 100).
const pgPoolSize = 20

// OpenPostgres connects to the PostgreSQL server at url.
//
// A connection attempt gives up after connect_timeout (5 s unless the URL sets it); every query
// also ends with its context (pgx then closes the connection), so a database that stops answering
// holds a request only until the request's deadline.
func OpenPostgres(ctx context.Context, dsn string) (*DB, error) {
	dsn = withConnectTimeout(dsn)
	p, err := sqlx.Open("pgx", dsn)
	if err != nil {
		return nil, err
	}
	// As many idle connections as open ones: with fewer, every burst of more than the idle
	// bound closes connections on release and opens new ones on the next request — a new
	// server process, authentication and every prepared statement again. Under 16 concurrent
	// reads the earlier bound (10) opened ~100 connections a second and the new backends cost
	// more server CPU than the reads (docs/PERFORMANCE.md, "PostgreSQL mode"). Connections idle
	// for five minutes are closed, so a quiet instance gives them back.
	p.SetMaxOpenConns(pgPoolSize)
	p.SetMaxIdleConns(pgPoolSize)
	p.SetConnMaxIdleTime(5 * time.Minute)
	p.SetConnMaxLifetime(30 * time.Minute)
	db := &DB{W: p, R: p, Dialect: Postgres, Now: utcNow, dsn: dsn}
	if err := db.Ping(ctx); err != nil {
		p.Close()
		return nil, fmt.Errorf("connect to postgres: %w", err)
	}
	return db, nil
}

// withConnectTimeout adds connect_timeout=5 to a postgres:// URL that does not set one.
func withConnectTimeout(dsn string) string {
	if !strings.HasPrefix(dsn, "postgres://") && !strings.HasPrefix(dsn, "postgresql://") {
		return dsn // key=value form: left as the operator wrote it
	}
	u, err := url.Parse(dsn)
	if err != nil || u.Query().Has("connect_timeout") {
		return dsn
	}
	q := u.Query()
	q.Set("connect_timeout", "5")
	u.RawQuery = q.Encode()
	return u.String()
}

func utcNow() time.Time { return time.Now().UTC() }

// Ping checks that both pools answer.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.W.PingContext(ctx); err != nil {
		return err
	}
	return db.R.PingContext(ctx)
}

// Close closes both pools.
func (db *DB) Close() error {
	db.closed.Store(true) // kept values go with it (another DB of the same file may keep the header mapped)
	db.stmts.Range(func(_, st any) bool { st.(*sqlx.Stmt).Close(); return true })
	err := db.W.Close()
	if db.R != db.W {
		err = errors.Join(err, db.R.Close())
	}
	return err
}

// DSN is the PostgreSQL connection string ("" on SQLite). It carries credentials: never log it.
func (db *DB) DSN() string { return db.dsn }

// notFound maps sql.ErrNoRows to ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}
