package store

import (
	"context"
	"database/sql"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"
)

// openRawTestDB is a SQLite database with one reader connection, so that every scanOne runs on
// the connection a test inspects.
func openRawTestDB(t *testing.T) *DB {
	t.Helper()
	db := openTestSQLite(t, `CREATE TABLE kv (k INTEGER PRIMARY KEY, s TEXT, at TIMESTAMP, b BLOB);
		INSERT INTO kv VALUES (1, 'a', '2026-11-29 10:00:00+00:00', x'0102')`)
	db.R.SetMaxOpenConns(1)
	return db
}

// readerOf runs fn with the reader pool's connection.
func readerOf(t testing.TB, db *DB, fn func(rc *rawConn)) { t.Helper(); connOf(t, db.R, fn) }

// writerOf runs fn with the writer pool's connection.
func writerOf(t testing.TB, db *DB, fn func(rc *rawConn)) { t.Helper(); connOf(t, db.W, fn) }

// connOf runs fn with a connection of pool.
func connOf(t testing.TB, pool *sqlx.DB, fn func(rc *rawConn)) {
	t.Helper()
	conn, err := pool.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := conn.Raw(func(dc any) error { fn(dc.(*rawConn)); return nil }); err != nil {
		t.Fatal(err)
	}
}

// scanOne's statements run through SQLite's own interface, one that reads a column declared as a
// time too (its text read as a time.Time, as the driver reads it).
func TestSQLiteScanOneRunsThroughSQLitesInterface(t *testing.T) {
	db := openRawTestDB(t)
	ctx := context.Background()
	var s string
	var when time.Time
	var blob []byte
	if err := db.scanOne(ctx, `SELECT s FROM kv WHERE k = ?`, []any{1}, &s); err != nil || s != "a" {
		t.Fatalf("%q, %v", s, err)
	}
	if err := db.scanOne(ctx, `SELECT at FROM kv WHERE k = ?`, []any{1}, &when); err != nil || !when.Equal(time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)) {
		t.Fatalf("%v, %v", when, err)
	}
	if err := db.scanOne(ctx, `SELECT b FROM kv WHERE k = ?`, []any{1}, sqlScanner(func(v any) error { blob, _ = v.([]byte); return nil })); err != nil || string(blob) != "\x01\x02" {
		t.Fatalf("%v, %v", blob, err)
	}
	readerOf(t, db, func(rc *rawConn) {
		if rc.db == 0 {
			t.Fatal("no SQLite handle on the reader connection: every statement takes the driver's path")
		}
		if st, ok := rc.raw[`SELECT s FROM kv WHERE k = ?`]; !ok || st.p == 0 {
			t.Fatalf("the text statement is not prepared through SQLite's interface: %+v, %v", st, ok)
		}
		if st, ok := rc.raw[`SELECT at FROM kv WHERE k = ?`]; !ok || st.p == 0 || len(st.times) != 1 || !st.times[0] {
			t.Fatalf("the time statement is not prepared through SQLite's interface with its time column: %+v, %v", st, ok)
		}
		if _, ok := rc.stmts[`SELECT at FROM kv WHERE k = ?`]; ok {
			t.Fatal("the time statement ran through the driver")
		}
	})
}

// sqlScanner is a sql.Scanner made of a function.
type sqlScanner func(any) error

func (f sqlScanner) Scan(v any) error { return f(v) }

// A time bound through SQLite's interface is the same text the driver writes: a session's expiry
// compares with the stored one as it did.
func TestSQLiteRawBindsTimesAsTheDriverWritesThem(t *testing.T) {
	db := openRawTestDB(t)
	ctx := context.Background()
	for i, at := range []time.Time{
		time.Date(2026, 11, 29, 19, 48, 24, 123456789, time.UTC),
		time.Date(2026, 11, 29, 19, 48, 24, 0, time.UTC),
		time.Date(2026, 3, 1, 8, 0, 0, 5000, time.FixedZone("", -3*3600)),
	} {
		if _, err := db.W.ExecContext(ctx, `UPDATE kv SET s = ? WHERE k = 1`, at); err != nil {
			t.Fatal(err)
		}
		var same bool
		var n int64
		if err := db.scanOne(ctx, `SELECT s = ?, (SELECT COUNT(*) FROM kv WHERE s <= ?) FROM kv WHERE k = 1`, []any{at, at}, &same, &n); err != nil || !same || n != 1 {
			t.Fatalf("time %d (%v): same text %v, %d rows at or before it, %v", i, at, same, n, err)
		}
	}
}

