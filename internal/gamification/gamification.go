// Package gamification holds the rules of experience points (XP), levels, achievements and weekly
// activity streaks (issue 15). It is pure: the store feeds it facts read in the transaction that
// earns them and writes what it returns, so the rules are tested here as tables.
package gamification

import (
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tennisladder/ladder/internal/tennis"
)

// XP amounts. A validated match gives XPPlayed to both players and XPWon to its winner; a win
// over a player ranked higher in the tournament before the match, or rated higher, adds a bonus
// each. The one-time actions give their amount once per account.
const (
	XPPlayed          = 20
	XPWon             = 30
	XPBeatHigherRank  = 20
	XPBeatHigherRated = 15
	XPProfile         = 50
	XPAvailability    = 30
	XPFirstTournament = 40
	XPFirstChallenge  = 30
)

// Reasons of XP events (the web translates "reason.<reason>").
const (
	ReasonPlayed          = "played"
	ReasonWon             = "won"
	ReasonBeatHigherRank  = "beat_higher_rank"
	ReasonBeatHigherRated = "beat_higher_rated"
	ReasonProfile         = "profile"
	ReasonAvailability    = "availability"
	ReasonFirstTournament = "first_tournament"
	ReasonFirstChallenge  = "first_challenge"
)

// Level is the level reached with xp: level n needs 50·n·(n−1) XP in total, so going from level
// n to n+1 takes 100·n XP (level 2 at 100, 3 at 300, 4 at 600, 5 at 1000, 10 at 4500).
func Level(xp int) int {
	if xp <= 0 {
		return 1
	}
	n := int((1 + math.Sqrt(1+float64(xp)/12.5)) / 2)
	// Guard the float against rounding at the exact thresholds.
	for LevelXP(n+1) <= xp {
		n++
	}
	for n > 1 && LevelXP(n) > xp {
		n--
	}
	return n
}

// LevelXP is the total XP at which level n starts.
func LevelXP(n int) int {
	if n <= 1 {
		return 0
	}
	return 50 * n * (n - 1)
}

// Progress is a level with what it takes to reach the next.
type Progress struct {
	Level     int `json:"level"`
	XP        int `json:"xp"`
	LevelFrom int `json:"level_from"` // total XP where this level started
	NextAt    int `json:"next_at"`    // total XP where the next level starts
}

// ProgressOf is the level and its bounds for a total.
func ProgressOf(xp int) Progress {
	l := Level(xp)
	return Progress{Level: l, XP: xp, LevelFrom: LevelXP(l), NextAt: LevelXP(l + 1)}
}

// Award is XP earned once: Source is unique per account (so awarding again does nothing).
type Award struct {
	Source string
	Reason string
	XP     int
}

// MatchFacts is one player's view of a validated match, read in the validation transaction
// after the statistics moved (so the counts include this match).
type MatchFacts struct {
	MatchID      int64
	Won          bool
	Score        string  // from this player's side
	Position     int     // this player's position before the match (0: unranked)
	OppPosition  int     // the opponent's position before the match (0: unranked)
	Rating       float64 // this player's rating before the match
	OppRating    float64 // the opponent's rating before the match
	Matches      int     // validated matches, this one included
	Wins         int     // wins, this one included
	Form         string  // last results, newest first, this one included ("WWL…")
	MonthMatches int     // validated matches played in this match's calendar month
	Tournaments  int     // distinct tournaments with a validated match, counted up to TournamentsCounted
	Streak       int     // weekly activity streak after this match

	// scoreSets is Score read set by set (nil when unreadable), filled by EarnedByMatch, the
	// rules' only caller: parsed once for the seven rules that look at the sets.
	scoreSets []tennis.Set
}

// TournamentsCounted is as far as MatchFacts.Tournaments is counted: the most an achievement asks
// ("tournaments_3"), so the result write reads at most three tournament ids of a player's history.
const TournamentsCounted = 3

// RatedUpset is how much higher the opponent's rating must be for the "upset" achievement.
const RatedUpset = 100

// BeatHigherRank tells whether a win was over a player ranked above (both ranked).
func (f MatchFacts) BeatHigherRank() bool {
	return f.Won && f.OppPosition > 0 && f.Position > 0 && f.OppPosition < f.Position
}

// BeatHigherRated tells whether a win was over a player rated higher.
func (f MatchFacts) BeatHigherRated() bool {
	return f.Won && f.OppRating > f.Rating
}

// ForMatch is the XP a validated match earns a player.
func ForMatch(f MatchFacts) []Award {
	src := "match:" + strconv.FormatInt(f.MatchID, 10) + ":"
	out := []Award{{src + ReasonPlayed, ReasonPlayed, XPPlayed}}
	if f.Won {
		out = append(out, Award{src + ReasonWon, ReasonWon, XPWon})
	}
	if f.BeatHigherRank() {
		out = append(out, Award{src + ReasonBeatHigherRank, ReasonBeatHigherRank, XPBeatHigherRank})
	}
	if f.BeatHigherRated() {
		out = append(out, Award{src + ReasonBeatHigherRated, ReasonBeatHigherRated, XPBeatHigherRated})
	}
	return out
}

// Action is a one-time action that earns XP and an achievement.
type Action string

