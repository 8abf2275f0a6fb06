package service

import (
	"github.com/tennisladder/ladder/internal/gamification"

	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/tennisladder/ladder/internal/ladder"
	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// Challenge timing rules (SPEC §5, §9): 1 to 3 proposed times, each at least 2 hours ahead; we
// also refuse times more than 60 days ahead, which nobody can promise.
const (
	MaxProposedTimes = 3
	MinNotice        = 2 * time.Hour
	MaxAhead         = 60 * 24 * time.Hour
)

// ChallengeInput is the create challenge dialog.
type ChallengeInput struct {
	TournamentID, OpponentID int64
	Times                    []time.Time
	Message                  string
}

func invalid(field, code string, params map[string]any) error {
	return &Error{Kind: KindInvalid, Code: "validation.failed", Fields: []FieldError{{Field: field, Code: code, Params: params}}}
}

func conflict(code string, params map[string]any) error {
	return &Error{Kind: KindConflict, Code: code, Params: params}
}

// checkTimes validates proposed times and returns them sorted, in UTC, without duplicates.
func (s *Service) checkTimes(times []time.Time) ([]time.Time, error) {
	if len(times) == 0 {
		return nil, invalid("times", "challenge.time_required", nil)
	}
	if len(times) > MaxProposedTimes {
		return nil, invalid("times", "challenge.too_many_times", map[string]any{"max": MaxProposedTimes})
	}
	out := make([]time.Time, 0, len(times))
	now := s.now()
	for _, t := range times {
		t = t.UTC().Truncate(time.Minute)
		switch {
		case t.Before(now.Add(MinNotice)):
			return nil, invalid("times", "challenge.time_too_soon", map[string]any{"hours": 2})
		case t.After(now.Add(MaxAhead)):
			return nil, invalid("times", "challenge.time_too_far", map[string]any{"days": 60})
		}
		if !slices.ContainsFunc(out, t.Equal) {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b time.Time) int { return a.Compare(b) })
	return out, nil
}

func encodeTimes(ts []time.Time) string {
	b, _ := json.Marshal(ts)
	return string(b)
}

// DecodeTimes reads a JSON array of times as stored.
func DecodeTimes(s string) []time.Time {
	out := []time.Time{}
	_ = json.Unmarshal([]byte(s), &out)
	return out
}

// CreateChallenge sends a challenge after checking every rule: both players active in the active
// tournament, within its challenge range, nothing already open between them, both under the game
// limit. A challenged player who has rejected the tournament's maximum in the current period gets
// it accepted automatically: a match whose time they choose.
func (s *Service) CreateChallenge(ctx context.Context, cur Current, in ChallengeInput) (store.ChallengeRow, error) {
	var out store.ChallengeRow
	if err := signedIn(cur); err != nil {
		return out, err
	}
	if in.TournamentID == 0 || in.OpponentID == 0 {
		field := "opponent_id"
		if in.TournamentID == 0 {
			field = "tournament_id"
		}
		return out, invalid(field, "challenge.select_required", nil)
	}
	times, err := s.checkTimes(in.Times)
	if err != nil {
		return out, err
	}
	msg := strings.TrimSpace(in.Message)
	if len([]rune(msg)) > 500 {
		return out, invalid("message", "validation.too_long", map[string]any{"max": 500})
	}
	if in.OpponentID == cur.User.ID {
		return out, invalid("opponent_id", "challenge.not_yourself", nil)
	}
	slots, err := s.db.Availability(ctx, nil, cur.User.ID)
	if err != nil {
		return out, err
	}
	if len(slots) == 0 {
		return out, conflict("challenge.no_availability", nil)
	}
	var id int64
	err = s.spend(cur.User.ID, ActionChallenge, func() error {
		return s.db.Tx(ctx, func(tx *store.Tx) error {
			t, _, err := s.lockVisibleTournament(ctx, tx, cur, in.TournamentID)
			if err != nil {
				return err
			}
			opp, err := s.checkPairing(ctx, tx, cur, &t, in.OpponentID)
			if err != nil {
				return err
			}
			since := s.now().Add(-time.Duration(t.PeriodWeeks) * 7 * 24 * time.Hour)
			lim := ladder.Limits{MinGames: t.MinGames, MaxGames: t.MaxGames, PeriodWeeks: t.PeriodWeeks}
			for _, who := range []store.User{cur.User, opp} {
				n, err := s.db.CountGames(ctx, tx, t.ID, who.ID, since)
				if err != nil {
					return err
				}
				if !lim.CanPlayMore(n) {
					code := "challenge.limit_self"
					if who.ID != cur.User.ID {
						code = "challenge.limit_opponent"
					}
					return conflict(code, map[string]any{"name": DisplayName(who), "max": t.MaxGames, "weeks": t.PeriodWeeks, "count": n})
				}
			}
			rejected, err := s.db.CountRejections(ctx, tx, t.ID, opp.ID, since)
			if err != nil {
				return err
			}
			c := store.Challenge{TournamentID: t.ID, ChallengerID: cur.User.ID, ChallengedID: opp.ID, ProposedTimes: encodeTimes(times),
				Message: msg, Status: "pending", ExpiresAt: s.now().Add(time.Duration(t.ResponseDays) * 24 * time.Hour)}
			auto := rejected >= t.MaxRejections
			if auto {
				c.Status, c.AutoAccepted, c.RespondedAt = "accepted", true, sql.NullTime{Time: s.now(), Valid: true}
			}
			if err := s.db.InsertChallenge(ctx, tx, &c); err != nil {
				return err
			}
			if err := s.awardAction(ctx, tx, cur.User.ID, gamification.ActionFirstChallenge); err != nil {
				return err
			}
			id = c.ID
			params := map[string]any{"name": DisplayName(cur.User), "tournament": t.Name, "count": rejected}
			if !auto {
				s.publishChallenge(tx, t.ID, c.ID, 0, cur.User.ID, opp.ID)
				return s.Notify(ctx, tx, opp.ID, Note{Type: ChallengeReceived, TitleKey: "challenges.received_title",
					MessageKey: "challenges.received", Params: params, ActionURL: "/challenges?box=received"})
			}
			m := store.Match{TournamentID: t.ID, ChallengeID: sql.NullInt64{Int64: c.ID, Valid: true}, Player1ID: cur.User.ID,
				Player2ID: opp.ID, State: "time_proposed", ProposedTimes: c.ProposedTimes}
			if err := s.db.InsertMatch(ctx, tx, &m); err != nil {
				return err
			}
			if err := s.db.SetChallengeMatch(ctx, tx, c.ID, m.ID); err != nil {
				return err
			}
			s.publishChallenge(tx, t.ID, c.ID, m.ID, cur.User.ID, opp.ID)
			link := "/challenges?match=" + itoa64(m.ID)
			if err := s.Notify(ctx, tx, opp.ID, Note{Type: ChallengeReceived, TitleKey: "challenges.auto_accepted_title",
				MessageKey: "challenges.auto_accepted", Params: params, ActionURL: link}); err != nil {
				return err
			}
			return s.Notify(ctx, tx, cur.User.ID, Note{Type: MatchConfirmed, TitleKey: "challenges.auto_accepted_challenger_title",
				MessageKey: "challenges.auto_accepted_challenger", Params: map[string]any{"name": DisplayName(opp), "tournament": t.Name}, ActionURL: link})
		})
	})
	if err != nil {
		return out, err
	}
	return s.db.ChallengeByID(ctx, nil, id)
}

// checkPairing checks that the caller and the opponent are active players of t, within its
// challenge range, with nothing open between them; it returns the opponent.
func (s *Service) checkPairing(ctx context.Context, tx *store.Tx, cur Current, t *store.Tournament, opponentID int64) (store.User, error) {
	st, err := s.db.Standings(ctx, tx, t.ID, t.RankingType)
	if err != nil {
		return store.User{}, err
	}
	var me, them *store.Participant
	var meE, themE *policy.Entry
	for i := range st {
		e := &policy.Entry{UserID: st[i].UserID, Position: st[i].Position, Status: st[i].Status}
		switch st[i].UserID {
		case cur.User.ID:
			me, meE = &st[i], e
		case opponentID:
			them, themE = &st[i], e
		}
	}
	if err := policy.ChallengeOpponent(t.Status, t.ChallengeRange, meE, themE); err != nil {
		var d *policy.Denied
		errors.As(err, &d)
		switch d.Code {
		case policy.CodeChallengeOpponentMissing:
			return store.User{}, invalid("opponent_id", d.Code, nil)
		case policy.CodeChallengeSelfUnavailable:
			return store.User{}, conflict(d.Code, map[string]any{"status": me.Status})
		case policy.CodeChallengeOpponentAway:
			return store.User{}, conflict(d.Code, map[string]any{"name": DisplayName(them.User)})
		case policy.CodeChallengeOutOfRange:
			return store.User{}, conflict(d.Code, map[string]any{"range": t.ChallengeRange})
		}
		return store.User{}, conflict(d.Code, nil)
	}
	open, err := s.db.OpenBetween(ctx, tx, t.ID, cur.User.ID, opponentID)
	if err != nil {
		return store.User{}, err
	}
	if open {
		return store.User{}, conflict("challenge.already_open", map[string]any{"name": DisplayName(them.User)})
	}
	return them.User, nil
}

// ChallengeFacts is what the policy needs to know of a challenge.
func ChallengeFacts(c store.ChallengeRow) policy.ChallengeFacts {
	return policy.ChallengeFacts{Status: c.Status, Challenger: c.ChallengerID, Challenged: c.ChallengedID}
}

// ChallengePermissions is what the caller may do with c now (the page's can_* flags).
func ChallengePermissions(cur Current, c store.ChallengeRow) policy.ChallengeCan {
	return policy.ChallengePermissions(cur.Actor, ChallengeFacts(c))
}

// visibleChallenge reads a challenge its two players (and super admins) may see.
func (s *Service) visibleChallenge(ctx context.Context, tx *store.Tx, cur Current, id int64) (store.ChallengeRow, error) {
	c, err := s.db.ChallengeByID(ctx, tx, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !policy.SeeChallenge(cur.Actor, ChallengeFacts(c))) {
		return c, &Error{Kind: KindNotFound, Code: "challenge.not_found"}
	}
	return c, err
}

// AcceptChallenge accepts a pending challenge at one of its proposed times: a match with that
// time. Of concurrent answers exactly one counts; the others are told it was already answered.
func (s *Service) AcceptChallenge(ctx context.Context, cur Current, id int64, at time.Time) (store.MatchRow, error) {
	var matchID int64
	if err := signedIn(cur); err != nil {
		return store.MatchRow{}, err
	}
	if at.IsZero() {
		return store.MatchRow{}, invalid("time", "match.time_required", nil)
	}
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		c, err := s.visibleChallenge(ctx, tx, cur, id)
		if err != nil {
			return err
		}
		if err := denied(policy.AnswerChallenge(cur.Actor, ChallengeFacts(c))); err != nil {
			return err
		}
		if c.Status != "pending" {
			return conflict("challenge.already_answered", map[string]any{"status": c.Status})
		}
		if !slices.ContainsFunc(DecodeTimes(c.ProposedTimes), at.Equal) {
			return invalid("time", "challenge.time_not_proposed", nil)
		}
		if at.Before(s.now()) {
			return invalid("time", "challenge.time_passed", nil)
		}
		ok, err := s.db.RespondChallenge(ctx, tx, id, "accepted")
		if err != nil {
			return err
		}
		if !ok {
			return conflict("challenge.already_answered", nil)
		}
		// Read the players again now that the row is ours: a user transfer that committed while
		// this answer waited for the row moved them (PostgreSQL reads each statement afresh), and
		// the match must be made between the challenge's players as they are now.
		if c, err = s.db.ChallengeByID(ctx, tx, id); err != nil {
			return err
		}
		if err := denied(policy.AnswerChallenge(cur.Actor, ChallengeFacts(c))); err != nil {
			return conflict("challenge.already_answered", nil)
		}
		m := store.Match{TournamentID: c.TournamentID, ChallengeID: sql.NullInt64{Int64: c.ID, Valid: true}, Player1ID: c.ChallengerID,
			Player2ID: c.ChallengedID, State: "time_confirmed", ScheduledAt: sql.NullTime{Time: at.UTC(), Valid: true}}
		if err := s.db.InsertMatch(ctx, tx, &m); err != nil {
			return err
		}
		matchID = m.ID
		if err := s.db.SetChallengeMatch(ctx, tx, c.ID, m.ID); err != nil {
			return err
		}
		s.publishChallenge(tx, c.TournamentID, c.ID, m.ID, c.ChallengerID, c.ChallengedID)
		return s.Notify(ctx, tx, c.ChallengerID, Note{Type: MatchConfirmed, TitleKey: "challenges.accepted_title",
			MessageKey: "challenges.accepted", Params: map[string]any{"name": DisplayName(cur.User), "tournament": c.TournamentName,
				"time": at.UTC().Format(time.RFC3339)}, ActionURL: "/challenges?match=" + itoa64(m.ID)})
	})
	if err != nil {
		return store.MatchRow{}, err
	}
	return s.db.MatchByID(ctx, nil, matchID)
}

