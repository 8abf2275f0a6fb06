package service

import (
	"github.com/tennisladder/ladder/internal/gamification"

	"context"
	"errors"
	"math/rand/v2"

	"github.com/tennisladder/ladder/internal/ladder"
	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// changeParticipants runs fn in a transaction holding the tournament's lock, after checking that
// the tournament is visible and active. Every change to a tournament's people goes through it.
func (s *Service) changeParticipants(ctx context.Context, cur Current, id int64,
	fn func(tx *store.Tx, t *store.Tournament, rel policy.TournamentRelation) error) error {
	if err := signedIn(cur); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		t, rel, err := s.lockVisibleTournament(ctx, tx, cur, id)
		if err != nil {
			return err
		}
		if t.Status != "active" {
			return &Error{Kind: KindConflict, Code: "tournament.not_active"}
		}
		return fn(tx, &t, rel)
	})
}

// hasRoom reports whether one more player fits under the tournament's maximum.
func (s *Service) hasRoom(ctx context.Context, tx *store.Tx, t *store.Tournament) error {
	if t.MaxParticipants == 0 {
		return nil
	}
	n, err := s.db.CountPlayers(ctx, tx, t.ID)
	if err != nil {
		return err
	}
	if n >= t.MaxParticipants {
		return &Error{Kind: KindConflict, Code: "tournament.full", Params: map[string]any{"max": t.MaxParticipants}}
	}
	return nil
}

func (s *Service) tournamentNote(t *store.Tournament, typ NotificationType, key string, params map[string]any) Note {
	if params == nil {
		params = map[string]any{}
	}
	params["tournament"] = t.Name
	return Note{Type: typ, TitleKey: "tournaments." + key + "_title", MessageKey: "tournaments." + key, Params: params,
		ActionURL: "/tournaments/" + itoa64(t.ID)}
}

// notifyCreator tells the tournament's creator (unless they did it themselves).
func (s *Service) notifyCreator(ctx context.Context, tx *store.Tx, cur Current, t *store.Tournament, typ NotificationType, key string) error {
	if !t.CreatorID.Valid || t.CreatorID.Int64 == cur.User.ID {
		return nil
	}
	return s.Notify(ctx, tx, t.CreatorID.Int64, s.tournamentNote(t, typ, key, map[string]any{"name": DisplayName(cur.User)}))
}

// JoinTournament enters the caller in an active tournament: directly when it is public (or the
// caller is an admin), as a join request otherwise. It returns the caller's new status.
func (s *Service) JoinTournament(ctx context.Context, cur Current, id int64) (string, error) {
	status := ""
	err := s.changeParticipants(ctx, cur, id, func(tx *store.Tx, t *store.Tournament, _ policy.TournamentRelation) error {
		status = "requested"
		if policy.JoinsDirectly(cur.Actor, t.Privacy) {
			status = "active"
			if err := s.hasRoom(ctx, tx, t); err != nil {
				return err
			}
			if err := s.db.SnapshotWeek(ctx, tx, t); err != nil {
				return err
			}
		}
		added, err := s.db.AddParticipant(ctx, tx, t.ID, cur.User.ID, status)
		if err != nil {
			return err
		}
		if !added {
			return &Error{Kind: KindConflict, Code: "tournament.already_joined"}
		}
		if status == "active" {
			if err := s.awardAction(ctx, tx, cur.User.ID, gamification.ActionFirstTournament); err != nil {
				return err
			}
		}
		key := "player_joined"
		if status == "requested" {
			key = "join_requested"
		}
		return s.notifyCreator(ctx, tx, cur, t, PlayerJoinedTournament, key)
	})
	return status, err
}

