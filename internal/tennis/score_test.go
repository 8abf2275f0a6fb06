package tennis

import (
	"errors"
	"fmt"
	"testing"
)

func TestParse(t *testing.T) {
	ok := []struct {
		in, canon string
		winner    int
	}{
		{"6-4 6-3", "6-4 6-3", 0},
		{"4-6 3-6", "4-6 3-6", 1},
		{"6-4 3-6 10-7", "6-4 3-6 10-7", 0},
		{"6-4, 3-6, 8-10", "6-4 3-6 8-10", 1},
		{"7-6(5) 6-7(10) 6-2", "7-6(5) 6-7(10) 6-2", 0},
		{"7-5 7-6", "7-5 7-6", 0},
		{"6-0 0-6 12-10", "6-0 0-6 12-10", 0},
		{"6–4 6–4", "6-4 6-4", 0},
		// The super tie-break written the usual ways (#11).
		{"6-4 4-6 [10-8]", "6-4 4-6 10-8", 0},
		{"6-4 4-6 (10-8)", "6-4 4-6 10-8", 0},
		{"6-4 4-6 [ 8 - 10 ]", "6-4 4-6 8-10", 1},
		{"6-4, 4-6, [12-10]", "6-4 4-6 12-10", 0},
		{"6-4 4-6[10-8]", "6-4 4-6 10-8", 0},
		{"6/4 4/6 (10/8)", "6-4 4-6 10-8", 0},
		{"6:4 4:6 [10:8]", "6-4 4-6 10-8", 0},
		// A 7-6 set's tie-break: the loser's points or the full score, attached or after a space.
		{"7-6 (5) 6-3", "7-6(5) 6-3", 0},
		{"7-6(7-5) 6-3", "7-6(5) 6-3", 0},
		{"7-6 (7-5) 6-3", "7-6(5) 6-3", 0},
		{"6-7(12-14) 3-6", "6-7(12) 3-6", 1},
		{"6-4 7-6 (7-5)", "6-4 7-6(5)", 0},
		{"6-4 6-7 (5-7) [10-8]", "6-4 6-7(5) 10-8", 0},
		{"6-4 6-7(10-12) (10-12)", "6-4 6-7(10) 10-12", 1},
		{"6-4 6-7(10-12)", "6-4 6-7 10-12", 1},
		{"6-4 6-7 (10-12)", "6-4 6-7 10-12", 1},
		{"7-6[5] 6-3", "7-6(5) 6-3", 0},
	}
	for _, c := range ok {
		s, err := Parse(c.in)
		if err != nil || s.String() != c.canon || s.Winner != c.winner {
			t.Errorf("%q: %v %q winner %d", c.in, err, s.String(), s.Winner)
		}
	}
	bad := []struct{ in, code string }{
		{"", "score.empty"},
		{"6-4", "score.unfinished"},
		{"6-4 4-6", "score.unfinished"},
		{"6-5 6-4", "score.set_invalid"},
		{"8-6 6-4", "score.set_invalid"},
		{"6-6 6-4", "score.set_invalid"},
		{"6-4 6-4 6-4", "score.after_match_end"},
		{"6-4 4-6 10-9", "score.super_tiebreak_invalid"},
		{"6-4 4-6 13-10", "score.super_tiebreak_invalid"},
		{"6-4(3) 6-4", "score.tiebreak_only_at_7_6"},
		{"six-four", "score.format"},
		{"6-4 6-4 6-4 6-4", "score.too_many_sets"},
		{"10-8 6-4", "score.set_invalid"},
		{"[10-8] 6-4 6-4", "score.format"},
		{"6-4 [10-8] 6-4", "score.tiebreak_only_at_7_6"},
		{"6-4 4-6 [6-4]", "score.super_tiebreak_invalid"},
		{"6-4 4-6 (1-0)", "score.super_tiebreak_invalid"},
		{"6-4 4-6 [10-9]", "score.super_tiebreak_invalid"},
		{"6-4 4-6 [10-8](5)", "score.format"},
		{"6-4 4-6 10-8(5)", "score.super_tiebreak_invalid"},
		{"6-4 4-6 [10-8", "score.format"},
		{"6-4 4-6 (10-8]", "score.format"},
		{"6-4 4-6 ()", "score.format"},
		{"6-4 4-6 [10-8] [10-8]", "score.tiebreak_only_at_7_6"},
		{"7-6(5)(5) 6-3", "score.format"},
		{"7-6(5-7) 6-3", "score.tiebreak_invalid"},
		{"7-6(8-5) 6-3", "score.tiebreak_invalid"},
		{"7-6(6-5) 6-3", "score.tiebreak_invalid"},
		{"6-4(7-5) 6-3", "score.tiebreak_only_at_7_6"},
		{"7-6(51) 6-3", "score.tiebreak_invalid"},
		{"6-4 6-4 [10-8]", "score.tiebreak_only_at_7_6"},
		{"6-4 6-100", "score.format"},
		{"6-4 4-6 10 - 8", "score.format"},
		{"6-4 4-6 10x8", "score.format"},
	}
	for _, c := range bad {
		_, err := Parse(c.in)
		var e *Error
		if !errors.As(err, &e) || e.Code != c.code {
			t.Errorf("%q: got %v want %s", c.in, err, c.code)
		}
	}
}

