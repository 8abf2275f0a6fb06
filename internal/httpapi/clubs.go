package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

type clubStats struct {
	Members     int `json:"members"`
	Tournaments int `json:"tournaments" doc:"Active and ended tournaments of the club (club detail only)"`
	Matches     int `json:"matches" doc:"Matches played in the club's tournaments"`
}

type ClubView struct {
	ID           int64      `json:"id"`
	Name         string     `json:"name"`
	Address      string     `json:"address"`
	Phone        string     `json:"phone"`
	Email        string     `json:"email"`
	Website      string     `json:"website"`
	District     string     `json:"district"`
	Municipality string     `json:"municipality"`
	Surfaces     []string   `json:"surfaces" doc:"clay, hard, grass, carpet, artificial_grass, indoor_hard"`
	Facilities   []string   `json:"facilities" doc:"parking, changing_rooms, showers, lighting, cafe, pro_shop, coaching, indoor_courts, accessible, padel"`
	Status       string     `json:"status" enum:"pending,validated,rejected"`
	RejectReason string     `json:"reject_reason,omitempty"`
	ImageURL     string     `json:"image_url"`
	CreatorID    int64      `json:"creator_id,omitempty"`
	CreatedAt    time.Time  `json:"created_at"`
	ExpiresAt    *time.Time `json:"expires_at,omitempty" doc:"When a pending club is removed if not validated"`
	Stats        clubStats  `json:"stats"`
}

func viewClub(c store.Club) ClubView {
	v := ClubView{ID: c.ID, Name: c.Name, Address: c.Address, Phone: c.Phone, Email: c.Email, Website: c.Website,
		District: c.District, Municipality: c.Municipality, Status: c.Status, RejectReason: c.RejectReason,
		CreatorID: c.CreatorID.Int64, CreatedAt: c.CreatedAt, Stats: clubStats{Members: c.Members},
		Surfaces: []string{}, Facilities: []string{}}
	_ = json.Unmarshal([]byte(c.Surfaces), &v.Surfaces)
	_ = json.Unmarshal([]byte(c.Facilities), &v.Facilities)
	if c.ImageETag != "" {
		v.ImageURL = fmt.Sprintf("/api/clubs/%d/image?v=%s", c.ID, c.ImageETag)
	}
	if c.Status == "pending" {
		e := c.ExpiresAt
		v.ExpiresAt = &e
	}
	return v
}

type listClubsInput struct {
	Q            string `query:"q" maxLength:"100" doc:"Search in names (accents and case ignored)"`
	District     string `query:"district" maxLength:"60"`
	Municipality string `query:"municipality" maxLength:"80"`
	Status       string `query:"status" enum:"validated,pending,rejected" doc:"Pending and rejected: super admins see all, others their own proposals"`
	Cursor       string `query:"cursor" maxLength:"300"`
	Limit        int    `query:"limit" minimum:"1" maximum:"100" default:"24"`
}

type listClubsOutput struct {
	Body struct {
		Items      []ClubView `json:"items"`
		NextCursor string     `json:"next_cursor,omitempty" doc:"Pass as cursor for the next page"`
	}
}

func (s *Server) listClubs(ctx context.Context, in *listClubsInput) ([]byte, error) {
	body, kept, err := s.svc.ClubsJSON(ctx, currentFrom(ctx), service.ClubListInput{Query: in.Q, District: in.District,
		Municipality: in.Municipality, Status: in.Status, Cursor: in.Cursor, Limit: in.Limit}, renderClubs)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	if kept { // the page every such reader gets: it may go out compressed (gzipkept.go)
		keep(body)
	}
	return body, nil
}

// renderClubs encodes a page of clubs as listClubsOutput's body (kept with the page: the same
// for every viewer).
func renderClubs(clubs []store.Club, next string) ([]byte, error) {
	var out listClubsOutput
	out.Body.Items = make([]ClubView, len(clubs))
	for i, c := range clubs {
		out.Body.Items[i] = viewClub(c)
	}
	out.Body.NextCursor = next
	return encodeJSON(out.Body)
}

