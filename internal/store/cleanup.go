package store

import (
	"context"
	"time"
)

// Named is an object's id and name, as a clean-up removed or changed it.
type Named struct {
	ID   int64  `db:"id" json:"id"`
	Name string `db:"name" json:"name"`
}

// RemoveExpiredPendingClubs deletes, inside tx, the pending clubs whose validation period ended
// and returns them; idempotent (a second run finds nothing).
func (db *DB) RemoveExpiredPendingClubs(ctx context.Context, tx *Tx, now time.Time) ([]Named, error) {
	out := []Named{}
	err := db.txSelect(ctx, tx, &out, db.Dialect.rebind(`DELETE FROM clubs WHERE status = 'pending' AND expires_at < ?
		RETURNING id, name`), now)
	return out, err
}

// RemoveExpiredPendingTournaments deletes, inside tx, the pending tournaments whose approval
// period ended and returns them.
func (db *DB) RemoveExpiredPendingTournaments(ctx context.Context, tx *Tx, now time.Time) ([]Named, error) {
	out := []Named{}
	err := db.txSelect(ctx, tx, &out, db.Dialect.rebind(`DELETE FROM tournaments WHERE status = 'pending' AND expires_at < ?
		RETURNING id, name`), now)
	return out, err
}

// CloseEndedTournamentsIn makes, inside tx, the active tournaments whose end date (YYYY-MM-DD)
// is before today inactive and returns them; their version moves so cached pages see it.
func (db *DB) CloseEndedTournamentsIn(ctx context.Context, tx *Tx, today string) ([]Named, error) {
	out := []Named{}
	err := db.txSelect(ctx, tx, &out, db.Dialect.rebind(`UPDATE tournaments SET status = 'inactive', updated_at = ?,
		version = version + 1 WHERE status = 'active' AND end_date <> '' AND end_date < ? RETURNING id, name`), db.Now(), today)
	return out, err
}

// RemoveExpiredSessions deletes, inside tx, the sessions past their expiry and reports how many.
func (db *DB) RemoveExpiredSessions(ctx context.Context, tx *Tx, now time.Time) (int64, error) {
	res, err := db.txExec(ctx, tx, db.Dialect.rebind(`DELETE FROM sessions WHERE expires_at <= ?`), now)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