func TestFlip(t *testing.T) {
	s, _ := Parse("7-6(4) 3-6 10-6")
	f := s.Flip()
	if f.String() != "6-7(4) 6-3 6-10" || f.Winner != 1 {
		t.Fatal(f.String(), f.Winner)
	}
	a, b := s.SetsWon()
	if a != 2 || b != 1 {
		t.Fatal(a, b)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"6-4 6-3", "7-6(5) 6-7 10-8", "6-4,4-6", "99-0",
		"6-4 4-6 [10-8]", "6-4 4-6 (10-8)", "7-6 (7-5) 6-3", "6-4 6-7 (5-7) [10-8]", "6-4 6-7 (10-12)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := Parse(in)
		if err != nil {
			return
		}
		again, err := Parse(s.String())
		if err != nil || again.String() != s.String() || again.Winner != s.Winner {
			t.Fatalf("canonical form does not round-trip: %q → %q (%v)", in, s.String(), err)
		}
		a, b := s.SetsWon()
		if max(a, b) != 2 || len(s.Sets) < 2 || len(s.Sets) > 3 {
			t.Fatalf("%q accepted as %v", in, s)
		}
	})
}

// Every set score from 0-0 to 15-15, as the first set of a match the same player finishes 6-0:
// valid exactly when it is 6 games with a 2-game lead, 7-5 or 7-6.
func TestEverySet(t *testing.T) {
	for a := 0; a <= 15; a++ {
		for b := 0; b <= 15; b++ {
			if a == b {
				continue
			}
			hi, lo := max(a, b), min(a, b)
			want := (hi == 6 && lo <= 4) || (hi == 7 && (lo == 5 || lo == 6))
			second := "6-0"
			if b > a {
				second = "0-6"
			}
			_, err := Parse(fmt.Sprintf("%d-%d %s", a, b, second))
			if (err == nil) != want {
				t.Errorf("%d-%d: valid=%v, got %v", a, b, want, err)
			}
		}
	}
}

// Every deciding set from 0-0 to 20-20 after one set each: a regular set, or a super tie-break
// to 10 by 2 (beyond 10 only with exactly 2 points between).
func TestEveryDecidingSet(t *testing.T) {
	for a := 0; a <= 20; a++ {
		for b := 0; b <= 20; b++ {
			if a == b {
				continue
			}
			hi, lo := max(a, b), min(a, b)
			want := (hi == 6 && lo <= 4) || (hi == 7 && (lo == 5 || lo == 6))
			if hi >= 10 {
				want = hi-lo >= 2 && (hi == 10 || hi-lo == 2)
			}
			s, err := Parse(fmt.Sprintf("6-4 4-6 %d-%d", a, b))
			if (err == nil) != want {
				t.Errorf("third set %d-%d: valid=%v, got %v", a, b, want, err)
			}
			if err == nil && (s.Winner == 0) != (a > b) {
				t.Errorf("third set %d-%d: winner %d", a, b, s.Winner)
			}
		}
	}
}

// Every deciding super tie-break from [0-0] to [20-20], in square brackets and in parentheses,
// after one set each: valid exactly as a super tie-break to 10 by 2 (a bracketed third set is
// never a regular set).
func TestEveryBracketedSuperTieBreak(t *testing.T) {
	for _, form := range []string{"6-4 4-6 [%d-%d]", "6-4 4-6 (%d-%d)", "6-4, 4-6, [%d-%d]", "6-4 4-6[%d-%d]"} {
		for a := 0; a <= 20; a++ {
			for b := 0; b <= 20; b++ {
				hi, lo := max(a, b), min(a, b)
				want := hi >= 10 && hi-lo >= 2 && (hi == 10 || hi-lo == 2)
				in := fmt.Sprintf(form, a, b)
				s, err := Parse(in)
				if (err == nil) != want {
					t.Errorf("%q: valid=%v, got %v", in, want, err)
					continue
				}
				if err != nil {
					var e *Error
					if !errors.As(err, &e) || e.Code != "score.super_tiebreak_invalid" || e.Set != 3 {
						t.Errorf("%q: %v", in, err)
					}
					continue
				}
				if canon := fmt.Sprintf("6-4 4-6 %d-%d", a, b); s.String() != canon || (s.Winner == 0) != (a > b) {
					t.Errorf("%q: %q winner %d", in, s.String(), s.Winner)
				}
			}
		}
	}
}

// Every tie-break score from (0-0) to (20-20) after a 7-6 first set, attached and after a space:
// valid exactly when the set's winner won it, to 7 by two (beyond 7 with exactly two between);
// the canonical form keeps the loser's points.
func TestEveryTieBreakScore(t *testing.T) {
	for _, form := range []string{"7-6(%d-%d) 6-0", "7-6 (%d-%d) 6-0", "7-6 [%d-%d] 6-0"} {
		for a := 0; a <= 20; a++ {
			for b := 0; b <= 20; b++ {
				want := a > b && a == max(7, b+2)
				in := fmt.Sprintf(form, a, b)
				s, err := Parse(in)
				if (err == nil) != want {
					t.Errorf("%q: valid=%v, got %v", in, want, err)
					continue
				}
				if err == nil && s.String() != fmt.Sprintf("7-6(%d) 6-0", b) {
					t.Errorf("%q: %q", in, s.String())
				}
			}
		}
	}
}
