package service

import (
	"context"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// PanelSorts are the players panel's orders (SPEC §2).
var PanelSorts = []string{"win_rate", "wins", "points", "matches", "name"}

// PlayersPanel is the super admins' players panel: every account with its statistics over all
// tournaments, searched, filtered by club, ordered and paged on the server. The statistics come
// from store.PlayersPanel alone, so precomputed statistics (issue 14) replace them in one place.
func (s *Service) PlayersPanel(ctx context.Context, actor policy.Actor, q store.PanelQuery) ([]store.PanelRow, int, error) {
	if err := denied(policy.Allow(actor, policy.SuperAdmins)); err != nil {
		return nil, 0, err
	}
	var f fieldErrors
	if q.Sort == "" {
		q.Sort = "name"
	}
	f.oneOf("sort", q.Sort, PanelSorts...)
	if err := f.err(); err != nil {
		return nil, 0, err
	}
	if q.Limit <= 0 || q.Limit > 100 {
		q.Limit = 20
	}
	q.Offset = max(q.Offset, 0)
	return s.db.PlayersPanel(ctx, q)
}
