package httpapi

import (
	"context"
	"database/sql/driver"
	"errors"
	"mime"
	"net"
	"net/http"
	"strings"
	"syscall"
)

// Database time limits: every API request's work, its database calls included, ends at a
// deadline (LADDER_REQUEST_TIMEOUT, default 10 s). A database that hangs, refuses connections
// or has no free connection left then answers 503 db.unavailable with Retry-After, quickly,
// instead of holding the request (one once waited 75 s) or answering 500.
//
// The deadline starts when the request arrives, except for uploads (multipart bodies), whose
// body may take minutes to arrive on a slow link and is read by the handler itself: there the
// session lookup is bounded here, and each database step of the upload gets its own deadline
// when it starts (uploadOp, service.WithStepDeadlines), the save after the picture is read
// included.

// dbRetryAfter is the Retry-After of a 503 for an unavailable database, in seconds.
const dbRetryAfter = 5

// isUpload reports a multipart request body.
func isUpload(r *http.Request) bool {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return strings.HasPrefix(mt, "multipart/")
}

// withDeadline bounds an API request: it returns the request with the deadline set and the
// function that releases it.
func (s *Server) withDeadline(r *http.Request) (*http.Request, context.CancelFunc) {
	if s.cfg.RequestTimeout <= 0 || !strings.HasPrefix(r.URL.Path, "/api/") || isUpload(r) {
		return r, func() {}
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.RequestTimeout)
	return r.WithContext(ctx), cancel
}

// currentWithin looks the session up within the request timeout even when the request itself
// has no deadline yet (uploads); the returned request keeps the looked-up values without that
// deadline.
func (s *Server) currentWithin(r *http.Request) (*http.Request, error) {
	if _, ok := r.Context().Deadline(); ok || s.cfg.RequestTimeout <= 0 {
		return s.withCurrent(r)
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.RequestTimeout)
	defer cancel()
	looked, err := s.withCurrent(r.WithContext(ctx))
	if err != nil {
		return r, err
	}
	return r.WithContext(valuesOf{Context: r.Context(), values: looked.Context()}), nil
}

// valuesOf is a context with the values of one and the deadline and cancellation of another.
type valuesOf struct {
	context.Context
	values context.Context
}

func (c valuesOf) Value(key any) any { return c.values.Value(key) }

// operationContext gives an operation's handler its deadline (set already, when the request
// arrived, for everything but uploads).
func (s *Server) operationContext(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok || s.cfg.RequestTimeout <= 0 {
		return ctx, func() {} // the middleware's deadline stands: a second timer per request was waste
	}
	return context.WithTimeout(ctx, s.cfg.RequestTimeout)
}

// dbUnavailable reports errors meaning the database did not answer in time or cannot be
// reached: the request's deadline passed (a hanging server, no free connection in the pool),
// the connection was refused, reset or timed out.
func dbUnavailable(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, driver.ErrBadConn) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) {
		return true
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return true
	}
	var op *net.OpError
	if errors.As(err, &op) {
		return true
	}
	// pgx reports a failed connection as *pgconn.ConnectError ("failed to connect to …");
	// matched by text to keep the driver out of this package.
	return strings.Contains(err.Error(), "failed to connect to") || strings.Contains(err.Error(), "timeout: context deadline exceeded")
}

// unavailableProblem is the 503 for a database that does not answer.
func unavailableProblem(lang string) *Problem {
	p := newProblem(lang, http.StatusServiceUnavailable, "db.unavailable", nil)
	p.retryAfter = dbRetryAfter
	return p
}
