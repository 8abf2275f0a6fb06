package store

import (
	"context"
	"time"
)

// TryLease takes the named job lease for holder until now+ttl, if nobody else holds it: a
// conditional upsert, so of several instances ticking together exactly one gets it.
func (db *DB) TryLease(ctx context.Context, name, holder string, now time.Time, ttl time.Duration) (bool, error) {
	res, err := db.W.ExecContext(ctx, db.Dialect.rebind(`INSERT INTO job_leases (name, holder, expires_at) VALUES (?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
		WHERE job_leases.expires_at < ? OR job_leases.holder = excluded.holder`), name, holder, now.Add(ttl), now)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
