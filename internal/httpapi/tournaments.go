package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/tennisladder/ladder/internal/ladder"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

type personView struct {
	ID          int64  `json:"id"`
	DisplayName string `json:"display_name" doc:"Empty for a deleted account"`
	PhotoURL    string `json:"photo_url"`
	Deleted     bool   `json:"deleted,omitempty" doc:"The account was erased: show the translated \"Deleted player\" label"`
}

func viewPerson(u store.User) personView {
	return personView{ID: u.ID, DisplayName: service.DisplayName(u), PhotoURL: photoURL(u), Deleted: u.DeletedAt.Valid}
}

type TournamentView struct {
	ID              int64          `json:"id"`
	Name            string         `json:"name"`
	ClubID          int64          `json:"club_id,omitempty"`
	ClubName        string         `json:"club_name,omitempty"`
	Location        string         `json:"location"`
	District        string         `json:"district"`
	Privacy         string         `json:"privacy" enum:"public,private"`
	EndDate         string         `json:"end_date,omitempty" doc:"YYYY-MM-DD"`
	ResponseDays    int            `json:"response_days" doc:"Days a challenged player has to answer"`
	MaxRejections   int            `json:"max_rejections" doc:"After this many rejections, challenges are accepted automatically"`
	RankingType     string         `json:"ranking_type" enum:"points,classic"`
	Preset          string         `json:"preset" enum:"standard,aggressive,conservative,tennis_style,custom"`
	Scoring         ladder.Scoring `json:"scoring"`
	Limits          ladder.Limits  `json:"limits"`
	ChallengeRange  int            `json:"challenge_range" doc:"Players may challenge up to this many places above or below (0: anyone)"`
	MaxParticipants int            `json:"max_participants" doc:"0: no limit"`
	SpecialRules    string         `json:"special_rules"`
	ImageURL        string         `json:"image_url"`
	Status          string         `json:"status" enum:"pending,active,rejected,inactive"`
	RejectReason    string         `json:"reject_reason,omitempty"`
	CreatorID       int64          `json:"creator_id,omitempty"`
	Players         int            `json:"players" doc:"Players in the standings"`
	CreatedAt       time.Time      `json:"created_at"`
	ExpiresAt       *time.Time     `json:"expires_at,omitempty" doc:"When a pending tournament is removed if not approved"`
}

func viewTournament(t store.Tournament) TournamentView {
	v := TournamentView{ID: t.ID, Name: t.Name, ClubID: t.ClubID.Int64, ClubName: t.ClubName, Location: t.Location,
		District: t.District, Privacy: t.Privacy, EndDate: t.EndDate, ResponseDays: t.ResponseDays,
		MaxRejections: t.MaxRejections, RankingType: t.RankingType, Preset: t.Preset,
		Scoring:        ladder.Scoring{WinVsHigher: t.WinVsHigher, WinVsLower: t.WinVsLower, Defeat: t.Defeat},
		Limits:         ladder.Limits{MinGames: t.MinGames, MaxGames: t.MaxGames, PeriodWeeks: t.PeriodWeeks},
		ChallengeRange: t.ChallengeRange, MaxParticipants: t.MaxParticipants, SpecialRules: t.SpecialRules,
		Status: t.Status, RejectReason: t.RejectReason, CreatorID: t.CreatorID.Int64, Players: t.Players,
		CreatedAt: t.CreatedAt}
	if t.ImageETag != "" {
		v.ImageURL = fmt.Sprintf("/api/tournaments/%d/image?v=%s", t.ID, t.ImageETag)
	}
	if t.Status == "pending" {
		e := t.ExpiresAt
		v.ExpiresAt = &e
	}
	return v
}

type listTournamentsInput struct {
	Q           string `query:"q" maxLength:"100" doc:"Search in names (accents and case ignored)"`
	ClubID      int64  `query:"club_id" minimum:"0"`
	District    string `query:"district" maxLength:"60"`
	Privacy     string `query:"privacy" enum:"public,private"`
	RankingType string `query:"ranking_type" enum:"points,classic"`
	Status      string `query:"status" enum:"active,inactive,pending,rejected,mine" doc:"Default active. Pending and rejected: super admins see all, others their own; mine: those the caller plays in"`
	Cursor      string `query:"cursor" maxLength:"300"`
	Limit       int    `query:"limit" minimum:"1" maximum:"100" default:"24"`
}