// LeaveTournament takes the caller out of a tournament (or withdraws their join request).
func (s *Service) LeaveTournament(ctx context.Context, cur Current, id int64) error {
	return s.changeParticipants(ctx, cur, id, func(tx *store.Tx, t *store.Tournament, _ policy.TournamentRelation) error {
		if err := s.db.SnapshotWeek(ctx, tx, t); err != nil {
			return err
		}
		removed, err := s.db.RemoveParticipant(ctx, tx, t.ID, cur.User.ID)
		if err != nil {
			return err
		}
		if !removed {
			return &Error{Kind: KindConflict, Code: "tournament.not_participant"}
		}
		return s.notifyCreator(ctx, tx, cur, t, PlayerLeftTournament, "player_left")
	})
}

// participant reads the participant an action is about ("Player not found" when not in it).
func (s *Service) participant(ctx context.Context, tx *store.Tx, t *store.Tournament, userID int64) (store.Participant, error) {
	p, err := s.db.Participation(ctx, tx, t.ID, userID)
	if errors.Is(err, store.ErrNotFound) {
		return p, &Error{Kind: KindNotFound, Code: "player.not_found"}
	}
	return p, err
}

// DecideJoinRequest admits or declines a request to join a private tournament.
func (s *Service) DecideJoinRequest(ctx context.Context, cur Current, id, userID int64, approve bool) error {
	return s.changeParticipants(ctx, cur, id, func(tx *store.Tx, t *store.Tournament, rel policy.TournamentRelation) error {
		if err := denied(policy.ManageTournament(cur.Actor, rel)); err != nil {
			return err
		}
		p, err := s.participant(ctx, tx, t, userID)
		if err != nil {
			return err
		}
		if p.Status != "requested" {
			return &Error{Kind: KindConflict, Code: "tournament.no_request"}
		}
		key, action, details := "request_declined", AuditJoinDeclined, map[string]any{"user": userID, "from": p.Status}
		if approve {
			action, details["to"] = AuditJoinApproved, "active"
			key = "request_approved"
			if err := s.hasRoom(ctx, tx, t); err != nil {
				return err
			}
			if err := s.db.SnapshotWeek(ctx, tx, t); err != nil {
				return err
			}
			if _, err = s.db.AdmitRequest(ctx, tx, t.ID, userID); err == nil {
				err = s.awardAction(ctx, tx, userID, gamification.ActionFirstTournament)
			}
		} else {
			_, err = s.db.RemoveParticipant(ctx, tx, t.ID, userID)
		}
		if err != nil {
			return err
		}
		if err := s.audit(ctx, tx, cur.Actor, action, "tournament", t.ID, details); err != nil {
			return err
		}
		return s.Notify(ctx, tx, userID, s.tournamentNote(t, AdminAction, key, nil))
	})
}

// canActOn asks the policy whether the caller may act on participant userID (see
// policy.ActOnParticipant: not on oneself, the creator protected).
func canActOn(cur Current, t *store.Tournament, rel policy.TournamentRelation, userID int64) error {
	return denied(policy.ActOnParticipant(cur.Actor, rel, t.CreatorID.Int64, policy.Participant{UserID: userID}))
}

// SetPlayerStatus pauses, suspends or reactivates a participant (creator, referees, super admins)
// and tells them.
func (s *Service) SetPlayerStatus(ctx context.Context, cur Current, id, userID int64, status string) error {
	if status != "active" && status != "paused" && status != "suspended" {
		return &Error{Kind: KindInvalid, Code: "validation.failed", Fields: []FieldError{{Field: "status",
			Code: "validation.one_of", Params: map[string]any{"values": "active, paused, suspended"}}}}
	}
	return s.changeParticipants(ctx, cur, id, func(tx *store.Tx, t *store.Tournament, rel policy.TournamentRelation) error {
		if err := canActOn(cur, t, rel, userID); err != nil {
			return err
		}
		p, err := s.participant(ctx, tx, t, userID)
		if err != nil {
			return err
		}
		if p.Status == "requested" {
			return &Error{Kind: KindConflict, Code: "tournament.no_request"}
		}
		changed, err := s.db.SetParticipantStatus(ctx, tx, t.ID, userID, status)
		if err != nil {
			return err
		}
		if !changed {
			return &Error{Kind: KindConflict, Code: "tournament.status_unchanged"}
		}
		if err := s.audit(ctx, tx, cur.Actor, AuditPlayerStatus, "tournament", t.ID,
			map[string]any{"user": userID, "from": p.Status, "to": status}); err != nil {
			return err
		}
		key := map[string]string{"active": "player_reactivated", "paused": "player_paused", "suspended": "player_suspended"}[status]
		return s.Notify(ctx, tx, userID, s.tournamentNote(t, AdminAction, key, nil))
	})
}

