package service

import (
	"context"
	"errors"
	"strings"

	"github.com/jmoiron/sqlx"

	"github.com/tennisladder/ladder/internal/policy"

	"github.com/tennisladder/ladder/internal/store"
)

// ValidateResult approves or rejects a reported result (the tournament's referee, its creator
// when it has none, super admins). Approval completes the match and moves the standings with the
// tournament's ranking type and points; rejection clears the score so the players report again.
// The tournament's lock is taken first and the match moves conditionally, so two referees at
// once change the standings exactly once.
func (s *Service) ValidateResult(ctx context.Context, cur Current, id int64, approve bool, notes string) (store.MatchRow, error) {
	if err := signedIn(cur); err != nil {
		return store.MatchRow{}, err
	}
	notes = strings.TrimSpace(notes)
	if len([]rune(notes)) > 1000 {
		return store.MatchRow{}, invalid("notes", "validation.too_long", map[string]any{"max": 1000})
	}
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		pre, err := s.db.MatchByID(ctx, tx, id)
		if errors.Is(err, store.ErrNotFound) {
			return &Error{Kind: KindNotFound, Code: "match.not_found"}
		} else if err != nil {
			return err
		}
		t, err := s.db.LockTournament(ctx, tx, pre.TournamentID)
		if err != nil {
			return err
		}
		m, acc, err := s.matchAccess(ctx, tx, cur, id)
		if err != nil {
			return err
		}
		if err := denied(policy.ValidateMatch(cur.Actor, acc.Scope, MatchFacts(m))); err != nil {
			return err
		}
		if !approve {
			ok, err := s.db.RejectMatchResult(ctx, tx, id, cur.User.ID, notes)
			if err != nil {
				return err
			}
			if !ok {
				return conflict("match.already_validated", map[string]any{"state": m.State})
			}
			if err := s.audit(ctx, tx, cur.Actor, AuditResultRejected, "match", id, map[string]any{"tournament": m.TournamentID,
				"score": m.Score, "from": m.State, "to": "time_confirmed", "notes": notes}); err != nil {
				return err
			}
			s.publishMatch(tx, m, cur.User.ID)
			note := matchNote(ResultValidated, "result_rejected", m, map[string]any{"score": m.Score, "notes": notes})
			if strings.TrimSpace(notes) == "" {
				note.MessageKey = "matches.result_rejected_no_notes" // no "rejected:  Report it again."
			}
			for _, p := range []int64{m.Player1ID, m.Player2ID} {
				if err := s.Notify(ctx, tx, p, note); err != nil {
					return err
				}
			}
			return nil
		}
		ok, err := s.db.CompleteMatch(ctx, tx, id, cur.User.ID, notes)
		if err != nil {
			return err
		}
		if !ok {
			return conflict("match.already_validated", map[string]any{"state": m.State})
		}
		s.publishMatch(tx, m, cur.User.ID)
		if t.Status != "active" {
			return conflict("tournament.not_active", nil)
		}
		rc, err := s.db.RecordResult(ctx, tx, &t, id, m.WinnerID.Int64, m.LoserID.Int64)
		if err != nil {
			return err
		}
		if err := s.audit(ctx, tx, cur.Actor, AuditResultValidated, "match", id, map[string]any{"tournament": m.TournamentID,
			"score": m.Score, "winner": m.WinnerID.Int64, "loser": m.LoserID.Int64, "from": m.State, "to": "completed", "notes": notes,
			"positions": map[string]any{"winner": []int{rc.WinnerBefore, rc.WinnerAfter}, "loser": []int{rc.LoserBefore, rc.LoserAfter}}}); err != nil {
			return err
		}
		// Ratings and statistics move in the same transaction (one match, one rating period).
		if _, err := s.db.RecordStats(ctx, tx, store.RatedMatch{MatchID: id, TournamentID: t.ID, Winner: m.WinnerID.Int64,
			Loser: m.LoserID.Int64, Score: m.Score, PlayedOn: m.PlayedOn, Change: rc}); err != nil {
			return err
		}
		if err := s.db.SetChallengeStatusByMatch(ctx, tx, id, "completed"); err != nil {
			return err
		}
		for _, p := range []struct {
			id          int64
			before, now int
			points      int
		}{{m.WinnerID.Int64, rc.WinnerBefore, rc.WinnerAfter, rc.WinnerPoints}, {m.LoserID.Int64, rc.LoserBefore, rc.LoserAfter, rc.LoserPoints}} {
			params := map[string]any{"score": m.Score, "points": p.points, "position": p.now, "before": p.before}
			if err := s.Notify(ctx, tx, p.id, matchNote(ResultValidated, "result_validated", m, params)); err != nil {
				return err
			}
			if p.before != p.now {
				key := "ranking_up"
				if p.now > p.before {
					key = "ranking_down"
				}
				n := matchNote(RankingChanged, key, m, params)
				n.ActionURL = "/tournaments/" + itoa64(m.TournamentID) + "?tab=ranking"
				if err := s.Notify(ctx, tx, p.id, n); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return store.MatchRow{}, err
	}
	return s.db.MatchByID(ctx, nil, id)
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
