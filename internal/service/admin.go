package service

import (
	"context"
	"errors"
	"time"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// The administration area (#12): the dashboard counters and the admin lists. Reads only; the
// actions they lead to (role and status changes, decisions) are the existing use cases.

// WeekStart is the start of the week "weekly games" counts: Monday 00:00 in the platform's
// time zone (store.DefaultTimezone), as a UTC instant.
func WeekStart(now time.Time) time.Time {
	loc := location(store.DefaultTimezone)
	local := now.In(loc)
	back := (int(local.Weekday()) + 6) % 7 // days since Monday
	y, m, d := local.Date()
	return time.Date(y, m, d-back, 0, 0, 0, 0, loc).UTC()
}

// Dashboard counts the ten counters of SPEC §2 in one statement.
func (s *Service) Dashboard(ctx context.Context, actor policy.Actor) (store.DashboardCounts, error) {
	if err := denied(policy.ViewDashboard(actor)); err != nil {
		return store.DashboardCounts{}, err
	}
	return s.db.Dashboard(ctx, WeekStart(s.now()))
}

// AdminPlayer is an account in the players admin list with what the reader may do to it.
type AdminPlayer struct {
	store.AdminPlayer
	IsRoot bool
	Can    policy.AccountPermissions
}

// AdminPlayerDetail adds the account's clubs and tournaments.
type AdminPlayerDetail struct {
	AdminPlayer
	Clubs       []store.Membership
	Tournaments []store.Entry
}

// detailRows caps the clubs and tournaments shown in a player's admin detail.
const detailRows = 50

func (s *Service) adminPlayer(actor policy.Actor, p store.AdminPlayer) AdminPlayer {
	return AdminPlayer{AdminPlayer: p, IsRoot: s.isRoot(p.User),
		Can: policy.AccountActions(actor, s.target(p.User), policy.Status(p.Status))}
}

// AdminPlayers lists accounts for the players admin list (admins and super admins).
func (s *Service) AdminPlayers(ctx context.Context, actor policy.Actor, f store.PlayerFilter) ([]AdminPlayer, string, error) {
	if err := denied(policy.ListPlayers(actor)); err != nil {
		return nil, "", err
	}
	rows, next, err := s.db.AdminPlayers(ctx, f)
	if err != nil {
		return nil, "", err
	}
	out := make([]AdminPlayer, len(rows))
	for i, p := range rows {
		out[i] = s.adminPlayer(actor, p)
	}
	return out, next, nil
}

// AdminPlayerDetail reads one account for the players admin list: profile, clubs, tournaments,
// last sign-in and the reader's actions.
func (s *Service) AdminPlayerDetail(ctx context.Context, actor policy.Actor, id int64) (AdminPlayerDetail, error) {
	if err := denied(policy.ListPlayers(actor)); err != nil {
		return AdminPlayerDetail{}, err
	}
	p, err := s.db.AdminPlayerByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return AdminPlayerDetail{}, &Error{Kind: KindNotFound, Code: "user.not_found"}
	} else if err != nil {
		return AdminPlayerDetail{}, err
	}
	d := AdminPlayerDetail{AdminPlayer: s.adminPlayer(actor, p)}
	if d.Clubs, err = s.db.MembershipsOf(ctx, id, detailRows); err != nil {
		return d, err
	}
	d.Tournaments, err = s.db.EntriesOf(ctx, id, detailRows)
	return d, err
}

// AdminClubs lists clubs of any status ("" or "all": every status) for super admins.
func (s *Service) AdminClubs(ctx context.Context, actor policy.Actor, status, query, cursor string, limit int) ([]store.Club, string, error) {
	if err := denied(policy.ViewDashboard(actor)); err != nil {
		return nil, "", err
	}
	f := store.ClubFilter{Query: query, Statuses: []string{"pending", "validated", "rejected"}, Cursor: cursor, Limit: limit}
	if status != "" && status != "all" {
		f.Statuses = []string{status}
	}
	return s.db.ListClubs(ctx, f)
}

// AdminTournaments lists tournaments of any status ("" or "all": every status) for super admins.
func (s *Service) AdminTournaments(ctx context.Context, actor policy.Actor, status, query, cursor string, limit int) ([]store.Tournament, string, error) {
	if err := denied(policy.ViewDashboard(actor)); err != nil {
		return nil, "", err
	}
	f := store.TournamentFilter{Query: query, Statuses: []string{"pending", "active", "inactive", "rejected"}, Cursor: cursor, Limit: limit}
	if status != "" && status != "all" {
		f.Statuses = []string{status}
	}
	return s.db.ListTournaments(ctx, f)
}

// MatchStates maps the admin matches filter to match states (nil: every state).
var MatchStates = map[string][]string{
	"all": nil, "active": store.MatchesActive, "scheduled": store.MatchesScheduled,
	"pending": store.MatchesPending, "completed": store.MatchesCompleted, "cancelled": {"cancelled"},
}

// AdminMatches lists matches across every tournament for super admins; period "week" keeps the
// completed matches validated since WeekStart (the dashboard's weekly games).
func (s *Service) AdminMatches(ctx context.Context, actor policy.Actor, state, period, cursor string, limit int) ([]store.MatchRow, string, error) {
	if err := denied(policy.ViewDashboard(actor)); err != nil {
		return nil, "", err
	}
	f := store.AdminMatchFilter{States: MatchStates[state], Cursor: cursor, Limit: limit}
	if period == "week" {
		f.States, f.ValidatedSince = store.MatchesCompleted, WeekStart(s.now())
	}
	return s.db.AdminMatches(ctx, f)
}

// AdminChallenges lists challenges across every tournament for super admins.
func (s *Service) AdminChallenges(ctx context.Context, actor policy.Actor, status, cursor string, limit int) ([]store.ChallengeRow, string, error) {
	if err := denied(policy.ViewDashboard(actor)); err != nil {
		return nil, "", err
	}
	if status == "all" {
		status = ""
	}
	return s.db.AdminChallenges(ctx, status, cursor, limit)
}
