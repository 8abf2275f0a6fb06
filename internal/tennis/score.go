// Package tennis parses and validates match scores: best of three sets, a tie-break to 7 (by two)
// at 6-6, and a super tie-break to 10 (by two) in place of a deciding third set. Pure.
package tennis

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Set is one set from the first-named player's side: games (or super tie-break points) for A
// and B, and the loser's tie-break points when the set went to a tie-break (-1 otherwise).
type Set struct {
	A, B          int
	TieBreak      int  // loser's points in the 7-6 tie-break, -1 when not played or not given
	SuperTieBreak bool // a match tie-break to 10 in place of the third set
}

// Score is a complete, valid best-of-three result.
type Score struct {
	Sets   []Set
	Winner int // 0: the first-named player, 1: the second
}

// Error is a refusal with a stable code (a translation key) and the 1-based set it concerns.
type Error struct {
	Code string
	Set  int
}

func (e *Error) Error() string {
	if e.Set > 0 {
		return fmt.Sprintf("%s (set %d)", e.Code, e.Set)
	}
	return e.Code
}

func fail(code string, set int) error { return &Error{Code: code, Set: set} }

var normalise = strings.NewReplacer("–", "-", "—", "-", "‐", "-", "−", "-", "/", "-", ":", "-")

// item is one piece of score text: a set "6-4", or a bracketed group "(5)", "(7-5)", "[10-8]".
type item struct {
	a, b  int
	pair  bool // two numbers (a-b), not a single one
	group bool // written in ( ) or [ ]
}

// Parse reads a score from the first-named player's side. Accepted notations (docs/DECISIONS.md):
// sets separated by spaces, commas or semicolons ("6-4 3-6 10-7", "6-4, 3-6"); "-", "–", "/" or
// ":" between games; a 7-6 set's tie-break as the loser's points or the full tie-break score,
// attached or after a space ("7-6(5)", "7-6 (5)", "7-6(7-5)"); and the deciding super tie-break
// as a plain third set ("10-8") or in brackets ("[10-8]", "(10-8)"). A bracketed pair is the
// super tie-break when the sets stand one all and it ends the score, else the tie-break of the
// set before it ("6-4 6-7 (5-7) 10-8").
func Parse(s string) (Score, error) {
	items, err := scan(normalise.Replace(s))
	if err != nil {
		return Score{}, err
	}
	if len(items) == 0 {
		return Score{}, fail("score.empty", 0)
	}
	var sets []Set
	var detail []item // the tie-break group given for each set, if any
	explicit := []bool{}
	split := func() bool { // the sets read so far stand one all
		a, b := 0, 0
		for _, st := range sets {
			if st.A > st.B {
				a++
			} else {
				b++
			}
		}
		return a == 1 && b == 1
	}
	for k, it := range items {
		n := len(sets)
		switch {
		case !it.group:
			sets = append(sets, Set{A: it.a, B: it.b, TieBreak: -1})
			detail = append(detail, item{})
			explicit = append(explicit, false)
		case it.pair && split() && k == len(items)-1:
			sets = append(sets, Set{A: it.a, B: it.b, TieBreak: -1, SuperTieBreak: true})
			detail = append(detail, item{})
			explicit = append(explicit, true)
		case n > 0 && !detail[n-1].group && !explicit[n-1]:
			detail[n-1] = it
		default:
			return Score{}, fail("score.format", max(n, 1))
		}
	}
	if len(sets) > 3 {
		return Score{}, fail("score.too_many_sets", 0)
	}
	var sc Score
	won := [2]int{}
	for i, set := range sets {
		if won[0] == 2 || won[1] == 2 {
			return Score{}, fail("score.after_match_end", i+1)
		}
		if i == 2 && (set.A >= 10 || set.B >= 10) {
			set.SuperTieBreak = true
		}
		if d := detail[i]; d.group {
			tb, err := tieBreakPoints(set, d)
			if err != nil {
				return Score{}, fail(err.Error(), i+1)
			}
			set.TieBreak = tb
		}
		if set.SuperTieBreak {
			if err := validSuperTieBreak(set); err != nil {
				return Score{}, fail(err.Error(), i+1)
			}
		} else if err := validSet(set); err != nil {
			return Score{}, fail(err.Error(), i+1)
		}
		if set.A > set.B {
			won[0]++
		} else {
			won[1]++
		}
		sc.Sets = append(sc.Sets, set)
	}
	switch {
	case won[0] == 2:
		sc.Winner = 0
	case won[1] == 2:
		sc.Winner = 1
	default:
		return Score{}, fail("score.unfinished", 0)
	}
	return sc, nil
}

