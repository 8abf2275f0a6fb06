package service

import (
	"context"
	"errors"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/realtime"
	"github.com/tennisladder/ladder/internal/store"
)

// Live is where the use cases send live-update events (the realtime hub).
type Live interface {
	Publish(realtime.Event)
}

// publish sends e once tx has committed: an event never announces what may still roll back.
// Events carry ids only; clients re-fetch through the API, which applies the permissions.
func (s *Service) publish(tx *store.Tx, e realtime.Event) {
	if s.live == nil || len(e.Users) == 0 {
		return
	}
	s.db.AfterCommit(tx, func() { s.live.Publish(e) })
}

// publishChallenge tells both players of a challenge (and so of its match, when accepting
// made one) that it changed.
func (s *Service) publishChallenge(tx *store.Tx, tournament, challenge, match int64, players ...int64) {
	s.publish(tx, realtime.Event{Type: realtime.TypeChallenge, Tournament: tournament, Challenge: challenge, Match: match, Users: players})
}

// publishMatch tells whoever shows the match (its players, and validators when a result waits
// for them) that it changed.
func (s *Service) publishMatch(tx *store.Tx, m store.MatchRow, also ...int64) {
	users := append([]int64{m.Player1ID, m.Player2ID}, also...)
	s.publish(tx, realtime.Event{Type: realtime.TypeMatch, Tournament: m.TournamentID, Match: m.ID, Users: users})
}

// OpenSockets is the number of live-update sockets open on this instance (the admin panel's
// health, next to the metric ladder_ws_connections); -1 when live updates are off.
func (s *Service) OpenSockets() int {
	if o, ok := s.live.(interface{ Open() int }); ok {
		return o.Open()
	}
	return -1
}

// PresenceVisible keeps the ids among ids whose online state viewer may see: the players they
// may see at all (policy.SeePresence). Unknown ids are left out.
func (s *Service) PresenceVisible(ctx context.Context, viewer int64, ids []int64) ([]int64, error) {
	u, err := s.db.UserByID(ctx, nil, viewer)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	actor := s.actor(u)
	rows, err := s.db.UsersVisibility(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]int64, 0, len(rows))
	for _, r := range rows {
		if policy.SeePresence(actor, r.ID, r.Hidden, r.Status == "suspended") {
			out = append(out, r.ID)
		}
	}
	return out, nil
}