type listTournamentsOutput struct {
	Body struct {
		Items      []TournamentView `json:"items"`
		NextCursor string           `json:"next_cursor,omitempty" doc:"Pass as cursor for the next page"`
	}
}

func (s *Server) listTournaments(ctx context.Context, in *listTournamentsInput) ([]byte, error) {
	body, kept, err := s.svc.TournamentsJSON(ctx, currentFrom(ctx), service.TournamentListInput{Query: in.Q, ClubID: in.ClubID,
		District: in.District, Privacy: in.Privacy, RankingType: in.RankingType, Status: in.Status, Cursor: in.Cursor, Limit: in.Limit},
		renderTournaments)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	if kept { // the page every such reader gets: it may go out compressed (gzipkept.go)
		keep(body)
	}
	return body, nil
}

// renderTournaments encodes a page of tournaments as listTournamentsOutput's body (kept with the
// page: the same for every viewer).
func renderTournaments(ts []store.Tournament, next string) ([]byte, error) {
	var out listTournamentsOutput
	out.Body.Items = make([]TournamentView, len(ts))
	for i, t := range ts {
		out.Body.Items[i] = viewTournament(t)
	}
	out.Body.NextCursor = next
	return encodeJSON(out.Body)
}

// tournamentBody creates a tournament: name is required; every other field has the default its
// tag states (the zero value where none is written).
type tournamentBody struct {
	Name            string          `json:"name" maxLength:"300"`
	ClubID          int64           `json:"club_id,omitempty" minimum:"0" doc:"A validated club, or 0 for none"`
	Location        string          `json:"location,omitempty" maxLength:"400"`
	District        string          `json:"district,omitempty" maxLength:"60" doc:"Defaults to the club's district"`
	Privacy         string          `json:"privacy,omitempty" enum:"public,private" default:"public"`
	EndDate         string          `json:"end_date,omitempty" maxLength:"10" doc:"YYYY-MM-DD, today or later"`
	ResponseDays    *int            `json:"response_days,omitempty" default:"7" doc:"1 to 30"`
	MaxRejections   *int            `json:"max_rejections,omitempty" default:"3" doc:"0 to 20"`
	RankingType     string          `json:"ranking_type,omitempty" enum:"points,classic" default:"points"`
	Preset          string          `json:"preset,omitempty" enum:"standard,aggressive,conservative,tennis_style,custom" default:"standard"`
	Scoring         *ladder.Scoring `json:"scoring,omitempty" doc:"Required with the custom preset; ignored otherwise"`
	MinGames        *int            `json:"min_games,omitempty" default:"1"`
	MaxGames        *int            `json:"max_games,omitempty" default:"4"`
	PeriodWeeks     *int            `json:"period_weeks,omitempty" default:"2"`
	ChallengeRange  *int            `json:"challenge_range,omitempty" default:"3" doc:"0 to 50; 0 lets anyone challenge anyone"`
	MaxParticipants int             `json:"max_participants,omitempty" doc:"0 for no limit, else 2 to 500"`
	SpecialRules    string          `json:"special_rules,omitempty" maxLength:"8000"`
	Play            *bool           `json:"play,omitempty" default:"true" doc:"The creator joins as a player"`
}

// tournamentUpdateBody is the whole tournament (PUT replaces it): every field is required;
// scoring counts only with the custom preset.
type tournamentUpdateBody struct {
	Name            string         `json:"name" maxLength:"300"`
	ClubID          int64          `json:"club_id" minimum:"0" doc:"A validated club, or 0 for none"`
	Location        string         `json:"location" maxLength:"400"`
	District        string         `json:"district" maxLength:"60" doc:"Empty: the club's district"`
	Privacy         string         `json:"privacy" enum:"public,private"`
	EndDate         string         `json:"end_date" maxLength:"10" doc:"YYYY-MM-DD, today or later; empty for none"`
	ResponseDays    int            `json:"response_days" doc:"1 to 30"`
	MaxRejections   int            `json:"max_rejections" doc:"0 to 20"`
	RankingType     string         `json:"ranking_type" enum:"points,classic"`
	Preset          string         `json:"preset" enum:"standard,aggressive,conservative,tennis_style,custom"`
	Scoring         ladder.Scoring `json:"scoring" doc:"Used with the custom preset; ignored otherwise"`
	MinGames        int            `json:"min_games"`
	MaxGames        int            `json:"max_games"`
	PeriodWeeks     int            `json:"period_weeks"`
	ChallengeRange  int            `json:"challenge_range" doc:"0 to 50; 0 lets anyone challenge anyone"`
	MaxParticipants int            `json:"max_participants" doc:"0 for no limit, else 2 to 500"`
	SpecialRules    string         `json:"special_rules" maxLength:"8000"`
}

