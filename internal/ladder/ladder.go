// Package ladder holds the pure rules of a ladder tournament: scoring presets, how a validated
// result moves the standings (points or classic ranking), the order of the standings, and game
// limits. It imports nothing of the project and does no I/O.
package ladder

import (
	"math/rand/v2"
	"slices"
)

// RankingType is how a tournament orders its players.
type RankingType string

const (
	// Points: standing by points from the scoring preset; everyone starts at 0; points may go negative.
	Points RankingType = "points"
	// Classic: a winner placed below the loser takes the loser's position, those between move down one.
	Classic RankingType = "classic"
)

// Scoring is the points for a win against a higher-ranked player, a win against a lower-ranked
// player, and a defeat (usually zero or negative).
type Scoring struct {
	WinVsHigher int `json:"win_vs_higher"`
	WinVsLower  int `json:"win_vs_lower"`
	Defeat      int `json:"defeat"`
}

// Presets of SPEC §9; "custom" is any other Scoring.
var Presets = map[string]Scoring{
	"standard":     {3, 2, -1},
	"aggressive":   {5, 3, -2},
	"conservative": {2, 1, 0},
	"tennis_style": {4, 2, -1},
}

// PresetNames lists the presets in the order the form shows them.
var PresetNames = []string{"standard", "aggressive", "conservative", "tennis_style", "custom"}

// Limits bound each number a custom scoring may use.
const (
	MinPoints = -10
	MaxPoints = 20
)

// Valid reports whether s is a sensible scoring: wins earn at least as much as a defeat, a win
// against a higher-ranked player earns at least as much as one against a lower-ranked player,
// every value within [MinPoints, MaxPoints].
func (s Scoring) Valid() bool {
	in := func(v int) bool { return v >= MinPoints && v <= MaxPoints }
	return in(s.WinVsHigher) && in(s.WinVsLower) && in(s.Defeat) && s.WinVsHigher >= s.WinVsLower && s.WinVsLower >= s.Defeat
}

// Standing is one player's place in a tournament.
type Standing struct {
	PlayerID int64
	Position int // 1 is the top
	Points   int
	Wins     int
	Losses   int
	// H2H is the number of validated wins against players level on points: the head-to-head
	// tie-break (filled by Rank; between two tied players it is exactly their head-to-head).
	H2H int
	// Seed breaks remaining ties (join order, or the creator's shuffle).
	Seed int
}

// Record counts validated wins: Record[[2]int64{w, l}] is how often w beat l.
type Record map[[2]int64]int

// Delta is what a validated result changes for one player.
type Delta struct {
	PlayerID int64
	Points   int
	Won      bool
}

// WinPoints is what a win earns: more against a player ranked above the winner.
func WinPoints(sc Scoring, winnerPos, loserPos int) int {
	if loserPos < winnerPos {
		return sc.WinVsHigher
	}
	return sc.WinVsLower
}

