package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
)

// MatchRow is a match with its players and tournament for display.
type MatchRow struct {
	Match
	TournamentName string `db:"tournament_name"`
	P1             User   `db:"p1"`
	P2             User   `db:"p2"`
}

const matchColumns = `m.id, m.tournament_id, m.challenge_id, m.player1_id, m.player2_id, m.state, m.scheduled_at, m.location,
	m.court, m.surface, m.score, m.played_on, m.reporter_id, m.reported_at, m.winner_id, m.loser_id, m.validated_by,
	m.validated_at, m.validation_notes, m.winner_position_before, m.loser_position_before, m.winner_points, m.loser_points,
	m.proposed_times, m.result_confirmed, m.dispute_reason, m.cancelled_by, m.created_at, m.updated_at`

var matchRowSelect = `SELECT ` + matchColumns + `, t.name AS tournament_name, ` + userColumnsAs("p1") + `, ` + userColumnsAs("p2") +
	` FROM matches m JOIN tournaments t ON t.id = m.tournament_id JOIN users p1 ON p1.id = m.player1_id JOIN users p2 ON p2.id = m.player2_id`

// MatchByID reads a match with its players (ErrNotFound when missing).
func (db *DB) MatchByID(ctx context.Context, tx *Tx, id int64) (MatchRow, error) {
	var m MatchRow
	err := db.getIn(ctx, tx, &m, matchRowSelect+` WHERE m.id = ?`, id)
	return m, notFound(err)
}

// LockMatch locks and reads match id's tournament, then locks and reads the match (against other
// writers: FOR NO KEY UPDATE, which lets inserts that refer to it check their keys), and reads
// userID's relation to the tournament (MatchRelationOf), in one round trip on PostgreSQL (the
// statements run in that order, so the match is read once the tournament's lock is granted);
// ErrNotFound when the match is missing. A match never changes tournament, so its tournament id
// read inside each statement is the one locked. Under the match's lock what its state says holds
// until tx ends: no other transaction moves it meanwhile (an account's deletion calls off its
// open matches without their tournament's lock), so CompleteResult's update needs no condition.
func (db *DB) LockMatch(ctx context.Context, tx *Tx, id, userID int64) (Tournament, MatchRow, MatchRelation, error) {
	var t Tournament
	var m MatchRow
	var r MatchRelation
	err := db.txSteps(ctx, tx,
		txStep{q: db.Dialect.rebind(`SELECT ` + tournamentColumns + tournamentFrom +
			` WHERE t.id = (SELECT tournament_id FROM matches WHERE id = ?)` + db.Dialect.forUpdate("t")), args: []any{id}, get: &t},
		txStep{q: db.Dialect.rebind(matchRowSelect + ` WHERE m.id = ?` + db.Dialect.forNoKeyUpdate("m")), args: []any{id}, get: &m},
		txStep{q: db.Dialect.rebind(matchRelationColumns("m.tournament_id") + ` FROM matches m
			LEFT JOIN tournament_players p ON p.tournament_id = m.tournament_id AND p.user_id = ? WHERE m.id = ?`), args: []any{userID, id}, get: &r})
	return t, m, r, notFound(err)
}

// moveMatch runs a conditional update of one match: set applies only when the match is in one
// of the from states, so of concurrent transitions exactly one happens (false for the others).
func (db *DB) moveMatch(ctx context.Context, tx *Tx, id int64, from []string, set string, args ...any) (bool, error) {
	q := `UPDATE matches SET ` + set + `, updated_at = ? WHERE id = ? AND state IN (?` + strings.Repeat(", ?", len(from)-1) + `)`
	all := append(append(args, db.Now(), id), toAny(from)...)
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(q), all...))
}

