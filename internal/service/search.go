package service

import (
	"context"

	"github.com/tennisladder/ladder/internal/geo"
	"github.com/tennisladder/ladder/internal/store"
)

// SearchMinLength is the shortest query searched (SPEC §5: at least 2 characters, trimmed).
const SearchMinLength = 2

// SearchResult is one hit of the global search (SPEC §3).
type SearchResult struct {
	Type, Title, Subtitle, Description, URL string
	ID                                      int64
}

// Search finds active tournaments, clubs and players whose names contain q (accents and case
// ignored), at most perType of each. Players are searched only for signed-in callers
// (policy.SearchPlayers) and never include hidden or suspended accounts. Signed-in callers also
// find their own challenges (sent or received) by the opponent's or the tournament's name; never
// anyone else's. The results come from memory while the data they show is unchanged (SearchPage).
func (s *Service) Search(ctx context.Context, cur Current, q, lang string, perType int) ([]SearchResult, error) {
	p, err := s.SearchPage(ctx, cur, q, lang, perType, nil)
	if err != nil {
		return nil, err
	}
	return append(append([]SearchResult{}, p.Shared...), p.Own...), nil
}

// searchShared reads the results that are the same for every reader of one visibility class:
// tournaments, clubs and, when players is set, players.
func (s *Service) searchShared(ctx context.Context, q, lang string, perType int, players bool) ([]SearchResult, error) {
	out := []SearchResult{}
	tournaments, _, err := s.db.ListTournaments(ctx, store.TournamentFilter{Query: q, Statuses: []string{"active"}, Limit: perType})
	if err != nil {
		return nil, err
	}
	for _, t := range tournaments {
		sub := t.ClubName
		if sub == "" {
			sub = placeName(t.District, "", lang)
		}
		out = append(out, SearchResult{Type: "tournament", ID: t.ID, Title: t.Name, Subtitle: sub,
			Description: t.Location, URL: "/tournaments/" + itoa64(t.ID)})
	}
	clubs, _, err := s.db.ListClubs(ctx, store.ClubFilter{Query: q, Statuses: []string{"validated"}, Limit: perType})
	if err != nil {
		return nil, err
	}
	for _, c := range clubs {
		out = append(out, SearchResult{Type: "club", ID: c.ID, Title: c.Name, Subtitle: placeName(c.District, c.Municipality, lang),
			Description: c.Address, URL: "/clubs/" + itoa64(c.ID)})
	}
	if !players {
		return out, nil
	}
	found, err := s.db.SearchPlayers(ctx, q, perType)
	if err != nil {
		return nil, err
	}
	for _, u := range found {
		out = append(out, SearchResult{Type: "player", ID: u.ID, Title: DisplayName(u), Subtitle: placeName(u.District, u.Municipality, lang),
			URL: "/players/" + itoa64(u.ID)})
	}
	return out, nil
}

// searchOwn reads the reader's own challenges matching q.
func (s *Service) searchOwn(ctx context.Context, me int64, q string, perType int) ([]SearchResult, error) {
	challenges, err := s.db.SearchChallenges(ctx, me, q, perType)
	if err != nil {
		return nil, err
	}
	out := make([]SearchResult, 0, len(challenges))
	for _, c := range challenges {
		out = append(out, challengeResult(c, me))
	}
	return out, nil
}

// challengeResult shows one of the reader's challenges: the opponent as title, the tournament as
// subtitle, the status as description (a key the overlay translates: "challenge.<status>"), and a
// link to the challenges page on its box and status.
func challengeResult(c store.ChallengeRow, me int64) SearchResult {
	opp, box := c.Challenged, "sent"
	if c.ChallengedID == me {
		opp, box = c.Challenger, "received"
	}
	url := "/challenges?box=" + box + "&status=" + c.Status
	if c.MatchID.Valid {
		url = "/challenges?match=" + itoa64(c.MatchID.Int64)
	}
	return SearchResult{Type: "challenge", ID: c.ID, Title: DisplayName(opp), Subtitle: c.TournamentName,
		Description: c.Status, URL: url}
}

// placeName is "Municipality, District" in lang, or what is known of it.
func placeName(district, municipality, lang string) string {
	d, ok := geo.DistrictByCode(district)
	if !ok {
		return ""
	}
	name := d.Name[lang]
	if m, _, ok := geo.MunicipalityByCode(municipality); ok {
		if m.Name == name {
			return name
		}
		return m.Name + ", " + name
	}
	return name
}