// Result applies a validated match between winner and loser to the standings and returns the
// new standings (positions renumbered) and what changed for each of the two players. Standings
// must hold both players; the input is not modified. rec, when given, is the tournament's
// record so far: the win is added to it and points standings are re-ranked with it.
func Result(kind RankingType, sc Scoring, standings []Standing, rec Record, winner, loser int64) ([]Standing, [2]Delta) {
	out := slices.Clone(standings)
	wi := slices.IndexFunc(out, func(s Standing) bool { return s.PlayerID == winner })
	li := slices.IndexFunc(out, func(s Standing) bool { return s.PlayerID == loser })
	if wi < 0 || li < 0 || wi == li {
		return out, [2]Delta{}
	}
	higher := out[li].Position < out[wi].Position // the loser was ranked above the winner
	out[wi].Wins++
	out[li].Losses++
	if rec != nil {
		rec[[2]int64{winner, loser}]++
	}
	deltas := [2]Delta{{PlayerID: winner, Won: true}, {PlayerID: loser}}
	if kind == Points {
		win := WinPoints(sc, out[wi].Position, out[li].Position)
		out[wi].Points += win
		out[li].Points += sc.Defeat
		deltas[0].Points, deltas[1].Points = win, sc.Defeat
		return Rank(out, rec), deltas
	}
	// Classic: the winner from below takes the loser's place; those between move down one.
	if higher {
		from, to := out[wi].Position, out[li].Position
		for i := range out {
			switch p := out[i].Position; {
			case out[i].PlayerID == winner:
				out[i].Position = to
			case p >= to && p < from:
				out[i].Position = p + 1
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Standing) int { return a.Position - b.Position })
	return out, deltas
}

// Rank fills each standing's H2H from rec (wins against players with the same points) and
// orders the standings with Order.
func Rank(s []Standing, rec Record) []Standing {
	points := make(map[int64]int, len(s))
	for _, x := range s {
		points[x.PlayerID] = x.Points
	}
	for i := range s {
		s[i].H2H = 0
		for k, n := range rec {
			if k[0] == s[i].PlayerID {
				if p, ok := points[k[1]]; ok && p == s[i].Points {
					s[i].H2H += n
				}
			}
		}
	}
	return Order(s)
}

// Order sorts points standings and numbers their positions: points, then head-to-head (H2H),
// then wins, then seed. Equal players keep distinct positions so every challenge rule has a
// well-defined "above" and "below". The database computes the same order (store.Standings).
func Order(s []Standing) []Standing {
	slices.SortStableFunc(s, func(a, b Standing) int {
		switch {
		case a.Points != b.Points:
			return b.Points - a.Points
		case a.H2H != b.H2H:
			return b.H2H - a.H2H
		case a.Wins != b.Wins:
			return b.Wins - a.Wins
		case a.Seed != b.Seed:
			return a.Seed - b.Seed
		}
		return int(a.PlayerID - b.PlayerID)
	})
	for i := range s {
		s[i].Position = i + 1
	}
	return s
}

// CanChallenge reports whether the player at position from may challenge the one at position
// to when a tournament allows challenges within rng positions (0: anyone).
func CanChallenge(rng, from, to int) bool {
	if from == to || from <= 0 || to <= 0 {
		return false
	}
	d := from - to
	if d < 0 {
		d = -d
	}
	return rng == 0 || d <= rng
}

// Shuffle gives players with equal points, head-to-head and wins a random order among themselves (the
// creator's "shuffle the ranking", typically at the start when everyone has 0). For classic
// rankings, where position is the standing, everyone is shuffled.
func Shuffle(kind RankingType, s []Standing, r *rand.Rand) []Standing {
	out := slices.Clone(s)
	if kind == Classic {
		r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		for i := range out {
			out[i].Position, out[i].Seed = i+1, i+1
		}
		return out
	}
	perm := r.Perm(len(out))
	for i := range out {
		out[i].Seed = perm[i]
	}
	return Order(out)
}

// Limits are a tournament's minimum and maximum games per period of PeriodWeeks weeks.
type Limits struct {
	MinGames    int `json:"min_games"`
	MaxGames    int `json:"max_games"`
	PeriodWeeks int `json:"period_weeks"`
}

// Valid reports whether the limits make sense: 0 ≤ min ≤ max ≤ 50, a period of 1 to 52 weeks.
func (l Limits) Valid() bool {
	return l.MinGames >= 0 && l.MaxGames >= l.MinGames && l.MaxGames >= 1 && l.MaxGames <= 50 && l.PeriodWeeks >= 1 && l.PeriodWeeks <= 52
}

// CanPlayMore reports whether a player who played played games in the current period may take
// another match.
func (l Limits) CanPlayMore(played int) bool { return played < l.MaxGames }

// BelowMinimum reports whether a player is short of the period's minimum.
func (l Limits) BelowMinimum(played int) bool { return played < l.MinGames }
