package httpapi

import (
	"context"
	"time"

	"github.com/tennisladder/ladder/internal/rating"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

type joinTournamentOutput struct {
	Body struct {
		Status string `json:"status" enum:"active,requested" doc:"active: joined; requested: the creator decides"`
	}
}

func (s *Server) joinTournament(ctx context.Context, in *tournamentIDInput) (*joinTournamentOutput, error) {
	st, err := s.svc.JoinTournament(ctx, currentFrom(ctx), in.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &joinTournamentOutput{}
	out.Body.Status = st
	return out, nil
}

func (s *Server) leaveTournament(ctx context.Context, in *tournamentIDInput) (*struct{}, error) {
	if err := s.svc.LeaveTournament(ctx, currentFrom(ctx), in.ID); err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return nil, nil
}

type tournamentPlayerInput struct {
	ID     int64 `path:"id" minimum:"1"`
	UserID int64 `path:"user" minimum:"1"`
}

func (s *Server) approveJoinRequest(ctx context.Context, in *tournamentPlayerInput) (*struct{}, error) {
	return nil, s.problemOrNil(ctx, s.svc.DecideJoinRequest(ctx, currentFrom(ctx), in.ID, in.UserID, true))
}

func (s *Server) declineJoinRequest(ctx context.Context, in *tournamentPlayerInput) (*struct{}, error) {
	return nil, s.problemOrNil(ctx, s.svc.DecideJoinRequest(ctx, currentFrom(ctx), in.ID, in.UserID, false))
}

type playerStatusInput struct {
	ID     int64 `path:"id" minimum:"1"`
	UserID int64 `path:"user" minimum:"1"`
	Body   struct {
		Status string `json:"status" enum:"active,paused,suspended" doc:"active reactivates"`
	}
}

func (s *Server) setPlayerStatus(ctx context.Context, in *playerStatusInput) (*struct{}, error) {
	return nil, s.problemOrNil(ctx, s.svc.SetPlayerStatus(ctx, currentFrom(ctx), in.ID, in.UserID, in.Body.Status))
}

func (s *Server) removePlayer(ctx context.Context, in *tournamentPlayerInput) (*struct{}, error) {
	return nil, s.problemOrNil(ctx, s.svc.RemovePlayer(ctx, currentFrom(ctx), in.ID, in.UserID))
}

type promoteRefereeInput struct {
	ID     int64 `path:"id" minimum:"1"`
	UserID int64 `path:"user" minimum:"1"`
	Body   struct {
		Replace bool `json:"replace,omitempty" doc:"Replace the current referee (otherwise 409 when there is one)"`
	}
}

func (s *Server) promoteReferee(ctx context.Context, in *promoteRefereeInput) (*struct{}, error) {
	return nil, s.problemOrNil(ctx, s.svc.PromoteReferee(ctx, currentFrom(ctx), in.ID, in.UserID, in.Body.Replace))
}

func (s *Server) demoteReferee(ctx context.Context, in *tournamentPlayerInput) (*struct{}, error) {
	return nil, s.problemOrNil(ctx, s.svc.DemoteReferee(ctx, currentFrom(ctx), in.ID, in.UserID))
}

func (s *Server) shuffleRanking(ctx context.Context, in *tournamentIDInput) (*struct{}, error) {
	return nil, s.problemOrNil(ctx, s.svc.ShuffleRanking(ctx, currentFrom(ctx), in.ID))
}

func (s *Server) problemOrNil(ctx context.Context, err error) error {
	if err != nil {
		return s.problemFrom(ctx, err)
	}
	return nil
}

type standingView struct {
	Position     int        `json:"position"`
	Player       personView `json:"player"`
	Status       string     `json:"status" enum:"active,paused,suspended"`
	Points       int        `json:"points"`
	Played       int        `json:"played"`
	Won          int        `json:"won"`
	Lost         int        `json:"lost"`
	WinRate      int        `json:"win_rate" doc:"Percent of validated matches won"`
	Form         []string   `json:"form" doc:"Last five validated results, newest first: W or L"`
	Movement     int        `json:"movement" doc:"Places gained (positive) or lost this week"`
	New          bool       `json:"new" doc:"Joined this week"`
	Rating       ratingView `json:"rating"`
	WinChance    *float64   `json:"win_probability" doc:"The reader's chance of beating this player (Glicko-2); absent for visitors and the reader's own row"`
	CanChallenge bool       `json:"can_challenge" doc:"The caller may challenge this player (active, within the challenge range of the caller's position); the server checks again when the challenge is sent"`
}

func viewStanding(r service.StandingRow) standingView {
	v := standingView{Position: r.Position, Player: viewPerson(r.User), Status: r.Status, Points: r.Points,
		Played: r.Played(), Won: r.Wins, Lost: r.Losses, WinRate: r.WinRate(), Movement: r.Movement, New: r.New, Form: []string{},
		Rating: viewRating(r.Rating)}
	for _, c := range r.Form {
		v.Form = append(v.Form, string(c))
	}
	return v
}

// standingsPageMax is the default and largest page of standings: a whole ladder of a club fits
// in one (the Ranking and Bracket tabs read one page), a federation's 6,000 players do not
// (1.24 MB in one answer, issue 16).
const standingsPageMax = 500

type standingsInput struct {
	ID     int64 `path:"id" minimum:"1"`
	Offset int   `query:"offset" minimum:"0" maximum:"1000000" doc:"Rows to skip (position − 1 of the first row)"`
	Limit  int   `query:"limit" minimum:"0" maximum:"500" doc:"Rows in the page; 0 or absent: 500"`
}

type standingsOutput struct {
	Body struct {
		Total            int            `json:"total" doc:"Rows in the whole ranking"`
		NextOffset       *int           `json:"next_offset,omitempty" doc:"Pass as offset for the next page; absent on the last page"`
		RankingType      string         `json:"ranking_type" enum:"points,classic"`
		ChallengeRange   int            `json:"challenge_range" doc:"Places above or below a player may challenge (0: anyone)"`
		ChallengeBlocked string         `json:"challenge_blocked" doc:"Why the caller may challenge nobody here (an errors.json code, e.g. challenge.not_player, challenge.self_unavailable, tournament.not_active, auth.sign_in_required); empty when they may challenge"`
		Items            []standingView `json:"items"`
	}
}

func (s *Server) getStandings(ctx context.Context, in *standingsInput) ([]byte, error) {
	cur := currentFrom(ctx)
	t, rows, err := s.svc.Standings(ctx, cur, in.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	targets := service.Targets(cur, t, rows)
	var me *rating.Rating
	if cur.Actor.SignedIn() {
		r, err := s.svc.RatingOf(ctx, cur.User.ID)
		if err != nil {
			return nil, s.problemFrom(ctx, err)
		}
		me = &r
	}
	limit := in.Limit
	if limit <= 0 || limit > standingsPageMax {
		limit = standingsPageMax
	}
	return s.standingsBody(t, rows, in.Offset, limit, targets, me, cur.User.ID)
}

type participantView struct {
	Player        personView `json:"player"`
	Role          string     `json:"role" enum:"player,referee"`
	Status        string     `json:"status" enum:"requested,active,paused,suspended"`
	JoinedAt      time.Time  `json:"joined_at" doc:"For requests: when it was sent"`
	CanPause      bool       `json:"can_pause"`
	CanSuspend    bool       `json:"can_suspend"`
	CanReactivate bool       `json:"can_reactivate"`
	CanRemove     bool       `json:"can_remove"`
	CanPromote    bool       `json:"can_promote" doc:"Make them the referee"`
	CanDemote     bool       `json:"can_demote" doc:"Make the referee a player again"`
}

type participantsOutput struct {
	Body struct {
		Items []participantView `json:"items"`
	}
}

func (s *Server) getParticipants(ctx context.Context, in *tournamentIDInput) (*participantsOutput, error) {
	ps, err := s.svc.Participants(ctx, currentFrom(ctx), in.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &participantsOutput{}
	out.Body.Items = make([]participantView, len(ps))
	for i, p := range ps {
		c := p.Can
		out.Body.Items[i] = participantView{Player: viewPerson(p.User), Role: p.Role, Status: p.Status, JoinedAt: p.JoinedAt,
			CanPause: c.Pause, CanSuspend: c.Suspend, CanReactivate: c.Reactivate, CanRemove: c.Remove, CanPromote: c.Promote, CanDemote: c.Demote}
	}
	return out, nil
}

type matchLineView struct {
	ID                   int64      `json:"id"`
	Winner               personView `json:"winner"`
	Loser                personView `json:"loser"`
	Score                string     `json:"score"`
	WinnerPositionBefore int        `json:"winner_position_before"`
	LoserPositionBefore  int        `json:"loser_position_before"`
	ValidatedAt          *time.Time `json:"validated_at,omitempty"`
}

func viewMatchLines(ls []store.MatchLine) []matchLineView {
	out := make([]matchLineView, len(ls))
	for i, l := range ls {
		out[i] = matchLineView{ID: l.ID, Winner: viewPerson(l.Winner), Loser: viewPerson(l.Loser), Score: l.Score,
			WinnerPositionBefore: l.WinnerPositionBefore, LoserPositionBefore: l.LoserPositionBefore}
		if l.ValidatedAt.Valid {
			t := l.ValidatedAt.Time
			out[i].ValidatedAt = &t
		}
	}
	return out
}

func viewStandings(rs []service.StandingRow) []standingView {
	out := make([]standingView, len(rs))
	for i, r := range rs {
		out[i] = viewStanding(r)
	}
	return out
}

type statisticsOutput struct {
	Body struct {
		Matches         int             `json:"matches" doc:"Validated matches"`
		MatchesThisWeek int             `json:"matches_this_week" doc:"Validated in the last 7 days"`
		Players         int             `json:"players"`
		ActivePlayers   int             `json:"active_players" doc:"Players not paused or suspended"`
		MostActive      []standingView  `json:"most_active" doc:"Up to 5, most matches first"`
		Climbers        []standingView  `json:"climbers" doc:"Up to 5 biggest climbers this week"`
		Upsets          []matchLineView `json:"upsets" doc:"Up to 5 wins over higher-ranked players, biggest gap first"`
		Recent          []matchLineView `json:"recent" doc:"Up to 10 latest validated matches"`
	}
}

func (s *Server) getStatistics(ctx context.Context, in *tournamentIDInput) (*statisticsOutput, error) {
	st, err := s.svc.TournamentStatistics(ctx, currentFrom(ctx), in.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &statisticsOutput{}
	b := &out.Body
	b.Matches, b.MatchesThisWeek, b.Players, b.ActivePlayers = st.Matches, st.MatchesThisWeek, st.Players, st.ActivePlayers
	b.MostActive, b.Climbers = viewStandings(st.MostActive), viewStandings(st.Climbers)
	b.Upsets, b.Recent = viewMatchLines(st.Upsets), viewMatchLines(st.Recent)
	return out, nil
}
