package service

import (
	"testing"
	"time"
)

// "Weekly games" count from Monday 00:00 in Lisbon, summer time or not.
func TestWeekStart(t *testing.T) {
	for _, c := range []struct{ now, want string }{
		{"2026-07-15T12:00:00Z", "2026-07-12T23:00:00Z"}, // Wednesday in summer (UTC+1): Monday 00:00 WEST
		{"2026-07-12T23:30:00Z", "2026-07-12T23:00:00Z"}, // already Monday 00:30 in Lisbon
		{"2026-07-12T22:30:00Z", "2026-07-05T23:00:00Z"}, // still Sunday in Lisbon
		{"2026-11-22T18:00:00Z", "2026-11-16T00:00:00Z"}, // Sunday in winter (UTC+0)
		{"2026-03-30T10:00:00Z", "2026-03-29T23:00:00Z"}, // the Monday after the clocks went forward (29 March)
	} {
		now, _ := time.Parse(time.RFC3339, c.now)
		if got := WeekStart(now).Format(time.RFC3339); got != c.want {
			t.Errorf("WeekStart(%s) = %s, want %s", c.now, got, c.want)
		}
	}
}