func (b tournamentUpdateBody) input() service.TournamentInput {
	return tournamentBody{Name: b.Name, ClubID: b.ClubID, Location: b.Location, District: b.District, Privacy: b.Privacy,
		EndDate: b.EndDate, ResponseDays: &b.ResponseDays, MaxRejections: &b.MaxRejections, RankingType: b.RankingType,
		Preset: b.Preset, Scoring: &b.Scoring, MinGames: &b.MinGames, MaxGames: &b.MaxGames, PeriodWeeks: &b.PeriodWeeks,
		ChallengeRange: &b.ChallengeRange, MaxParticipants: b.MaxParticipants, SpecialRules: b.SpecialRules}.input()
}

func (b tournamentBody) input() service.TournamentInput {
	// Numbers where 0 means something (no rejections allowed, no minimum, anyone may be challenged)
	// are pointers: absent takes the default, 0 stays 0.
	or := func(p *int, def int) int {
		if p == nil {
			return def
		}
		return *p
	}
	in := service.TournamentInput{Name: b.Name, ClubID: b.ClubID, Location: b.Location, District: b.District,
		Privacy: b.Privacy, EndDate: b.EndDate, ResponseDays: or(b.ResponseDays, service.DefaultResponseDays),
		MaxRejections: or(b.MaxRejections, service.DefaultMaxRejections), RankingType: b.RankingType, Preset: b.Preset,
		MinGames: or(b.MinGames, service.DefaultMinGames), MaxGames: or(b.MaxGames, service.DefaultMaxGames),
		PeriodWeeks: or(b.PeriodWeeks, service.DefaultPeriodWeeks), ChallengeRange: or(b.ChallengeRange, service.DefaultChallengeRange),
		MaxParticipants: b.MaxParticipants, SpecialRules: b.SpecialRules, Play: b.Play == nil || *b.Play}
	if b.Scoring != nil {
		in.Scoring = *b.Scoring
	}
	return in
}

type tournamentInput struct{ Body tournamentBody }
type tournamentOutput struct{ Body TournamentView }

func (s *Server) createTournament(ctx context.Context, in *tournamentInput) (*tournamentOutput, error) {
	t, err := s.svc.CreateTournament(ctx, currentFrom(ctx), in.Body.input())
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &tournamentOutput{Body: viewTournament(t)}, nil
}

type updateTournamentInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body tournamentUpdateBody
}

func (s *Server) updateTournament(ctx context.Context, in *updateTournamentInput) (*tournamentOutput, error) {
	t, err := s.svc.UpdateTournament(ctx, currentFrom(ctx), in.ID, in.Body.input())
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &tournamentOutput{Body: viewTournament(t)}, nil
}

type tournamentIDInput struct {
	ID int64 `path:"id" minimum:"1"`
}

type tournamentDetailOutput struct {
	Body struct {
		TournamentView
		Creator          *personView  `json:"creator,omitempty"`
		Referees         []personView `json:"referees"`
		MyStatus         string       `json:"my_status" doc:"requested, active, paused, suspended, or empty when not in it"`
		MyRole           string       `json:"my_role" doc:"player, referee, or empty"`
		IsCreator        bool         `json:"is_creator"`
		CanManage        bool         `json:"can_manage" doc:"Decide requests, referees, shuffle, edit, close"`
		CanManagePlayers bool         `json:"can_manage_players" doc:"Pause, suspend, reactivate, remove players"`
		CanDecide        bool         `json:"can_decide" doc:"Approve or reject (super admins, pending only)"`
		CanSeeStandings  bool         `json:"can_see_standings" doc:"Private tournaments: members, creator and admins"`
		CanChat          bool         `json:"can_chat" doc:"The caller may open the group conversation (private tournaments: members and creator)"`
		CanEdit          bool         `json:"can_edit" doc:"Edit the tournament (its creator and super admins)"`
		CanShuffle       bool         `json:"can_shuffle" doc:"Shuffle the ranking (creator and super admins, while active)"`
		CanClose         bool         `json:"can_close" doc:"Close the tournament (creator and super admins, while active)"`
		JoinMode         string       `json:"join_mode" doc:"join, request, or empty when joining is not possible"`
	}
}

