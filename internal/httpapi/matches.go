package httpapi

import (
	"context"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

type MatchView struct {
	ID              int64         `json:"id"`
	Tournament      tournamentRef `json:"tournament"`
	ChallengeID     int64         `json:"challenge_id,omitempty"`
	Player1         personView    `json:"player1" doc:"The challenger"`
	Player2         personView    `json:"player2"`
	State           string        `json:"state" enum:"waiting_opponent,time_proposed,time_confirmed,in_progress,result_reported,result_disputed,completed,cancelled" doc:"in_progress: time confirmed and the time has come"`
	ScheduledAt     *time.Time    `json:"scheduled_at,omitempty"`
	ProposedTimes   []time.Time   `json:"proposed_times" doc:"While the time is to be chosen"`
	Location        string        `json:"location"`
	Court           string        `json:"court"`
	Surface         string        `json:"surface"`
	Score           string        `json:"score" doc:"From the winner's side, e.g. 6-4 3-6 10-8"`
	PlayedOn        string        `json:"played_on,omitempty"`
	ReporterID      int64         `json:"reporter_id,omitempty"`
	WinnerID        int64         `json:"winner_id,omitempty"`
	ResultConfirmed bool          `json:"result_confirmed" doc:"The opponent agreed with the reported result"`
	DisputeReason   string        `json:"dispute_reason,omitempty"`
	ValidationNotes string        `json:"validation_notes,omitempty"`
	ValidatedAt     *time.Time    `json:"validated_at,omitempty"`
	WinnerPoints    int           `json:"winner_points"`
	LoserPoints     int           `json:"loser_points"`
	CanConfirmTime  bool          `json:"can_confirm_time" doc:"Set or change the time and place (the players, before a result)"`
	CanReport       bool          `json:"can_report" doc:"Report the result (the players, before a result)"`
	CanConfirm      bool          `json:"can_confirm" doc:"Confirm the reported result (the player who did not report it)"`
	CanDispute      bool          `json:"can_dispute" doc:"Dispute the reported result (the player who did not report it)"`
	CanValidate     bool          `json:"can_validate" doc:"Approve or reject the result (validators and super admins, never a player of the match)"`
	CanCancel       bool          `json:"can_cancel" doc:"Call the match off (the players, and who manages the tournament's players)"`
	CanCalendar     bool          `json:"can_calendar" doc:"Download it as an .ics event (its players and referees, once it has a time)"`
	CanChat         bool          `json:"can_chat" doc:"Open the match's conversation (its players and its referee)"`
}

func viewMatch(m store.MatchRow, acc service.MatchAccess, now time.Time) MatchView {
	v := MatchView{ID: m.ID, Tournament: tournamentRef{ID: m.TournamentID, Name: m.TournamentName}, ChallengeID: m.ChallengeID.Int64,
		Player1: viewPerson(m.P1), Player2: viewPerson(m.P2), State: m.State, ProposedTimes: service.DecodeTimes(m.ProposedTimes),
		Location: m.Location, Court: m.Court, Surface: m.Surface, Score: m.Score, PlayedOn: m.PlayedOn,
		ReporterID: m.ReporterID.Int64, WinnerID: m.WinnerID.Int64, ResultConfirmed: m.ResultConfirmed,
		DisputeReason: m.DisputeReason, ValidationNotes: m.ValidationNotes, WinnerPoints: m.WinnerPoints, LoserPoints: m.LoserPoints}
	if m.ScheduledAt.Valid {
		t := m.ScheduledAt.Time
		v.ScheduledAt = &t
		if m.State == "time_confirmed" && !t.After(now) {
			v.State = "in_progress"
		}
	}
	if m.ValidatedAt.Valid && m.State == "completed" {
		t := m.ValidatedAt.Time
		v.ValidatedAt = &t
	}
	c := acc.Can // the policy's answers: the page only reads them
	v.CanConfirmTime, v.CanReport, v.CanConfirm, v.CanDispute, v.CanValidate, v.CanCancel =
		c.ConfirmTime, c.Report, c.Confirm, c.Dispute, c.Validate, c.Cancel
	v.CanCalendar = c.Calendar
	v.CanChat = acc.Chat
	return v
}

type matchOutput struct{ Body MatchView }

// matchOutput renders a match after a change, with the caller's permissions read again.
func (s *Server) matchOutput(ctx context.Context, m store.MatchRow) (*matchOutput, error) {
	cur := currentFrom(ctx)
	fresh, acc, err := s.svc.Match(ctx, cur, m.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &matchOutput{Body: viewMatch(fresh, acc, time.Now())}, nil
}

type listMatchesInput struct {
	Scope        string   `query:"scope" enum:"mine,validation" doc:"mine (default): the caller's matches; validation: results waiting for the caller"`
	TournamentID int64    `query:"tournament_id" minimum:"0"`
	State        []string `query:"state" enum:"time_proposed,time_confirmed,result_reported,result_disputed,completed,cancelled"`
	Before       int64    `query:"before" minimum:"0"`
	Limit        int      `query:"limit" minimum:"1" maximum:"100" default:"20"`
}

type listMatchesOutput struct {
	Body struct {
		Items []MatchView `json:"items"`
	}
}

func (s *Server) listMatches(ctx context.Context, in *listMatchesInput) (*listMatchesOutput, error) {
	cur := currentFrom(ctx)
	ms, accs, err := s.svc.MatchList(ctx, cur, service.MatchListInput{Scope: in.Scope, TournamentID: in.TournamentID, States: in.State,
		Before: in.Before, Limit: in.Limit})
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &listMatchesOutput{}
	out.Body.Items = make([]MatchView, len(ms))
	now := time.Now()
	for i, m := range ms {
		out.Body.Items[i] = viewMatch(m, accs[i], now)
	}
	return out, nil
}

type matchIDInput struct {
	ID int64 `path:"id" minimum:"1"`
}

func (s *Server) getMatch(ctx context.Context, in *matchIDInput) (*matchOutput, error) {
	cur := currentFrom(ctx)
	m, acc, err := s.svc.Match(ctx, cur, in.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &matchOutput{Body: viewMatch(m, acc, time.Now())}, nil
}

type confirmTimeInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		Time     time.Time `json:"time"`
		Location string    `json:"location,omitempty" maxLength:"400"`
		Court    string    `json:"court,omitempty" maxLength:"120"`
		Surface  string    `json:"surface,omitempty" maxLength:"40"`
	}
}

func (s *Server) confirmMatchTime(ctx context.Context, in *confirmTimeInput) (*matchOutput, error) {
	m, err := s.svc.ConfirmMatchTime(ctx, currentFrom(ctx), in.ID, in.Body.Time,
		service.MatchPlace{Location: in.Body.Location, Court: in.Body.Court, Surface: in.Body.Surface})
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return s.matchOutput(ctx, m)
}

type reportResultInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		Score    string `json:"score" maxLength:"60" doc:"Sets from the reporter's side, e.g. 6-4 3-6 10-8 (best of 3; super tie-break as third set)"`
		PlayedOn string `json:"played_on" maxLength:"10" doc:"YYYY-MM-DD, not in the future"`
	}
}