// RejectChallenge (the challenged player) or CancelChallenge (the challenger) ends a pending
// challenge and tells the other player.
func (s *Service) RejectChallenge(ctx context.Context, cur Current, id int64) error {
	return s.endChallenge(ctx, cur, id, "rejected")
}

// CancelChallenge withdraws a pending challenge (its challenger).
func (s *Service) CancelChallenge(ctx context.Context, cur Current, id int64) error {
	return s.endChallenge(ctx, cur, id, "cancelled")
}

func (s *Service) endChallenge(ctx context.Context, cur Current, id int64, status string) error {
	if err := signedIn(cur); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		c, err := s.visibleChallenge(ctx, tx, cur, id)
		if err != nil {
			return err
		}
		other, rule := c.ChallengerID, policy.AnswerChallenge
		if status == "cancelled" {
			other, rule = c.ChallengedID, policy.WithdrawChallenge
		}
		if err := denied(rule(cur.Actor, ChallengeFacts(c))); err != nil {
			return err
		}
		ok, err := s.db.RespondChallenge(ctx, tx, id, status)
		if err != nil {
			return err
		}
		if !ok {
			return conflict("challenge.already_answered", map[string]any{"status": c.Status})
		}
		s.publishChallenge(tx, c.TournamentID, c.ID, 0, c.ChallengerID, c.ChallengedID)
		return s.Notify(ctx, tx, other, Note{Type: ChallengeReceived, TitleKey: "challenges." + status + "_title",
			MessageKey: "challenges." + status, Params: map[string]any{"name": DisplayName(cur.User), "tournament": c.TournamentName},
			ActionURL: "/challenges"})
	})
}

