package service

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/realtime"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/tennis"
)

// MatchAccess is the caller's relation to a match's tournament and what policy lets them do
// with the match now.
type MatchAccess struct {
	Scope policy.MatchScope
	Can   policy.MatchCan
	Chat  bool // the caller is in the match's conversation (policy.ConversationMember)
}

// matchChat says whether a is in the conversation of match m seen with scope sc.
func matchChat(a policy.Actor, sc policy.MatchScope, m policy.MatchFacts) bool {
	return policy.ConversationMember(a, policy.ConversationFacts{Kind: policy.ConversationMatch, Tournament: sc.Tournament,
		Match: m, HasReferee: sc.HasReferee})
}

// MatchFacts is what the policy needs to know of a match.
func MatchFacts(m store.MatchRow) policy.MatchFacts {
	return policy.MatchFacts{State: m.State, Player1: m.Player1ID, Player2: m.Player2ID, Reporter: m.ReporterID.Int64,
		ResultConfirmed: m.ResultConfirmed, Scheduled: m.ScheduledAt.Valid && m.State != "time_proposed" && m.State != "cancelled"}
}

// matchAccess reads a match and the caller's relation to it; outsiders get "Match not found".
func (s *Service) matchAccess(ctx context.Context, tx *store.Tx, cur Current, id int64) (store.MatchRow, MatchAccess, error) {
	var acc MatchAccess
	m, err := s.db.MatchByID(ctx, tx, id)
	if errors.Is(err, store.ErrNotFound) {
		return m, acc, &Error{Kind: KindNotFound, Code: "match.not_found"}
	}
	if err != nil {
		return m, acc, err
	}
	t, err := s.db.TournamentByID(ctx, tx, m.TournamentID)
	if err != nil {
		return m, acc, err
	}
	return s.matchScope(ctx, tx, cur, m, t)
}

// matchScope is the caller's relation to match m of tournament t and what policy lets them do.
func (s *Service) matchScope(ctx context.Context, tx *store.Tx, cur Current, m store.MatchRow, t store.Tournament) (store.MatchRow, MatchAccess, error) {
	// The caller's relation (decided as relation decides it) and whether the tournament has a
	// referee, in one read (issue 16: the result write reads no account and no list for it).
	r, err := s.db.MatchRelationOf(ctx, tx, t.ID, cur.User.ID)
	if err != nil {
		return m, MatchAccess{}, err
	}
	return matchScopeOf(cur, m, t, r)
}

// matchScopeOf is matchScope with the caller's relation r to t read.
func matchScopeOf(cur Current, m store.MatchRow, t store.Tournament, r store.MatchRelation) (store.MatchRow, MatchAccess, error) {
	var acc MatchAccess
	var rel policy.TournamentRelation
	if cur.Actor.SignedIn() {
		rel.Creator = t.CreatorID.Valid && t.CreatorID.Int64 == cur.User.ID
		rel.Member = r.Found && r.Status != "requested"
		rel.Referee = rel.Member && r.Role == "referee"
	}
	hasReferee := r.HasReferee
	acc.Scope = policy.MatchScope{Tournament: rel, HasReferee: hasReferee}
	if !policy.SeeMatch(cur.Actor, acc.Scope, MatchFacts(m)) {
		return m, acc, &Error{Kind: KindNotFound, Code: "match.not_found"}
	}
	acc.Can = policy.MatchPermissions(cur.Actor, acc.Scope, MatchFacts(m))
	acc.Chat = matchChat(cur.Actor, acc.Scope, MatchFacts(m))
	return m, acc, nil
}

// Match returns one match with what the caller may do.
func (s *Service) Match(ctx context.Context, cur Current, id int64) (store.MatchRow, MatchAccess, error) {
	if err := signedIn(cur); err != nil {
		return store.MatchRow{}, MatchAccess{}, err
	}
	return s.matchAccess(ctx, nil, cur, id)
}

func (s *Service) otherPlayer(m store.MatchRow, me int64) (store.User, store.User) {
	if m.Player1ID == me {
		return m.P1, m.P2
	}
	return m.P2, m.P1
}

func matchNote(typ NotificationType, key string, m store.MatchRow, params map[string]any) Note {
	if params == nil {
		params = map[string]any{}
	}
	params["tournament"] = m.TournamentName
	return Note{Type: typ, TitleKey: "matches." + key + "_title", MessageKey: "matches." + key, Params: params,
		ActionURL: "/challenges?match=" + itoa64(m.ID)}
}

// MatchPlace is the optional where of a match.
type MatchPlace struct{ Location, Court, Surface string }

