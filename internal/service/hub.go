package service

import (
	"context"
	"errors"
	"strings"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/tennis"
)

// Limits of the tennis hub's blocks: a glance, each with a link to the full list.
const (
	HubTournaments = 6
	HubClubs       = 6
	HubPlayers     = 8
	HubResults     = 8
)

// HubResult is a recent validated result of the district, with both players.
type HubResult struct {
	store.HubResult
	Winner, Loser store.User
}

// Hub is the "near you" of the tennis hub: the reader's district and municipality from their
// profile, and what is there. With no district, only the district is empty (the page asks for it).
type Hub struct {
	District, Municipality string
	Tournaments            []store.Tournament
	Clubs                  []store.Club
	Players                []store.HubPlayer
	Results                []HubResult
}

// TennisHub gathers the hub's blocks in a few indexed, limited reads: active tournaments and
// validated clubs of the district, players of the district whose weekly availability overlaps
// the reader's (policy.SuggestPlayer: never hidden ones), and the district's latest validated
// results of public tournaments (results of hidden players left out, as SeePlayer says).
func (s *Service) TennisHub(ctx context.Context, cur Current) (Hub, error) {
	if err := signedIn(cur); err != nil {
		return Hub{}, err
	}
	me, err := s.db.UserByID(ctx, nil, cur.User.ID)
	if err != nil {
		return Hub{}, err
	}
	h := Hub{District: me.District, Municipality: me.Municipality, Tournaments: []store.Tournament{}, Clubs: []store.Club{},
		Players: []store.HubPlayer{}, Results: []HubResult{}}
	if strings.TrimSpace(me.District) == "" {
		return h, nil
	}
	if h.Tournaments, _, err = s.Tournaments(ctx, cur, TournamentListInput{District: me.District, Limit: HubTournaments}); err != nil {
		return h, err
	}
	if h.Clubs, _, err = s.Clubs(ctx, cur, ClubListInput{District: me.District, Limit: HubClubs}); err != nil {
		return h, err
	}
	ps, err := s.db.HubPlayers(ctx, me.ID, me.District, me.Municipality, HubPlayers)
	if err != nil {
		return h, err
	}
	for _, p := range ps {
		if policy.SuggestPlayer(cur.Actor, p.Player.ID, p.Player.Hidden, p.Player.Status) {
			h.Players = append(h.Players, p)
		}
	}
	rs, err := s.db.HubResults(ctx, me.District, HubResults)
	if err != nil {
		return h, err
	}
	ids := make([]int64, 0, 2*len(rs))
	for _, r := range rs {
		ids = append(ids, r.WinnerID, r.LoserID)
	}
	users, err := s.db.UsersByIDs(ctx, ids)
	if err != nil {
		return h, err
	}
	for _, r := range rs {
		w, l := users[r.WinnerID], users[r.LoserID]
		if w.ID == 0 || l.ID == 0 || !policy.SeePlayer(cur.Actor, w.ID, w.Hidden, w.Status == "suspended") ||
			!policy.SeePlayer(cur.Actor, l.ID, l.Hidden, l.Status == "suspended") {
			continue
		}
		h.Results = append(h.Results, HubResult{HubResult: r, Winner: w, Loser: l})
	}
	return h, nil
}

// ScoreCheck is the verdict of the rules guide's score checker: the server's own validation.
type ScoreCheck struct {
	Valid     bool
	Canonical string // the score as the app writes it, when valid
	Winner    int    // 0: the first-named player, 1: the second (when valid)
	Sets      []tennis.Set
	Code      string // the refusal's translation key (errors.json), when invalid
	Set       int    // the set it concerns (1-based, 0 for the whole score)
}

// CheckScore validates a score as a result report would (tennis.Parse), without storing
// anything.
func CheckScore(score string) (ScoreCheck, error) {
	sc, err := tennis.Parse(score)
	if err != nil {
		var te *tennis.Error
		if errors.As(err, &te) {
			return ScoreCheck{Code: te.Code, Set: te.Set}, nil
		}
		return ScoreCheck{}, err
	}
	return ScoreCheck{Valid: true, Canonical: sc.String(), Winner: sc.Winner, Sets: sc.Sets}, nil
}
