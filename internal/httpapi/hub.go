package httpapi

import (
	"context"
	"math"
	"time"

	"github.com/tennisladder/ladder/internal/service"
)

// toolLimit spends one of the client address's tokens of l — the score checker's or the calendar
// feeds' bucket, kept apart so that one cannot be used up to lock the other — or refuses with 429.
func (s *Server) toolLimit(ctx context.Context, l *limiter) error {
	if ok, wait := l.allow(clientIPFrom(ctx)); !ok {
		secs := int(math.Ceil(wait.Seconds()))
		return s.problemFrom(ctx, &service.Error{Kind: service.KindRateLimited, Code: "http.too_many_requests",
			Params: map[string]any{"minutes": (secs + 59) / 60}, RetryAfterSeconds: secs})
	}
	return nil
}

type hubPlayerView struct {
	Player       personView `json:"player"`
	Municipality string     `json:"municipality"`
	SharedSlots  int        `json:"shared_slots" doc:"How many of their weekly availability slots overlap the reader's"`
}

type hubResultView struct {
	ID          int64         `json:"id"`
	Tournament  tournamentRef `json:"tournament"`
	Winner      personView    `json:"winner"`
	Loser       personView    `json:"loser"`
	Score       string        `json:"score" doc:"From the winner's side"`
	ValidatedAt time.Time     `json:"validated_at"`
}

type hubView struct {
	District     string           `json:"district" doc:"The reader's district from their profile; empty: none set, every list is empty"`
	Municipality string           `json:"municipality"`
	Tournaments  []TournamentView `json:"tournaments" doc:"Active tournaments of the district (at most 6)"`
	Clubs        []ClubView       `json:"clubs" doc:"Validated clubs of the district (at most 6)"`
	Players      []hubPlayerView  `json:"players" doc:"Players of the district whose availability overlaps the reader's; the reader's municipality first, never hidden players (at most 8)"`
	Results      []hubResultView  `json:"results" doc:"Latest validated results of the district's public tournaments (at most 8)"`
}

type hubOutput struct{ Body hubView }

func (s *Server) getHub(ctx context.Context, _ *struct{}) (*hubOutput, error) {
	h, err := s.svc.TennisHub(ctx, currentFrom(ctx))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	v := hubView{District: h.District, Municipality: h.Municipality, Tournaments: make([]TournamentView, len(h.Tournaments)),
		Clubs: make([]ClubView, len(h.Clubs)), Players: make([]hubPlayerView, len(h.Players)), Results: make([]hubResultView, len(h.Results))}
	for i, t := range h.Tournaments {
		v.Tournaments[i] = viewTournament(t)
	}
	for i, c := range h.Clubs {
		v.Clubs[i] = viewClub(c)
	}
	for i, p := range h.Players {
		v.Players[i] = hubPlayerView{Player: viewPerson(p.Player), Municipality: p.Player.Municipality, SharedSlots: p.Shared}
	}
	for i, r := range h.Results {
		v.Results[i] = hubResultView{ID: r.ID, Tournament: tournamentRef{ID: r.TournamentID, Name: r.TournamentName},
			Winner: viewPerson(r.Winner), Loser: viewPerson(r.Loser), Score: r.Score, ValidatedAt: r.ValidatedAt}
	}
	return &hubOutput{Body: v}, nil
}

type scoreCheckInput struct {
	Body struct {
		Score string `json:"score" maxLength:"100" doc:"As a player would type it, from the first-named player's side"`
	}
}

type scoreSetView struct {
	A             int  `json:"a"`
	B             int  `json:"b"`
	TieBreak      int  `json:"tie_break" doc:"The loser's tie-break points, -1 when none"`
	SuperTieBreak bool `json:"super_tie_break"`
}

type scoreCheckView struct {
	Valid     bool           `json:"valid"`
	Canonical string         `json:"canonical,omitempty" doc:"The score as the app writes it"`
	Winner    string         `json:"winner,omitempty" enum:"first,second" doc:"Who won: the first-named player or the second"`
	Sets      []scoreSetView `json:"sets"`
	Code      string         `json:"code,omitempty" doc:"Why it is not valid: a translation key"`
	Reason    string         `json:"reason,omitempty" doc:"Why it is not valid, in the reader's language"`
}

type scoreCheckOutput struct{ Body scoreCheckView }

// checkScore runs the server's own score validation (the one a result report goes through) and
// says why a score is refused, translated. Nothing is stored.
func (s *Server) checkScore(ctx context.Context, in *scoreCheckInput) (*scoreCheckOutput, error) {
	if err := s.toolLimit(ctx, s.toolLimiter); err != nil {
		return nil, err
	}
	c, err := service.CheckScore(in.Body.Score)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	v := scoreCheckView{Valid: c.Valid, Canonical: c.Canonical, Sets: []scoreSetView{}}
	if c.Valid {
		v.Winner = "first"
		if c.Winner == 1 {
			v.Winner = "second"
		}
		for _, st := range c.Sets {
			v.Sets = append(v.Sets, scoreSetView{A: st.A, B: st.B, TieBreak: st.TieBreak, SuperTieBreak: st.SuperTieBreak})
		}
	} else {
		v.Code = c.Code
		v.Reason = messages.T(langOf(ctx), c.Code, map[string]any{"set": c.Set})
	}
	return &scoreCheckOutput{Body: v}, nil
}
