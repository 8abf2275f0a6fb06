package service

import (
	"context"
	"errors"
	"strings"

	"github.com/tennisladder/ladder/internal/policy"

	"github.com/tennisladder/ladder/internal/store"
)

// ValidateResult approves or rejects a reported result (the tournament's referee, its creator
// when it has none, super admins). Approval completes the match and moves the standings with the
// tournament's ranking type and points; rejection clears the score so the players report again.
// The tournament's lock is taken first, then the match's (store.LockMatch), and the match is
// moved only from a reported result, so two referees at once change the standings exactly once.
func (s *Service) ValidateResult(ctx context.Context, cur Current, id int64, approve bool, notes string) (store.MatchRow, error) {
	if err := signedIn(cur); err != nil {
		return store.MatchRow{}, err
	}
	notes = strings.TrimSpace(notes)
	if len([]rune(notes)) > 1000 {
		return store.MatchRow{}, invalid("notes", "validation.too_long", map[string]any{"max": 1000})
	}
	var out store.MatchRow
	// GroupTx: validations that queue for SQLite's writer commit together (issue 16). Everything
	// below reads through tx, as a grouped transaction must.
	err := s.db.GroupTx(ctx, func(tx *store.Tx) error {
		// Every statement below reaches its rows through keys (PostgreSQL's plans: PlanForKeys).
		if err := s.db.PlanForKeys(ctx, tx); err != nil {
			return err
		}
		// The tournament is locked before the match is read (its tournament id is all that is
		// read before, in the same statement), so the match and the standings are read as the
		// last validation left them; the match is locked too (store.LockMatch), so nothing moves
		// it before the commit. One round trip with the caller's relation to the tournament.
		t, m, r, err := s.db.LockMatch(ctx, tx, id, cur.User.ID)
		if errors.Is(err, store.ErrNotFound) {
			return &Error{Kind: KindNotFound, Code: "match.not_found"}
		} else if err != nil {
			return err
		}
		m, acc, err := matchScopeOf(cur, m, t, r)
		if err != nil {
			return err
		}
		if err := denied(policy.ValidateMatch(cur.Actor, acc.Scope, MatchFacts(m))); err != nil {
			return err
		}
		if approve {
			out, err = s.approveResult(ctx, tx, cur, m, &t, notes)
		} else {
			out, err = s.rejectResult(ctx, tx, cur, m, notes)
		}
		return err
	})
	if err != nil {
		return store.MatchRow{}, err
	}
	// The match as the transaction left it (read under the locks, with what the approval stored
	// or the rejection's update returned): no read again after the commit.
	return out, nil
}

// rejectResult clears a reported result so the players report again, and tells them why. It
// returns the match as rejected.
func (s *Service) rejectResult(ctx context.Context, tx *store.Tx, cur Current, m store.MatchRow, notes string) (store.MatchRow, error) {
	moved, ok, err := s.db.RejectMatchResult(ctx, tx, m.Match, cur.User.ID, notes)
	if err != nil {
		return m, err
	}
	if !ok {
		return m, conflict("match.already_validated", map[string]any{"state": m.State})
	}
	out := m
	out.Match = moved
	return out, s.notifyRejected(ctx, tx, cur, m, notes)
}

// notifyRejected records the refusal in the audit log and tells both players why.
func (s *Service) notifyRejected(ctx context.Context, tx *store.Tx, cur Current, m store.MatchRow, notes string) error {
	if err := s.audit(ctx, tx, cur.Actor, AuditResultRejected, "match", m.ID, map[string]any{"tournament": m.TournamentID,
		"score": m.Score, "from": m.State, "to": "time_confirmed", "notes": notes}); err != nil {
		return err
	}
	s.publishMatch(tx, m, cur.User.ID)
	note := matchNote(ResultValidated, "result_rejected", m, map[string]any{"score": m.Score, "notes": notes})
	if strings.TrimSpace(notes) == "" {
		note.MessageKey = "matches.result_rejected_no_notes" // no "rejected:  Report it again."
	}
	var o outgoing
	for _, u := range []store.User{m.P1, m.P2} {
		if err := s.queueNote(tx, &o, u, note); err != nil {
			return err
		}
	}
	return s.sendQueued(ctx, tx, &o)
}

// validatedResult is what approving a result did: the match as it was read (players included),
// its tournament (locked), and the move of the standings.
type validatedResult struct {
	m      store.MatchRow
	t      *store.Tournament
	change store.ResultChange
	winner store.User
	loser  store.User
}

// approveResult completes the match, moves the standings and records the audit row, then runs
// the validation's side effects (resultValidated): all in the caller's transaction, each
// statement prepared once (issue 16: at least 1,500 validations a second on SQLite).
// It returns the match as completed.
func (s *Service) approveResult(ctx context.Context, tx *store.Tx, cur Current, m store.MatchRow, t *store.Tournament, notes string) (store.MatchRow, error) {
	// A result decided already is told so first, whatever the tournament's state.
	if m.ResultReported() && t.Status != "active" {
		return m, conflict("tournament.not_active", nil)
	}
	moved, rc, ok, err := s.db.CompleteResult(ctx, tx, t, m.Match, cur.User.ID, notes)
	if err != nil {
		return m, err
	}
	if !ok {
		return m, conflict("match.already_validated", map[string]any{"state": m.State})
	}
	s.publishMatch(tx, m, cur.User.ID)
	if err := s.audit(ctx, tx, cur.Actor, AuditResultValidated, "match", m.ID, map[string]any{"tournament": m.TournamentID,
		"score": m.Score, "winner": m.WinnerID.Int64, "loser": m.LoserID.Int64, "from": m.State, "to": "completed", "notes": notes,
		"positions": map[string]any{"winner": []int{rc.WinnerBefore, rc.WinnerAfter}, "loser": []int{rc.LoserBefore, rc.LoserAfter}}}); err != nil {
		return m, err
	}
	v := validatedResult{m: m, t: t, change: rc, winner: m.P1, loser: m.P2}
	if m.WinnerID.Int64 != m.Player1ID {
		v.winner, v.loser = m.P2, m.P1
	}
	// The match as CompleteResult stored it.
	out := m
	out.Match = moved
	return out, s.resultValidated(ctx, tx, v)
}