type clubBody struct {
	Name         string   `json:"name" maxLength:"300"`
	Address      string   `json:"address,omitempty" maxLength:"300"`
	Phone        string   `json:"phone,omitempty" maxLength:"40"`
	Email        string   `json:"email,omitempty" maxLength:"254"`
	Website      string   `json:"website,omitempty" maxLength:"300"`
	District     string   `json:"district,omitempty" maxLength:"60"`
	Municipality string   `json:"municipality,omitempty" maxLength:"80"`
	Surfaces     []string `json:"surfaces,omitempty" maxItems:"10"`
	Facilities   []string `json:"facilities,omitempty" maxItems:"20"`
}

// clubUpdateBody is the whole club (PUT replaces it): every field is required.
type clubUpdateBody struct {
	Name         string   `json:"name" maxLength:"300"`
	Address      string   `json:"address" maxLength:"300"`
	Phone        string   `json:"phone" maxLength:"40"`
	Email        string   `json:"email" maxLength:"254"`
	Website      string   `json:"website" maxLength:"300"`
	District     string   `json:"district" maxLength:"60"`
	Municipality string   `json:"municipality" maxLength:"80"`
	Surfaces     []string `json:"surfaces" maxItems:"10"`
	Facilities   []string `json:"facilities" maxItems:"20"`
}

func (b clubBody) input() service.ClubInput {
	return service.ClubInput{Name: b.Name, Address: b.Address, Phone: b.Phone, Email: b.Email, Website: b.Website,
		District: b.District, Municipality: b.Municipality, Surfaces: b.Surfaces, Facilities: b.Facilities}
}

type clubInput struct{ Body clubBody }
type clubOutput struct{ Body ClubView }

func (s *Server) proposeClub(ctx context.Context, in *clubInput) (*clubOutput, error) {
	c, err := s.svc.ProposeClub(ctx, currentFrom(ctx), in.Body.input())
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &clubOutput{Body: viewClub(c)}, nil
}

type clubIDInput struct {
	ID int64 `path:"id" minimum:"1"`
}

type updateClubInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body clubUpdateBody
}

func (s *Server) updateClub(ctx context.Context, in *updateClubInput) (*clubOutput, error) {
	c, err := s.svc.UpdateClub(ctx, currentFrom(ctx), in.ID, clubBody(in.Body).input())
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &clubOutput{Body: viewClub(c)}, nil
}

type memberView struct {
	UserID         int64     `json:"user_id"`
	DisplayName    string    `json:"display_name"`
	PhotoURL       string    `json:"photo_url"`
	Role           string    `json:"role" enum:"administrator,member"`
	JoinedAt       time.Time `json:"joined_at"`
	CanMakeAdmin   bool      `json:"can_make_admin" doc:"The caller may appoint this member as administrator"`
	CanRemoveAdmin bool      `json:"can_remove_admin" doc:"The caller may return this administrator to member"`
	CanRemove      bool      `json:"can_remove" doc:"The caller may remove this member from the club"`
}

type clubDetailOutput struct {
	Body struct {
		ClubView
		Members          []memberView `json:"members"`
		MyRole           string       `json:"my_role" doc:"administrator, member, or empty when not a member"`
		CanEdit          bool         `json:"can_edit"`
		CanDecide        bool         `json:"can_decide" doc:"Validate or reject (super admins, pending clubs)"`
		CanJoin          bool         `json:"can_join" doc:"A validated club the caller is not in; visitors sign in first"`
		CanLeave         bool         `json:"can_leave"`
		LeaveRefusal     string       `json:"leave_refusal,omitempty" doc:"Why a member may not leave (an error code, e.g. club.last_admin)"`
		CanManageMembers bool         `json:"can_manage_members" doc:"Appoint and demote administrators, remove members"`
	}
}