// ConfirmMatchTime fixes when (one of the proposed times, or any later time once agreed) and
// where a match is played; either player may do it, and the other is told.
func (s *Service) ConfirmMatchTime(ctx context.Context, cur Current, id int64, at time.Time, place MatchPlace) (store.MatchRow, error) {
	if err := signedIn(cur); err != nil {
		return store.MatchRow{}, err
	}
	if at.IsZero() {
		return store.MatchRow{}, invalid("time", "match.time_required", nil)
	}
	var fe fieldErrors
	place.Location = fe.optionalText("location", place.Location, 200)
	place.Court = fe.optionalText("court", place.Court, 60)
	if place.Surface != "" {
		fe.oneOf("surface", place.Surface, Surfaces...)
	}
	if err := fe.err(); err != nil {
		return store.MatchRow{}, err
	}
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		m, _, err := s.matchAccess(ctx, tx, cur, id)
		if err != nil {
			return err
		}
		if err := denied(policy.PlayMatch(cur.Actor, MatchFacts(m))); err != nil {
			return err
		}
		if proposed := DecodeTimes(m.ProposedTimes); m.State == "time_proposed" && len(proposed) > 0 && !slices.ContainsFunc(proposed, at.Equal) {
			return invalid("time", "challenge.time_not_proposed", nil)
		}
		if at.Before(s.now()) {
			return invalid("time", "challenge.time_passed", nil)
		}
		ok, err := s.db.ConfirmMatchTime(ctx, tx, id, at.UTC(), place.Location, place.Court, place.Surface)
		if err != nil {
			return err
		}
		if !ok {
			return conflict("match.not_schedulable", map[string]any{"state": m.State})
		}
		s.publishMatch(tx, m)
		me, other := s.otherPlayer(m, cur.User.ID)
		return s.Notify(ctx, tx, other.ID, matchNote(MatchConfirmed, "time_confirmed", m,
			map[string]any{"name": DisplayName(me), "time": at.UTC().Format(time.RFC3339)}))
	})
	if err != nil {
		return store.MatchRow{}, err
	}
	return s.db.MatchByID(ctx, nil, id)
}

// ReportResult records the score a player reports, written from their own side (e.g. "6-4 3-6
// 10-8" when they won the first set 6-4); the winner follows from it. A result is reported once;
// the opponent then confirms or disputes it and a referee validates it.
func (s *Service) ReportResult(ctx context.Context, cur Current, id int64, score, playedOn string) (store.MatchRow, error) {
	if err := signedIn(cur); err != nil {
		return store.MatchRow{}, err
	}
	sc, err := tennis.Parse(score)
	if err != nil {
		var te *tennis.Error
		if errors.As(err, &te) {
			return store.MatchRow{}, invalid("score", te.Code, map[string]any{"set": te.Set})
		}
		return store.MatchRow{}, err
	}
	playedOn = strings.TrimSpace(playedOn)
	day, err := time.Parse("2006-01-02", playedOn)
	switch {
	case playedOn == "":
		return store.MatchRow{}, invalid("played_on", "validation.required", nil)
	case err != nil:
		return store.MatchRow{}, invalid("played_on", "tournament.date_invalid", nil)
	case day.After(today(s.now())):
		return store.MatchRow{}, invalid("played_on", "match.date_future", nil)
	}
	err = s.spend(cur.User.ID, ActionReport, func() error {
		return s.db.Tx(ctx, func(tx *store.Tx) error {
			m, _, err := s.matchAccess(ctx, tx, cur, id)
			if err != nil {
				return err
			}
			if err := denied(policy.PlayMatch(cur.Actor, MatchFacts(m))); err != nil {
				return err
			}
			if day.Before(today(m.CreatedAt)) {
				return invalid("played_on", "match.date_before_match", nil)
			}
			// Not before the agreed time: its calendar day in the platform's time zone, since the
			// report carries only a date. Not the reporter's own zone: they choose it, and a zone
			// far west (Etc/GMT+12) would let them date the match the day before.
			if m.ScheduledAt.Valid {
				agreed := m.ScheduledAt.Time.In(location(store.DefaultTimezone))
				y, mo, d := agreed.Date()
				if day.Before(time.Date(y, mo, d, 0, 0, 0, 0, time.UTC)) {
					return invalid("played_on", "match.played_before_time", map[string]any{"date": agreed.Format("2006-01-02")})
				}
			}
			me, other := s.otherPlayer(m, cur.User.ID)
			winner, loser, written := me, other, sc
			if sc.Winner == 1 {
				winner, loser, written = other, me, sc.Flip()
			}
			ok, err := s.db.ReportMatchResult(ctx, tx, id, me.ID, winner.ID, loser.ID, written.String(), playedOn)
			if err != nil {
				return err
			}
			if !ok {
				return conflict("match.already_reported", map[string]any{"state": m.State})
			}
			s.publishMatch(tx, m)
			params := map[string]any{"name": DisplayName(me), "score": written.String(), "winner": DisplayName(winner)}
			if err := s.Notify(ctx, tx, other.ID, matchNote(ResultPending, "result_to_confirm", m, params)); err != nil {
				return err
			}
			return s.notifyValidators(ctx, tx, m, cur, matchNote(ResultPending, "result_to_validate", m, params))
		})
	})
	if err != nil {
		return store.MatchRow{}, err
	}
	return s.db.MatchByID(ctx, nil, id)
}

