package store

import (
	"context"
	"fmt"
	"time"

	"github.com/tennisladder/ladder/internal/ladder"
)

// Participant is one person's place in a tournament: a player in the standings, a referee, or a
// pending join request (status requested).
type Participant struct {
	TournamentID int64     `db:"tournament_id"`
	UserID       int64     `db:"user_id"`
	Role         string    `db:"role"`
	Status       string    `db:"status"`
	Points       int       `db:"points"`
	Wins         int       `db:"wins"`
	Losses       int       `db:"losses"`
	Position     int       `db:"position"` // stored for classic rankings; computed for points by Standings
	Seed         int       `db:"seed"`
	WeekPosition int       `db:"week_position"` // position when this week's first change happened (0: joined since)
	H2H          int       `db:"h2h"`           // computed: wins against players level on points
	JoinedAt     time.Time `db:"joined_at"`
	User         User      `db:"u"`
}

// admitted is the condition of a participant who is in the standings.
const admitted = `role = 'player' AND status <> 'requested'`

var participantColumns = `p.tournament_id, p.user_id, p.role, p.status, p.points, p.wins, p.losses, p.position, p.seed,
	p.week_position, p.joined_at, ` + userColumnsAs("u")

// Participation reads userID's row in the tournament (ErrNotFound when none).
func (db *DB) Participation(ctx context.Context, tx *Tx, tournamentID, userID int64) (Participant, error) {
	var p Participant
	err := db.getIn(ctx, tx, &p, `SELECT `+participantColumns+`, 0 AS h2h FROM tournament_players p
		JOIN users u ON u.id = p.user_id WHERE p.tournament_id = ? AND p.user_id = ?`, tournamentID, userID)
	return p, notFound(err)
}

// CountPlayers counts the tournament's players in the standings.
func (db *DB) CountPlayers(ctx context.Context, tx *Tx, tournamentID int64) (int, error) {
	var n int
	err := db.getIn(ctx, tx, &n, `SELECT COUNT(*) FROM tournament_players WHERE tournament_id = ? AND `+admitted, tournamentID)
	return n, err
}

// AddParticipant adds userID with status (requested, or active to enter the standings at the
// bottom); false when they already had a row. The caller holds LockTournament.
func (db *DB) AddParticipant(ctx context.Context, tx *Tx, tournamentID, userID int64, status string) (bool, error) {
	var seed, pos int
	if err := db.txGet(ctx, tx, &seed, db.Dialect.rebind(`SELECT COALESCE(MAX(seed), 0) + 1 FROM tournament_players
		WHERE tournament_id = ?`), tournamentID); err != nil {
		return false, err
	}
	if status != "requested" {
		var err error
		if pos, err = db.bottom(ctx, tx, tournamentID); err != nil {
			return false, err
		}
	}
	now := db.Now()
	return db.bumped(ctx, tx, tournamentID)(db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`INSERT INTO tournament_players (tournament_id, user_id, role,
		status, position, seed, joined_at, updated_at) VALUES (?, ?, 'player', ?, ?, ?, ?, ?)
		ON CONFLICT (tournament_id, user_id) DO NOTHING`), tournamentID, userID, status, pos, seed, now, now)))
}

// bottom is the position after the last player in the standings.
func (db *DB) bottom(ctx context.Context, tx *Tx, tournamentID int64) (int, error) {
	var pos int
	err := db.txGet(ctx, tx, &pos, db.Dialect.rebind(`SELECT COALESCE(MAX(position), 0) + 1 FROM tournament_players
		WHERE tournament_id = ? AND `+admitted), tournamentID)
	return pos, err
}

// AdmitRequest turns a pending join request into an active player at the bottom of the
// standings; false when there was no request.
func (db *DB) AdmitRequest(ctx context.Context, tx *Tx, tournamentID, userID int64) (bool, error) {
	pos, err := db.bottom(ctx, tx, tournamentID)
	if err != nil {
		return false, err
	}
	now := db.Now()
	return db.bumped(ctx, tx, tournamentID)(db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournament_players SET status = 'active', position = ?,
		joined_at = ?, updated_at = ? WHERE tournament_id = ? AND user_id = ? AND status = 'requested'`), pos, now, now, tournamentID, userID)))
}

// SetParticipantStatus pauses, suspends or reactivates an admitted participant; false when the
// participant is not admitted or already had that status.
func (db *DB) SetParticipantStatus(ctx context.Context, tx *Tx, tournamentID, userID int64, status string) (bool, error) {
	return db.bumped(ctx, tx, tournamentID)(db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournament_players SET status = ?, updated_at = ?
		WHERE tournament_id = ? AND user_id = ? AND status <> 'requested' AND status <> ?`), status, db.Now(), tournamentID, userID, status)))
}

