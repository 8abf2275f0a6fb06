package service_test

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/tennisladder/ladder/internal/store"
)

// BenchmarkValidateResultPages counts the pages one validation writes to SQLite's WAL (the
// wal-frames/op metric) and logs them per table and index (go test -v). Each page is a frame of
// its own and two pwrite calls at the commit, ~20 % of the write's CPU (docs/PERFORMANCE.md,
// eighteenth session): a write touching fewer b-trees commits faster. The WAL is emptied before
// each validation, so b.N validations are b.N measurements; ns/op counts that checkpoint and
// the reading of the WAL too, so it is no time of the write (BenchmarkValidateResult is).
//
//	go test ./internal/service -run ^$ -bench ValidateResultPages -benchtime 20x -v
func BenchmarkValidateResultPages(b *testing.B) {
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "pages.db")
	db, err := store.OpenSQLite(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx, nil); err != nil {
		b.Fatal(err)
	}
	w := newBenchWorld(b, db)
	const warm = 30 // validations before the measured ones: every table has rows, as on a live ladder
	ids := w.reported(b, db, w.addLadder(b, db, 24, 0), warm+b.N)
	for _, id := range ids[:warm] {
		if _, err := w.svc.ValidateResult(ctx, w.creator, id, true, ""); err != nil {
			b.Fatal(err)
		}
	}
	var pageSize int
	if err := db.W.Get(&pageSize, "PRAGMA page_size"); err != nil {
		b.Fatal(err)
	}
	perTree := map[string]int{}
	frames := 0
	b.ResetTimer()
	for _, id := range ids[warm:] {
		var busy, logFrames, done int
		if err := db.W.QueryRow("PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &logFrames, &done); err != nil || busy != 0 {
			b.Fatalf("the checkpoint did not empty the WAL (busy %d): %v", busy, err)
		}
		if _, err := w.svc.ValidateResult(ctx, w.creator, id, true, ""); err != nil {
			b.Fatal(err)
		}
		wal, err := os.ReadFile(path + "-wal")
		if err != nil {
			b.Fatal(err)
		}
		// The WAL: a 32-byte header, then frames of a 24-byte header (the page number first, big
		// endian) and the page.
		for off := 32; off+24+pageSize <= len(wal); off += 24 + pageSize {
			var name string
			pg := binary.BigEndian.Uint32(wal[off:])
			switch err := db.W.Get(&name, "SELECT name FROM dbstat WHERE pageno = ?", pg); {
			case errors.Is(err, sql.ErrNoRows):
				name = "(a free page)"
			case err != nil:
				b.Fatal(err)
			}
			if pg == 1 {
				name += " (page 1: the file's header, rewritten when the file grows)"
			}
			perTree[name]++
			frames++
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(frames)/float64(b.N), "wal-frames/op")
	names := make([]string, 0, len(perTree))
	for name := range perTree {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool {
		if perTree[names[i]] != perTree[names[j]] {
			return perTree[names[i]] > perTree[names[j]]
		}
		return names[i] < names[j]
	})
	for _, name := range names {
		b.Logf("%5.2f pages/validation  %s", float64(perTree[name])/float64(b.N), name)
	}
}
