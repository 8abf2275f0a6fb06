package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

// peopleRoutes are the super admins page and the user transfer (SPEC §2, §4, §5).
func peopleRoutes() []Route {
	return []Route{
		op(policy.SuperAdmins, huma.Operation{OperationID: "list-super-admins", Method: http.MethodGet, Path: "/api/admin/super-admins",
			Summary: "The super admins, the root account marked", Tags: []string{"admin"},
			Description: "Each row says whether the reader may remove it and, when not, why."}, (*Server).listSuperAdmins),
		op(policy.SuperAdmins, huma.Operation{OperationID: "create-super-admin", Method: http.MethodPost, Path: "/api/admin/super-admins",
			Summary: "Make a registered account a super admin (root only)", Tags: []string{"admin"}, DefaultStatus: http.StatusCreated,
			Description: "By the email of an account that already exists. Audited; the account is notified and signed out everywhere.",
			Errors:      []int{http.StatusForbidden, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).createSuperAdmin),
		op(policy.SuperAdmins, huma.Operation{OperationID: "remove-super-admin", Method: http.MethodDelete, Path: "/api/admin/super-admins/{id}",
			Summary: "Take the super admin role away (root only; the account becomes a player)", Tags: []string{"admin"},
			DefaultStatus: http.StatusNoContent, Description: "Never the root account; nobody removes themselves.",
			Errors: []int{http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).removeSuperAdmin),
		op(policy.SuperAdmins, huma.Operation{OperationID: "transfer-user", Method: http.MethodPost, Path: "/api/admin/transfers",
			Summary: "Transfer everything an account owns to another account and deactivate it", Tags: []string{"admin"},
			DefaultStatus: http.StatusCreated,
			Description: "One transaction: tournament participations (merged when both take part), matches, challenges, clubs, " +
				"notifications. The source can no longer sign in. Irreversible.",
			Errors: []int{http.StatusForbidden, http.StatusConflict, http.StatusUnprocessableEntity}}, (*Server).transferUser),
		op(policy.SuperAdmins, huma.Operation{OperationID: "list-transfers", Method: http.MethodGet, Path: "/api/admin/transfers",
			Summary: "The user transfer history, newest first", Tags: []string{"admin"}}, (*Server).listTransfers),
	}
}

type superAdminView struct {
	ID                   int64  `json:"id"`
	Email                string `json:"email"`
	DisplayName          string `json:"display_name"`
	PhotoURL             string `json:"photo_url"`
	IsRoot               bool   `json:"is_root" doc:"The main super admin: protected"`
	CanRemove            bool   `json:"can_remove"`
	RemoveRefusal        string `json:"remove_refusal,omitempty" doc:"Why the reader may not remove it (a code)"`
	RemoveRefusalMessage string `json:"remove_refusal_message,omitempty" doc:"The same, in the request's language"`
}

type superAdminsOutput struct {
	Body struct {
		Items     []superAdminView `json:"items"`
		CanCreate bool             `json:"can_create" doc:"The reader may make accounts super admins (root)"`
	}
}

func (s *Server) listSuperAdmins(ctx context.Context, _ *struct{}) (*superAdminsOutput, error) {
	cur := currentFrom(ctx)
	rows, err := s.svc.SuperAdmins(ctx, cur)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &superAdminsOutput{}
	out.Body.Items = make([]superAdminView, len(rows))
	for i, r := range rows {
		v := superAdminView{ID: r.User.ID, Email: r.User.Email, DisplayName: service.DisplayName(r.User), PhotoURL: photoURL(r.User),
			IsRoot: r.Root, CanRemove: r.CanRemove, RemoveRefusal: r.RemoveRefusal}
		if r.RemoveRefusal != "" {
			v.RemoveRefusalMessage = messages.T(langOf(ctx), r.RemoveRefusal, nil)
		}
		out.Body.Items[i] = v
	}
	out.Body.CanCreate = policy.AddSuperAdmin(cur.Actor, policy.Target{}) == nil
	return out, nil
}

type createSuperAdminInput struct {
	Body struct {
		Email string `json:"email,omitempty" maxLength:"254" doc:"Email of an already registered account"`
	}
}

type userCreatedOutput struct {
	Body UserView
}

func (s *Server) createSuperAdmin(ctx context.Context, in *createSuperAdminInput) (*userCreatedOutput, error) {
	u, err := s.svc.AddSuperAdmin(ctx, currentFrom(ctx).Actor, in.Body.Email)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &userCreatedOutput{Body: s.viewUser(u)}, nil
}

type idInput struct {
	ID int64 `path:"id" minimum:"1" doc:"Account id"`
}

func (s *Server) removeSuperAdmin(ctx context.Context, in *idInput) (*struct{}, error) {
	if _, err := s.svc.RemoveSuperAdmin(ctx, currentFrom(ctx).Actor, in.ID); err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return nil, nil
}

// The fields are optional to the schema so that a missing one gets the form's own message
// (SPEC §5: 'Por favor, preencha todos os campos obrigatórios.'); the service requires them all.
type transferInput struct {
	Body struct {
		SourceEmail            string `json:"source_email,omitempty" maxLength:"254" doc:"The account to transfer from (it is deactivated)"`
		TargetEmail            string `json:"target_email,omitempty" maxLength:"254" doc:"The account that receives everything"`
		Reason                 string `json:"reason,omitempty" maxLength:"2000"`
		IdentityVerified       bool   `json:"identity_verified,omitempty" doc:"The person's identity was verified"`
		IrreversibleUnderstood bool   `json:"irreversible_understood,omitempty" doc:"The transfer cannot be undone"`
		UserInformed           bool   `json:"user_informed,omitempty" doc:"The person was informed"`
	}
}

type transferCounts = store.TransferCounts

type transferView struct {
	ID          int64          `json:"id"`
	SourceID    int64          `json:"source_id"`
	TargetID    int64          `json:"target_id"`
	SourceEmail string         `json:"source_email"`
	TargetEmail string         `json:"target_email"`
	Reason      string         `json:"reason"`
	ActorID     int64          `json:"actor_id"`
	ActorName   string         `json:"actor_name" doc:"Who ran it: name, else email"`
	Moved       transferCounts `json:"moved"`
	CreatedAt   time.Time      `json:"created_at"`
}

func viewTransfer(t store.UserTransfer) transferView {
	v := transferView{ID: t.ID, SourceID: t.SourceID, TargetID: t.TargetID, SourceEmail: t.SourceEmail, TargetEmail: t.TargetEmail,
		Reason: t.Reason, ActorID: t.ActorID, ActorName: t.ActorName, CreatedAt: t.CreatedAt}
	if v.ActorName == "" {
		v.ActorName = t.ActorEmail
	}
	_ = json.Unmarshal([]byte(t.Moved), &v.Moved)
	return v
}

type transferOutput struct {
	Body transferView
}

func (s *Server) transferUser(ctx context.Context, in *transferInput) (*transferOutput, error) {
	b := in.Body
	t, err := s.svc.TransferUser(ctx, currentFrom(ctx), service.TransferInput{SourceEmail: b.SourceEmail, TargetEmail: b.TargetEmail,
		Reason: b.Reason, IdentityVerified: b.IdentityVerified, IrreversibleUnderstood: b.IrreversibleUnderstood, UserInformed: b.UserInformed})
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &transferOutput{Body: viewTransfer(t)}, nil
}

type listTransfersInput struct {
	Before int64 `query:"before" minimum:"0" doc:"Cursor: the id of the last transfer of the previous page"`
	Limit  int   `query:"limit" minimum:"1" maximum:"100" default:"20"`
}

type listTransfersOutput struct {
	Body struct {
		Items      []transferView `json:"items"`
		NextBefore int64          `json:"next_before,omitempty" doc:"Pass as before for the next page; absent on the last page"`
	}
}

func (s *Server) listTransfers(ctx context.Context, in *listTransfersInput) (*listTransfersOutput, error) {
	ts, err := s.svc.UserTransfers(ctx, currentFrom(ctx), in.Before, in.Limit+1)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &listTransfersOutput{}
	if len(ts) > in.Limit {
		ts = ts[:in.Limit]
		out.Body.NextBefore = ts[len(ts)-1].ID
	}
	out.Body.Items = make([]transferView, len(ts))
	for i, t := range ts {
		out.Body.Items[i] = viewTransfer(t)
	}
	return out, nil
}
