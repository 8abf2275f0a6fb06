package service

import (
	"context"
	"slices"
	"time"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/rating"
	"github.com/tennisladder/ladder/internal/store"
)

// StandingRow is one line of the Ranking tab.
type StandingRow struct {
	store.Participant
	Form     string // last five validated results, newest first: "WWL…"
	Movement int    // places gained (positive) or lost since this week's first change
	New      bool   // joined this week after the week's first change
	Rating   rating.Rating
}

// Played is how many validated matches the row's player has in the tournament.
func (r StandingRow) Played() int { return r.Wins + r.Losses }

// WinRate is the share of validated matches won, in percent (0 with none played).
func (r StandingRow) WinRate() int {
	if r.Played() == 0 {
		return 0
	}
	return (r.Wins*100 + r.Played()/2) / r.Played()
}

func (s *Service) standingsVisible(ctx context.Context, cur Current, id int64) (store.Tournament, policy.TournamentRelation, error) {
	t, rel, err := s.visibleTournament(ctx, nil, cur, id)
	if err == nil && !policy.SeeStandings(cur.Actor, t.Privacy, rel) {
		err = &Error{Kind: KindForbidden, Code: "tournament.members_only"}
	}
	return t, rel, err
}

// Standings returns the ranking of a tournament with form and movement. Participants appear in
// their tournament's standings even when they hide from player lists: a ladder needs them. The
// tournament carries only the fields of store.TournamentGate (a slim read: the ranking itself
// usually comes from memory). The rows are shared: callers must not modify them.
func (s *Service) Standings(ctx context.Context, cur Current, id int64) (store.Tournament, []StandingRow, error) {
	t, err := s.db.TournamentGate(ctx, id)
	t, rel, err := s.checkSeen(ctx, nil, cur, t, err)
	if err == nil && !policy.SeeStandings(cur.Actor, t.Privacy, rel) {
		err = &Error{Kind: KindForbidden, Code: "tournament.members_only"}
	}
	if err != nil {
		return t, nil, err
	}
	rows, err := s.standingRows(ctx, t)
	return t, rows, err
}

// ChallengeTargets answers, for the standings rows of t, whom the caller may challenge from
// them (policy.ChallengeOpponent: active players within the range of an active player's
// position): Can holds the user ids; Blocked is the refusal code when the caller may challenge
// nobody at all ("" when they may; e.g. challenge.not_player, challenge.self_unavailable).
type ChallengeTargets struct {
	Can     map[int64]bool
	Blocked string
}

// Targets computes ChallengeTargets. The server checks again when the challenge is sent (open
// challenges, game limits).
func Targets(cur Current, t store.Tournament, rows []StandingRow) ChallengeTargets {
	out := ChallengeTargets{Can: map[int64]bool{}}
	if !cur.Actor.SignedIn() {
		out.Blocked = policy.CodeSignInRequired
		return out
	}
	var me *policy.Entry
	for _, r := range rows {
		if r.UserID == cur.User.ID {
			me = &policy.Entry{UserID: r.UserID, Position: r.Position, Status: r.Status}
		}
	}
	if err := policy.ChallengeOpponent(t.Status, t.ChallengeRange, me, nil); err != nil {
		if d, ok := err.(*policy.Denied); ok && d.Code != policy.CodeChallengeOpponentMissing {
			out.Blocked = d.Code
			return out
		}
	}
	for _, r := range rows {
		them := &policy.Entry{UserID: r.UserID, Position: r.Position, Status: r.Status}
		if policy.ChallengeOpponent(t.Status, t.ChallengeRange, me, them) == nil {
			out.Can[r.UserID] = true
		}
	}
	return out
}

// ParticipantRow is a participant with what the caller may do to them (the page's can_* flags).
type ParticipantRow struct {
	store.Participant
	Can policy.ParticipantCan
}

// standingsEntry is a computed ranking for one version of a tournament.
type standingsEntry struct {
	version int64
	week    string
	at      time.Time
	rows    []StandingRow
	// row: each player's index in rows. A player's pages show their place in each of their
	// tournaments on every read; looking it up must not cost a pass over the whole ladder
	// (issue 16: a player page costs the same on a ladder of 60 and of 6,000).
	row map[int64]int32
}

func newStandingsEntry(version int64, week string, at time.Time, rows []StandingRow) standingsEntry {
	row := make(map[int64]int32, len(rows))
	for i, r := range rows {
		row[r.UserID] = int32(i)
	}
	return standingsEntry{version: version, week: week, at: at, rows: rows, row: row}
}

// placeOf is the position of userID in the ranking (0: not ranked in it).
func (e standingsEntry) placeOf(userID int64) int {
	if i, ok := e.row[userID]; ok {
		return e.rows[i].Position
	}
	return 0
}

// standingsTTL bounds how long a cached ranking may show a player's old name or photo: changes
// to the standings themselves bump the tournament's version and are seen at once.
const standingsTTL = time.Minute

