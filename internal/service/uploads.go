package service

import (
	"context"
	"time"
)

// Uploads have no deadline for the whole request: their body (the picture) may take minutes
// to arrive on a slow link. Instead each database step of an upload's use case runs within its
// own deadline, started when the step starts (WithStepDeadlines): the save that follows a slow
// transfer gets the full time limit rather than one that expired during the transfer.

type stepKey struct{}

// WithStepDeadlines marks ctx, which has no deadline of its own, as an upload's: each database
// step of the use case must end within d of its start.
func WithStepDeadlines(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, stepKey{}, d)
}

// step bounds one database step of an upload (see WithStepDeadlines); other contexts are
// returned as they are (their request's deadline applies).
func step(ctx context.Context) (context.Context, context.CancelFunc) {
	if d, _ := ctx.Value(stepKey{}).(time.Duration); d > 0 {
		return context.WithTimeout(ctx, d)
	}
	return ctx, func() {}
}

// refund gives an upload's rate-limit token back when it failed on the server's side, which
// the user can do nothing about but retry: the decoders were busy (503 photo.busy), or the
// picture was not saved (the database did not answer in time: 503). A picture refused for
// itself (not an image, too large, too slow to arrive) keeps its token.
func refund(giveBack func(), err error, saving bool) {
	if err == nil {
		return
	}
	if e, ok := AsError(err); saving || ok && e.Kind == KindUnavailable {
		giveBack()
	}
}
