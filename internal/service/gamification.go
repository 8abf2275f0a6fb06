package service

import (
	"context"
	"slices"
	"time"

	"github.com/tennisladder/ladder/internal/gamification"
	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/realtime"
	"github.com/tennisladder/ladder/internal/store"
)

// Gamification (issue 15): XP, levels, achievements and streaks are earned in the transaction of
// what earns them (awardMatch in ValidateResult, awardAction in the one-time actions) and read
// by the player's /gamification page, the popups and the statistics page.

// XP history pages and the friendly leaderboard's length.
const (
	XPHistoryPage  = 20
	XPHistoryMax   = 100
	XPLeaderboardN = 20
)

// awardMatch gives both players of a newly validated match their XP, achievements and streak,
// and tells them live when there is something to show.
func (s *Service) awardMatch(ctx context.Context, tx *store.Tx, m store.RatedMatch) error {
	got, err := s.db.AwardMatch(ctx, tx, m)
	if err != nil {
		return err
	}
	s.publish(tx, realtime.Event{Type: realtime.TypeGamification, Users: got.Users})
	return nil
}

// awardAction gives a one-time action's XP and achievement (idempotent).
func (s *Service) awardAction(ctx context.Context, tx *store.Tx, userID int64, a gamification.Action) error {
	added, err := s.db.AwardAction(ctx, tx, userID, a)
	if err == nil && added {
		s.publish(tx, realtime.Event{Type: realtime.TypeGamification, Users: []int64{userID}})
	}
	return err
}

// ProfileComplete tells whether a profile earns the "profile completed" achievement
// (gamification.ProfileComplete).
func ProfileComplete(u store.User) bool {
	return gamification.ProfileComplete(u.FirstName, u.LastName, u.District, u.Municipality, u.Phone, u.WhatsApp)
}

// AchievementView is one catalogue entry for a player: earned or locked.
type AchievementView struct {
	Code     string
	Group    string
	EarnedAt *time.Time
}

// GamificationSummary is a player's level, streak and achievements.
type GamificationSummary struct {
	Progress     gamification.Progress
	Streak       gamification.Streak // Current is the run still alive this week
	Achievements []AchievementView   // the whole catalogue, earned first
	Earned       int
}

// summary builds a player's summary.
func (s *Service) summary(ctx context.Context, u store.User) (GamificationSummary, error) {
	p, err := s.db.ProgressOf(ctx, nil, u.ID)
	if err != nil {
		return GamificationSummary{}, err
	}
	earned, err := s.db.AchievementsOf(ctx, u.ID)
	if err != nil {
		return GamificationSummary{}, err
	}
	out := GamificationSummary{Progress: gamification.ProgressOf(p.XP), Streak: p.StreakOf(), Earned: len(earned)}
	out.Streak.Current = out.Streak.CurrentAt(gamification.WeekOf("", s.now(), u.Timezone))
	at := map[string]time.Time{}
	for _, e := range earned {
		at[e.Code] = e.EarnedAt
	}
	var locked []AchievementView
	for _, a := range gamification.Catalogue {
		if t, ok := at[a.Code]; ok {
			t := t
			out.Achievements = append(out.Achievements, AchievementView{Code: a.Code, Group: a.Group, EarnedAt: &t})
		} else {
			locked = append(locked, AchievementView{Code: a.Code, Group: a.Group})
		}
	}
	slices.SortStableFunc(out.Achievements, func(a, b AchievementView) int { return b.EarnedAt.Compare(*a.EarnedAt) })
	out.Achievements = append(out.Achievements, locked...)
	return out, nil
}

// Gamification is the caller's own summary.
func (s *Service) Gamification(ctx context.Context, cur Current) (GamificationSummary, error) {
	if err := denied(policy.Gamification(cur.Actor)); err != nil {
		return GamificationSummary{}, err
	}
	return s.summary(ctx, cur.User)
}

// PlayerGamification is another player's summary as the statistics page shows it (who may see
// the player: policy.SeePlayer).
func (s *Service) PlayerGamification(ctx context.Context, cur Current, id int64) (GamificationSummary, error) {
	u, err := s.seePlayer(ctx, cur, id)
	if err != nil {
		return GamificationSummary{}, err
	}
	return s.summary(ctx, u)
}

// XPHistory pages the caller's XP events, newest first.
func (s *Service) XPHistory(ctx context.Context, cur Current, before int64, limit int) ([]store.XPEvent, error) {
	if err := denied(policy.Gamification(cur.Actor)); err != nil {
		return nil, err
	}
	if limit <= 0 || limit > XPHistoryMax {
		limit = XPHistoryPage
	}
	return s.db.XPHistory(ctx, cur.User.ID, before, limit)
}

// XPLeaderboard ranks by XP the caller and the players of the caller's tournaments.
func (s *Service) XPLeaderboard(ctx context.Context, cur Current) ([]store.XPRow, error) {
	if err := denied(policy.Gamification(cur.Actor)); err != nil {
		return nil, err
	}
	return s.db.XPLeaderboard(ctx, cur.User.ID, XPLeaderboardN)
}

// Popups is what the caller has not been shown yet: new achievements and a level up (0: none).
type Popups struct {
	Achievements []string
	Level        int
}

// GamificationPopups reads the caller's unseen popups.
func (s *Service) GamificationPopups(ctx context.Context, cur Current) (Popups, error) {
	if err := denied(policy.Gamification(cur.Actor)); err != nil {
		return Popups{}, err
	}
	p, err := s.db.ProgressOf(ctx, nil, cur.User.ID)
	if err != nil {
		return Popups{}, err
	}
	earned, err := s.db.AchievementsOf(ctx, cur.User.ID)
	if err != nil {
		return Popups{}, err
	}
	out := Popups{Achievements: []string{}}
	for i := len(earned) - 1; i >= 0; i-- { // oldest first
		if !earned[i].SeenAt.Valid {
			out.Achievements = append(out.Achievements, earned[i].Code)
		}
	}
	if l := gamification.Level(p.XP); l > p.LevelSeen {
		out.Level = l
	}
	return out, nil
}

// MarkPopupsSeen records that the caller was shown these popups (codes unknown or not earned are
// ignored; a level above the caller's is capped at it).
func (s *Service) MarkPopupsSeen(ctx context.Context, cur Current, codes []string, level int) error {
	if err := denied(policy.Gamification(cur.Actor)); err != nil {
		return err
	}
	if len(codes) > len(gamification.Catalogue) {
		return invalid("achievements", "gamification.too_many", map[string]any{"max": len(gamification.Catalogue)})
	}
	for _, c := range codes {
		if !gamification.Known(c) {
			return invalid("achievements", "gamification.unknown_achievement", nil)
		}
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		p, err := s.db.ProgressOf(ctx, tx, cur.User.ID)
		if err != nil {
			return err
		}
		return s.db.MarkSeen(ctx, tx, cur.User.ID, codes, min(level, gamification.Level(p.XP)))
	})
}

// LevelOf is the level of a total of XP.
func LevelOf(xp int) int { return gamification.Level(xp) }
