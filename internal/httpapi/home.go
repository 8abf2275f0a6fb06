package httpapi

import (
	"context"
	"time"
)

type homeCounts struct {
	ChallengesReceived  int  `json:"challenges_received" doc:"Pending challenges waiting for the reader's answer"`
	ChallengesSent      int  `json:"challenges_sent" doc:"Pending challenges the reader sent"`
	MatchesToPlay       int  `json:"matches_to_play" doc:"The reader's matches without a result yet"`
	ResultsWaiting      int  `json:"results_waiting" doc:"Results the reader confirms or validates (at most 50 counted)"`
	UnreadNotifications int  `json:"unread_notifications"`
	UnreadMessages      *int `json:"unread_messages,omitempty" doc:"Unread messages (the header badge's count)"`
}

type homeOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         struct {
		Counts              homeCounts       `json:"counts"`
		District            string           `json:"district" doc:"The reader's district code ('' when unset): featured items there come first"`
		FeaturedTournaments []TournamentView `json:"featured_tournaments" doc:"Active tournaments, the reader's district first"`
		FeaturedClubs       []ClubView       `json:"featured_clubs" doc:"Validated clubs, the reader's district first"`
		ActiveMatches       []MatchView      `json:"active_matches" doc:"The reader's matches still to play or to settle, newest first"`
		CompletedMatches    []MatchView      `json:"completed_matches" doc:"The reader's latest validated matches"`
	}
}

// getHome is the signed-in home (SPEC §2, issue 15) in one call.
func (s *Server) getHome(ctx context.Context, _ *struct{}) (*homeOutput, error) {
	h, err := s.svc.HomeFor(ctx, currentFrom(ctx))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &homeOutput{CacheControl: "private, no-store"}
	b := &out.Body
	b.Counts = homeCounts{ChallengesReceived: h.Counts.ChallengesReceived, ChallengesSent: h.Counts.ChallengesSent,
		MatchesToPlay: h.Counts.MatchesToPlay, ResultsWaiting: h.ResultsWaiting, UnreadNotifications: h.UnreadNotifications,
		UnreadMessages: h.UnreadMessages}
	b.District = currentFrom(ctx).User.District
	b.FeaturedTournaments = make([]TournamentView, len(h.FeaturedTournaments))
	for i, t := range h.FeaturedTournaments {
		b.FeaturedTournaments[i] = viewTournament(t)
	}
	b.FeaturedClubs = make([]ClubView, len(h.FeaturedClubs))
	for i, c := range h.FeaturedClubs {
		b.FeaturedClubs[i] = viewClub(c)
	}
	now := time.Now()
	b.ActiveMatches = make([]MatchView, len(h.ActiveMatches))
	for i, m := range h.ActiveMatches {
		b.ActiveMatches[i] = viewMatch(m, h.ActiveAccess[i], now)
	}
	b.CompletedMatches = make([]MatchView, len(h.CompletedMatches))
	for i, m := range h.CompletedMatches {
		b.CompletedMatches[i] = viewMatch(m, h.CompletedAccess[i], now)
	}
	return out, nil
}
