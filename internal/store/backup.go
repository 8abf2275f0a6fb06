package store

import (
	"context"
	"errors"
	"fmt"
	"os"
)

// ErrBackupPostgres says that PostgreSQL is backed up with its own tools.
var ErrBackupPostgres = errors.New("on PostgreSQL use pg_dump (for example: pg_dump -Fc -f ladder.dump \"$LADDER_DATABASE_URL\")")

// Backup writes a consistent, compacted copy of the SQLite database to path while the server
// keeps running (VACUUM INTO; readers go on, writers wait for the copy, which takes well under
// a second for a club's database). The file must not exist.
func (db *DB) Backup(ctx context.Context, path string) error {
	if db.Dialect != SQLite {
		return ErrBackupPostgres
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s already exists", path)
	}
	_, err := db.W.ExecContext(ctx, `VACUUM INTO ?`, path) // the reader pool is query_only
	return err
}
