// Package tennis parses and validates match scores: best of three sets, a tie-break to 7 (by two)
// at 6-6, and a super tie-break to 10 (by two) in place of a deciding third set. Pure.
package tennis

import (
	"errors"
	"fmt"
	"regexp"
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

var reSet = regexp.MustCompile(`^(\d{1,2})-(\d{1,2})(?:\((\d{1,2})\))?$`)

// Parse reads a score such as "6-4 3-6 10-7" or "7-6(5), 6-3", from the first-named player's side.
func Parse(s string) (Score, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' })
	if len(fields) == 0 {
		return Score{}, fail("score.empty", 0)
	}
	if len(fields) > 3 {
		return Score{}, fail("score.too_many_sets", 0)
	}
	var sc Score
	won := [2]int{}
	for i, f := range fields {
		f = strings.NewReplacer("–", "-", "—", "-", "/", "-").Replace(f)
		m := reSet.FindStringSubmatch(f)
		if m == nil {
			return Score{}, fail("score.format", i+1)
		}
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		set := Set{A: a, B: b, TieBreak: -1}
		if m[3] != "" {
			set.TieBreak, _ = strconv.Atoi(m[3])
		}
		if won[0] == 2 || won[1] == 2 {
			return Score{}, fail("score.after_match_end", i+1)
		}
		if i == 2 && (a >= 10 || b >= 10) {
			set.SuperTieBreak = true
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
