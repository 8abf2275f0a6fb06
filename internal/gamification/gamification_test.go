package gamification

import (
	"slices"
	"testing"
	"time"
)

func TestLevels(t *testing.T) {
	for _, c := range []struct{ xp, level int }{
		{-5, 1}, {0, 1}, {99, 1}, {100, 2}, {299, 2}, {300, 3}, {599, 3}, {600, 4}, {1000, 5}, {4499, 9}, {4500, 10}, {4550, 10},
	} {
		if got := Level(c.xp); got != c.level {
			t.Errorf("Level(%d) = %d, want %d", c.xp, got, c.level)
		}
	}
	for n := 1; n < 200; n++ {
		if Level(LevelXP(n)) != n || (n > 1 && Level(LevelXP(n)-1) != n-1) {
			t.Fatalf("threshold of level %d", n)
		}
		if LevelXP(n+1)-LevelXP(n) != 100*n {
			t.Fatalf("step %d", n)
		}
	}
	p := ProgressOf(350)
	if p.Level != 3 || p.LevelFrom != 300 || p.NextAt != 600 {
		t.Fatalf("%+v", p)
	}
}

func TestMatchXP(t *testing.T) {
	for _, c := range []struct {
		name string
		f    MatchFacts
		want []string
		xp   int
	}{
		{"loss", MatchFacts{MatchID: 7, Score: "4-6 3-6", Position: 2, OppPosition: 1, Rating: 1400, OppRating: 1600}, []string{"played"}, 20},
		{"plain win", MatchFacts{MatchID: 7, Won: true, Score: "6-4 6-3", Position: 1, OppPosition: 2, Rating: 1600, OppRating: 1500}, []string{"played", "won"}, 50},
		{"beat higher ranked", MatchFacts{MatchID: 7, Won: true, Position: 5, OppPosition: 2, Rating: 1600, OppRating: 1500}, []string{"played", "won", "beat_higher_rank"}, 70},
		{"unranked opponent is not higher", MatchFacts{MatchID: 7, Won: true, Position: 5, OppPosition: 0, Rating: 1500, OppRating: 1500}, []string{"played", "won"}, 50},
		{"beat higher rated", MatchFacts{MatchID: 7, Won: true, Position: 1, OppPosition: 2, Rating: 1500, OppRating: 1501}, []string{"played", "won", "beat_higher_rated"}, 65},
		{"both bonuses", MatchFacts{MatchID: 7, Won: true, Position: 3, OppPosition: 1, Rating: 1400, OppRating: 1700}, []string{"played", "won", "beat_higher_rank", "beat_higher_rated"}, 85},
	} {
		t.Run(c.name, func(t *testing.T) {
			var reasons []string
			xp := 0
			for _, a := range ForMatch(c.f) {
				reasons = append(reasons, a.Reason)
				xp += a.XP
				if a.Source != "match:7:"+a.Reason {
					t.Errorf("source %q", a.Source)
				}
			}
			if !slices.Equal(reasons, c.want) || xp != c.xp {
				t.Fatalf("got %v %d, want %v %d", reasons, xp, c.want, c.xp)
			}
		})
	}
}

func TestActions(t *testing.T) {
	for _, c := range []struct {
		a    Action
		code string
		xp   int
	}{{ActionProfile, "profile_complete", 50}, {ActionAvailability, "availability_set", 30},
		{ActionFirstTournament, "first_tournament", 40}, {ActionFirstChallenge, "first_challenge", 30}} {
		aw, code, ok := ForAction(c.a)
		if !ok || code != c.code || aw.XP != c.xp || !Known(code) {
			t.Errorf("%s: %+v %s %v", c.a, aw, code, ok)
		}
	}
	if _, _, ok := ForAction("nope"); ok {
		t.Fatal("unknown action accepted")
	}
}