func toAny(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// Match states from which each move may happen.
var (
	schedulable = []string{"time_proposed", "time_confirmed"}
	reported    = []string{"result_reported", "result_disputed"}
)

// ConfirmMatchTime fixes the time and place of a match still being scheduled.
func (db *DB) ConfirmMatchTime(ctx context.Context, tx *Tx, id int64, at time.Time, location, court, surface string) (bool, error) {
	return db.moveMatch(ctx, tx, id, schedulable, `state = 'time_confirmed', scheduled_at = ?, location = ?, court = ?, surface = ?,
		proposed_times = '[]'`, at, location, court, surface)
}

// ReportMatchResult records a score (winner's view) reported by one player; once only.
func (db *DB) ReportMatchResult(ctx context.Context, tx *Tx, id, reporter, winner, loser int64, score, playedOn string) (bool, error) {
	return db.moveMatch(ctx, tx, id, schedulable, `state = 'result_reported', reporter_id = ?, reported_at = ?, winner_id = ?,
		loser_id = ?, score = ?, played_on = ?, result_confirmed = ?, dispute_reason = ''`, reporter, db.Now(), winner, loser, score, playedOn, false)
}

// ConfirmMatchResult records the opponent's agreement with a reported result.
func (db *DB) ConfirmMatchResult(ctx context.Context, tx *Tx, id int64) (bool, error) {
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE matches SET result_confirmed = ?, updated_at = ?
		WHERE id = ? AND state = 'result_reported' AND result_confirmed = ?`), true, db.Now(), id, false))
}

// DisputeMatchResult records the opponent's disagreement with a result they have not confirmed:
// a referee decides. It reports false when the result is no longer reported or was confirmed.
func (db *DB) DisputeMatchResult(ctx context.Context, tx *Tx, id int64, reason string) (bool, error) {
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE matches SET state = 'result_disputed', dispute_reason = ?,
		updated_at = ? WHERE id = ? AND state = 'result_reported' AND result_confirmed = ?`), reason, db.Now(), id, false))
}

// matchMoved is what the result's rejection changes on a match, as its update returns it (an
// approval: CompleteResult).
type matchMoved struct {
	State           string        `db:"state"`
	ValidatedBy     sql.NullInt64 `db:"validated_by"`
	ValidatedAt     sql.NullTime  `db:"validated_at"`
	ValidationNotes string        `db:"validation_notes"`
	Score           string        `db:"score"`
	ReporterID      sql.NullInt64 `db:"reporter_id"`
	ReportedAt      sql.NullTime  `db:"reported_at"`
	WinnerID        sql.NullInt64 `db:"winner_id"`
	LoserID         sql.NullInt64 `db:"loser_id"`
	ResultConfirmed bool          `db:"result_confirmed"`
	UpdatedAt       time.Time     `db:"updated_at"`
}

// moveMatchReturning is moveMatch for a match m the caller read in the same transaction: it
// returns m as the update left it (the columns the update may change, as the database returns
// them), so the caller needs no read of the match afterwards.
func (db *DB) moveMatchReturning(ctx context.Context, tx *Tx, m Match, from []string, set string, args ...any) (Match, bool, error) {
	q := `UPDATE matches SET ` + set + `, updated_at = ? WHERE id = ? AND state IN (?` + strings.Repeat(", ?", len(from)-1) +
		`) RETURNING state, validated_by, validated_at, validation_notes, score, reporter_id, reported_at, winner_id, loser_id,
		result_confirmed, updated_at`
	all := append(append(args, db.Now(), m.ID), toAny(from)...)
	var v matchMoved
	err := db.txGet(ctx, tx, &v, db.Dialect.rebind(q), all...)
	if errors.Is(err, sql.ErrNoRows) {
		return m, false, nil
	}
	if err != nil {
		return m, false, err
	}
	m.State, m.ValidatedBy, m.ValidatedAt, m.ValidationNotes, m.Score = v.State, v.ValidatedBy, v.ValidatedAt, v.ValidationNotes, v.Score
	m.ReporterID, m.ReportedAt, m.WinnerID, m.LoserID = v.ReporterID, v.ReportedAt, v.WinnerID, v.LoserID
	m.ResultConfirmed, m.UpdatedAt = v.ResultConfirmed, v.UpdatedAt
	return m, true, nil
}

// RejectMatchResult refuses a reported result (m as read in the transaction): the score is
// cleared and the players report again. It returns the match as refused.
func (db *DB) RejectMatchResult(ctx context.Context, tx *Tx, m Match, by int64, notes string) (Match, bool, error) {
	return db.moveMatchReturning(ctx, tx, m, reported, `state = 'time_confirmed', validated_by = ?, validation_notes = ?, score = '',
		winner_id = NULL, loser_id = NULL, reporter_id = NULL, reported_at = NULL, result_confirmed = ?`, by, notes, false)
}