// notifyValidators tells whoever validates the tournament's results (its referee, else its
// creator), except the caller and the match's players: nobody validates their own match.
func (s *Service) notifyValidators(ctx context.Context, tx *store.Tx, m store.MatchRow, cur Current, n Note) error {
	refs, err := s.db.Referees(ctx, tx, m.TournamentID)
	if err != nil {
		return err
	}
	t, err := s.db.TournamentByID(ctx, tx, m.TournamentID)
	if err != nil {
		return err
	}
	var told []int64
	for _, id := range policy.ResultValidators(refs, t.CreatorID.Int64) {
		if id != cur.User.ID && !MatchFacts(m).Party(id) {
			if err := s.Notify(ctx, tx, id, n); err != nil {
				return err
			}
			told = append(told, id)
		}
	}
	// Their list of results to validate changes too.
	s.publish(tx, realtime.Event{Type: realtime.TypeMatch, Tournament: m.TournamentID, Match: m.ID, Users: told})
	return nil
}

// AnswerResult is the opponent's answer to a reported result: confirm, or dispute with a reason.
func (s *Service) AnswerResult(ctx context.Context, cur Current, id int64, confirm bool, reason string) (store.MatchRow, error) {
	if err := signedIn(cur); err != nil {
		return store.MatchRow{}, err
	}
	reason = strings.TrimSpace(reason)
	if len([]rune(reason)) > 500 {
		return store.MatchRow{}, invalid("reason", "validation.too_long", map[string]any{"max": 500})
	}
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		m, _, err := s.matchAccess(ctx, tx, cur, id)
		if err != nil {
			return err
		}
		if err := denied(policy.AnswerResult(cur.Actor, MatchFacts(m))); err != nil {
			return err
		}
		if !confirm && m.State == "result_reported" {
			if err := policy.DisputeResult(cur.Actor, MatchFacts(m)); policyCode(err) == policy.CodeAlreadyConfirmed {
				return conflict(policy.CodeAlreadyConfirmed, nil)
			} else if err != nil {
				return denied(err)
			}
		}
		var ok bool
		if confirm {
			ok, err = s.db.ConfirmMatchResult(ctx, tx, id)
		} else {
			ok, err = s.db.DisputeMatchResult(ctx, tx, id, reason)
		}
		if err != nil {
			return err
		}
		if !ok {
			return conflict("match.not_awaiting_answer", map[string]any{"state": m.State})
		}
		s.publishMatch(tx, m)
		key, typ := "result_confirmed", MatchResultConfirmed
		if !confirm {
			key, typ = "result_disputed", ResultPending
		}
		params := map[string]any{"name": DisplayName(cur.User), "score": m.Score, "reason": reason}
		if m.ReporterID.Valid {
			if err := s.Notify(ctx, tx, m.ReporterID.Int64, matchNote(typ, key, m, params)); err != nil {
				return err
			}
		}
		return s.notifyValidators(ctx, tx, m, cur, matchNote(typ, key+"_validator", m, params))
	})
	if err != nil {
		return store.MatchRow{}, err
	}
	return s.db.MatchByID(ctx, nil, id)
}

// CancelMatch calls off a match without a result (either player, or who manages the players).
func (s *Service) CancelMatch(ctx context.Context, cur Current, id int64) error {
	if err := signedIn(cur); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		m, acc, err := s.matchAccess(ctx, tx, cur, id)
		if err != nil {
			return err
		}
		if err := denied(policy.CancelMatch(cur.Actor, acc.Scope, MatchFacts(m))); err != nil {
			return err
		}
		ok, err := s.db.CancelMatch(ctx, tx, id, cur.User.ID)
		if err != nil {
			return err
		}
		if !ok {
			return conflict("match.not_cancellable", map[string]any{"state": m.State})
		}
		s.publishMatch(tx, m)
		if err := s.db.SetChallengeStatusByMatch(ctx, tx, id, "cancelled"); err != nil {
			return err
		}
		// Audited whoever cancels: a player calling off their own match, or staff doing it for them.
		if err := s.audit(ctx, tx, cur.Actor, AuditMatchCancelled, "match", id, map[string]any{"tournament": m.TournamentID,
			"from": m.State, "to": "cancelled", "by_player": cur.User.ID == m.Player1ID || cur.User.ID == m.Player2ID}); err != nil {
			return err
		}
		for _, p := range []int64{m.Player1ID, m.Player2ID} {
			if p != cur.User.ID {
				if err := s.Notify(ctx, tx, p, matchNote(MatchConfirmed, "cancelled", m, map[string]any{"name": DisplayName(cur.User)})); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