// ExpireChallenges marks challenges unanswered past the tournament's response deadline expired
// and tells both players.
func (s *Service) ExpireChallenges(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		n, err = s.expireChallenges(ctx, tx)
		return err
	})
	return n, err
}

// expireChallenges is ExpireChallenges inside tx (the clean-up runs it with the other kinds).
func (s *Service) expireChallenges(ctx context.Context, tx *store.Tx) (int64, error) {
	expired, err := s.db.ExpireChallenges(ctx, tx, s.now())
	if err != nil {
		return 0, err
	}
	for _, c := range expired {
		s.publishChallenge(tx, c.TournamentID, c.ID, 0, c.ChallengerID, c.ChallengedID)
		for _, u := range []int64{c.ChallengerID, c.ChallengedID} {
			if err := s.Notify(ctx, tx, u, Note{Type: ChallengeReceived, TitleKey: "challenges.expired_title",
				MessageKey: "challenges.expired", Params: map[string]any{}, ActionURL: "/challenges"}); err != nil {
				return 0, err
			}
		}
	}
	return int64(len(expired)), nil
}

// ChallengeListInput filters the challenges page.
type ChallengeListInput struct {
	Box, Status string
	Before      int64
	Limit       int
}

// Challenges lists the caller's challenges, newest first.
func (s *Service) Challenges(ctx context.Context, cur Current, in ChallengeListInput) ([]store.ChallengeRow, error) {
	if err := signedIn(cur); err != nil {
		return nil, err
	}
	f := store.ChallengeFilter{UserID: cur.User.ID, Box: in.Box, Before: in.Before, Limit: in.Limit}
	if in.Status != "" && in.Status != "all" {
		f.Statuses = []string{in.Status}
		if in.Status == "rejected" {
			f.Statuses = append(f.Statuses, "cancelled") // "rejected" tab: refused or withdrawn
		}
	}
	return s.db.ListChallenges(ctx, f)
}

// Challenge returns one challenge its players may see.
func (s *Service) Challenge(ctx context.Context, cur Current, id int64) (store.ChallengeRow, error) {
	if err := signedIn(cur); err != nil {
		return store.ChallengeRow{}, err
	}
	return s.visibleChallenge(ctx, nil, cur, id)
}