// CancelMatch calls off a match that has no result yet.
func (db *DB) CancelMatch(ctx context.Context, tx *Tx, id, by int64) (bool, error) {
	return db.moveMatch(ctx, tx, id, schedulable, `state = 'cancelled', cancelled_by = ?`, by)
}

// MatchFilter selects matches for a list.
type MatchFilter struct {
	PlayerID int64 // matches this user plays (0: any)
	// InTournaments, when not nil, keeps matches of these tournaments only (an empty list keeps
	// none): the service fills it with the tournaments whose results the caller validates.
	InTournaments []int64
	// NotPlayerID leaves out the matches this user plays (nobody validates their own match).
	NotPlayerID  int64
	TournamentID int64
	States       []string
	Before       int64
	Limit        int
}

// ListMatches lists matches, newest first.
func (db *DB) ListMatches(ctx context.Context, f MatchFilter) ([]MatchRow, error) {
	where := []string{"1 = 1"}
	var args []any
	if f.PlayerID != 0 {
		where, args = append(where, "(m.player1_id = ? OR m.player2_id = ?)"), append(args, f.PlayerID, f.PlayerID)
	}
	if f.InTournaments != nil {
		if len(f.InTournaments) == 0 {
			return []MatchRow{}, nil
		}
		where = append(where, "m.tournament_id IN (?"+strings.Repeat(", ?", len(f.InTournaments)-1)+")")
		for _, id := range f.InTournaments {
			args = append(args, id)
		}
	}
	if f.NotPlayerID != 0 {
		where, args = append(where, "m.player1_id <> ? AND m.player2_id <> ?"), append(args, f.NotPlayerID, f.NotPlayerID)
	}
	if f.TournamentID != 0 {
		where, args = append(where, "m.tournament_id = ?"), append(args, f.TournamentID)
	}
	if len(f.States) > 0 {
		where = append(where, "m.state IN (?"+strings.Repeat(", ?", len(f.States)-1)+")")
		args = append(args, toAny(f.States)...)
	}
	if f.Before > 0 {
		where, args = append(where, "m.id < ?"), append(args, f.Before)
	}
	limit := f.Limit
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	out := []MatchRow{}
	err := db.R.SelectContext(ctx, &out, db.Dialect.rebind(matchRowSelect+` WHERE `+strings.Join(where, " AND ")+
		` ORDER BY m.id DESC LIMIT ?`), append(args, limit)...)
	return out, err
}

// TournamentRole is one user's standing in a tournament whose results they may validate.
type TournamentRole struct {
	TournamentID int64 `db:"tournament_id"`
	Creator      bool  `db:"creator"`
	Referee      bool  `db:"referee"`
	HasReferee   bool  `db:"has_referee"`
}

// ValidatorRoles lists the tournaments a user created or referees, with whether each has a
// referee: the facts policy.ValidateResults decides on.
func (db *DB) ValidatorRoles(ctx context.Context, userID int64) ([]TournamentRole, error) {
	out := []TournamentRole{}
	err := db.R.SelectContext(ctx, &out, db.Dialect.rebind(`SELECT t.id AS tournament_id,
		CASE WHEN t.creator_id = ? THEN 1 ELSE 0 END AS creator,
		CASE WHEN EXISTS (SELECT 1 FROM tournament_players r WHERE r.tournament_id = t.id AND r.user_id = ? AND r.role = 'referee') THEN 1 ELSE 0 END AS referee,
		CASE WHEN EXISTS (SELECT 1 FROM tournament_players r WHERE r.tournament_id = t.id AND r.role = 'referee') THEN 1 ELSE 0 END AS has_referee
		FROM tournaments t WHERE t.creator_id = ?
		OR EXISTS (SELECT 1 FROM tournament_players r WHERE r.tournament_id = t.id AND r.user_id = ? AND r.role = 'referee')
		ORDER BY t.id`), userID, userID, userID, userID)
	return out, err
}