// tieBreakPoints turns a set's tie-break group into the loser's points: "(5)" as written, "(7-5)"
// when it is a finished tie-break to 7 by two won by the set's winner.
func tieBreakPoints(set Set, d item) (int, error) {
	if set.SuperTieBreak {
		return 0, errors.New("score.super_tiebreak_invalid")
	}
	if max(set.A, set.B) != 7 || min(set.A, set.B) != 6 {
		return 0, errors.New("score.tiebreak_only_at_7_6")
	}
	if !d.pair {
		return d.a, nil
	}
	hi, lo := max(d.a, d.b), min(d.a, d.b)
	if d.a == d.b || (d.a > d.b) != (set.A > set.B) || hi != max(7, lo+2) {
		return 0, errors.New("score.tiebreak_invalid")
	}
	return lo, nil
}

// scan splits normalised score text into sets and bracketed groups; anything else is a format
// error at the set it appears in.
func scan(s string) ([]item, error) {
	var out []item
	sets := 0
	sep := true
	i := 0
	number := func() (int, bool) {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' && i-j < 2 {
			i++
		}
		if i == j || (i < len(s) && s[i] >= '0' && s[i] <= '9') {
			return 0, false
		}
		n, _ := strconv.Atoi(s[j:i])
		return n, true
	}
	spaces := func() {
		for i < len(s) && s[i] == ' ' {
			i++
		}
	}
	bad := func() ([]item, error) { return nil, fail("score.format", max(sets, 1)) }
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == ',' || c == ';':
			sep = true
			i++
			continue
		case c == '(' || c == '[':
			closing := byte(')')
			if c == '[' {
				closing = ']'
			}
			i++
			spaces()
			it := item{group: true}
			var ok bool
			if it.a, ok = number(); !ok {
				return bad()
			}
			spaces()
			if i < len(s) && s[i] == '-' {
				i++
				spaces()
				if it.b, ok = number(); !ok {
					return bad()
				}
				it.pair = true
				spaces()
			}
			if i >= len(s) || s[i] != closing {
				return bad()
			}
			i++
			out = append(out, it)
		case c >= '0' && c <= '9':
			if !sep {
				return bad()
			}
			sets++
			var it item
			var ok bool
			if it.a, ok = number(); !ok || i >= len(s) || s[i] != '-' {
				return bad()
			}
			i++
			if it.b, ok = number(); !ok {
				return bad()
			}
			out = append(out, it)
		default:
			if sets == 0 {
				sets = 1
			}
			return bad()
		}
		sep = false
	}
	return out, nil
}

func validSet(s Set) error {
	hi, lo := max(s.A, s.B), min(s.A, s.B)
	switch {
	case hi == 6 && lo <= 4:
	case hi == 7 && lo == 5:
	case hi == 7 && lo == 6:
		if s.TieBreak > 50 {
			return errors.New("score.tiebreak_invalid")
		}
		return nil
	default:
		return errors.New("score.set_invalid")
	}
	if s.TieBreak >= 0 {
		return errors.New("score.tiebreak_only_at_7_6")
	}
	return nil
}

func validSuperTieBreak(s Set) error {
	hi, lo := max(s.A, s.B), min(s.A, s.B)
	if s.TieBreak >= 0 || hi < 10 || hi-lo < 2 || (hi > 10 && hi-lo != 2) {
		return errors.New("score.super_tiebreak_invalid")
	}
	return nil
}

// String writes the score in its canonical form, e.g. "7-6(5) 3-6 10-8".
func (s Score) String() string {
	parts := make([]string, len(s.Sets))
	for i, set := range s.Sets {
		parts[i] = fmt.Sprintf("%d-%d", set.A, set.B)
		if set.TieBreak >= 0 {
			parts[i] += fmt.Sprintf("(%d)", set.TieBreak)
		}
	}
	return strings.Join(parts, " ")
}

// Flip returns the score from the other player's side.
func (s Score) Flip() Score {
	out := Score{Winner: 1 - s.Winner, Sets: make([]Set, len(s.Sets))}
	for i, set := range s.Sets {
		out.Sets[i] = Set{A: set.B, B: set.A, TieBreak: set.TieBreak, SuperTieBreak: set.SuperTieBreak}
	}
	return out
}

// SetsWon counts the sets each side won.
func (s Score) SetsWon() (a, b int) {
	for _, set := range s.Sets {
		if set.A > set.B {
			a++
		} else {
			b++
		}
	}
	return a, b
}