// RemovePlayer takes a participant out of the tournament and tells them.
func (s *Service) RemovePlayer(ctx context.Context, cur Current, id, userID int64) error {
	return s.changeParticipants(ctx, cur, id, func(tx *store.Tx, t *store.Tournament, rel policy.TournamentRelation) error {
		if err := canActOn(cur, t, rel, userID); err != nil {
			return err
		}
		p, err := s.participant(ctx, tx, t, userID)
		if err != nil {
			return err
		}
		// Referees are demoted by whoever runs the tournament, not removed by other referees.
		if err := denied(policy.RemoveParticipant(cur.Actor, rel, t.CreatorID.Int64,
			policy.Participant{UserID: userID, Role: p.Role, Status: p.Status})); err != nil {
			return err
		}
		if err := s.db.SnapshotWeek(ctx, tx, t); err != nil {
			return err
		}
		if _, err := s.db.RemoveParticipant(ctx, tx, t.ID, userID); err != nil {
			return err
		}
		if err := s.audit(ctx, tx, cur.Actor, AuditPlayerRemoved, "tournament", t.ID,
			map[string]any{"user": userID, "role": p.Role, "status": p.Status}); err != nil {
			return err
		}
		return s.Notify(ctx, tx, userID, s.tournamentNote(t, AdminAction, "player_removed", nil))
	})
}

// PromoteReferee makes a participant the tournament's referee. A tournament has one referee:
// when there is one already, replace must be true (the page asks first) and the current one
// goes back to playing.
func (s *Service) PromoteReferee(ctx context.Context, cur Current, id, userID int64, replace bool) error {
	return s.changeParticipants(ctx, cur, id, func(tx *store.Tx, t *store.Tournament, rel policy.TournamentRelation) error {
		if err := denied(policy.ManageTournament(cur.Actor, rel)); err != nil {
			return err
		}
		p, err := s.participant(ctx, tx, t, userID)
		if err != nil {
			return err
		}
		if err := denied(policy.PromoteReferee(cur.Actor, rel, t.CreatorID.Int64,
			policy.Participant{UserID: userID, Role: p.Role, Status: p.Status})); err != nil {
			return err
		}
		if p.Status == "requested" {
			return &Error{Kind: KindConflict, Code: "tournament.no_request"}
		}
		if p.Role == "referee" {
			return &Error{Kind: KindConflict, Code: "tournament.already_referee"}
		}
		refs, err := s.db.Referees(ctx, tx, t.ID)
		if err != nil {
			return err
		}
		if len(refs) > 0 && !replace {
			u, err := s.db.UserByID(ctx, tx, refs[0])
			if err != nil {
				return err
			}
			return &Error{Kind: KindConflict, Code: "tournament.referee_exists", Params: map[string]any{"name": DisplayName(u)}}
		}
		if err := s.db.SnapshotWeek(ctx, tx, t); err != nil {
			return err
		}
		for _, r := range refs {
			if _, err := s.db.SetParticipantRole(ctx, tx, t.ID, r, "player"); err != nil {
				return err
			}
			if err := s.Notify(ctx, tx, r, s.tournamentNote(t, AdminAction, "referee_removed", nil)); err != nil {
				return err
			}
		}
		if _, err := s.db.SetParticipantRole(ctx, tx, t.ID, userID, "referee"); err != nil {
			return err
		}
		if err := s.audit(ctx, tx, cur.Actor, AuditRefereeSet, "tournament", t.ID,
			map[string]any{"user": userID, "from": p.Role, "to": "referee", "replaced": refs}); err != nil {
			return err
		}
		return s.Notify(ctx, tx, userID, s.tournamentNote(t, AdminAction, "referee_promoted", nil))
	})
}