// RemoveParticipant deletes userID's row (a player, a referee or a request) and closes the gap
// in the standings; false when there was none.
func (db *DB) RemoveParticipant(ctx context.Context, tx *Tx, tournamentID, userID int64) (bool, error) {
	p, err := db.Participation(ctx, tx, tournamentID, userID)
	if err != nil {
		return false, ignoreNotFound(err)
	}
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?`),
		tournamentID, userID); err != nil {
		return false, err
	}
	if err := db.closeGap(ctx, tx, tournamentID, p); err != nil {
		return false, err
	}
	return true, db.Bump(ctx, tx, tournamentID)
}

func (db *DB) closeGap(ctx context.Context, tx *Tx, tournamentID int64, p Participant) error {
	if p.Role != "player" || p.Status == "requested" || p.Position == 0 {
		return nil
	}
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournament_players SET position = position - 1
		WHERE tournament_id = ? AND `+admitted+` AND position > ?`), tournamentID, p.Position)
	return err
}

// SetParticipantRole makes an admitted participant a referee (leaving the standings) or a player
// again (entering them at the bottom, with the points and record kept).
func (db *DB) SetParticipantRole(ctx context.Context, tx *Tx, tournamentID, userID int64, role string) (bool, error) {
	p, err := db.Participation(ctx, tx, tournamentID, userID)
	if err != nil || p.Status == "requested" || p.Role == role {
		return false, ignoreNotFound(err)
	}
	pos := 0
	if role == "player" {
		if pos, err = db.bottom(ctx, tx, tournamentID); err != nil {
			return false, err
		}
	} else if err := db.closeGap(ctx, tx, tournamentID, p); err != nil {
		return false, err
	}
	return db.bumped(ctx, tx, tournamentID)(db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournament_players SET role = ?, position = ?, updated_at = ?
		WHERE tournament_id = ? AND user_id = ?`), role, pos, db.Now(), tournamentID, userID)))
}

// Referees lists the user ids of the tournament's referees.
func (db *DB) Referees(ctx context.Context, tx *Tx, tournamentID int64) ([]int64, error) {
	ids := []int64{}
	err := db.selectIn(ctx, tx, &ids, `SELECT user_id FROM tournament_players WHERE tournament_id = ? AND role = 'referee'
		ORDER BY user_id`, tournamentID)
	return ids, err
}

// MatchRelation is what a match's access needs of its tournament's rows: the caller's own row
// (Found false when they have none) and whether the tournament has a referee.
type MatchRelation struct {
	Found      bool   `db:"found"`
	Role       string `db:"role"`
	Status     string `db:"status"`
	HasReferee bool   `db:"has_referee"`
}

// MatchRelationOf reads userID's role and status in the tournament and whether it has a referee,
// in one statement (Participation and Referees read the player's account and every referee).
func (db *DB) MatchRelationOf(ctx context.Context, tx *Tx, tournamentID, userID int64) (MatchRelation, error) {
	var r MatchRelation
	err := db.getIn(ctx, tx, &r, matchRelationSelect, tournamentID, tournamentID, userID)
	return r, err
}

// matchRelationSelect reads MatchRelationOf's row (tournament id twice, then the user's id).
var matchRelationSelect = matchRelationColumns("?") +
	` FROM (SELECT 1 AS one) x LEFT JOIN tournament_players p ON p.tournament_id = ? AND p.user_id = ?`

// matchRelationColumns are a MatchRelation's columns from the user's row p of the tournament
// whose id is tournament (outer-joined: none when the user has no row there).
func matchRelationColumns(tournament string) string {
	return `SELECT p.user_id IS NOT NULL AS found, COALESCE(p.role, '') AS role, COALESCE(p.status, '') AS status,
	EXISTS (SELECT 1 FROM tournament_players r WHERE r.tournament_id = ` + tournament + ` AND r.role = 'referee') AS has_referee`
}

// Participants lists every row of the tournament (players, referees, requests), by join date.
func (db *DB) Participants(ctx context.Context, tx *Tx, tournamentID int64) ([]Participant, error) {
	out := []Participant{}
	err := db.selectIn(ctx, tx, &out, `SELECT `+participantColumns+`, 0 AS h2h FROM tournament_players p
		JOIN users u ON u.id = p.user_id WHERE p.tournament_id = ? ORDER BY p.joined_at, p.user_id`, tournamentID)
	return out, err
}

// Standings lists the players of the tournament in ranking order with positions numbered from 1.
// Points rankings are ordered as ladder.Order defines (points, head-to-head among players level
// on points, wins, seed) by the database; classic rankings by stored position.
func (db *DB) Standings(ctx context.Context, tx *Tx, tournamentID int64, rankingType string) ([]Participant, error) {
	return db.standings(ctx, tx, tournamentID, rankingType, 0)
}

// standings is Standings leaving one match out of the head-to-head counts: the one being
// recorded, whose "before" must not include it.
func (db *DB) standings(ctx context.Context, tx *Tx, tournamentID int64, rankingType string, without int64) ([]Participant, error) {
	order := `p.position, p.user_id`
	if rankingType == string(ladder.Points) {
		order = `p.points DESC, h2h DESC, p.wins DESC, p.seed, p.user_id`
	}
	out := []Participant{}
	err := db.selectIn(ctx, tx, &out, fmt.Sprintf(`SELECT %s, %s AS h2h
		FROM tournament_players p JOIN users u ON u.id = p.user_id
		WHERE p.tournament_id = ? AND p.role = 'player' AND p.status <> 'requested' ORDER BY %s`, participantColumns, h2hOf, order), without, tournamentID)
	for i := range out {
		out[i].Position = i + 1
	}
	return out, err
}

// WeekOf names the week of t (the date of its Monday, UTC): standings movement is measured
// against the positions at the first change of the current week.
func WeekOf(t time.Time) string {
	t = t.UTC()
	wd := (int(t.Weekday()) + 6) % 7 // Monday 0
	return t.AddDate(0, 0, -wd).Format("2006-01-02")
}

// SnapshotWeek records every player's current position as the week's starting position, once
// per week, before the first change of the week. The caller holds LockTournament.
func (db *DB) SnapshotWeek(ctx context.Context, tx *Tx, t *Tournament) error {
	return db.snapshotWeek(ctx, tx, t, false)
}

// SetStandingOrder writes seeds (and, for classic rankings, positions) after a shuffle.
func (db *DB) SetStandingOrder(ctx context.Context, tx *Tx, tournamentID int64, s []ladder.Standing) error {
	for _, x := range s {
		if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournament_players SET seed = ?, position = ?, updated_at = ?
			WHERE tournament_id = ? AND user_id = ?`), x.Seed, x.Position, db.Now(), tournamentID, x.PlayerID); err != nil {
			return err
		}
	}
	return db.Bump(ctx, tx, tournamentID)
}