func TestAchievements(t *testing.T) {
	base := MatchFacts{Matches: 2, Wins: 0, Score: "4-6 4-6", Form: "LL", MonthMatches: 2, Tournaments: 1, Streak: 1, Rating: 1500, OppRating: 1500}
	win := base
	win.Won, win.Wins, win.Form, win.Score = true, 1, "WL", "6-4 6-4"
	for _, c := range []struct {
		name string
		f    func(MatchFacts) MatchFacts
		from MatchFacts
		has  []string
		not  []string
	}{
		{"first match, lost", func(f MatchFacts) MatchFacts { return f }, base, []string{"first_match"}, []string{"first_win", "straight_sets", "marathon"}},
		{"first win in straight sets", func(f MatchFacts) MatchFacts { return f }, win, []string{"first_match", "first_win", "straight_sets"}, []string{"comeback", "wins_10"}},
		{"ten matches", func(f MatchFacts) MatchFacts { f.Matches = 10; return f }, base, []string{"matches_10"}, []string{"matches_50"}},
		{"fifty and a hundred", func(f MatchFacts) MatchFacts { f.Matches = 100; return f }, base, []string{"matches_10", "matches_50", "matches_100"}, nil},
		{"ten wins", func(f MatchFacts) MatchFacts { f.Wins = 10; return f }, win, []string{"wins_10"}, []string{"wins_25"}},
		{"25 wins", func(f MatchFacts) MatchFacts { f.Wins = 25; return f }, win, []string{"wins_10", "wins_25"}, nil},
		{"4 wins in a row is not 5", func(f MatchFacts) MatchFacts { f.Form = "WWWWL"; return f }, win, nil, []string{"win_streak_5"}},
		{"5 wins in a row", func(f MatchFacts) MatchFacts { f.Form = "WWWWWL"; return f }, win, []string{"win_streak_5"}, []string{"win_streak_10"}},
		{"10 wins in a row", func(f MatchFacts) MatchFacts { f.Form = "WWWWWWWWWW"; return f }, win, []string{"win_streak_5", "win_streak_10"}, nil},
		{"9 in the month", func(f MatchFacts) MatchFacts { f.MonthMatches = 9; return f }, base, nil, []string{"month_10"}},
		{"10 in the month", func(f MatchFacts) MatchFacts { f.MonthMatches = 10; return f }, base, []string{"month_10"}, nil},
		{"3 tournaments", func(f MatchFacts) MatchFacts { f.Tournaments = 3; return f }, base, []string{"tournaments_3"}, nil},
		{"giant killer", func(f MatchFacts) MatchFacts { f.Position, f.OppPosition = 6, 1; return f }, win, []string{"giant_killer"}, nil},
		{"losing to a higher ranked is no feat", func(f MatchFacts) MatchFacts { f.Position, f.OppPosition = 6, 1; return f }, base, nil, []string{"giant_killer"}},
		{"upset by 100", func(f MatchFacts) MatchFacts { f.OppRating = 1600; return f }, win, []string{"upset"}, nil},
		{"upset by 99 is not", func(f MatchFacts) MatchFacts { f.OppRating = 1599; return f }, win, nil, []string{"upset"}},
		{"comeback", func(f MatchFacts) MatchFacts { f.Score = "3-6 6-4 6-2"; return f }, win, []string{"comeback", "marathon"}, []string{"straight_sets", "super_tiebreak"}},
		{"comeback with a super tie-break", func(f MatchFacts) MatchFacts { f.Score = "3-6 6-4 10-8"; return f }, win, []string{"comeback", "super_tiebreak", "marathon"}, nil},
		{"losing a super tie-break", func(f MatchFacts) MatchFacts { f.Score = "6-3 4-6 8-10"; return f }, base, []string{"marathon"}, []string{"super_tiebreak", "comeback"}},
		{"tie-break set won in a loss", func(f MatchFacts) MatchFacts { f.Score = "7-6 4-6 3-6"; return f }, base, []string{"tiebreak"}, nil},
		{"bagel", func(f MatchFacts) MatchFacts { f.Score = "6-0 7-5"; return f }, win, []string{"bagel", "straight_sets"}, []string{"double_bagel"}},
		{"double bagel", func(f MatchFacts) MatchFacts { f.Score = "6-0 6-0"; return f }, win, []string{"bagel", "double_bagel"}, nil},
		{"4-week streak", func(f MatchFacts) MatchFacts { f.Streak = 4; return f }, base, []string{"streak_4"}, []string{"streak_12"}},
		{"unreadable score earns no feat", func(f MatchFacts) MatchFacts { f.Score = "??"; return f }, win, []string{"first_win"}, []string{"straight_sets", "bagel"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := EarnedByMatch(c.f(c.from))
			for _, h := range c.has {
				if !slices.Contains(got, h) {
					t.Errorf("missing %s in %v", h, got)
				}
			}
			for _, n := range c.not {
				if slices.Contains(got, n) {
					t.Errorf("unexpected %s in %v", n, got)
				}
			}
		})
	}
}

