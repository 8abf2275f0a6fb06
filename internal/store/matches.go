package store

import (
	"context"
	"database/sql"
	"slices"
	"time"
)

// Match is a game between two players of a tournament, from agreed challenge to validated result.
type Match struct {
	ID                   int64         `db:"id"`
	TournamentID         int64         `db:"tournament_id"`
	ChallengeID          sql.NullInt64 `db:"challenge_id"`
	Player1ID            int64         `db:"player1_id"` // the challenger
	Player2ID            int64         `db:"player2_id"`
	State                string        `db:"state"`
	ScheduledAt          sql.NullTime  `db:"scheduled_at"`
	Location             string        `db:"location"`
	Court                string        `db:"court"`
	Surface              string        `db:"surface"`
	Score                string        `db:"score"` // winner's view, e.g. "6-4 3-6 10-8"
	PlayedOn             string        `db:"played_on"`
	ReporterID           sql.NullInt64 `db:"reporter_id"`
	ReportedAt           sql.NullTime  `db:"reported_at"`
	WinnerID             sql.NullInt64 `db:"winner_id"`
	LoserID              sql.NullInt64 `db:"loser_id"`
	ValidatedBy          sql.NullInt64 `db:"validated_by"`
	ValidatedAt          sql.NullTime  `db:"validated_at"`
	ValidationNotes      string        `db:"validation_notes"`
	WinnerPositionBefore int           `db:"winner_position_before"`
	LoserPositionBefore  int           `db:"loser_position_before"`
	WinnerPoints         int           `db:"winner_points"`
	LoserPoints          int           `db:"loser_points"`
	ProposedTimes        string        `db:"proposed_times"` // JSON array, while the time is to be chosen
	ResultConfirmed      bool          `db:"result_confirmed"`
	DisputeReason        string        `db:"dispute_reason"`
	CancelledBy          sql.NullInt64 `db:"cancelled_by"`
	CreatedAt            time.Time     `db:"created_at"`
	UpdatedAt            time.Time     `db:"updated_at"`
}

// ResultReported says whether m's result waits for its validation (reported, or disputed).
func (m Match) ResultReported() bool { return slices.Contains(reported, m.State) }

// InsertMatch stores a match as given (its state and result set by the caller).
func (db *DB) InsertMatch(ctx context.Context, tx *Tx, m *Match) error {
	if m.CreatedAt.IsZero() {
		m.CreatedAt = db.Now()
	}
	m.UpdatedAt = m.CreatedAt
	if m.ProposedTimes == "" {
		m.ProposedTimes = "[]"
	}
	return db.txQueryRowx(ctx, tx, db.Dialect.rebind(`INSERT INTO matches (tournament_id, challenge_id, player1_id, player2_id,
		state, scheduled_at, location, court, surface, score, played_on, reporter_id, reported_at, winner_id, loser_id,
		validated_by, validated_at, validation_notes, proposed_times, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		m.TournamentID, m.ChallengeID, m.Player1ID, m.Player2ID, m.State, m.ScheduledAt, m.Location, m.Court, m.Surface,
		m.Score, m.PlayedOn, m.ReporterID, m.ReportedAt, m.WinnerID, m.LoserID, m.ValidatedBy, m.ValidatedAt,
		m.ValidationNotes, m.ProposedTimes, m.CreatedAt, m.UpdatedAt).Scan(&m.ID)
}

// Forms returns, per player, the results of their last five validated matches in the
// tournament, newest first ("W" or "L" each).
func (db *DB) Forms(ctx context.Context, tournamentID int64) (map[int64]string, error) {
	var rows []struct {
		UserID int64  `db:"user_id"`
		Result string `db:"result"`
	}
	err := db.selectRows(ctx, &rows, `SELECT user_id, result FROM (
		SELECT x.user_id, x.result, ROW_NUMBER() OVER (PARTITION BY x.user_id ORDER BY x.at DESC, x.id DESC) AS rn FROM (
			SELECT winner_id AS user_id, 'W' AS result, validated_at AS at, id FROM matches
				WHERE tournament_id = ? AND state = 'completed'
			UNION ALL
			SELECT loser_id AS user_id, 'L' AS result, validated_at AS at, id FROM matches
				WHERE tournament_id = ? AND state = 'completed') x) y
		WHERE rn <= 5 ORDER BY user_id, rn`, tournamentID, tournamentID)
	out := map[int64]string{}
	for _, r := range rows {
		out[r.UserID] += r.Result
	}
	return out, err
}

// MatchLine is a validated match with both players' names, for statistics.
type MatchLine struct {
	ID                   int64        `db:"id"`
	Score                string       `db:"score"`
	ValidatedAt          sql.NullTime `db:"validated_at"`
	WinnerPositionBefore int          `db:"winner_position_before"`
	LoserPositionBefore  int          `db:"loser_position_before"`
	Winner               User         `db:"w"`
	Loser                User         `db:"l"`
}

// TournamentMatchLines lists validated matches of a tournament: upsets only (a winner ranked
// below the loser, biggest gap first) or the most recent ones.
func (db *DB) TournamentMatchLines(ctx context.Context, tournamentID int64, upsets bool, limit int) ([]MatchLine, error) {
	cond, order := "", "m.validated_at DESC, m.id DESC"
	if upsets {
		cond = " AND m.winner_position_before > m.loser_position_before"
		order = "(m.winner_position_before - m.loser_position_before) DESC, m.validated_at DESC, m.id DESC"
	}
	out := []MatchLine{}
	err := db.selectRows(ctx, &out, `SELECT m.id, m.score, m.validated_at, m.winner_position_before, m.loser_position_before, `+
		userColumnsAs("w")+`, `+userColumnsAs("l")+` FROM matches m JOIN users w ON w.id = m.winner_id JOIN users l ON l.id = m.loser_id
		WHERE m.tournament_id = ? AND m.state = 'completed'`+cond+` ORDER BY `+order+` LIMIT ?`, tournamentID, limit)
	return out, err
}

// CountMatches counts a tournament's validated matches, all and since a moment.
func (db *DB) CountMatches(ctx context.Context, tournamentID int64, since time.Time) (all, recent int, err error) {
	err = db.get(ctx, &all, `SELECT COUNT(*) FROM matches WHERE tournament_id = ? AND state = 'completed'`, tournamentID)
	if err == nil {
		err = db.get(ctx, &recent, `SELECT COUNT(*) FROM matches WHERE tournament_id = ? AND state = 'completed' AND validated_at >= ?`,
			tournamentID, since)
	}
	return all, recent, err
}
