package httpapi

import (
	"context"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/tennisladder/ladder/internal/rating"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

type leadersInput struct {
	Offset int `query:"offset" minimum:"0" maximum:"100000" doc:"Tournaments to skip: next_offset of the previous page"`
	Limit  int `query:"limit" minimum:"1" maximum:"50" default:"10"`
}

type leaderTournamentView struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	ClubName    string `json:"club_name"`
	RankingType string `json:"ranking_type"`
	Players     int    `json:"players"`
}

type leaderPlaceView struct {
	Position int        `json:"position"`
	Player   personView `json:"player"`
	Points   int        `json:"points" doc:"Points in the tournament (points rankings)"`
	Wins     int        `json:"wins"`
	Losses   int        `json:"losses"`
	Rating   ratingView `json:"rating"`
}

type tournamentLeadersView struct {
	Tournament leaderTournamentView `json:"tournament"`
	Top        []leaderPlaceView    `json:"top" doc:"The first three of the standings (fewer in a small tournament)"`
}

type leadersView struct {
	Items      []tournamentLeadersView `json:"items"`
	NextOffset int                     `json:"next_offset" doc:"Offset of the next page (0: no more)"`
}

type leadersOutput struct{ Body leadersView }

func (s *Server) getLeaders(ctx context.Context, in *leadersInput) (*leadersOutput, error) {
	ls, more, err := s.svc.Leaders(ctx, currentFrom(ctx), in.Offset, in.Limit)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := leadersView{Items: []tournamentLeadersView{}}
	for _, l := range ls {
		t := l.Tournament
		v := tournamentLeadersView{Tournament: leaderTournamentView{ID: t.ID, Name: t.Name, ClubName: t.ClubName,
			RankingType: t.RankingType, Players: t.Players}, Top: []leaderPlaceView{}}
		for _, r := range l.Top {
			v.Top = append(v.Top, leaderPlaceView{Position: r.Position, Player: viewPerson(r.User), Points: r.Points,
				Wins: r.Wins, Losses: r.Losses, Rating: viewRating(r.Rating)})
		}
		out.Items = append(out.Items, v)
	}
	if more {
		out.NextOffset = in.Offset + len(ls)
	}
	return &leadersOutput{Body: out}, nil
}

type weekRowView struct {
	Player  personView `json:"player"`
	Wins    int        `json:"wins" doc:"Validated wins this week"`
	Matches int        `json:"matches" doc:"Validated matches this week"`
	Climb   int        `json:"climb" doc:"Positions gained in the player's own validated matches this week, all tournaments (net)"`
	Points  int        `json:"points"`
	Rating  ratingView `json:"rating"`
}

type weekView struct {
	From   time.Time     `json:"from" doc:"Monday 00:00 of the reader's week (visitors: Europe/Lisbon)"`
	To     time.Time     `json:"to" doc:"The next Monday 00:00, excluded"`
	Wins   []weekRowView `json:"wins" doc:"Most wins, then points"`
	Climbs []weekRowView `json:"climbs" doc:"Most positions gained, then wins"`
}

type weekOutput struct{ Body weekView }

func viewWeek(rows []store.WeekRow) []weekRowView {
	out := []weekRowView{}
	for _, r := range rows {
		out = append(out, weekRowView{Player: viewPerson(r.User), Wins: r.Wins, Matches: r.Matches, Climb: r.Climb,
			Points: r.Points, Rating: viewRating(rating.Rating{R: r.Rating, RD: r.RD, Sigma: r.Sigma})})
	}
	return out
}

func (s *Server) getTopOfWeek(ctx context.Context, _ *struct{}) (*weekOutput, error) {
	v, err := s.svc.TopOfWeek(ctx, currentFrom(ctx))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &weekOutput{Body: weekView{From: v.From, To: v.To, Wins: viewWeek(v.Wins), Climbs: viewWeek(v.Climbs)}}, nil
}

type compareInput struct {
	IDs string `query:"ids" maxLength:"200" doc:"Player ids, comma-separated: at most 4 (more is compare.too_many)"`
}

type comparedView struct {
	Player       personView `json:"player"`
	Rating       ratingView `json:"rating"`
	Matches      int        `json:"matches"`
	Wins         int        `json:"wins"`
	Losses       int        `json:"losses"`
	SetsWon      int        `json:"sets_won"`
	SetsLost     int        `json:"sets_lost"`
	WinRate      int        `json:"win_rate" doc:"Percent of validated matches won"`
	Points       int        `json:"points" doc:"Ranking points won in validated matches, all tournaments"`
	BestPosition int        `json:"best_position" doc:"Best position reached in any tournament (0: none yet)"`
	Trend        []int      `json:"trend" doc:"Rating after each of the last matches (up to 11), oldest first"`
	TrendChange  int        `json:"trend_change" doc:"Rating gained (negative: lost) over the last 10 matches"`
}

type headToHeadView struct {
	PlayerID   int64 `json:"player_id"`
	OpponentID int64 `json:"opponent_id"`
	Wins       int   `json:"wins" doc:"Wins of player_id against opponent_id"`
	Losses     int   `json:"losses"`
}

type compareView struct {
	Players    []comparedView   `json:"players" doc:"In the order asked"`
	HeadToHead []headToHeadView `json:"head_to_head" doc:"One row per ordered pair that played (tournaments the reader may see)"`
}

type compareOutput struct{ Body compareView }

func (s *Server) getCompare(ctx context.Context, in *compareInput) (*compareOutput, error) {
	var ids []int64
	for _, part := range strings.Split(in.IDs, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		id, err := strconv.ParseInt(part, 10, 64)
		if err != nil || id < 1 {
			return nil, s.problemFrom(ctx, &service.Error{Kind: service.KindInvalid, Code: "validation.failed",
				Fields: []service.FieldError{{Field: "ids", Code: "validation.invalid"}}})
		}
		ids = append(ids, id)
	}
	v, err := s.svc.Compare(ctx, currentFrom(ctx), ids)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := compareView{Players: []comparedView{}, HeadToHead: []headToHeadView{}}
	for _, p := range v.Players {
		st := p.Stats
		c := comparedView{Player: viewPerson(p.User), Rating: viewRating(st.Glicko()), Matches: st.Matches, Wins: st.Wins,
			Losses: st.Losses, SetsWon: st.SetsWon, SetsLost: st.SetsLost, Points: st.Points, BestPosition: st.BestPosition,
			Trend: []int{}, TrendChange: int(math.Round(p.Change()))}
		if st.Matches > 0 {
			c.WinRate = (st.Wins*100 + st.Matches/2) / st.Matches
		}
		for _, pt := range p.Series {
			c.Trend = append(c.Trend, int(math.Round(pt.Rating)))
		}
		out.Players = append(out.Players, c)
	}
	for _, h := range v.H2H {
		out.HeadToHead = append(out.HeadToHead, headToHeadView{PlayerID: h.UserID, OpponentID: h.OpponentID, Wins: h.Wins,
			Losses: h.Matches - h.Wins})
	}
	return &compareOutput{Body: out}, nil
}
