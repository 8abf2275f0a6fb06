package service_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/media/mediatest"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// An upload whose save fails on the server's side (the database did not answer within the
// deadline: 503) gives its rate-limit token back; a picture refused for itself keeps it.
func TestUploadTokenGivenBack(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := service.New(db, service.Options{Limits: service.Limits{UploadsPerHour: 1}})
		pic := mediatest.Photo(120, 80, 90)
		limited := func(err error) bool {
			e, ok := service.AsError(err)
			return ok && e.Kind == service.KindRateLimited
		}
		ana := newAccount(t, db, svc, "ana@example.pt", "player")
		expired := service.WithStepDeadlines(ctx, time.Nanosecond) // every database step times out
		if _, err := svc.SetPhoto(expired, ana, bytes.NewReader(pic)); err == nil || limited(err) {
			t.Fatalf("save past its deadline: %v", err)
		}
		if _, err := svc.SetPhoto(ctx, ana, bytes.NewReader(pic)); err != nil {
			t.Fatalf("after a failed save, the token is back: %v", err)
		}
		if _, err := svc.SetPhoto(ctx, ana, bytes.NewReader(pic)); !limited(err) {
			t.Fatalf("the allowance is spent: %v", err)
		}
		rui := newAccount(t, db, svc, "rui@example.pt", "player")
		if _, err := svc.SetPhoto(ctx, rui, bytes.NewReader([]byte("%PDF-1.7 not a picture"))); err == nil || limited(err) {
			t.Fatalf("not a picture: %v", err)
		}
		if _, err := svc.SetPhoto(ctx, rui, bytes.NewReader(pic)); !limited(err) {
			t.Fatalf("a refused picture keeps its token: %v", err)
		}
	})
}
