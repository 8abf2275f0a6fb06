package httpapi

import (
	"context"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

// deletionView is a deletion request on the deletions screen. The subject's email is shown
// while the account exists (the operator must know whom it names); once erased, only the
// "deleted" flag remains.
type deletionView struct {
	ID          int64       `json:"id"`
	State       string      `json:"state" enum:"pending,approved,declined"`
	Reason      string      `json:"reason"`
	Self        bool        `json:"self" doc:"The person asked for their own deletion"`
	User        personView  `json:"user"`
	UserEmail   string      `json:"user_email,omitempty" doc:"Absent once the account is erased"`
	RequestedBy *personView `json:"requested_by,omitempty"`
	DecidedBy   *personView `json:"decided_by,omitempty"`
	DecidedAt   *time.Time  `json:"decided_at,omitempty"`
	CreatedAt   time.Time   `json:"created_at"`
	CanDecide   bool        `json:"can_decide" doc:"The reader may approve or decline it (the root, not on its own request)"`
}

func viewDeletion(v service.DeletionView) deletionView {
	out := deletionView{ID: v.ID, State: v.State, Reason: v.Reason, Self: v.Self, User: viewPerson(v.User),
		CreatedAt: v.CreatedAt, CanDecide: v.CanDecide}
	if !v.User.DeletedAt.Valid {
		out.UserEmail = v.User.Email
	}
	if v.Requester.ID != 0 {
		p := viewPerson(v.Requester)
		out.RequestedBy = &p
	}
	if v.Decider.ID != 0 {
		p := viewPerson(v.Decider)
		out.DecidedBy = &p
	}
	if v.DecidedAt.Valid {
		t := v.DecidedAt.Time
		out.DecidedAt = &t
	}
	return out
}

type deletionListInput struct {
	State  string `query:"state" enum:"pending,approved,declined" doc:"Default: every state, pending first"`
	Offset int    `query:"offset" minimum:"0" maximum:"100000"`
	Limit  int    `query:"limit" minimum:"1" maximum:"100" default:"20"`
}

type deletionListOutput struct {
	Body struct {
		Items []deletionView `json:"items"`
		Total int            `json:"total"`
	}
}

func (s *Server) listDeletions(ctx context.Context, in *deletionListInput) (*deletionListOutput, error) {
	rows, total, err := s.svc.DeletionRequests(ctx, currentFrom(ctx).Actor, in.State, in.Offset, in.Limit)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &deletionListOutput{}
	out.Body.Total = total
	out.Body.Items = make([]deletionView, len(rows))
	for i, r := range rows {
		out.Body.Items[i] = viewDeletion(r)
	}
	return out, nil
}

type deletionRequestInput struct {
	Body struct {
		Email  string `json:"email" maxLength:"254" doc:"The account to delete"`
		Reason string `json:"reason" maxLength:"2000" doc:"Required"`
	}
}

type deletionOutput struct{ Body deletionView }

func (s *Server) requestDeletion(ctx context.Context, in *deletionRequestInput) (*deletionOutput, error) {
	v, err := s.svc.RequestDeletion(ctx, currentFrom(ctx).Actor, in.Body.Email, in.Body.Reason)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &deletionOutput{Body: viewDeletion(v)}, nil
}

type deletionIDInput struct {
	ID int64 `path:"id" minimum:"1"`
}

func (s *Server) approveDeletion(ctx context.Context, in *deletionIDInput) (*deletionOutput, error) {
	return s.decideDeletion(ctx, in.ID, true)
}

func (s *Server) declineDeletion(ctx context.Context, in *deletionIDInput) (*deletionOutput, error) {
	return s.decideDeletion(ctx, in.ID, false)
}

func (s *Server) decideDeletion(ctx context.Context, id int64, approve bool) (*deletionOutput, error) {
	v, err := s.svc.DecideDeletion(ctx, currentFrom(ctx).Actor, id, approve)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &deletionOutput{Body: viewDeletion(v)}, nil
}

type ownDeletionView struct {
	Pending     bool       `json:"pending" doc:"A request for the caller's deletion waits for the root"`
	RequestedAt *time.Time `json:"requested_at,omitempty"`
}

type ownDeletionOutput struct{ Body ownDeletionView }

func (s *Server) getOwnDeletion(ctx context.Context, _ *struct{}) (*ownDeletionOutput, error) {
	r, err := s.svc.OwnDeletion(ctx, currentFrom(ctx))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &ownDeletionOutput{}
	if r != nil {
		out.Body.Pending, out.Body.RequestedAt = true, &r.CreatedAt
	}
	return out, nil
}

type ownDeletionInput struct {
	Body struct {
		Reason string `json:"reason,omitempty" maxLength:"2000" default:"" doc:"Optional"`
	}
}

func (s *Server) requestOwnDeletion(ctx context.Context, in *ownDeletionInput) (*ownDeletionOutput, error) {
	v, err := s.svc.RequestOwnDeletion(ctx, currentFrom(ctx), in.Body.Reason)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &ownDeletionOutput{Body: ownDeletionView{Pending: true, RequestedAt: &v.CreatedAt}}, nil
}

// panelRowView is one player of the players panel with their statistics.
type panelRowView struct {
	ID           int64  `json:"id"`
	DisplayName  string `json:"display_name"`
	PhotoURL     string `json:"photo_url"`
	Email        string `json:"email" doc:"Super admins see every account's email here (to act on it: deletion, transfer)"`
	ClubName     string `json:"club_name,omitempty"`
	Status       string `json:"status"`
	Role         string `json:"role"`
	Matches      int    `json:"matches" doc:"Validated matches"`
	Wins         int    `json:"wins"`
	Losses       int    `json:"losses"`
	Points       int    `json:"points" doc:"Ranking points won in validated matches, all tournaments (the statistics page's figure)"`
	WinRate      int    `json:"win_rate" doc:"Percent of validated matches won, 0-100"`
	Tournaments  int    `json:"tournaments"`
	BestPosition int    `json:"best_position" doc:"Best place in any standing (0: none)"`
}

type playersPanelInput struct {
	Q      string `query:"q" maxLength:"100" doc:"Names or email (accents and case ignored)"`
	ClubID int64  `query:"club_id" minimum:"0" doc:"Home club or membership"`
	Sort   string `query:"sort" enum:"win_rate,wins,points,matches,name" default:"name"`
	Order  string `query:"order" enum:"asc,desc" doc:"Default: desc for statistics, asc for name"`
	Offset int    `query:"offset" minimum:"0" maximum:"100000"`
	Limit  int    `query:"limit" minimum:"1" maximum:"100" default:"20"`
}

type playersPanelOutput struct {
	Body struct {
		Items []panelRowView `json:"items"`
		Total int            `json:"total"`
	}
}

func (s *Server) playersPanel(ctx context.Context, in *playersPanelInput) (*playersPanelOutput, error) {
	desc := in.Order == "desc" || (in.Order == "" && in.Sort != "name")
	rows, total, err := s.svc.PlayersPanel(ctx, currentFrom(ctx).Actor, store.PanelQuery{Search: in.Q, ClubID: in.ClubID,
		Sort: in.Sort, Desc: desc, Offset: in.Offset, Limit: in.Limit})
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &playersPanelOutput{}
	out.Body.Total = total
	out.Body.Items = make([]panelRowView, len(rows))
	for i, r := range rows {
		out.Body.Items[i] = panelRowView{ID: r.User.ID, DisplayName: service.DisplayName(r.User), PhotoURL: photoURL(r.User), Email: r.User.Email, ClubName: r.ClubName.String, Status: r.User.Status,
			Role: r.User.Role, Matches: r.Matches, Wins: r.Wins, Losses: r.Losses, Points: r.Points,
			WinRate: (r.WinRatePermil + 5) / 10, Tournaments: r.Tournaments, BestPosition: r.BestPosition}
	}
	return out, nil
}
