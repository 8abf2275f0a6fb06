package jobs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"os"
	"strconv"
	"time"

	"github.com/tennisladder/ladder/internal/store"
)

// Holder names this instance in job leases: host, process and a random part.
func Holder() string {
	host, _ := os.Hostname()
	var b [4]byte
	_, _ = rand.Read(b[:])
	return host + "/" + strconv.Itoa(os.Getpid()) + "/" + hex.EncodeToString(b[:])
}

// Leased runs fn only if this instance takes the named lease for ttl: every instance may tick,
// exactly one runs the job per period. The job's own SQL stays idempotent, so a lease that
// expires mid-run does no harm beyond a repeated no-op.
type Leased struct {
	DB     *store.DB
	Name   string
	Holder string
	TTL    time.Duration
	Log    *slog.Logger
	Run    func(ctx context.Context) (int64, error) // returns how many items it handled
}

// Tick takes the lease and runs the job; ran reports whether this instance ran it.
func (l *Leased) Tick(ctx context.Context) (ran bool, n int64, err error) {
	ok, err := l.DB.TryLease(ctx, l.Name, l.Holder, l.DB.Now(), l.TTL)
	if err != nil || !ok {
		return false, 0, err
	}
	n, err = l.Run(ctx)
	if err == nil && n > 0 && l.Log != nil {
		l.Log.InfoContext(ctx, "job done", "job", l.Name, "count", n)
	}
	return true, n, err
}
