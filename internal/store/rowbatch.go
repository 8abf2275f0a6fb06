package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// rowBatcher joins concurrent single-row reads of one statement text on PostgreSQL into one
// statement (issue 16): the session's statements, one per signed-in request, each with its own
// reader's token. One round trip costs PostgreSQL mode more than SQLite mode's whole read, and
// every signed-in request makes one. A read that arrives while a statement of its text is in
// flight waits for the next one, which starts when the one in flight ends and carries every
// read that arrived meanwhile, each with its own arguments: the statement runs once per row of
// arguments (a LATERAL join over the arrays of arguments). Each answer is thus read after its
// reader arrived, as if it had asked alone, and under load a text costs one round trip for
// many readers.
type rowBatcher struct {
	mu     sync.Mutex
	flying map[string]*rowBatch // by statement text: the statement in flight
	texts  sync.Map             // statement text → its batched text (batchedText)
}

// rowBatch is one statement in flight and the reads waiting for the next.
type rowBatch struct {
	reads []*batchedRead
	done  chan struct{}
	next  *rowBatch
}

// batchedRead is one reader's row: its arguments, its destinations and its answer.
type batchedRead struct {
	args []any
	dest []any
	mu   sync.Mutex // held while its row is stored; a reader that left sets gone under it
	gone bool
	err  error
}

// scanOneJoined is scanOne for statements every signed-in request runs with its own arguments:
// on PostgreSQL, concurrent ones share a round trip (rowBatcher). The joined statement means
// what q means when q's placeholders are ? only (none inside its literals), its arguments are
// int64, int, string, time.Time or bool, and each placeholder stands where a bigint, text,
// timestamptz or boolean belongs (the arrays are cast so; the session's statements compare
// BIGINT, TEXT and TIMESTAMPTZ columns, and LIMIT takes an outer reference).
func (db *DB) scanOneJoined(ctx context.Context, q string, args []any, dest ...any) error {
	if db.Dialect == SQLite {
		return db.scanOne(ctx, q, args, dest...)
	}
	b := &db.rows
	b.mu.Lock()
	f := b.flying[q]
	if f == nil {
		if b.flying == nil {
			b.flying = make(map[string]*rowBatch)
		}
		f = &rowBatch{done: make(chan struct{})}
		b.flying[q] = f
		b.mu.Unlock()
		defer db.landed(q, f) // a panic too leaves the text free
		return db.scanOne(ctx, q, args, dest...)
	}
	if f.next == nil {
		f.next = &rowBatch{done: make(chan struct{})}
	}
	r := &batchedRead{args: args, dest: dest}
	f.next.reads = append(f.next.reads, r)
	n := f.next
	b.mu.Unlock()
	select {
	case <-n.done:
		return r.err
	case <-ctx.Done():
		r.mu.Lock()
		r.gone = true
		r.mu.Unlock()
		return ctx.Err()
	}
}

// landed ends the statement in flight for q and starts the next if reads wait for one.
func (db *DB) landed(q string, f *rowBatch) {
	b := &db.rows
	b.mu.Lock()
	n := f.next
	if n != nil {
		b.flying[q] = n
	} else {
		delete(b.flying, q)
	}
	b.mu.Unlock()
	close(f.done)
	if n != nil {
		go db.runBatch(q, n)
	}
}

// runBatch reads every row of n in one statement, on a context of its own (the end of one
// reader's request must not fail the others).
func (db *DB) runBatch(q string, n *rowBatch) {
	defer db.landed(q, n)
	defer func() {
		if p := recover(); p != nil { // a bug: every reader of the batch gets an error, the process goes on
			for _, r := range n.reads {
				r.err = fmt.Errorf("store: joined read panicked: %v", p)
			}
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), freshReadTimeout)
	defer cancel()
	if err := db.readBatch(ctx, q, n.reads); err != nil {
		for _, r := range n.reads {
			r.err = err
		}
	}
}