// DemoteReferee makes the referee a player again (entering the standings at the bottom).
func (s *Service) DemoteReferee(ctx context.Context, cur Current, id, userID int64) error {
	return s.changeParticipants(ctx, cur, id, func(tx *store.Tx, t *store.Tournament, rel policy.TournamentRelation) error {
		if err := denied(policy.ManageTournament(cur.Actor, rel)); err != nil {
			return err
		}
		p, err := s.participant(ctx, tx, t, userID)
		if err != nil {
			return err
		}
		if err := denied(policy.DemoteReferee(cur.Actor, rel, t.CreatorID.Int64,
			policy.Participant{UserID: userID, Role: p.Role, Status: p.Status})); err != nil {
			return err
		}
		if p.Role != "referee" {
			return &Error{Kind: KindConflict, Code: "tournament.not_referee"}
		}
		if err := s.db.SnapshotWeek(ctx, tx, t); err != nil {
			return err
		}
		if _, err := s.db.SetParticipantRole(ctx, tx, t.ID, userID, "player"); err != nil {
			return err
		}
		if err := s.audit(ctx, tx, cur.Actor, AuditRefereeRemoved, "tournament", t.ID,
			map[string]any{"user": userID, "from": "referee", "to": "player"}); err != nil {
			return err
		}
		return s.Notify(ctx, tx, userID, s.tournamentNote(t, AdminAction, "referee_removed", nil))
	})
}

// ShuffleRanking gives players level on the standings a random order (all players in a classic
// ranking) and tells each player whose position changed.
func (s *Service) ShuffleRanking(ctx context.Context, cur Current, id int64) error {
	return s.changeParticipants(ctx, cur, id, func(tx *store.Tx, t *store.Tournament, rel policy.TournamentRelation) error {
		if err := denied(policy.ManageTournament(cur.Actor, rel)); err != nil {
			return err
		}
		if err := s.db.SnapshotWeek(ctx, tx, t); err != nil {
			return err
		}
		st, err := s.db.Standings(ctx, tx, t.ID, t.RankingType)
		if err != nil {
			return err
		}
		in := make([]ladder.Standing, len(st))
		before := map[int64]int{}
		for i, p := range st {
			in[i] = ladder.Standing{PlayerID: p.UserID, Position: p.Position, Points: p.Points, Wins: p.Wins,
				Losses: p.Losses, H2H: p.H2H, Seed: p.Seed}
			before[p.UserID] = p.Position
		}
		out := ladder.Shuffle(ladder.RankingType(t.RankingType), in, s.rand())
		if err := s.db.SetStandingOrder(ctx, tx, t.ID, out); err != nil {
			return err
		}
		moves := []map[string]any{}
		for _, x := range out {
			if before[x.PlayerID] != x.Position {
				moves = append(moves, map[string]any{"user": x.PlayerID, "from": before[x.PlayerID], "to": x.Position})
			}
		}
		if err := s.audit(ctx, tx, cur.Actor, AuditShuffled, "tournament", t.ID, map[string]any{"moves": moves}); err != nil {
			return err
		}
		for _, x := range out {
			if before[x.PlayerID] == x.Position {
				continue
			}
			if err := s.Notify(ctx, tx, x.PlayerID, s.tournamentNote(t, RankingChanged, "shuffled",
				map[string]any{"position": x.Position})); err != nil {
				return err
			}
		}
		return nil
	})
}

func (s *Service) rand() *rand.Rand { return rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())) }