func (s *Server) reportResult(ctx context.Context, in *reportResultInput) (*matchOutput, error) {
	m, err := s.svc.ReportResult(ctx, currentFrom(ctx), in.ID, in.Body.Score, in.Body.PlayedOn)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return s.matchOutput(ctx, m)
}

func (s *Server) confirmResult(ctx context.Context, in *matchIDInput) (*matchOutput, error) {
	m, err := s.svc.AnswerResult(ctx, currentFrom(ctx), in.ID, true, "")
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return s.matchOutput(ctx, m)
}

type disputeInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		Reason string `json:"reason,omitempty" maxLength:"2000"`
	}
}

func (s *Server) disputeResult(ctx context.Context, in *disputeInput) (*matchOutput, error) {
	m, err := s.svc.AnswerResult(ctx, currentFrom(ctx), in.ID, false, in.Body.Reason)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return s.matchOutput(ctx, m)
}

type validateInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		Approve bool   `json:"approve" doc:"true approves (the standings move); false rejects (the players report again)"`
		Notes   string `json:"notes,omitempty" maxLength:"4000"`
	}
}

func (s *Server) validateResult(ctx context.Context, in *validateInput) (*matchOutput, error) {
	m, err := s.svc.ValidateResult(ctx, currentFrom(ctx), in.ID, in.Body.Approve, in.Body.Notes)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return s.matchOutput(ctx, m)
}

func (s *Server) cancelMatch(ctx context.Context, in *matchIDInput) (*struct{}, error) {
	return nil, s.problemOrNil(ctx, s.svc.CancelMatch(ctx, currentFrom(ctx), in.ID))
}