// readBatch runs q once for each read's arguments and stores each row in its read's
// destinations; a read without a row gets sql.ErrNoRows, as scanOne gives it.
func (db *DB) readBatch(ctx context.Context, q string, reads []*batchedRead) error {
	text, columns, err := db.batchedText(q, reads[0].args)
	if err != nil {
		return err
	}
	arrays := make([]any, len(columns))
	for k, kind := range columns {
		if arrays[k], err = argumentArray(kind, k, reads); err != nil {
			return err
		}
	}
	st, err := db.readStmt(ctx, text)
	if err != nil {
		return err
	}
	rows, err := st.QueryContext(ctx, arrays...)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	found := make([]bool, len(reads))
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		ord, ok := vals[0].(int64)
		if !ok || ord < 1 || int(ord) > len(reads) || len(cols)-1 != len(reads[ord-1].dest) {
			return fmt.Errorf("store: joined read: row %v of %d, %d columns", vals[0], len(reads), len(cols)-1)
		}
		if found[ord-1] {
			continue // scanOne takes a statement's first row
		}
		r := reads[ord-1]
		found[ord-1] = true
		r.mu.Lock()
		if !r.gone {
			for i, d := range r.dest {
				if err := assignColumn(d, vals[i+1]); err != nil {
					r.err = fmt.Errorf("store: scan column %d: %w", i, err)
					break
				}
			}
		}
		r.mu.Unlock()
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for i, r := range reads {
		if !found[i] {
			r.err = sql.ErrNoRows
		}
	}
	return nil
}

// argument kinds: a statement's placeholders as PostgreSQL arrays.
const (
	argInt64 = "bigint"
	argText  = "text"
	argTime  = "timestamptz"
	argBool  = "boolean"
)

func argumentKind(v any) (string, error) {
	switch v.(type) {
	case int64, int:
		return argInt64, nil
	case string:
		return argText, nil
	case time.Time:
		return argTime, nil
	case bool:
		return argBool, nil
	}
	return "", fmt.Errorf("store: joined read: argument of type %T", v)
}

// argumentArray is the k-th argument of every read, as one array of its kind.
func argumentArray(kind string, k int, reads []*batchedRead) (any, error) {
	switch kind {
	case argInt64:
		a := make([]int64, len(reads))
		for i, r := range reads {
			switch v := r.args[k].(type) {
			case int64:
				a[i] = v
			case int:
				a[i] = int64(v)
			default:
				return nil, fmt.Errorf("store: joined read: argument %d of type %T", k, v)
			}
		}
		return a, nil
	case argText:
		return sameKind[string](k, reads)
	case argTime:
		return sameKind[time.Time](k, reads)
	default:
		return sameKind[bool](k, reads)
	}
}

func sameKind[T any](k int, reads []*batchedRead) ([]T, error) {
	a := make([]T, len(reads))
	for i, r := range reads {
		v, ok := r.args[k].(T)
		if !ok {
			return nil, fmt.Errorf("store: joined read: argument %d of type %T", k, r.args[k])
		}
		a[i] = v
	}
	return a, nil
}

// batchedText is q run once per row of its arguments' arrays, each row numbered (the first
// column), and the kinds of those arrays. q's placeholders are ? only (none in its literals).
func (db *DB) batchedText(q string, args []any) (string, []string, error) {
	kinds := make([]string, len(args))
	for k, a := range args {
		kind, err := argumentKind(a)
		if err != nil {
			return "", nil, err
		}
		kinds[k] = kind
	}
	key := q + "\x00" + strings.Join(kinds, ",")
	if t, ok := db.rows.texts.Load(key); ok {
		return t.(string), kinds, nil
	}
	if strings.Count(q, "?") != len(args) {
		return "", nil, fmt.Errorf("store: joined read: %d placeholders for %d arguments", strings.Count(q, "?"), len(args))
	}
	var inner strings.Builder
	k := 0
	for _, c := range q {
		if c == '?' {
			k++
			inner.WriteString("q.a" + strconv.Itoa(k))
			continue
		}
		inner.WriteRune(c)
	}
	var arrays, names []string
	for k, kind := range kinds {
		arrays = append(arrays, "CAST(? AS "+kind+"[])")
		names = append(names, "a"+strconv.Itoa(k+1))
	}
	text := `SELECT q.ord, x.* FROM unnest(` + strings.Join(arrays, ", ") + `) WITH ORDINALITY AS q(` +
		strings.Join(names, ", ") + `, ord) CROSS JOIN LATERAL (` + inner.String() + `) x`
	db.rows.texts.Store(key, text)
	return text, kinds, nil
}