func TestCatalogue(t *testing.T) {
	if len(Catalogue) < 20 {
		t.Fatalf("%d achievements", len(Catalogue))
	}
	seen := map[string]bool{}
	for _, a := range Catalogue {
		if seen[a.Code] || a.Group == "" {
			t.Fatalf("bad entry %+v", a)
		}
		seen[a.Code] = true
	}
}

func TestWeekBoundariesInTwoZones(t *testing.T) {
	// A played_on date decides alone: 2026-11-22 is a Sunday, 2026-11-23 a Monday.
	if w := WeekOf("2026-11-22", time.Time{}, "Asia/Tokyo"); w != "2026-11-16" {
		t.Fatal(w)
	}
	if w := WeekOf("2026-11-23", time.Time{}, "Europe/Lisbon"); w != "2026-11-23" {
		t.Fatal(w)
	}
	for _, c := range []struct {
		instant string
		zone    string
		week    string
	}{
		// Sunday 23:30 in Lisbon (UTC+0 in November) is still the old week …
		{"2026-11-22T23:30:00Z", "Europe/Lisbon", "2026-11-16"},
		// … and Monday 00:00 Lisbon starts the new one.
		{"2026-11-23T00:00:00Z", "Europe/Lisbon", "2026-11-23"},
		// The same instants in São Paulo (UTC−3) are both Sunday evening: old week.
		{"2026-11-22T23:30:00Z", "America/Sao_Paulo", "2026-11-16"},
		{"2026-11-23T02:59:59Z", "America/Sao_Paulo", "2026-11-16"},
		{"2026-11-23T03:00:00Z", "America/Sao_Paulo", "2026-11-23"},
		// Tokyo (UTC+9) is already on Monday at 15:00 UTC on Sunday.
		{"2026-11-22T14:59:59Z", "Asia/Tokyo", "2026-11-16"},
		{"2026-11-22T15:00:00Z", "Asia/Tokyo", "2026-11-23"},
		// Summer time in Lisbon (UTC+1): Monday 00:00 local is Sunday 23:00 UTC.
		{"2026-07-05T22:59:59Z", "Europe/Lisbon", "2026-06-29"},
		{"2026-07-05T23:00:00Z", "Europe/Lisbon", "2026-07-06"},
		// Unknown or empty zone: Lisbon.
		{"2026-07-05T23:00:00Z", "", "2026-07-06"},
		{"2026-07-05T23:00:00Z", "Mars/Olympus", "2026-07-06"},
	} {
		at, _ := time.Parse(time.RFC3339, c.instant)
		if w := WeekOf("", at, c.zone); w != c.week {
			t.Errorf("%s in %s: week %s, want %s", c.instant, c.zone, w, c.week)
		}
	}
}

func TestStreaks(t *testing.T) {
	var s Streak
	steps := []struct {
		week     string
		cur, bst int
	}{
		{"2026-11-02", 1, 1}, {"2026-11-02", 1, 1}, {"2026-11-09", 2, 2}, {"2026-11-16", 3, 3},
		{"2026-11-09", 3, 3}, // a late validation of an earlier week changes nothing
		{"2026-12-07", 1, 3}, {"2026-12-14", 2, 3},
		{"2026-12-28", 1, 3}, // across the year: 21 Dec missed
		{"2027-01-04", 2, 3}, {"2027-01-11", 3, 3}, {"2027-01-18", 4, 4},
	}
	for i, st := range steps {
		s = s.Next(st.week)
		if s.Current != st.cur || s.Best != st.bst {
			t.Fatalf("step %d (%s): %+v, want %d/%d", i, st.week, s, st.cur, st.bst)
		}
	}
	if s.CurrentAt("2027-01-18") != 4 || s.CurrentAt("2027-01-25") != 4 || s.CurrentAt("2027-02-01") != 0 {
		t.Fatal("current at")
	}
	if (Streak{}).CurrentAt("2027-01-18") != 0 {
		t.Fatal("empty")
	}
}