// A statement that outlives its context is interrupted, answers the context's error and leaves
// its connection working.
func TestSQLiteRawStatementEndsWithItsContext(t *testing.T) {
	db := openRawTestDB(t)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	// Minutes of work uninterrupted; a result instead of the context's error fails the test.
	const long = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?) SELECT COUNT(*) FROM c`
	var n int64
	if err := db.scanOne(ctx, long, []any{int64(2_000_000_000)}, &n); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("%d, %v: want the context's error", n, err)
	}
	var s string
	if err := db.scanOne(context.Background(), `SELECT s FROM kv WHERE k = ?`, []any{1}, &s); err != nil || s != "a" {
		t.Fatalf("the connection after an interrupt: %q, %v", s, err)
	}
	if err := db.scanOne(context.Background(), long, []any{int64(1000)}, &n); err != nil || n != 1000 {
		t.Fatalf("the same statement after its interrupt: %d, %v", n, err)
	}
}

// Arguments and errors: a wrong count, a statement SQLite refuses, no row.
func TestSQLiteRawRefusals(t *testing.T) {
	db := openRawTestDB(t)
	ctx := context.Background()
	var s string
	if err := db.scanOne(ctx, `SELECT s FROM kv WHERE k = ?`, []any{1, 2}, &s); err == nil {
		t.Fatal("two arguments for one placeholder: no error")
	}
	if err := db.scanOne(ctx, `SELECT s FROM nowhere WHERE k = ?`, []any{1}, &s); err == nil {
		t.Fatal("a statement on a missing table: no error")
	}
	if err := db.scanOne(ctx, `SELECT s FROM kv WHERE s = ?`, []any{[]byte("zz")}, &s); err != sql.ErrNoRows { //nolint:errorlint // unwrapped, as database/sql returns it
		t.Fatalf("no row: %v", err)
	}
	if err := db.scanOne(ctx, `SELECT ? || s FROM kv WHERE k = ?`, []any{"é-", 1}, &s); err != nil || s != "é-a" {
		t.Fatalf("text in and out: %q, %v", s, err)
	}
}

// BenchmarkSQLiteScanOne runs a session stamp's kind of statement (a join, 14 columns, a text and
// two time arguments) through SQLite's interface and through the driver, on one connection.
func BenchmarkSQLiteScanOne(b *testing.B) {
	ctx := context.Background()
	db := openTestSQLite(b, `CREATE TABLE s (id INTEGER PRIMARY KEY, token TEXT UNIQUE, user_id INTEGER, seen TEXT, expires TEXT);
		CREATE TABLE u (id INTEGER PRIMARY KEY, version INTEGER, hidden INTEGER, status TEXT, tz TEXT, r REAL, rd REAL, sigma REAL);
		INSERT INTO u VALUES (1, 3, 0, 'active', 'Europe/Lisbon', 1500.5, 80, 0.06), (2, 4, 0, 'active', 'Europe/Lisbon', 1400, 90, 0.06)`)
	db.R.SetMaxOpenConns(1)
	now := time.Now().UTC()
	if _, err := db.W.ExecContext(ctx, `INSERT INTO s VALUES (1, 'tok', 1, ?, ?)`, now, now.Add(time.Hour)); err != nil {
		b.Fatal(err)
	}
	const q = `SELECT s.id, s.user_id, s.seen <= ? AS touch_due, u.version, p.id, p.hidden, p.status, p.tz, p.version,
		u.r, u.rd, u.sigma, p.r, p.rd FROM s JOIN u ON u.id = s.user_id LEFT JOIN u p ON p.id = ? WHERE s.token = ? AND s.expires > ?`
	var (
		id, userID, version   int64
		touch                 bool
		pid, pver             sql.NullInt64
		hidden                sql.NullBool
		status, tz            sql.NullString
		r, rd, sigma, pr, prd sql.NullFloat64
	)
	dest := []any{&id, &userID, &touch, &version, &pid, &hidden, &status, &tz, &pver, &r, &rd, &sigma, &pr, &prd}
	for _, path := range []string{"sqlite-interface", "driver"} {
		b.Run(path, func(b *testing.B) {
			readerOf(b, db, func(rc *rawConn) {
				if path == "driver" {
					rc.closeRaw()
					rc.db = 0
				}
			})
			b.ReportAllocs()
			for b.Loop() {
				if err := db.scanOne(ctx, q, []any{now.Add(-time.Hour), int64(2), "tok", now}, dest...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Arguments of other types are taken as database/sql takes them (a named type, a driver.Valuer),
// and the caller's arguments are left as they were.
func TestSQLiteRawConvertsOtherArguments(t *testing.T) {
	db := openRawTestDB(t)
	type key int64
	args := []any{key(1)}
	var s string
	if err := db.scanOne(context.Background(), `SELECT s FROM kv WHERE k = ?`, args, &s); err != nil || s != "a" {
		t.Fatalf("%q, %v", s, err)
	}
	if _, ok := args[0].(key); !ok {
		t.Fatalf("the caller's argument became %T", args[0])
	}
	if err := db.scanOne(context.Background(), `SELECT s FROM kv WHERE k = ?`, []any{sql.NullInt64{Int64: 1, Valid: true}}, &s); err != nil || s != "a" {
		t.Fatalf("a driver.Valuer: %q, %v", s, err)
	}
}

// Arguments and columns of every kind come and go as through the driver: two texts and two blobs
// each in its own place, a nil slice and nil as NULL, booleans as 1 and 0, text holding a NUL,
// an empty blob as an empty value, not NULL.
func TestSQLiteRawArgumentsAndColumnsAsTheDriver(t *testing.T) {
	db := openRawTestDB(t)
	ctx := context.Background()
	var a, b, nul string
	var x, y []byte
	var nilIsNull, nilIsNull2 bool
	var yes, no int64
	if err := db.scanOne(ctx, `SELECT ?, ?, ?, ?, ? IS NULL, ? IS NULL, ?, ?, ?`,
		[]any{"first", "second", []byte{1, 2, 3}, []byte{4}, []byte(nil), nil, true, false, "a\x00b"},
		&a, &b, sqlScanner(func(v any) error { x, _ = v.([]byte); return nil }),
		sqlScanner(func(v any) error { y, _ = v.([]byte); return nil }), &nilIsNull, &nilIsNull2, &yes, &no, &nul); err != nil {
		t.Fatal(err)
	}
	if a != "first" || b != "second" || string(x) != "\x01\x02\x03" || string(y) != "\x04" || !nilIsNull || !nilIsNull2 || yes != 1 || no != 0 || nul != "a\x00b" {
		t.Fatalf("%q %q %v %v %v %v %d %d %q", a, b, x, y, nilIsNull, nilIsNull2, yes, no, nul)
	}
	var empty sql.NullString
	if err := db.scanOne(ctx, `SELECT x'' FROM kv WHERE k = ?`, []any{1}, &empty); err != nil || !empty.Valid || empty.String != "" {
		t.Fatalf("an empty blob: %+v, %v", empty, err)
	}
}

// A statement with numbered or named parameters, or more than one statement, keeps the driver's
// path, which binds by name and runs every statement.
func TestSQLiteRawLeavesNamedParametersToTheDriver(t *testing.T) {
	db := openRawTestDB(t)
	var n int64
	if err := db.scanOne(context.Background(), `SELECT $2 - $1`, []any{1, 10}, &n); err != nil || n != 9 {
		t.Fatalf("$2 - $1 of 1, 10: %d, %v", n, err)
	}
	readerOf(t, db, func(rc *rawConn) {
		if st, ok := rc.raw[`SELECT $2 - $1`]; !ok || st.p != 0 {
			t.Fatalf("numbered parameters through SQLite's interface: %+v, %v", st, ok)
		}
	})
}

// endedLate is a context that has ended (Done is closed) but reports it only from its second
// Err: it ends between scanOne's check and the statement's start, the moment an interrupt
// would be lost.
type endedLate struct {
	context.Context
	asked atomic.Int32
}

func (c *endedLate) Done() <-chan struct{} { return closedChan }
func (c *endedLate) Err() error {
	if c.asked.Add(1) == 1 {
		return nil
	}
	return context.Canceled
}

var closedChan = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// A context that ends just before the statement starts still interrupts it. (Run on the held
// connection: database/sql itself would not take a connection for such a context.) Whether the
// first interrupt lands before SQLite starts the statement, where it would be forgotten, or
// after, is the scheduler's choice: the test shows the statement ends either way, not which case
// it ran.
func TestSQLiteRawInterruptIsNotLostBeforeTheStatementStarts(t *testing.T) {
	db := openRawTestDB(t)
	const long = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?) SELECT COUNT(*) FROM c`
	readerOf(t, db, func(rc *rawConn) {
		st, ok, err := rc.rawPrepared(long)
		if err != nil || !ok {
			t.Fatalf("%v, %v", ok, err)
		}
		var n int64
		if err := rc.scanRaw(&endedLate{Context: context.Background()}, st, []any{int64(2_000_000_000)}, []any{&n}); !errors.Is(err, context.Canceled) {
			t.Fatalf("%d, %v: want context.Canceled", n, err)
		}
	})
}
