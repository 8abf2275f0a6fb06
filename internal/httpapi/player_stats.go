package httpapi

import (
	"context"
	"math"
	"time"

	"github.com/tennisladder/ladder/internal/rating"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

type ratingView struct {
	Rating      int  `json:"rating" doc:"Glicko-2 rating, rounded (1500 for a newcomer)"`
	Deviation   int  `json:"deviation" doc:"Rating deviation, rounded (350 for a newcomer)"`
	Provisional bool `json:"provisional" doc:"Deviation above 110: the rating is still uncertain"`
}

func viewRating(r rating.Rating) ratingView {
	return ratingView{Rating: int(math.Round(r.R)), Deviation: int(math.Round(r.RD)), Provisional: r.Provisional()}
}

type seriesPointView struct {
	TournamentID int64     `json:"tournament_id"`
	Rating       int       `json:"rating"`
	Position     int       `json:"position" doc:"Position in the tournament after the match (0: not recorded)"`
	At           time.Time `json:"at"`
}

type tournamentPlaceView struct {
	TournamentID     int64  `json:"tournament_id"`
	Name             string `json:"name"`
	TournamentStatus string `json:"tournament_status"`
	Participating    bool   `json:"participating" doc:"In the standings now"`
	Position         int    `json:"position" doc:"Position now (0: not in the standings)"`
	Players          int    `json:"players"`
	BestPosition     int    `json:"best_position" doc:"Best position reached at a validated match (0: none yet)"`
	Matches          int    `json:"matches"`
}

type playerStatsView struct {
	Player            personView            `json:"player"`
	Rating            ratingView            `json:"rating"`
	Matches           int                   `json:"matches"`
	Wins              int                   `json:"wins"`
	Losses            int                   `json:"losses"`
	SetsWon           int                   `json:"sets_won"`
	SetsLost          int                   `json:"sets_lost"`
	GamesWon          int                   `json:"games_won"`
	GamesLost         int                   `json:"games_lost"`
	WinRate           int                   `json:"win_rate" doc:"Percent of validated matches won"`
	Points            int                   `json:"points" doc:"Ranking points won in validated matches, all tournaments"`
	BestPosition      int                   `json:"best_position" doc:"Best position reached in any tournament (0: none yet)"`
	ActiveTournaments int                   `json:"active_tournaments"`
	Form              []string              `json:"form" doc:"Last 10 validated results, newest first: W or L"`
	LastMatchAt       *time.Time            `json:"last_match_at"`
	WinProbability    *float64              `json:"win_probability" doc:"The reader's chance of beating this player (absent for themselves)"`
	Series            []seriesPointView     `json:"series" doc:"Rating and position after each of the last 100 validated matches, oldest first"`
	Tournaments       []tournamentPlaceView `json:"tournaments"`
	Gamification      gamificationView      `json:"gamification" doc:"Level, XP, streak and achievements (SPEC §3)"`
}

type playerStatsOutput struct{ Body playerStatsView }

func (s *Server) getPlayerStats(ctx context.Context, in *playerInput) ([]byte, error) {
	v, kept, err := s.svc.PlayerStatisticsKept(ctx, currentFrom(ctx), in.ID, renderStats)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	if kept != nil {
		return kept.(*statsPieces).body(ctx, v), nil
	}
	return encodeJSON(viewPlayerStats(v))
}

// viewPlayerStats is the statistics page's body.
func viewPlayerStats(v service.PlayerStatsView) playerStatsView {
	st := v.Stats
	out := playerStatsView{Player: viewPerson(v.User), Rating: viewRating(st.Glicko()), Matches: st.Matches, Wins: st.Wins,
		Losses: st.Losses, SetsWon: st.SetsWon, SetsLost: st.SetsLost, GamesWon: st.GamesWon, GamesLost: st.GamesLost,
		Points: st.Points, BestPosition: st.BestPosition, ActiveTournaments: v.ActiveTournaments, Form: []string{},
		WinProbability: v.WinProbability, Series: []seriesPointView{}, Tournaments: []tournamentPlaceView{},
		Gamification: viewGamification(v.Gamification)}
	if st.Matches > 0 {
		out.WinRate = (st.Wins*100 + st.Matches/2) / st.Matches
	}
	if st.RatedAt.Valid {
		at := st.RatedAt.Time
		out.LastMatchAt = &at
	}
	for _, c := range st.Form {
		out.Form = append(out.Form, string(c))
	}
	for _, p := range v.Series {
		out.Series = append(out.Series, seriesPointView{TournamentID: p.TournamentID, Rating: int(math.Round(p.Rating)),
			Position: p.PositionAfter, At: p.At})
	}
	for _, t := range v.Tournaments {
		out.Tournaments = append(out.Tournaments, tournamentPlaceView{TournamentID: t.TournamentID, Name: t.Name,
			TournamentStatus: t.TournamentStatus, Participating: t.Status != "", Position: t.Position, Players: t.Players,
			BestPosition: t.BestPosition, Matches: t.Matches})
	}
	return out
}

type playerHistoryInput struct {
	ID           int64  `path:"id" minimum:"1"`
	TournamentID int64  `query:"tournament_id" minimum:"0" doc:"Only this tournament (0: all)"`
	From         string `query:"from" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"First day (YYYY-MM-DD, the reader's time zone)"`
	To           string `query:"to" pattern:"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$" doc:"Last day, included"`
	Before       int64  `query:"before" minimum:"0" doc:"Cursor: next_before of the previous page"`
	Limit        int    `query:"limit" minimum:"1" maximum:"100" default:"20"`
}

type historyItemView struct {
	ID             int64      `json:"id"`
	MatchID        int64      `json:"match_id"`
	TournamentID   int64      `json:"tournament_id"`
	TournamentName string     `json:"tournament_name"`
	Opponent       personView `json:"opponent" doc:"id 0 when the opponent's account was deleted"`
	Won            bool       `json:"won"`
	Score          string     `json:"score" doc:"From this player's side"`
	PlayedOn       string     `json:"played_on"`
	ValidatedAt    time.Time  `json:"validated_at"`
	Points         int        `json:"points" doc:"Ranking points this match gave the player"`
	RatingBefore   int        `json:"rating_before"`
	RatingAfter    int        `json:"rating_after"`
	RatingChange   int        `json:"rating_change"`
	OpponentRating int        `json:"opponent_rating"`
	PositionBefore int        `json:"position_before"`
	PositionAfter  int        `json:"position_after"`
}

type playerHistoryOutput struct {
	Body struct {
		Items      []historyItemView `json:"items"`
		NextBefore int64             `json:"next_before" doc:"Cursor of the next page (0: no more)"`
	}
}

func (s *Server) getPlayerHistory(ctx context.Context, in *playerHistoryInput) ([]byte, error) {
	limit := in.Limit
	rows, kept, err := s.svc.PlayerHistoryKept(ctx, currentFrom(ctx), in.ID, service.HistoryInput{TournamentID: in.TournamentID,
		From: in.From, To: in.To, Before: in.Before, Limit: limit + 1}, func(rows []store.HistoryRow) (any, error) {
		return keptJSON(viewHistoryPage(rows, limit).Body)
	})
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	if kept != nil {
		return kept.([]byte), nil
	}
	return encodeJSON(viewHistoryPage(rows, limit).Body)
}

// viewHistoryPage is a page of history from limit+1 rows (the last one only says there are more).
func viewHistoryPage(rows []store.HistoryRow, limit int) *playerHistoryOutput {
	out := &playerHistoryOutput{}
	out.Body.Items = []historyItemView{}
	if len(rows) > limit {
		rows = rows[:limit]
		out.Body.NextBefore = rows[len(rows)-1].ID
	}
	for _, h := range rows {
		out.Body.Items = append(out.Body.Items, viewHistory(h))
	}
	return out
}

func viewHistory(h store.HistoryRow) historyItemView {
	before, after := int(math.Round(h.RatingBefore)), int(math.Round(h.RatingAfter))
	opp := personView{}
	if h.OpponentID.Valid {
		opp = personView{ID: h.OpponentID.Int64, DisplayName: service.DisplayName(h.Opponent())}
	}
	return historyItemView{ID: h.ID, MatchID: h.MatchID, TournamentID: h.TournamentID, TournamentName: h.TournamentName,
		Opponent: opp, Won: h.Won, Score: h.Score, PlayedOn: h.PlayedOn, ValidatedAt: h.ValidatedAt, Points: h.Points,
		RatingBefore: before, RatingAfter: after, RatingChange: after - before, OpponentRating: int(math.Round(h.OpponentRating)),
		PositionBefore: h.PositionBefore, PositionAfter: h.PositionAfter}
}
