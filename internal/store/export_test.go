package store

import (
	"context"
	"sync"
)

// HoldSessionStatementsForTest marks every session statement (SessionStampWith's and
// SessionStampByTokenHash's) as in flight on PostgreSQL, so that the session reads that follow
// wait and go together in one joined statement each when release is called; waiting says how
// many wait.
func (db *DB) HoldSessionStatementsForTest() (waiting func() int, release func()) {
	texts := []string{sessionSearchStampQuery, sessionOnlyStampQuery, sessionAndNotesStampQuery,
		sessionAndLeadersStampQuery, sessionAndPageStampQuery.in(db.Dialect), sessionAndProfileStampQuery}
	held := make(map[string]*rowBatch, len(texts))
	b := &db.rows
	b.mu.Lock()
	if b.flying == nil {
		b.flying = make(map[string]*rowBatch)
	}
	for _, q := range texts {
		f := &rowBatch{done: make(chan struct{})}
		b.flying[q], held[q] = f, f
	}
	b.mu.Unlock()
	var once sync.Once
	waiting = func() int {
		b.mu.Lock()
		defer b.mu.Unlock()
		n := 0
		for _, f := range held {
			if f.next != nil {
				n += len(f.next.reads)
			}
		}
		return n
	}
	release = func() {
		once.Do(func() {
			for q, f := range held {
				db.landed(q, f)
			}
		})
	}
	return waiting, release
}

// MigrateDownToForTest rolls the schema back to version (the migrations' Down sections).
func (db *DB) MigrateDownToForTest(ctx context.Context, version int64) error {
	p, err := db.migrationProvider(nil)
	if err != nil {
		return err
	}
	_, err = p.DownTo(ctx, version)
	return err
}
