package gamification

import "github.com/tennisladder/ladder/internal/tennis"

// Achievement is an entry of the catalogue: its code (the web translates
// "achievements.<code>.name" / ".description" / ".how" in the gamification namespace), its group
// and, for those a match earns, the rule.
type Achievement struct {
	Code  string `json:"code"`
	Group string `json:"group"` // matches, wins, feats, streaks, community
	match func(MatchFacts) bool
}

// Catalogue is every achievement, in display order.
var Catalogue = []Achievement{
	{Code: "first_match", Group: "matches", match: func(f MatchFacts) bool { return f.Matches >= 1 }},
	{Code: "matches_10", Group: "matches", match: func(f MatchFacts) bool { return f.Matches >= 10 }},
	{Code: "matches_50", Group: "matches", match: func(f MatchFacts) bool { return f.Matches >= 50 }},
	{Code: "matches_100", Group: "matches", match: func(f MatchFacts) bool { return f.Matches >= 100 }},
	{Code: "month_10", Group: "matches", match: func(f MatchFacts) bool { return f.MonthMatches >= 10 }},
	{Code: "tournaments_3", Group: "matches", match: func(f MatchFacts) bool { return f.Tournaments >= TournamentsCounted }},
	{Code: "first_win", Group: "wins", match: func(f MatchFacts) bool { return f.Wins >= 1 }},
	{Code: "wins_10", Group: "wins", match: func(f MatchFacts) bool { return f.Wins >= 10 }},
	{Code: "wins_25", Group: "wins", match: func(f MatchFacts) bool { return f.Wins >= 25 }},
	{Code: "win_streak_5", Group: "wins", match: func(f MatchFacts) bool { return winStreak(f.Form, 5) }},
	{Code: "win_streak_10", Group: "wins", match: func(f MatchFacts) bool { return winStreak(f.Form, 10) }},
	{Code: "giant_killer", Group: "feats", match: MatchFacts.BeatHigherRank},
	{Code: "upset", Group: "feats", match: func(f MatchFacts) bool { return f.Won && f.OppRating-f.Rating >= RatedUpset }},
	{Code: "comeback", Group: "feats", match: func(f MatchFacts) bool {
		ss := f.scoreSets
		return f.Won && len(ss) > 1 && ss[0].A < ss[0].B
	}},
	{Code: "super_tiebreak", Group: "feats", match: func(f MatchFacts) bool {
		return f.Won && wonSets(f.scoreSets, func(s tennis.Set) bool { return s.SuperTieBreak }) > 0
	}},
	{Code: "tiebreak", Group: "feats", match: func(f MatchFacts) bool {
		return wonSets(f.scoreSets, func(s tennis.Set) bool { return !s.SuperTieBreak && s.A == 7 && s.B == 6 }) > 0
	}},
	{Code: "bagel", Group: "feats", match: func(f MatchFacts) bool {
		return wonSets(f.scoreSets, func(s tennis.Set) bool { return !s.SuperTieBreak && s.A == 6 && s.B == 0 }) > 0
	}},
	{Code: "double_bagel", Group: "feats", match: func(f MatchFacts) bool {
		return f.Won && wonSets(f.scoreSets, func(s tennis.Set) bool { return !s.SuperTieBreak && s.A == 6 && s.B == 0 }) >= 2
	}},
	{Code: "straight_sets", Group: "feats", match: func(f MatchFacts) bool {
		ss := f.scoreSets
		return f.Won && len(ss) == 2 && ss[0].A > ss[0].B && ss[1].A > ss[1].B
	}},
	{Code: "marathon", Group: "feats", match: func(f MatchFacts) bool { return len(f.scoreSets) == 3 }},
	{Code: "streak_4", Group: "streaks", match: func(f MatchFacts) bool { return f.Streak >= 4 }},
	{Code: "streak_12", Group: "streaks", match: func(f MatchFacts) bool { return f.Streak >= 12 }},
	{Code: "profile_complete", Group: "community"},
	{Code: "availability_set", Group: "community"},
	{Code: "first_tournament", Group: "community"},
	{Code: "first_challenge", Group: "community"},
}

// Known tells whether code is in the catalogue.
func Known(code string) bool {
	for _, a := range Catalogue {
		if a.Code == code {
			return true
		}
	}
	return false
}
