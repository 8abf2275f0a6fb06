package ladder

import (
	"math/rand/v2"
	"testing"
)

func table(ids ...int64) []Standing {
	out := make([]Standing, len(ids))
	for i, id := range ids {
		out[i] = Standing{PlayerID: id, Position: i + 1, Seed: i + 1}
	}
	return out
}

func order(s []Standing) []int64 {
	out := make([]int64, len(s))
	for i, x := range s {
		out[i] = x.PlayerID
		if x.Position != i+1 {
			panic("positions not renumbered")
		}
	}
	return out
}

func eq(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestPresets(t *testing.T) {
	want := map[string]Scoring{"standard": {3, 2, -1}, "aggressive": {5, 3, -2}, "conservative": {2, 1, 0}, "tennis_style": {4, 2, -1}}
	for name, sc := range want {
		if Presets[name] != sc || !sc.Valid() {
			t.Errorf("%s: %+v", name, Presets[name])
		}
	}
	for _, bad := range []Scoring{{1, 2, 0}, {3, 2, 4}, {99, 2, 0}, {3, 2, -50}} {
		if bad.Valid() {
			t.Errorf("%+v should be invalid", bad)
		}
	}
}

func TestPointsResult(t *testing.T) {
	s := table(1, 2, 3, 4) // everyone at 0 points, seeded in join order
	// 4 beats 1 (higher ranked): +3 / -1 with standard.
	s, d := Result(Points, Presets["standard"], s, nil, 4, 1)
	if d[0].Points != 3 || d[1].Points != -1 || !eq(order(s), []int64{4, 2, 3, 1}) {
		t.Fatalf("after 4 beats 1: %v %+v", order(s), d)
	}
	// 4 (now top) beats 3 (lower ranked): +2; 3 goes negative.
	s, d = Result(Points, Presets["standard"], s, nil, 4, 3)
	if d[0].Points != 2 || s[0].Points != 5 || s[len(s)-1].Points != -1 {
		t.Fatalf("after 4 beats 3: %+v %+v", s, d)
	}
	// Ties on points are broken by head-to-head, wins, then seed.
	if !eq(order(s), []int64{4, 2, 1, 3}) && !eq(order(s), []int64{4, 2, 3, 1}) {
		t.Fatalf("order %v", order(s))
	}
}

func TestClassicResult(t *testing.T) {
	s := table(10, 20, 30, 40, 50)
	// 50 (5th) beats 20 (2nd): 50 takes 2nd; 20, 30, 40 move down one.
	s, _ = Result(Classic, Scoring{}, s, nil, 50, 20)
	if !eq(order(s), []int64{10, 50, 20, 30, 40}) {
		t.Fatalf("classic: %v", order(s))
	}
	// A higher player beating a lower one changes nothing.
	s2, _ := Result(Classic, Scoring{}, s, nil, 10, 40)
	if !eq(order(s2), order(s)) || s2[0].Wins != 1 {
		t.Fatalf("top wins: %v", order(s2))
	}
	// Neighbours swap.
	s3, _ := Result(Classic, Scoring{}, s, nil, 20, 50)
	if !eq(order(s3), []int64{10, 20, 50, 30, 40}) {
		t.Fatalf("neighbours: %v", order(s3))
	}
	// Unknown players change nothing.
	s4, d := Result(Classic, Scoring{}, s, nil, 10, 99)
	if !eq(order(s4), order(s)) || d[0].PlayerID != 0 {
		t.Fatal("unknown loser changed the table")
	}
}

func TestShuffle(t *testing.T) {
	s := table(1, 2, 3, 4, 5, 6, 7, 8)
	s[0].Points = 5 // the leader must stay the leader in a points shuffle
	moved := false
	for seed := uint64(1); seed < 20; seed++ {
		out := Shuffle(Points, s, rand.New(rand.NewPCG(seed, 0)))
		if out[0].PlayerID != 1 {
			t.Fatalf("shuffle moved the leader: %v", order(out))
		}
		if !eq(order(out), order(s)) {
			moved = true
		}
		c := Shuffle(Classic, s, rand.New(rand.NewPCG(seed, 1)))
		if len(c) != 8 || c[7].Position != 8 {
			t.Fatal("classic shuffle lost players or positions")
		}
	}
	if !moved {
		t.Fatal("shuffle never changed the order among equals")
	}
}

func TestLimits(t *testing.T) {
	l := Limits{MinGames: 1, MaxGames: 4, PeriodWeeks: 2}
	if !l.Valid() || !l.CanPlayMore(3) || l.CanPlayMore(4) || !l.BelowMinimum(0) || l.BelowMinimum(1) {
		t.Fatal("limits")
	}
	for _, bad := range []Limits{{2, 1, 2}, {0, 0, 2}, {1, 4, 0}, {1, 60, 2}} {
		if bad.Valid() {
			t.Errorf("%+v valid", bad)
		}
	}
}

func FuzzClassicKeepsEveryone(f *testing.F) {
	f.Add(uint8(5), uint8(4), uint8(1))
	f.Fuzz(func(t *testing.T, n, w, l uint8) {
		size := int(n%20) + 2
		ids := make([]int64, size)
		for i := range ids {
			ids[i] = int64(i + 1)
		}
		out, _ := Result(Classic, Scoring{}, table(ids...), nil, int64(w)%int64(size)+1, int64(l)%int64(size)+1)
		seen := map[int64]bool{}
		for i, s := range out {
			if s.Position != i+1 || seen[s.PlayerID] {
				t.Fatalf("broken table %+v", out)
			}
			seen[s.PlayerID] = true
		}
		if len(seen) != size {
			t.Fatal("lost a player")
		}
	})
}

func TestHeadToHeadBreaksTies(t *testing.T) {
	s := []Standing{{PlayerID: 1, Points: 5, Wins: 3, Seed: 1}, {PlayerID: 2, Points: 5, Wins: 2, Seed: 2}, {PlayerID: 3, Points: 9, Seed: 3}}
	// Without head-to-head, more wins decide: 1 before 2.
	if got := order(Rank(append([]Standing(nil), s...), nil)); !eq(got, []int64{3, 1, 2}) {
		t.Fatalf("by wins: %v", got)
	}
	// 2 beat 1 when they met: 2 goes first despite fewer wins. 2's win over 3 (not level on
	// points) does not count.
	rec := Record{{2, 1}: 1, {1, 3}: 1, {2, 3}: 4}
	if got := order(Rank(append([]Standing(nil), s...), rec)); !eq(got, []int64{3, 2, 1}) {
		t.Fatalf("by head-to-head: %v", got)
	}
	// Three level on points: wins among them decide (a mini-league), then wins, then seed.
	s = []Standing{{PlayerID: 1, Points: 4, Wins: 9, Seed: 1}, {PlayerID: 2, Points: 4, Wins: 1, Seed: 2},
		{PlayerID: 3, Points: 4, Wins: 1, Seed: 3}, {PlayerID: 4, Points: 4, Wins: 1, Seed: 4}}
	rec = Record{{3, 1}: 1, {3, 2}: 1, {2, 1}: 1}
	if got := order(Rank(s, rec)); !eq(got, []int64{3, 2, 1, 4}) {
		t.Fatalf("mini-league: %v", got)
	}
}

func TestWinPointsAndChallengeRange(t *testing.T) {
	for name, sc := range Presets {
		if WinPoints(sc, 5, 2) != sc.WinVsHigher || WinPoints(sc, 2, 5) != sc.WinVsLower {
			t.Errorf("%s: win points", name)
		}
	}
	cases := []struct {
		rng, from, to int
		want          bool
	}{{3, 5, 2, true}, {3, 5, 1, false}, {3, 2, 5, true}, {3, 2, 6, false}, {0, 40, 1, true}, {3, 4, 4, false}, {1, 2, 1, true}}
	for _, c := range cases {
		if got := CanChallenge(c.rng, c.from, c.to); got != c.want {
			t.Errorf("CanChallenge(%d, %d, %d) = %v", c.rng, c.from, c.to, got)
		}
	}
}

// TestShuffleIsFair checks that a shuffle of equal players puts each of them in each place
// about equally often (a chi-squared bound far above what a fair shuffle reaches).
func TestShuffleIsFair(t *testing.T) {
	const n, rounds = 6, 60000
	for _, kind := range []RankingType{Points, Classic} {
		var counts [n][n]int
		r := rand.New(rand.NewPCG(7, 11))
		s := table(1, 2, 3, 4, 5, 6)
		for range rounds {
			for i, x := range Shuffle(kind, s, r) {
				counts[x.PlayerID-1][i]++
			}
		}
		exp := float64(rounds) / n
		chi := 0.0
		for p := range n {
			for i := range n {
				d := float64(counts[p][i]) - exp
				chi += d * d / exp
			}
		}
		// 25 degrees of freedom: p = 0.001 at 52.6.
		if chi > 52.6 {
			t.Errorf("%s shuffle is biased: chi² = %.1f, counts %v", kind, chi, counts)
		}
	}
}
