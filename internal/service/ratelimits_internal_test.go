package service

import (
	"context"
	"testing"
	"time"
)

// Each configured limit guards its own action, per account, and refills with the clock.
func TestLimitsPerAction(t *testing.T) {
	now := time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)
	s := &Service{}
	s.limits = newLimiters(Limits{ClubsPerDay: 1, TournamentsPerDay: 1, ChallengesPerHour: 1, ReportsPerHour: 1, UploadsPerHour: 1,
		Now: func() time.Time { return now }}, nil)
	periods := map[string]time.Duration{ActionClub: 24 * time.Hour, ActionTournament: 24 * time.Hour,
		ActionChallenge: time.Hour, ActionReport: time.Hour, ActionUpload: time.Hour}
	for action, period := range periods {
		if err := s.allow(1, action); err != nil {
			t.Fatalf("%s: first: %v", action, err)
		}
		err := s.allow(1, action)
		e, ok := AsError(err)
		if !ok || e.Kind != KindRateLimited || e.Code != "rate.too_many" || e.RetryAfterSeconds != int(period.Seconds()) ||
			e.Params["action"] != TextKey("rate.actions."+action) || e.Params["minutes"] != int(period.Minutes()) {
			t.Fatalf("%s: second: %#v", action, err)
		}
		if err := s.allow(2, action); err != nil {
			t.Fatalf("%s: another account: %v", action, err)
		}
	}
	now = now.Add(time.Hour)
	for _, action := range []string{ActionChallenge, ActionReport, ActionUpload} {
		if err := s.allow(1, action); err != nil {
			t.Fatalf("%s: after an hour: %v", action, err)
		}
	}
	if err := s.allow(1, ActionClub); err == nil {
		t.Fatal("club: refilled after an hour, want a day")
	}
	// No limits configured: nothing is refused.
	s.limits = newLimiters(Limits{}, time.Now)
	for range 100 {
		if err := s.allow(1, ActionClub); err != nil {
			t.Fatal(err)
		}
	}
}

// Busy decoders (503 photo.busy) and failed saves give the upload's token back; pictures
// refused for themselves do not.
func TestUploadRefund(t *testing.T) {
	for _, c := range []struct {
		err    error
		saving bool
		want   bool
	}{
		{&Error{Kind: KindUnavailable, Code: "photo.busy"}, false, true},
		{&Error{Kind: KindInvalid, Code: "validation.failed"}, false, false},
		{&Error{Kind: KindTooLarge, Code: "photo.too_large"}, false, false},
		{context.DeadlineExceeded, true, true},
		{nil, true, false},
	} {
		got := false
		refund(func() { got = true }, c.err, c.saving)
		if got != c.want {
			t.Errorf("%v (saving %v): given back %v", c.err, c.saving, got)
		}
	}
	now := time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)
	s := &Service{limits: newLimiters(Limits{UploadsPerHour: 1, Now: func() time.Time { return now }}, nil)}
	giveBack, err := s.take(1, ActionUpload)
	if err != nil {
		t.Fatal(err)
	}
	giveBack()
	giveBack() // once only
	if err := s.allow(1, ActionUpload); err != nil {
		t.Fatalf("token given back: %v", err)
	}
	if err := s.allow(1, ActionUpload); err == nil {
		t.Fatal("given back twice")
	}
}
