package httpapi

import (
	"context"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

type tournamentRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type ChallengeView struct {
	ID            int64         `json:"id"`
	Tournament    tournamentRef `json:"tournament"`
	Challenger    personView    `json:"challenger"`
	Challenged    personView    `json:"challenged"`
	Direction     string        `json:"direction" enum:"sent,received,other" doc:"The caller's side"`
	ProposedTimes []time.Time   `json:"proposed_times"`
	Message       string        `json:"message"`
	Status        string        `json:"status" enum:"pending,accepted,rejected,expired,cancelled,completed"`
	AutoAccepted  bool          `json:"auto_accepted" doc:"Accepted automatically: the challenged player had rejected the tournament's maximum"`
	MatchID       int64         `json:"match_id,omitempty"`
	ExpiresAt     time.Time     `json:"expires_at"`
	CreatedAt     time.Time     `json:"created_at"`
	CanAccept     bool          `json:"can_accept" doc:"Accept at one of the proposed times (the challenged player, while pending)"`
	CanReject     bool          `json:"can_reject" doc:"Reject (the challenged player, while pending)"`
	CanCancel     bool          `json:"can_cancel" doc:"Withdraw (the challenger, while pending)"`
}

func viewChallenge(c store.ChallengeRow, cur service.Current) ChallengeView {
	me := cur.User.ID
	v := ChallengeView{ID: c.ID, Tournament: tournamentRef{ID: c.TournamentID, Name: c.TournamentName},
		Challenger: viewPerson(c.Challenger), Challenged: viewPerson(c.Challenged), Direction: "other",
		ProposedTimes: service.DecodeTimes(c.ProposedTimes), Message: c.Message, Status: c.Status, AutoAccepted: c.AutoAccepted,
		MatchID: c.MatchID.Int64, ExpiresAt: c.ExpiresAt, CreatedAt: c.CreatedAt}
	can := service.ChallengePermissions(cur, c)
	v.CanAccept, v.CanReject, v.CanCancel = can.Accept, can.Reject, can.Cancel
	switch me {
	case c.ChallengerID:
		v.Direction = "sent"
	case c.ChallengedID:
		v.Direction = "received"
	}
	return v
}

type listChallengesInput struct {
	Box    string `query:"box" enum:"sent,received,all" doc:"Default all"`
	Status string `query:"status" enum:"all,pending,accepted,rejected,expired,cancelled,completed" doc:"rejected includes withdrawn (cancelled)"`
	Before int64  `query:"before" minimum:"0" doc:"Cursor: the last id of the previous page"`
	Limit  int    `query:"limit" minimum:"1" maximum:"100" default:"20"`
}

type listChallengesOutput struct {
	Body struct {
		Items []ChallengeView `json:"items"`
	}
}

func (s *Server) listChallenges(ctx context.Context, in *listChallengesInput) (*listChallengesOutput, error) {
	cur := currentFrom(ctx)
	cs, err := s.svc.Challenges(ctx, cur, service.ChallengeListInput{Box: in.Box, Status: in.Status, Before: in.Before, Limit: in.Limit})
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &listChallengesOutput{}
	out.Body.Items = make([]ChallengeView, len(cs))
	for i, c := range cs {
		out.Body.Items[i] = viewChallenge(c, cur)
	}
	return out, nil
}

type createChallengeInput struct {
	Body struct {
		TournamentID int64       `json:"tournament_id" minimum:"0"`
		OpponentID   int64       `json:"opponent_id" minimum:"0"`
		Times        []time.Time `json:"times" maxItems:"10" doc:"1 to 3 times, each at least 2 hours ahead"`
		Message      string      `json:"message,omitempty" maxLength:"2000"`
	}
}

type challengeOutput struct{ Body ChallengeView }

func (s *Server) createChallenge(ctx context.Context, in *createChallengeInput) (*challengeOutput, error) {
	cur := currentFrom(ctx)
	c, err := s.svc.CreateChallenge(ctx, cur, service.ChallengeInput{TournamentID: in.Body.TournamentID, OpponentID: in.Body.OpponentID,
		Times: in.Body.Times, Message: in.Body.Message})
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &challengeOutput{Body: viewChallenge(c, cur)}, nil
}

type challengeIDInput struct {
	ID int64 `path:"id" minimum:"1"`
}

func (s *Server) getChallenge(ctx context.Context, in *challengeIDInput) (*challengeOutput, error) {
	cur := currentFrom(ctx)
	c, err := s.svc.Challenge(ctx, cur, in.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &challengeOutput{Body: viewChallenge(c, cur)}, nil
}

type acceptChallengeInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		Time time.Time `json:"time" doc:"One of the proposed times"`
	}
}

func (s *Server) acceptChallenge(ctx context.Context, in *acceptChallengeInput) (*matchOutput, error) {
	m, err := s.svc.AcceptChallenge(ctx, currentFrom(ctx), in.ID, in.Body.Time)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return s.matchOutput(ctx, m)
}

func (s *Server) rejectChallenge(ctx context.Context, in *challengeIDInput) (*struct{}, error) {
	return nil, s.problemOrNil(ctx, s.svc.RejectChallenge(ctx, currentFrom(ctx), in.ID))
}

func (s *Server) cancelChallenge(ctx context.Context, in *challengeIDInput) (*struct{}, error) {
	return nil, s.problemOrNil(ctx, s.svc.CancelChallenge(ctx, currentFrom(ctx), in.ID))
}

type suggestionsInput struct {
	OpponentID int64 `query:"opponent_id" minimum:"1" required:"true"`
}

type suggestionsOutput struct {
	Body struct {
		Times              []time.Time `json:"times" doc:"Up to 6 starts that fit both weekly availabilities"`
		MineConfigured     bool        `json:"mine_configured" doc:"The caller has set a weekly availability"`
		OpponentConfigured bool        `json:"opponent_configured"`
	}
}

func (s *Server) suggestTimes(ctx context.Context, in *suggestionsInput) (*suggestionsOutput, error) {
	sg, err := s.svc.SuggestTimes(ctx, currentFrom(ctx), in.OpponentID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &suggestionsOutput{}
	out.Body.Times, out.Body.MineConfigured, out.Body.OpponentConfigured = sg.Times, sg.MineConfigured, sg.OpponentConfigured
	return out, nil
}
