package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/service"
)

// gamificationRoutes: the reader's progress page, XP history, friendly leaderboard and popups
// (issue 15). Another player's level and achievements come with their statistics.
func gamificationRoutes() []Route {
	return []Route{
		op(policy.SignedIn, huma.Operation{OperationID: "get-gamification", Method: http.MethodGet, Path: "/api/gamification",
			Summary: "The reader's level, XP, streak and achievements", Tags: []string{"gamification"},
			Errors: []int{http.StatusUnauthorized}}, (*Server).getGamification),
		op(policy.SignedIn, huma.Operation{OperationID: "list-xp-history", Method: http.MethodGet, Path: "/api/gamification/xp",
			Summary: "The reader's XP events, newest first (cursor-paginated)", Tags: []string{"gamification"},
			Errors: []int{http.StatusUnauthorized, http.StatusUnprocessableEntity}}, (*Server).getXPHistory),
		op(policy.SignedIn, huma.Operation{OperationID: "get-xp-leaderboard", Method: http.MethodGet, Path: "/api/gamification/leaderboard",
			Summary: "XP ranking of the reader and the players of the reader's tournaments", Tags: []string{"gamification"},
			Description: "Hidden and suspended players are left out (the reader is always in).",
			Errors:      []int{http.StatusUnauthorized}}, (*Server).getXPLeaderboard),
		op(policy.SignedIn, huma.Operation{OperationID: "get-gamification-popups", Method: http.MethodGet, Path: "/api/gamification/popups",
			Summary: "Achievements and level up the reader has not been shown yet", Tags: []string{"gamification"},
			Errors: []int{http.StatusUnauthorized}}, (*Server).getGamificationPopups),
		op(policy.SignedIn, huma.Operation{OperationID: "mark-gamification-popups-seen", Method: http.MethodPost,
			Path: "/api/gamification/popups/seen", Summary: "Record that the reader was shown these popups",
			Tags: []string{"gamification"}, DefaultStatus: http.StatusNoContent,
			Errors: []int{http.StatusUnauthorized, http.StatusUnprocessableEntity}}, (*Server).markGamificationPopupsSeen),
	}
}

type achievementView struct {
	Code     string     `json:"code" doc:"Catalogue code: the web translates achievements.<code> in the gamification namespace"`
	Group    string     `json:"group" enum:"matches,wins,feats,streaks,community"`
	EarnedAt *time.Time `json:"earned_at" doc:"Absent: locked"`
}

type streakView struct {
	Current int `json:"current" doc:"Consecutive weeks with a validated match, still alive this week (0: broken)"`
	Best    int `json:"best"`
}

type gamificationView struct {
	Level        int               `json:"level"`
	XP           int               `json:"xp" doc:"Total XP"`
	LevelFrom    int               `json:"level_from" doc:"Total XP at which this level started"`
	NextAt       int               `json:"next_at" doc:"Total XP at which the next level starts"`
	Streak       streakView        `json:"streak"`
	Earned       int               `json:"achievements_earned"`
	Total        int               `json:"achievements_total"`
	Achievements []achievementView `json:"achievements" doc:"The whole catalogue: earned first (newest first), then locked"`
}

func viewGamification(g service.GamificationSummary) gamificationView {
	out := gamificationView{Level: g.Progress.Level, XP: g.Progress.XP, LevelFrom: g.Progress.LevelFrom, NextAt: g.Progress.NextAt,
		Streak: streakView{Current: g.Streak.Current, Best: g.Streak.Best}, Earned: g.Earned, Total: len(g.Achievements),
		Achievements: []achievementView{}}
	for _, a := range g.Achievements {
		out.Achievements = append(out.Achievements, achievementView{Code: a.Code, Group: a.Group, EarnedAt: a.EarnedAt})
	}
	return out
}

type gamificationOutput struct{ Body gamificationView }

func (s *Server) getGamification(ctx context.Context, _ *struct{}) (*gamificationOutput, error) {
	g, err := s.svc.Gamification(ctx, currentFrom(ctx))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &gamificationOutput{Body: viewGamification(g)}, nil
}

type xpHistoryInput struct {
	Before int64 `query:"before" minimum:"0" doc:"next_before of the previous page (0: the newest)"`
	Limit  int   `query:"limit" minimum:"1" maximum:"100" default:"20"`
}

type xpEventView struct {
	ID        int64     `json:"id"`
	Reason    string    `json:"reason" enum:"played,won,beat_higher_rank,beat_higher_rated,profile,availability,first_tournament,first_challenge"`
	Amount    int       `json:"amount"`
	MatchID   int64     `json:"match_id,omitempty"`
	CreatedAt time.Time `json:"created_at"`
}

type xpHistoryView struct {
	Items      []xpEventView `json:"items"`
	NextBefore int64         `json:"next_before" doc:"Cursor of the next page (0: no more)"`
}

type xpHistoryOutput struct{ Body xpHistoryView }

func (s *Server) getXPHistory(ctx context.Context, in *xpHistoryInput) (*xpHistoryOutput, error) {
	rows, err := s.svc.XPHistory(ctx, currentFrom(ctx), in.Before, in.Limit+1)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := xpHistoryView{Items: []xpEventView{}}
	for i, r := range rows {
		if i == in.Limit {
			out.NextBefore = rows[i-1].ID
			break
		}
		out.Items = append(out.Items, xpEventView{ID: r.ID, Reason: r.Reason, Amount: r.Amount, MatchID: r.MatchID(), CreatedAt: r.CreatedAt})
	}
	return &xpHistoryOutput{Body: out}, nil
}

type xpRowView struct {
	Position int        `json:"position"`
	Player   personView `json:"player"`
	XP       int        `json:"xp"`
	Level    int        `json:"level"`
	Me       bool       `json:"me,omitempty"`
}

type xpLeaderboardOutput struct {
	Body struct {
		Items []xpRowView `json:"items"`
	}
}

func (s *Server) getXPLeaderboard(ctx context.Context, _ *struct{}) (*xpLeaderboardOutput, error) {
	cur := currentFrom(ctx)
	rows, err := s.svc.XPLeaderboard(ctx, cur)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &xpLeaderboardOutput{}
	out.Body.Items = []xpRowView{}
	for i, r := range rows {
		out.Body.Items = append(out.Body.Items, xpRowView{Position: i + 1, Player: viewPerson(r.User), XP: r.XP,
			Level: service.LevelOf(r.XP), Me: r.User.ID == cur.User.ID})
	}
	return out, nil
}

type popupsView struct {
	Achievements []string `json:"achievements" doc:"Codes of new achievements, oldest first"`
	Level        int      `json:"level" doc:"The new level to announce (0: none)"`
}

type popupsOutput struct{ Body popupsView }

func (s *Server) getGamificationPopups(ctx context.Context, _ *struct{}) (*popupsOutput, error) {
	p, err := s.svc.GamificationPopups(ctx, currentFrom(ctx))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &popupsOutput{Body: popupsView{Achievements: p.Achievements, Level: p.Level}}, nil
}

type popupsSeenInput struct {
	Body struct {
		Achievements []string `json:"achievements" maxItems:"50" doc:"Codes shown"`
		Level        int      `json:"level" minimum:"0" maximum:"1000" doc:"The level shown (0: none)"`
	}
}

func (s *Server) markGamificationPopupsSeen(ctx context.Context, in *popupsSeenInput) (*struct{}, error) {
	if err := s.svc.MarkPopupsSeen(ctx, currentFrom(ctx), in.Body.Achievements, in.Body.Level); err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return nil, nil
}