const (
	ActionProfile         Action = "profile"
	ActionAvailability    Action = "availability"
	ActionFirstTournament Action = "first_tournament"
	ActionFirstChallenge  Action = "first_challenge"
)

// ForAction is the XP and the achievement of a one-time action (ok false for an unknown one).
func ForAction(a Action) (Award, string, bool) {
	switch a {
	case ActionProfile:
		return Award{"action:profile", ReasonProfile, XPProfile}, "profile_complete", true
	case ActionAvailability:
		return Award{"action:availability", ReasonAvailability, XPAvailability}, "availability_set", true
	case ActionFirstTournament:
		return Award{"action:first_tournament", ReasonFirstTournament, XPFirstTournament}, "first_tournament", true
	case ActionFirstChallenge:
		return Award{"action:first_challenge", ReasonFirstChallenge, XPFirstChallenge}, "first_challenge", true
	}
	return Award{}, "", false
}

// parseSets reads the player's side of a score (nil when unreadable).
func parseSets(score string) []tennis.Set {
	s, err := tennis.Parse(score)
	if err != nil {
		return nil
	}
	return s.Sets
}

// EarnedByMatch is the codes of the match achievements a player holds after a validated match
// (already-held ones included: the store inserts them idempotently).
func EarnedByMatch(f MatchFacts) []string {
	f.scoreSets = parseSets(f.Score)
	var out []string
	for _, a := range Catalogue {
		if a.match != nil && a.match(f) {
			out = append(out, a.Code)
		}
	}
	return out
}

func wonSets(ss []tennis.Set, pred func(tennis.Set) bool) int {
	n := 0
	for _, s := range ss {
		if s.A > s.B && pred(s) {
			n++
		}
	}
	return n
}

func winStreak(form string, n int) bool {
	return len(form) >= n && strings.Count(form[:n], "W") == n
}

// WeekOf is the Monday (a date, "2006-01-02") of the week a match counts in: the week of the
// day it was played (played_on, a calendar date as the players reported it), or, without one,
// of the validation instant in the player's time zone (Europe/Lisbon when unknown). Weeks run
// Monday to Sunday.
func WeekOf(playedOn string, validated time.Time, zone string) string {
	// Not parsed when empty: a failed parse allocates its error (the statistics page asks for the
	// current week on every request).
	if playedOn != "" {
		if d, err := time.Parse("2006-01-02", playedOn); err == nil {
			return monday(d)
		}
	}
	t := validated.In(location(zone))
	return monday(time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC))
}

// zones keeps the time zones already loaded: time.LoadLocation reads and parses the zone
// database on every call (a statistics page computes the current week on every request). Only
// valid names are kept, so the map is bounded by the zone database.
var zones sync.Map

// location is zone loaded once, Europe/Lisbon for an empty or unknown name.
func location(zone string) *time.Location {
	if zone == "" {
		zone = "Europe/Lisbon"
	}
	if l, ok := zones.Load(zone); ok {
		return l.(*time.Location)
	}
	l, err := time.LoadLocation(zone)
	if err != nil && zone != "Europe/Lisbon" {
		return location("")
	}
	if err != nil {
		return time.UTC // no zone database at all
	}
	zones.Store(zone, l)
	return l
}

func monday(d time.Time) string {
	off := (int(d.Weekday()) + 6) % 7
	return d.AddDate(0, 0, -off).Format("2006-01-02")
}

// Streak is a weekly activity streak: the last week with a validated match, the run of
// consecutive weeks ending there, and the best run ever.
type Streak struct {
	Week    string `json:"week"`
	Current int    `json:"current"`
	Best    int    `json:"best"`
}

func weeksBetween(a, b string) (int, bool) {
	ta, e1 := time.Parse("2006-01-02", a)
	tb, e2 := time.Parse("2006-01-02", b)
	if e1 != nil || e2 != nil {
		return 0, false
	}
	return int(math.Round(tb.Sub(ta).Hours() / (24 * 7))), true
}

// Next is the streak after a validated match in week: the same week changes nothing, the next
// week extends the run, a later one starts a new run. A match of an earlier week than the last
// (validated late) leaves the streak as it is.
func (s Streak) Next(week string) Streak {
	d, ok := weeksBetween(s.Week, week)
	switch {
	case s.Week == "" || !ok:
		s = Streak{Week: week, Current: 1, Best: s.Best}
	case d <= 0:
		return s
	case d == 1:
		s.Week, s.Current = week, s.Current+1
	default:
		s.Week, s.Current = week, 1
	}
	if s.Current > s.Best {
		s.Best = s.Current
	}
	return s
}

// CurrentAt is the run still alive in the week thisWeek: a run whose last week is this week or
// the previous one (the player may still play this week), 0 otherwise.
func (s Streak) CurrentAt(thisWeek string) int {
	if d, ok := weeksBetween(s.Week, thisWeek); ok && d <= 1 {
		return s.Current
	}
	return 0
}

// ProfileComplete tells whether a profile earns the "profile completed" achievement: both names,
// a district and municipality, and a phone or WhatsApp number.
func ProfileComplete(first, last, district, municipality, phone, whatsapp string) bool {
	return first != "" && last != "" && district != "" && municipality != "" && (phone != "" || whatsapp != "")
}
