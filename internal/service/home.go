package service

import (
	"context"

	"github.com/tennisladder/ladder/internal/store"
)

// HomeFeatured is how many tournaments and clubs the signed-in home features; HomeMatches how
// many active and completed matches it lists.
const (
	HomeFeatured = 4
	HomeMatches  = 5
	// homeWaitingCap bounds the list read to count results waiting for the reader.
	homeWaitingCap = 50
)

// Home is the signed-in home (SPEC §2, issue 15): what the reader has to do, what is worth
// joining near them, and their matches. One call, built from indexed reads.
type Home struct {
	Counts              store.HomeCounts
	ResultsWaiting      int // results the reader confirms (as opponent) or validates, capped at homeWaitingCap
	UnreadNotifications int
	// UnreadMessages: the same count as the header's badge (the web shows the slot when set).
	UnreadMessages      *int
	FeaturedTournaments []store.Tournament
	FeaturedClubs       []store.Club
	ActiveMatches       []store.MatchRow
	ActiveAccess        []MatchAccess
	CompletedMatches    []store.MatchRow
	CompletedAccess     []MatchAccess
}

// HomeFor reads the signed-in home of the caller.
func (s *Service) HomeFor(ctx context.Context, cur Current) (Home, error) {
	var h Home
	if err := signedIn(cur); err != nil {
		return h, err
	}
	var err error
	if h.Counts, err = s.db.CountHome(ctx, cur.User.ID); err != nil {
		return h, err
	}
	waiting, err := s.Matches(ctx, cur, MatchListInput{Scope: "validation", Limit: homeWaitingCap})
	if err != nil {
		return h, err
	}
	h.ResultsWaiting = min(len(waiting), homeWaitingCap)
	if h.UnreadNotifications, err = s.db.UnreadNotifications(ctx, cur.User.ID); err != nil {
		return h, err
	}
	unread, err := s.db.UnreadMessages(ctx, cur.User.ID)
	if err != nil {
		return h, err
	}
	h.UnreadMessages = &unread
	h.ActiveMatches, h.ActiveAccess, err = s.MatchList(ctx, cur, MatchListInput{
		States: []string{"time_proposed", "time_confirmed", "result_reported", "result_disputed"}, Limit: HomeMatches})
	if err != nil {
		return h, err
	}
	h.CompletedMatches, h.CompletedAccess, err = s.MatchList(ctx, cur, MatchListInput{States: []string{"completed"}, Limit: HomeMatches})
	if err != nil {
		return h, err
	}
	if h.FeaturedTournaments, err = s.featuredTournaments(ctx, cur); err != nil {
		return h, err
	}
	h.FeaturedClubs, err = s.featuredClubs(ctx, cur)
	return h, err
}

// featuredTournaments lists active tournaments of the reader's district first, then others.
func (s *Service) featuredTournaments(ctx context.Context, cur Current) ([]store.Tournament, error) {
	out := []store.Tournament{}
	seen := map[int64]bool{}
	for _, district := range nearFirst(cur.User.District) {
		ts, _, err := s.Tournaments(ctx, cur, TournamentListInput{Status: "active", District: district, Limit: HomeFeatured * 2})
		if err != nil {
			return nil, err
		}
		for _, t := range ts {
			if len(out) < HomeFeatured && !seen[t.ID] {
				seen[t.ID] = true
				out = append(out, t)
			}
		}
		if len(out) == HomeFeatured {
			break
		}
	}
	return out, nil
}

// featuredClubs lists validated clubs of the reader's district first, then others.
func (s *Service) featuredClubs(ctx context.Context, cur Current) ([]store.Club, error) {
	out := []store.Club{}
	seen := map[int64]bool{}
	for _, district := range nearFirst(cur.User.District) {
		cs, _, err := s.Clubs(ctx, cur, ClubListInput{Status: "validated", District: district, Limit: HomeFeatured * 2})
		if err != nil {
			return nil, err
		}
		for _, c := range cs {
			if len(out) < HomeFeatured && !seen[c.ID] {
				seen[c.ID] = true
				out = append(out, c)
			}
		}
		if len(out) == HomeFeatured {
			break
		}
	}
	return out, nil
}

// nearFirst is the districts to read in order: the reader's, then any ("").
func nearFirst(district string) []string {
	if district == "" {
		return []string{""}
	}
	return []string{district, ""}
}