func (s *Server) getTournament(ctx context.Context, in *tournamentIDInput) ([]byte, error) {
	d, kept, err := s.svc.TournamentKept(ctx, currentFrom(ctx), in.ID, renderTournament)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	if kept != nil {
		return kept, nil
	}
	return renderTournament(d)
}

// renderTournament is a tournament page's body.
func renderTournament(d service.TournamentDetail) ([]byte, error) {
	return encodeJSON(viewTournamentDetail(d).Body)
}

// viewTournamentDetail is a tournament page's answer.
func viewTournamentDetail(d service.TournamentDetail) *tournamentDetailOutput {
	out := &tournamentDetailOutput{}
	b := &out.Body
	b.TournamentView = viewTournament(d.Tournament)
	if d.Creator != nil {
		p := viewPerson(*d.Creator)
		b.Creator = &p
	}
	b.Referees = make([]personView, len(d.Referees))
	for i, r := range d.Referees {
		b.Referees[i] = viewPerson(r)
	}
	b.MyStatus, b.MyRole, b.IsCreator = d.MyStatus, d.MyRole, d.Relation.Creator
	b.CanManage, b.CanManagePlayers, b.CanDecide, b.CanSeeStandings, b.JoinMode = d.CanManage, d.CanManagePlayers,
		d.CanDecide, d.CanSeeStandings, d.JoinMode
	b.CanChat = d.CanChat
	b.CanEdit, b.CanShuffle, b.CanClose = d.Can.Edit, d.Can.Shuffle, d.Can.Close
	return out
}

type rejectTournamentInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		Reason string `json:"reason,omitempty" maxLength:"2000" doc:"Optional, shown to the creator"`
	}
}

func (s *Server) approveTournament(ctx context.Context, in *tournamentIDInput) (*tournamentOutput, error) {
	t, err := s.svc.DecideTournament(ctx, currentFrom(ctx), in.ID, true, "")
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &tournamentOutput{Body: viewTournament(t)}, nil
}

func (s *Server) rejectTournament(ctx context.Context, in *rejectTournamentInput) (*tournamentOutput, error) {
	t, err := s.svc.DecideTournament(ctx, currentFrom(ctx), in.ID, false, in.Body.Reason)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &tournamentOutput{Body: viewTournament(t)}, nil
}

func (s *Server) closeTournament(ctx context.Context, in *tournamentIDInput) (*tournamentOutput, error) {
	t, err := s.svc.CloseTournament(ctx, currentFrom(ctx), in.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &tournamentOutput{Body: viewTournament(t)}, nil
}

type tournamentImageInput struct {
	ID int64 `path:"id" minimum:"1"`
	Upload
}

func (s *Server) uploadTournamentImage(ctx context.Context, in *tournamentImageInput) (*tournamentOutput, error) {
	f, err := in.file(ctx, "image")
	if err != nil {
		return nil, err
	}
	t, err := s.svc.SetTournamentImage(ctx, currentFrom(ctx), in.ID, f)
	if err != nil {
		return nil, s.refused(ctx, &in.Upload, err)
	}
	return &tournamentOutput{Body: viewTournament(t)}, nil
}

func (s *Server) serveTournamentImage(w http.ResponseWriter, r *http.Request) {
	var id int64
	if _, err := fmt.Sscan(r.PathValue("id"), &id); err != nil || id <= 0 {
		writeProblem(w, r, newProblem(langOf(r.Context()), http.StatusNotFound, "tournament.not_found", nil))
		return
	}
	p, err := s.svc.TournamentImage(r.Context(), currentFrom(r.Context()), id)
	s.writeImage(w, r, p, err)
}