func (s *Service) computeStandingRows(ctx context.Context, t store.Tournament) ([]StandingRow, error) {
	st, err := s.db.Standings(ctx, nil, t.ID, t.RankingType)
	if err != nil {
		return nil, err
	}
	forms, err := s.db.Forms(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(st))
	for i, p := range st {
		ids[i] = p.UserID
	}
	// Ratings are global: a match in another tournament does not bump this one's version, so
	// they may lag by standingsTTL at most.
	ratings, err := s.db.Ratings(ctx, ids)
	if err != nil {
		return nil, err
	}
	thisWeek := t.SnapshotWeek == store.WeekOf(s.now())
	rows := make([]StandingRow, len(st))
	for i, p := range st {
		r, ok := ratings[p.UserID]
		if !ok {
			r = rating.New()
		}
		rows[i] = StandingRow{Participant: p, Form: forms[p.UserID], Rating: r}
	}
	if thisWeek {
		for i, m := range Movements(st) {
			rows[i].Movement, rows[i].New = m.Places, m.New
		}
	}
	return rows, nil
}

// Movement is a standings row's weekly movement: places gained (positive) or lost, or New.
type Movement struct {
	Places int
	New    bool // joined after the week's snapshot: no movement to show
}

// Movements computes the fair weekly movement of standings st (in ranking order, WeekPosition
// from this week's snapshot, 0 for a player who joined since): only the players ranked at the
// snapshot and still ranked now are compared, by their order among themselves then and now. A
// newcomer placed above others (a points ladder starts everyone at 0 points, above players with
// negative points) does not make them "drop" a place, and a player who leaves does not make the
// players below "climb" (GLOSSARY "Movement", DECISIONS "Fair movement arrows"). A player who did
// not play moves only when players of the snapshot passed them (or they passed others) in results.
func Movements(st []store.Participant) []Movement {
	out := make([]Movement, len(st))
	var kept []int // indexes into st of the players of the snapshot, in today's order
	for i, p := range st {
		if p.WeekPosition == 0 {
			out[i].New = true
			continue
		}
		kept = append(kept, i)
	}
	then := slices.Clone(kept)
	slices.SortStableFunc(then, func(a, b int) int { return st[a].WeekPosition - st[b].WeekPosition })
	rankThen := make(map[int]int, len(then))
	for r, i := range then {
		rankThen[i] = r
	}
	for now, i := range kept {
		out[i].Places = rankThen[i] - now
	}
	return out
}

// Participants lists a tournament's people: players and referees for whoever may see the
// standings, and pending join requests too for those who decide them.
func (s *Service) Participants(ctx context.Context, cur Current, id int64) ([]ParticipantRow, error) {
	t, rel, err := s.standingsVisible(ctx, cur, id)
	if err != nil {
		return nil, err
	}
	all, err := s.db.Participants(ctx, nil, t.ID)
	if err != nil {
		return nil, err
	}
	if policy.ManageTournament(cur.Actor, rel) != nil {
		all = slices.DeleteFunc(all, func(p store.Participant) bool {
			return p.Status == "requested" && !(cur.Actor.SignedIn() && p.UserID == cur.User.ID)
		})
	}
	out := make([]ParticipantRow, len(all))
	for i, p := range all {
		out[i] = ParticipantRow{Participant: p, Can: policy.ParticipantPermissions(cur.Actor, rel, t.CreatorID.Int64,
			policy.Participant{UserID: p.UserID, Role: p.Role, Status: p.Status})}
	}
	return out, nil
}

// TournamentStats is the Statistics tab.
type TournamentStats struct {
	Matches, MatchesThisWeek, Players, ActivePlayers int
	MostActive, Climbers                             []StandingRow
	Upsets, Recent                                   []store.MatchLine
}

// TournamentStatistics computes the Statistics tab from the standings and the validated matches.
func (s *Service) TournamentStatistics(ctx context.Context, cur Current, id int64) (TournamentStats, error) {
	var out TournamentStats
	t, _, err := s.standingsVisible(ctx, cur, id)
	if err != nil {
		return out, err
	}
	rows, err := s.standingRows(ctx, t)
	if err != nil {
		return out, err
	}
	if out.Matches, out.MatchesThisWeek, err = s.db.CountMatches(ctx, t.ID, s.now().Add(-7*24*time.Hour)); err != nil {
		return out, err
	}
	out.Players = len(rows)
	for _, r := range rows {
		if r.Status == "active" {
			out.ActivePlayers++
		}
	}
	active := slices.Clone(rows)
	slices.SortStableFunc(active, func(a, b StandingRow) int { return b.Played() - a.Played() })
	for _, r := range active {
		if r.Played() == 0 || len(out.MostActive) == 5 {
			break
		}
		out.MostActive = append(out.MostActive, r)
	}
	climbers := slices.Clone(rows)
	slices.SortStableFunc(climbers, func(a, b StandingRow) int { return b.Movement - a.Movement })
	for _, r := range climbers {
		if r.Movement <= 0 || len(out.Climbers) == 5 {
			break
		}
		out.Climbers = append(out.Climbers, r)
	}
	if out.Upsets, err = s.db.TournamentMatchLines(ctx, t.ID, true, 5); err != nil {
		return out, err
	}
	out.Recent, err = s.db.TournamentMatchLines(ctx, t.ID, false, 10)
	return out, err
}
