package service

import (
	"context"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// MatchList is Matches with what the caller may do with each match (the list's can_* flags).
// The rows of the list are used as read; the tournament facts the policy needs (the caller's
// relation, whether a referee exists) are read once per tournament of the page, not per row
// (issue 16: the list read four queries per row and dropped a row silently on any error). Any
// error fails the whole list.
func (s *Service) MatchList(ctx context.Context, cur Current, in MatchListInput) ([]store.MatchRow, []MatchAccess, error) {
	rows, err := s.Matches(ctx, cur, in)
	if err != nil {
		return nil, nil, err
	}
	scopes := map[int64]policy.MatchScope{}
	out, accs := rows[:0:0], make([]MatchAccess, 0, len(rows))
	for _, m := range rows {
		sc, ok := scopes[m.TournamentID]
		if !ok {
			t, err := s.db.TournamentByID(ctx, nil, m.TournamentID)
			if err != nil {
				return nil, nil, err
			}
			rel, _, err := s.relation(ctx, nil, cur, t)
			if err != nil {
				return nil, nil, err
			}
			refs, err := s.db.Referees(ctx, nil, t.ID)
			if err != nil {
				return nil, nil, err
			}
			sc = policy.MatchScope{Tournament: rel, HasReferee: len(refs) > 0}
			scopes[m.TournamentID] = sc
		}
		if !policy.SeeMatch(cur.Actor, sc, MatchFacts(m)) {
			continue // the list's own filters already keep to visible matches; this is the policy's word
		}
		out = append(out, m)
		accs = append(accs, MatchAccess{Scope: sc, Can: policy.MatchPermissions(cur.Actor, sc, MatchFacts(m)), Chat: matchChat(cur.Actor, sc, MatchFacts(m))})
	}
	return out, accs, nil
}