// resultValidated runs the side effects of one validated result, inside the validation's
// transaction: ratings and statistics, the challenge's status, the players' notifications. A
// new per-validation effect (experience points, …) is one more call here; it takes what it
// needs from v instead of reading the match, the tournament or the standings again.
func (s *Service) resultValidated(ctx context.Context, tx *store.Tx, v validatedResult) error {
	m, rc := v.m, v.change
	// Ratings and statistics move in the same transaction (one match, one rating period),
	// and so do XP, achievements and streaks (once: only when the match was newly applied).
	rated := store.RatedMatch{MatchID: m.ID, TournamentID: v.t.ID, Winner: m.WinnerID.Int64,
		Loser: m.LoserID.Int64, Score: m.Score, PlayedOn: m.PlayedOn, Change: rc}
	if added, err := s.db.RecordStats(ctx, tx, rated); err != nil {
		return err
	} else if added {
		if err := s.awardMatch(ctx, tx, rated); err != nil {
			return err
		}
	}
	if err := s.db.SetChallengeStatusByMatch(ctx, tx, m.ID, "completed"); err != nil {
		return err
	}
	return s.notifyValidated(ctx, tx, v)
}

// notifyValidated tells both players the result and, when their position moved, the move.
func (s *Service) notifyValidated(ctx context.Context, tx *store.Tx, v validatedResult) error {
	m, rc := v.m, v.change
	var o outgoing
	for _, p := range []struct {
		user        store.User
		before, now int
		points      int
	}{{v.winner, rc.WinnerBefore, rc.WinnerAfter, rc.WinnerPoints}, {v.loser, rc.LoserBefore, rc.LoserAfter, rc.LoserPoints}} {
		params := map[string]any{"score": m.Score, "points": p.points, "position": p.now, "before": p.before}
		if err := s.queueNote(tx, &o, p.user, matchNote(ResultValidated, "result_validated", m, params)); err != nil {
			return err
		}
		if p.before != p.now {
			key := "ranking_up"
			if p.now > p.before {
				key = "ranking_down"
			}
			n := matchNote(RankingChanged, key, m, params)
			n.ActionURL = "/tournaments/" + itoa64(m.TournamentID) + "?tab=ranking"
			if err := s.queueNote(tx, &o, p.user, n); err != nil {
				return err
			}
		}
	}
	return s.sendQueued(ctx, tx, &o)
}

// MatchListInput filters match lists: scope "mine" (the caller's matches) or "validation"
// (results waiting for the caller: to validate as referee, creator or super admin, or to
// confirm as opponent).
type MatchListInput struct {
	Scope        string
	TournamentID int64
	States       []string
	Before       int64
	Limit        int
}

// Matches lists matches for the caller.
func (s *Service) Matches(ctx context.Context, cur Current, in MatchListInput) ([]store.MatchRow, error) {
	if err := signedIn(cur); err != nil {
		return nil, err
	}
	f := store.MatchFilter{TournamentID: in.TournamentID, States: in.States, Before: in.Before, Limit: in.Limit}
	switch in.Scope {
	case "validation":
		// Results the caller validates: in the tournaments where policy lets them (everywhere,
		// for super admins), never of a match they play.
		f.NotPlayerID = cur.User.ID
		f.States = []string{"result_reported", "result_disputed"}
		if policy.ValidateResults(cur.Actor, policy.TournamentRelation{}, true) != nil {
			roles, err := s.db.ValidatorRoles(ctx, cur.User.ID)
			if err != nil {
				return nil, err
			}
			f.InTournaments = []int64{}
			for _, r := range roles {
				rel := policy.TournamentRelation{Creator: r.Creator, Referee: r.Referee, Member: r.Referee}
				if policy.ValidateResults(cur.Actor, rel, r.HasReferee) == nil {
					f.InTournaments = append(f.InTournaments, r.TournamentID)
				}
			}
		}
		rows, err := s.db.ListMatches(ctx, f)
		if err != nil {
			return nil, err
		}
		// Plus results the caller, as opponent, still has to confirm.
		mine, err := s.db.ListMatches(ctx, store.MatchFilter{PlayerID: cur.User.ID, States: []string{"result_reported"}, Limit: in.Limit})
		if err != nil {
			return nil, err
		}
		seen := map[int64]bool{}
		for _, r := range rows {
			seen[r.ID] = true
		}
		for _, r := range mine {
			if !seen[r.ID] && policy.AnswerResult(cur.Actor, MatchFacts(r)) == nil && !r.ResultConfirmed {
				rows = append(rows, r)
			}
		}
		return rows, nil
	default:
		f.PlayerID = cur.User.ID
		return s.db.ListMatches(ctx, f)
	}
}
