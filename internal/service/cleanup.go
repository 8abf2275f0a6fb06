package service

import (
	"context"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// The clean-up of expired items (SPEC §4): pending clubs and tournaments past their 5 days are
// removed for good, tournaments past their end date are closed, unanswered challenges past
// their deadline expire (both players told) and expired sessions go. One transaction does it
// all with its audit row, so a run is recorded exactly when it changed something; each step's
// SQL is idempotent, so two runs at once (a scheduled one and a super admin's) count every
// item once between them.

// CleanupCounts is what one clean-up run did, per kind.
type CleanupCounts struct {
	PendingClubs       int64 `json:"pending_clubs" doc:"Pending clubs removed (not validated within 5 days)"`
	PendingTournaments int64 `json:"pending_tournaments" doc:"Pending tournaments removed (not approved within 5 days)"`
	EndedTournaments   int64 `json:"ended_tournaments" doc:"Active tournaments closed because their end date passed"`
	Challenges         int64 `json:"challenges" doc:"Challenges expired (unanswered past the response deadline)"`
	Sessions           int64 `json:"sessions" doc:"Expired sessions removed"`
}

// Total is the number of items the run handled.
func (c CleanupCounts) Total() int64 {
	return c.PendingClubs + c.PendingTournaments + c.EndedTournaments + c.Challenges + c.Sessions
}

// Cleanup triggers.
const (
	CleanupManual   = "manual"   // a super admin pressed "run now"; always audited
	CleanupSchedule = "schedule" // the periodic job; audited only when it changed something
)

// CleanupNow runs the clean-up for a super admin (the admin panel's quick action).
func (s *Service) CleanupNow(ctx context.Context, cur Current) (CleanupCounts, error) {
	if err := denied(policy.RunSystemTasks(cur.Actor)); err != nil {
		return CleanupCounts{}, err
	}
	return s.cleanup(ctx, cur.Actor, CleanupManual)
}

// ScheduledCleanup is the periodic job's run (no actor: the system).
func (s *Service) ScheduledCleanup(ctx context.Context) (CleanupCounts, error) {
	return s.cleanup(ctx, policy.Actor{}, CleanupSchedule)
}

// removedListMax bounds the names an audit row keeps per kind (the counts stay exact).
const removedListMax = 50

func (s *Service) cleanup(ctx context.Context, actor policy.Actor, trigger string) (CleanupCounts, error) {
	var c CleanupCounts
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		c = CleanupCounts{}
		now := s.now()
		clubs, err := s.db.RemoveExpiredPendingClubs(ctx, tx, now)
		if err != nil {
			return err
		}
		pending, err := s.db.RemoveExpiredPendingTournaments(ctx, tx, now)
		if err != nil {
			return err
		}
		ended, err := s.db.CloseEndedTournamentsIn(ctx, tx, today(now).Format("2006-01-02"))
		if err != nil {
			return err
		}
		if c.Challenges, err = s.expireChallenges(ctx, tx); err != nil {
			return err
		}
		if c.Sessions, err = s.db.RemoveExpiredSessions(ctx, tx, now); err != nil {
			return err
		}
		c.PendingClubs, c.PendingTournaments, c.EndedTournaments = int64(len(clubs)), int64(len(pending)), int64(len(ended))
		if trigger != CleanupManual && c.Total() == 0 {
			return nil // a quiet minute is not worth a row; job_runs keeps the last run
		}
		return s.audit(ctx, tx, actor, AuditCleanup, "system", 0, map[string]any{"trigger": trigger, "counts": c,
			"clubs": firstNamed(clubs), "tournaments": firstNamed(pending), "closed_tournaments": firstNamed(ended)})
	})
	return c, err
}

func firstNamed(xs []store.Named) []store.Named {
	return xs[:min(len(xs), removedListMax)]
}
