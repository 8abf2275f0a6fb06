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
	// Seed breaks remaining ties (join order, or the creator's shuffle).
	Seed int
}

// Delta is what a validated result changes for one player.
type Delta struct {
	PlayerID int64
	Points   int
	Won      bool
}

// Result applies a validated match between winner and loser to the standings and returns the
// new standings (positions renumbered) and what changed for each of the two players. Standings
// must hold both players; the input is not modified.
func Result(kind RankingType, sc Scoring, standings []Standing, winner, loser int64) ([]Standing, [2]Delta) {
	out := slices.Clone(standings)
	wi := slices.IndexFunc(out, func(s Standing) bool { return s.PlayerID == winner })
	li := slices.IndexFunc(out, func(s Standing) bool { return s.PlayerID == loser })
	if wi < 0 || li < 0 || wi == li {
		return out, [2]Delta{}
	}
	higher := out[li].Position < out[wi].Position // the loser was ranked above the winner
	win := sc.WinVsLower
	if higher {
		win = sc.WinVsHigher
	}
	out[wi].Wins++
	out[li].Losses++
	deltas := [2]Delta{{PlayerID: winner, Won: true}, {PlayerID: loser}}
	if kind == Points {
		out[wi].Points += win
		out[li].Points += sc.Defeat
		deltas[0].Points, deltas[1].Points = win, sc.Defeat
		return Order(out), deltas
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

// HeadToHead says how a did against b in their validated matches: positive when a won more of
// them, negative when b did, zero when even or they never met.
type HeadToHead func(a, b int64) int

// Order sorts points standings and numbers their positions: points, then wins, then fewer
// losses, then seed. Equal players keep distinct positions so every challenge rule has a
// well-defined "above" and "below".
func Order(s []Standing) []Standing { return OrderWith(s, nil) }

// OrderWith is Order with head-to-head as the first tie-break after points (when h2h is given):
// points, head-to-head, wins, fewer losses, seed.
func OrderWith(s []Standing, h2h HeadToHead) []Standing {
	slices.SortStableFunc(s, func(a, b Standing) int {
		if a.Points != b.Points {
			return b.Points - a.Points
		}
		if h2h != nil {
			if r := h2h(a.PlayerID, b.PlayerID); r != 0 {
				return -r
			}
		}
		switch {
		case a.Wins != b.Wins:
			return b.Wins - a.Wins
		case a.Losses != b.Losses:
			return a.Losses - b.Losses
		}
		return a.Seed - b.Seed
	})
	for i := range s {
		s[i].Position = i + 1
	}
	return s
}

// Shuffle gives players with equal points, wins and losses a random order among themselves (the
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
