package httpapi

import (
	"context"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

// The administration area (#12): the dashboard counters and the admin lists.

type dashboardOutput struct {
	Body struct {
		RegisteredUsers    int       `json:"registered_users" doc:"Every account, whatever its role or status"`
		ActiveTournaments  int       `json:"active_tournaments" doc:"Approved tournaments that have not ended (status active)"`
		ApprovedClubs      int       `json:"approved_clubs" doc:"Validated clubs"`
		MatchesPlayed      int       `json:"matches_played" doc:"Matches with a validated result (completed), all time"`
		PendingClubs       int       `json:"pending_clubs"`
		PendingTournaments int       `json:"pending_tournaments"`
		PendingValidations int       `json:"pending_validations" doc:"Matches whose reported result (possibly disputed) waits for a validator"`
		ActiveMatches      int       `json:"active_matches" doc:"Matches made and not yet reported: time to choose, time confirmed or under way"`
		WeeklyGames        int       `json:"weekly_games" doc:"Matches completed (validated) since week_start"`
		ActiveChallenges   int       `json:"active_challenges" doc:"Challenges waiting for an answer (pending)"`
		WeekStart          time.Time `json:"week_start" doc:"Monday 00:00 of the current week in the platform's time zone (Europe/Lisbon)"`
	}
}

func (s *Server) dashboard(ctx context.Context, _ *struct{}) (*dashboardOutput, error) {
	c, err := s.svc.Dashboard(ctx, currentFrom(ctx).Actor)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &dashboardOutput{}
	b := &out.Body
	b.RegisteredUsers, b.ActiveTournaments, b.ApprovedClubs, b.MatchesPlayed = c.RegisteredUsers, c.ActiveTournaments, c.ApprovedClubs, c.MatchesPlayed
	b.PendingClubs, b.PendingTournaments, b.PendingValidations = c.PendingClubs, c.PendingTournaments, c.PendingValidations
	b.ActiveMatches, b.WeeklyGames, b.ActiveChallenges = c.ActiveMatches, c.WeeklyGames, c.ActiveChallenges
	b.WeekStart = service.WeekStart(time.Now())
	return out, nil
}

// AdminPlayerView is an account in the players admin list.
type AdminPlayerView struct {
	ID            int64      `json:"id"`
	Email         string     `json:"email"`
	DisplayName   string     `json:"display_name"`
	PhotoURL      string     `json:"photo_url"`
	Role          string     `json:"role" enum:"player,admin,superadmin"`
	Status        string     `json:"status" enum:"active,suspended,paused"`
	IsRoot        bool       `json:"is_root" doc:"The main super admin (protected)"`
	District      string     `json:"district"`
	Municipality  string     `json:"municipality"`
	CreatedAt     time.Time  `json:"created_at" doc:"Registration date"`
	LastSignInAt  *time.Time `json:"last_sign_in_at,omitempty" doc:"Absent when the account never signed in since it was recorded"`
	CanSetPlayer  bool       `json:"can_set_player" doc:"The reader may make this account a player"`
	CanSetAdmin   bool       `json:"can_set_admin" doc:"The reader may make this account an admin"`
	CanSuspend    bool       `json:"can_suspend"`
	CanReactivate bool       `json:"can_reactivate"`
}

func viewAdminPlayer(p service.AdminPlayer) AdminPlayerView {
	v := AdminPlayerView{ID: p.ID, Email: p.Email, DisplayName: service.DisplayName(p.User), PhotoURL: photoURL(p.User),
		Role: p.Role, Status: p.Status, IsRoot: p.IsRoot, District: p.District, Municipality: p.Municipality,
		CreatedAt: p.CreatedAt, CanSetPlayer: p.Can.CanSetPlayer, CanSetAdmin: p.Can.CanSetAdmin,
		CanSuspend: p.Can.CanSuspend, CanReactivate: p.Can.CanReactivate}
	if p.LastSignInAt.Valid {
		t := p.LastSignInAt.Time
		v.LastSignInAt = &t
	}
	return v
}

type adminPlayersInput struct {
	Q      string `query:"q" maxLength:"100" doc:"Search in names and email (accents and case ignored)"`
	Role   string `query:"role" enum:"player,admin,superadmin"`
	Status string `query:"status" enum:"active,suspended,paused"`
	Cursor string `query:"cursor" maxLength:"300"`
	Limit  int    `query:"limit" minimum:"1" maximum:"100" default:"20"`
}

type adminPlayersOutput struct {
	Body struct {
		Items      []AdminPlayerView `json:"items"`
		NextCursor string            `json:"next_cursor,omitempty" doc:"Pass as cursor for the next page"`
	}
}

func (s *Server) adminPlayers(ctx context.Context, in *adminPlayersInput) (*adminPlayersOutput, error) {
	rows, next, err := s.svc.AdminPlayers(ctx, currentFrom(ctx).Actor, store.PlayerFilter{Query: in.Q, Role: in.Role,
		Status: in.Status, Cursor: in.Cursor, Limit: in.Limit})
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &adminPlayersOutput{}
	out.Body.Items, out.Body.NextCursor = make([]AdminPlayerView, len(rows)), next
	for i, p := range rows {
		out.Body.Items[i] = viewAdminPlayer(p)
	}
	return out, nil
}

type adminMembershipView struct {
	ClubID int64  `json:"club_id"`
	Name   string `json:"name"`
	Status string `json:"status" enum:"pending,validated,rejected"`
	Role   string `json:"role" enum:"administrator,member"`
}

type adminEntryView struct {
	TournamentID     int64  `json:"tournament_id"`
	Name             string `json:"name"`
	TournamentStatus string `json:"tournament_status" enum:"pending,active,rejected,inactive"`
	Role             string `json:"role" enum:"player,referee"`
	Status           string `json:"status" enum:"requested,active,paused,suspended"`
	Points           int    `json:"points"`
	Wins             int    `json:"wins"`
	Losses           int    `json:"losses"`
}

type adminPlayerDetailOutput struct {
	Body struct {
		AdminPlayerView
		Phone       string                `json:"phone"`
		Clubs       []adminMembershipView `json:"clubs" doc:"At most 50, by name"`
		Tournaments []adminEntryView      `json:"tournaments" doc:"At most 50, by name"`
	}
}

type adminPlayerInput struct {
	ID int64 `path:"id" minimum:"1"`
}

func (s *Server) adminPlayer(ctx context.Context, in *adminPlayerInput) (*adminPlayerDetailOutput, error) {
	d, err := s.svc.AdminPlayerDetail(ctx, currentFrom(ctx).Actor, in.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &adminPlayerDetailOutput{}
	out.Body.AdminPlayerView, out.Body.Phone = viewAdminPlayer(d.AdminPlayer), d.Phone
	out.Body.Clubs = make([]adminMembershipView, len(d.Clubs))
	for i, m := range d.Clubs {
		out.Body.Clubs[i] = adminMembershipView{ClubID: m.ClubID, Name: m.Name, Status: m.Status, Role: m.Role}
	}
	out.Body.Tournaments = make([]adminEntryView, len(d.Tournaments))
	for i, e := range d.Tournaments {
		out.Body.Tournaments[i] = adminEntryView{TournamentID: e.TournamentID, Name: e.Name, TournamentStatus: e.Status,
			Role: e.Role, Status: e.EntryStatus, Points: e.Points, Wins: e.Wins, Losses: e.Losses}
	}
	return out, nil
}

type adminClubsInput struct {
	Q      string `query:"q" maxLength:"100" doc:"Search in names (accents and case ignored)"`
	Status string `query:"status" enum:"all,pending,validated,rejected" default:"all"`
	Cursor string `query:"cursor" maxLength:"300"`
	Limit  int    `query:"limit" minimum:"1" maximum:"100" default:"20"`
}

func (s *Server) adminClubs(ctx context.Context, in *adminClubsInput) (*listClubsOutput, error) {
	clubs, next, err := s.svc.AdminClubs(ctx, currentFrom(ctx).Actor, in.Status, in.Q, in.Cursor, in.Limit)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &listClubsOutput{}
	out.Body.Items, out.Body.NextCursor = make([]ClubView, len(clubs)), next
	for i, c := range clubs {
		out.Body.Items[i] = viewClub(c)
	}
	return out, nil
}

type adminTournamentsInput struct {
	Q      string `query:"q" maxLength:"100" doc:"Search in names (accents and case ignored)"`
	Status string `query:"status" enum:"all,pending,active,inactive,rejected" default:"all"`
	Cursor string `query:"cursor" maxLength:"300"`
	Limit  int    `query:"limit" minimum:"1" maximum:"100" default:"20"`
}

type adminTournamentsOutput struct {
	Body struct {
		Items      []TournamentView `json:"items"`
		NextCursor string           `json:"next_cursor,omitempty" doc:"Pass as cursor for the next page"`
	}
}

func (s *Server) adminTournaments(ctx context.Context, in *adminTournamentsInput) (*adminTournamentsOutput, error) {
	ts, next, err := s.svc.AdminTournaments(ctx, currentFrom(ctx).Actor, in.Status, in.Q, in.Cursor, in.Limit)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &adminTournamentsOutput{}
	out.Body.Items, out.Body.NextCursor = make([]TournamentView, len(ts)), next
	for i, t := range ts {
		out.Body.Items[i] = viewTournament(t)
	}
	return out, nil
}

// AdminMatchView is a match in the admin matches list.
type AdminMatchView struct {
	ID          int64         `json:"id"`
	Tournament  tournamentRef `json:"tournament"`
	Player1     personView    `json:"player1"`
	Player2     personView    `json:"player2"`
	State       string        `json:"state" enum:"waiting_opponent,time_proposed,time_confirmed,in_progress,result_reported,result_disputed,completed,cancelled"`
	ScheduledAt *time.Time    `json:"scheduled_at,omitempty"`
	Score       string        `json:"score"`
	WinnerID    int64         `json:"winner_id,omitempty"`
	ValidatedAt *time.Time    `json:"validated_at,omitempty"`
	CreatedAt   time.Time     `json:"created_at"`
}

type adminMatchesInput struct {
	State  string `query:"state" enum:"all,active,scheduled,pending,completed,cancelled" default:"all" doc:"pending: waiting for validation; scheduled: time confirmed; active: made and not yet reported"`
	Period string `query:"period" enum:"all,week" default:"all" doc:"week: completed matches validated this week (the dashboard's weekly games)"`
	Cursor string `query:"cursor" maxLength:"30" doc:"The next_cursor of the previous page"`
	Limit  int    `query:"limit" minimum:"1" maximum:"100" default:"20"`
}

type adminMatchesOutput struct {
	Body struct {
		Items      []AdminMatchView `json:"items"`
		NextCursor string           `json:"next_cursor,omitempty" doc:"Pass as cursor for the next page"`
	}
}

func (s *Server) adminMatches(ctx context.Context, in *adminMatchesInput) (*adminMatchesOutput, error) {
	ms, next, err := s.svc.AdminMatches(ctx, currentFrom(ctx).Actor, in.State, in.Period, in.Cursor, in.Limit)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	now := time.Now()
	out := &adminMatchesOutput{}
	out.Body.Items, out.Body.NextCursor = make([]AdminMatchView, len(ms)), next
	for i, m := range ms {
		v := AdminMatchView{ID: m.ID, Tournament: tournamentRef{ID: m.TournamentID, Name: m.TournamentName},
			Player1: viewPerson(m.P1), Player2: viewPerson(m.P2), State: m.State, Score: m.Score, WinnerID: m.WinnerID.Int64,
			CreatedAt: m.CreatedAt}
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
		out.Body.Items[i] = v
	}
	return out, nil
}

// AdminChallengeView is a challenge in the admin challenges list.
type AdminChallengeView struct {
	ID         int64         `json:"id"`
	Tournament tournamentRef `json:"tournament"`
	Challenger personView    `json:"challenger"`
	Challenged personView    `json:"challenged"`
	Status     string        `json:"status" enum:"pending,accepted,rejected,expired,cancelled,completed"`
	ExpiresAt  time.Time     `json:"expires_at"`
	CreatedAt  time.Time     `json:"created_at"`
}

type adminChallengesInput struct {
	Status string `query:"status" enum:"all,pending,accepted,rejected,expired,cancelled,completed" default:"all" doc:"pending: the dashboard's active challenges"`
	Cursor string `query:"cursor" maxLength:"30" doc:"The next_cursor of the previous page"`
	Limit  int    `query:"limit" minimum:"1" maximum:"100" default:"20"`
}

type adminChallengesOutput struct {
	Body struct {
		Items      []AdminChallengeView `json:"items"`
		NextCursor string               `json:"next_cursor,omitempty" doc:"Pass as cursor for the next page"`
	}
}

func (s *Server) adminChallenges(ctx context.Context, in *adminChallengesInput) (*adminChallengesOutput, error) {
	cs, next, err := s.svc.AdminChallenges(ctx, currentFrom(ctx).Actor, in.Status, in.Cursor, in.Limit)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &adminChallengesOutput{}
	out.Body.Items, out.Body.NextCursor = make([]AdminChallengeView, len(cs)), next
	for i, c := range cs {
		out.Body.Items[i] = AdminChallengeView{ID: c.ID, Tournament: tournamentRef{ID: c.TournamentID, Name: c.TournamentName},
			Challenger: viewPerson(c.Challenger), Challenged: viewPerson(c.Challenged), Status: c.Status,
			ExpiresAt: c.ExpiresAt, CreatedAt: c.CreatedAt}
	}
	return out, nil
}