func positionOf(s []Participant, userID int64) int {
	for _, p := range s {
		if p.UserID == userID {
			return p.Position
		}
	}
	return 0
}

// bumped returns a function that passes a change's result through, bumping the tournament's
// version when the change happened.
func (db *DB) bumped(ctx context.Context, tx *Tx, tournamentID int64) func(bool, error) (bool, error) {
	return func(changed bool, err error) (bool, error) {
		if err == nil && changed {
			err = db.Bump(ctx, tx, tournamentID)
		}
		return changed, err
	}
}

func ignoreNotFound(err error) error {
	if err == ErrNotFound {
		return nil
	}
	return err
}

// SharesTournament reports whether two accounts are both admitted in one tournament.
func (db *DB) SharesTournament(ctx context.Context, a, b int64) (bool, error) {
	var shares bool
	err := db.get(ctx, &shares, sharesTournamentQuery, b, a)
	return shares, err
}

var sharesTournamentQuery = `SELECT ` + sharesTournamentWith("?")

// sharesTournamentWith is SharesTournament as an EXISTS: the account bound to its one
// placeholder and the one whose id is the SQL expression viewer (the session statement of a
// profile page uses it too, StampHint.ProfilePlayer).
func sharesTournamentWith(viewer string) string {
	return `EXISTS (SELECT 1 FROM tournament_players x JOIN tournament_players y
		ON y.tournament_id = x.tournament_id AND y.user_id = ? AND y.status <> 'requested'
		WHERE x.user_id = ` + viewer + ` AND x.status <> 'requested')`
}