func (s *Server) getClub(ctx context.Context, in *clubIDInput) (*clubDetailOutput, error) {
	d, err := s.svc.Club(ctx, currentFrom(ctx), in.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &clubDetailOutput{}
	out.Body.ClubView = viewClub(d.Club)
	out.Body.Stats.Tournaments, out.Body.Stats.Matches = d.Tournaments, d.Matches
	out.Body.Members = make([]memberView, len(d.Members))
	for i, m := range d.Members {
		f := d.MemberFlags[m.UserID]
		out.Body.Members[i] = memberView{UserID: m.UserID, DisplayName: service.DisplayName(m.User), PhotoURL: photoURL(m.User),
			Role: m.Role, JoinedAt: m.JoinedAt, CanMakeAdmin: f.MakeAdmin, CanRemoveAdmin: f.RemoveAdmin, CanRemove: f.Remove}
	}
	out.Body.MyRole, out.Body.CanEdit, out.Body.CanDecide = d.MyRole, d.CanEdit, d.CanDecide
	out.Body.CanJoin, out.Body.CanLeave, out.Body.LeaveRefusal = d.CanJoin, d.CanLeave, d.LeaveRefusal
	out.Body.CanManageMembers = d.CanManageMembers
	return out, nil
}

type clubMemberInput struct {
	ID     int64 `path:"id" minimum:"1"`
	UserID int64 `path:"user" minimum:"1"`
}

type clubMemberRoleInput struct {
	ID     int64 `path:"id" minimum:"1"`
	UserID int64 `path:"user" minimum:"1"`
	Body   struct {
		Role string `json:"role" enum:"administrator,member" doc:"administrator appoints the member; member returns an administrator to member"`
	}
}

func (s *Server) setClubMemberRole(ctx context.Context, in *clubMemberRoleInput) (*struct{}, error) {
	if err := s.svc.SetClubMemberRole(ctx, currentFrom(ctx), in.ID, in.UserID, in.Body.Role); err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return nil, nil
}

func (s *Server) removeClubMember(ctx context.Context, in *clubMemberInput) (*struct{}, error) {
	if err := s.svc.RemoveClubMember(ctx, currentFrom(ctx), in.ID, in.UserID); err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return nil, nil
}

type rejectClubInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		Reason string `json:"reason,omitempty" maxLength:"2000" doc:"Optional, shown to the creator"`
	}
}

func (s *Server) validateClub(ctx context.Context, in *clubIDInput) (*clubOutput, error) {
	c, err := s.svc.DecideClub(ctx, currentFrom(ctx), in.ID, true, "")
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &clubOutput{Body: viewClub(c)}, nil
}

func (s *Server) rejectClub(ctx context.Context, in *rejectClubInput) (*clubOutput, error) {
	c, err := s.svc.DecideClub(ctx, currentFrom(ctx), in.ID, false, in.Body.Reason)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &clubOutput{Body: viewClub(c)}, nil
}

func (s *Server) joinClub(ctx context.Context, in *clubIDInput) (*struct{}, error) {
	if err := s.svc.JoinClub(ctx, currentFrom(ctx), in.ID); err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return nil, nil
}

func (s *Server) leaveClub(ctx context.Context, in *clubIDInput) (*struct{}, error) {
	if err := s.svc.LeaveClub(ctx, currentFrom(ctx), in.ID); err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return nil, nil
}

type clubImageInput struct {
	ID int64 `path:"id" minimum:"1"`
	Upload
}

func (s *Server) uploadClubImage(ctx context.Context, in *clubImageInput) (*clubOutput, error) {
	f, err := in.file(ctx, "image")
	if err != nil {
		return nil, err
	}
	c, err := s.svc.SetClubImage(ctx, currentFrom(ctx), in.ID, f)
	if err != nil {
		return nil, s.refused(ctx, &in.Upload, err)
	}
	return &clubOutput{Body: viewClub(c)}, nil
}

func (s *Server) serveClubImage(w http.ResponseWriter, r *http.Request) {
	var id int64
	if _, err := fmt.Sscan(r.PathValue("id"), &id); err != nil || id <= 0 {
		writeProblem(w, r, newProblem(langOf(r.Context()), http.StatusNotFound, "club.not_found", nil))
		return
	}
	p, err := s.svc.ClubImage(r.Context(), currentFrom(r.Context()), id)
	s.writeImage(w, r, p, err)
}
