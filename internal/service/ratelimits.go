package service

import (
	"math"
	"strconv"
	"time"

	"github.com/tennisladder/ladder/internal/ratelimit"
)

// Limits caps how often one account may create things, so that nobody can flood the
// application (one player once proposed 3,907 clubs in 2.5 minutes). Each is a token bucket per
// account: the whole allowance at once, then refilled evenly over the period. Zero means no
// limit. The buckets live in the process: with several instances each enforces its own share.
type Limits struct {
	ClubsPerDay       int // club proposals
	TournamentsPerDay int // tournament proposals
	ChallengesPerHour int // challenges sent
	ReportsPerHour    int // match results reported
	UploadsPerHour    int // pictures uploaded (profile photo, club and tournament pictures)
	TransfersPerHour  int // user transfers run by one super admin (not configurable: a slip, not a flood)
	DeletionsPerDay   int // account deletion requests (the own one from the settings, or a super admin's)
	CalendarPerHour   int // calendar feed URLs created or rotated (not configurable: a slip, not a flood)
	MessagesPerMinute int // messages sent (issue 13): a conversation's pace, not a script's
	// Now is the limiters' clock; nil uses the database clock (tests replace it).
	Now func() time.Time
}

// DefaultLimits are generous for any real use and stop a script.
var DefaultLimits = Limits{ClubsPerDay: 10, TournamentsPerDay: 10, ChallengesPerHour: 30, ReportsPerHour: 30, UploadsPerHour: 20, TransfersPerHour: 20, DeletionsPerDay: 5, CalendarPerHour: 10, MessagesPerMinute: 30}

// Actions that are rate-limited; each names its text rate.actions.<action>.
const (
	ActionClub       = "club"
	ActionTournament = "tournament"
	ActionChallenge  = "challenge"
	ActionReport     = "report"
	ActionUpload     = "upload"
	ActionTransfer   = "transfer"
	ActionDeletion   = "deletion"
	ActionCalendar   = "calendar"
	ActionMessage    = "message"
)

// TextKey is a Params value the interface translates (a key of errors.json) before it is put
// into the message.
type TextKey string

type limiters map[string]*ratelimit.Limiter

func newLimiters(l Limits, now func() time.Time) limiters {
	if l.Now != nil {
		now = l.Now
	}
	out := limiters{}
	add := func(action string, n int, period time.Duration) {
		if n > 0 {
			out[action] = ratelimit.PerPeriod(n, period, now)
		}
	}
	add(ActionClub, l.ClubsPerDay, 24*time.Hour)
	add(ActionTournament, l.TournamentsPerDay, 24*time.Hour)
	add(ActionChallenge, l.ChallengesPerHour, time.Hour)
	add(ActionReport, l.ReportsPerHour, time.Hour)
	add(ActionUpload, l.UploadsPerHour, time.Hour)
	add(ActionTransfer, l.TransfersPerHour, time.Hour)
	add(ActionDeletion, l.DeletionsPerDay, 24*time.Hour)
	add(ActionCalendar, l.CalendarPerHour, time.Hour)
	add(ActionMessage, l.MessagesPerMinute, time.Minute)
	return out
}

// spend takes one of the account's tokens for action (refusing as allow does), runs do and gives
// the token back when do fails: a request refused by the checks inside its transaction
// (challenge out of range, result already reported, …) or failing costs no allowance.
func (s *Service) spend(userID int64, action string, do func() error) error {
	if err := s.allow(userID, action); err != nil {
		return err
	}
	err := do()
	if l := s.limits[action]; err != nil && l != nil {
		l.Return(strconv.FormatInt(userID, 10))
	}
	return err
}

// allow takes one of the account's tokens for action, or refuses with 429 rate.too_many, saying
// when the next one comes.
func (s *Service) allow(userID int64, action string) error {
	_, err := s.take(userID, action)
	return err
}

// take is allow that can give the token back (see giveBackUnless).
func (s *Service) take(userID int64, action string) (giveBack func(), err error) {
	l := s.limits[action]
	if l == nil {
		return func() {}, nil
	}
	giveBack, ok, wait := l.Take(strconv.FormatInt(userID, 10))
	if ok {
		return giveBack, nil
	}
	secs := int(math.Ceil(wait.Seconds()))
	return nil, &Error{Kind: KindRateLimited, Code: "rate.too_many", RetryAfterSeconds: secs,
		Params: map[string]any{"action": TextKey("rate.actions." + action), "minutes": (secs + 59) / 60}}
}
