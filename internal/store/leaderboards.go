package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// LeaderRow is one row of the global ranking: the player's points, wins, losses and matches in
// the period (all time: player_stats) and their current rating.
type LeaderRow struct {
	Position int     `db:"position"`
	UserID   int64   `db:"user_id"`
	User     User    `db:"u"`
	Points   int     `db:"points"`
	Wins     int     `db:"wins"`
	Losses   int     `db:"losses"`
	Matches  int     `db:"matches"`
	Rating   float64 `db:"rating"`
	RD       float64 `db:"rd"`
	Sigma    float64 `db:"sigma"`
}

// LeaderFilter selects a ranking: From..To bound the validation time (both zero: all time, read
// from the precomputed player_stats); ReaderID always sees their own row; SeeHidden (super
// admins, policy.SeePlayer) also sees hidden and suspended players, who are left out for others.
type LeaderFilter struct {
	From, To time.Time
	// Kind and Zone name the maintained period (player_period_stats) holding From..To, when
	// one does (MaintainedZone); empty: the period is summed from rating_history.
	Kind, Zone string
	ReaderID   int64
	SeeHidden  bool
	Offset     int
	Limit      int
}

// ranked is the CTE "r" of the ranking's rows the reader may see, with its arguments. All time
// reads player_stats (an index on points, wins, rating: the cost follows the page, not the
// history); a maintained period (f.Zone) reads player_period_stats in the same way (00025); another
// zone's period aggregates rating_history rows of the period only (index on validated_at).
func (f LeaderFilter) ranked() (string, []any) {
	vis, args := "1 = 1", []any{}
	if !f.SeeHidden {
		vis, args = "((u.hidden = ? AND u.status <> 'suspended') OR u.id = ?)", []any{false, f.ReaderID}
	}
	return f.rankedWith(vis, args, `, `+userColumnsAs("u"))
}

// rankedWith is ranked with the visibility condition vis (and its arguments) and the columns
// after the ranking's own (the users', or none).
func (f LeaderFilter) rankedWith(vis string, args []any, more string) (string, []any) {
	cols := more + ` FROM `
	if f.From.IsZero() {
		return `WITH r AS (SELECT s.user_id, s.points, s.wins, s.losses, s.matches, s.rating, s.rd, s.sigma` + cols +
			`player_stats s JOIN users u ON u.id = s.user_id WHERE s.matches > 0 AND u.deleted_at IS NULL AND ` + vis + `)`, args
	}
	if f.Zone != "" { // a range of player_period_stats_ranking_idx (00025)
		return `WITH r AS (SELECT p.user_id, p.points, p.wins, p.matches - p.wins AS losses, p.matches, p.rating,
			COALESCE(s.rd, 350) AS rd, COALESCE(s.sigma, 0.06) AS sigma` + cols + `player_period_stats p
			JOIN users u ON u.id = p.user_id LEFT JOIN player_stats s ON s.user_id = p.user_id
			WHERE p.zone = ? AND p.period_kind = ? AND p.period_start = ? AND u.deleted_at IS NULL AND ` + vis + `)`,
			append([]any{f.Zone, f.Kind, f.From}, args...)
	}
	return `WITH p AS (SELECT user_id, SUM(points) AS points, SUM(CASE WHEN won THEN 1 ELSE 0 END) AS wins, COUNT(*) AS matches
		FROM rating_history WHERE validated_at >= ? AND validated_at < ? GROUP BY user_id),
		r AS (SELECT p.user_id, p.points, p.wins, p.matches - p.wins AS losses, p.matches, COALESCE(s.rating, 1500) AS rating,
		COALESCE(s.rd, 350) AS rd, COALESCE(s.sigma, 0.06) AS sigma` + cols + `p JOIN users u ON u.id = p.user_id
		LEFT JOIN player_stats s ON s.user_id = p.user_id WHERE u.deleted_at IS NULL AND ` + vis + `)`,
		append([]any{f.From, f.To}, args...)
}

// leaderOrder is the ranking's order: points, then wins, then rating; the user id makes it total.
const leaderOrder = `r.points DESC, r.wins DESC, r.rating DESC, r.user_id`

// Leaderboard reads one page of the ranking (Limit+1 rows are asked by callers that need to
// know whether more follow; at most 1001).
func (db *DB) Leaderboard(ctx context.Context, f LeaderFilter) ([]LeaderRow, error) {
	cte, args := f.ranked()
	limit := f.Limit
	if limit <= 0 || limit > 1001 { // an API page is at most 101, an export batch 501
		limit = 20
	}
	out := []LeaderRow{}
	err := db.selectRows(ctx, &out, cte+` SELECT 0 AS position, r.* FROM r ORDER BY `+leaderOrder+` LIMIT ? OFFSET ?`,
		append(args, limit, f.Offset)...)
	for i := range out {
		out[i].Position = f.Offset + i + 1
	}
	return out, err
}

// LeaderRowOf is the row and position of user id in the ranking (ok false when they have no
// validated match in the period): a count of the rows ahead of them.
func (db *DB) LeaderRowOf(ctx context.Context, f LeaderFilter, id int64) (LeaderRow, bool, error) {
	cte, args := f.ranked()
	var row LeaderRow
	err := db.get(ctx, &row, cte+` SELECT (SELECT COUNT(*) FROM r WHERE r.points > m.points OR (r.points = m.points AND
		(r.wins > m.wins OR (r.wins = m.wins AND (r.rating > m.rating OR (r.rating = m.rating AND r.user_id < m.user_id)))))) + 1
		AS position, m.* FROM r m WHERE m.user_id = ?`, append(args, id)...)
	if errors.Is(err, sql.ErrNoRows) {
		return LeaderRow{}, false, nil
	}
	return row, err == nil, err
}

// LeaderKey is what orders a row of the ranking (leaderOrder), with the rest of the row's
// numbers: a reader's own row is then read from the kept keys (service/leaderboard_pages.go).
type LeaderKey struct {
	Points  int     `db:"points"`
	Wins    int     `db:"wins"`
	Rating  float64 `db:"rating"`
	UserID  int64   `db:"user_id"`
	Losses  int     `db:"losses"`
	Matches int     `db:"matches"`
	RD      float64 `db:"rd"`
	Sigma   float64 `db:"sigma"`
}

// Before reports whether k ranks ahead of o (leaderOrder).
func (k LeaderKey) Before(o LeaderKey) bool {
	switch {
	case k.Points != o.Points:
		return k.Points > o.Points
	case k.Wins != o.Wins:
		return k.Wins > o.Wins
	case k.Rating != o.Rating:
		return k.Rating > o.Rating
	}
	return k.UserID < o.UserID
}

// LeaderKeys reads the keys of the whole ranking in its order, as every reader sees it except
// for their own row (f.ReaderID is ignored): hidden and suspended players left out unless
// f.SeeHidden. The reader's position is then 1 + the keys ahead of theirs, whoever reads.
func (db *DB) LeaderKeys(ctx context.Context, f LeaderFilter) ([]LeaderKey, error) {
	vis, args := "1 = 1", []any{}
	if !f.SeeHidden {
		vis, args = "u.hidden = ? AND u.status <> 'suspended'", []any{false}
	}
	cte, args := f.rankedWith(vis, args, "")
	out := []LeaderKey{}
	err := db.selectRows(ctx, &out, cte+` SELECT r.points, r.wins, r.rating, r.user_id, r.losses, r.matches, r.rd, r.sigma
		FROM r ORDER BY `+leaderOrder, args...)
	return out, err
}

// LeaderRowAt is the row of user id in the ranking without its position (ok false when they
// have no validated match in the period): one indexed read.
func (db *DB) LeaderRowAt(ctx context.Context, f LeaderFilter, id int64) (LeaderRow, bool, error) {
	cte, args := f.ranked()
	var row LeaderRow
	err := db.get(ctx, &row, cte+` SELECT 0 AS position, r.* FROM r WHERE r.user_id = ?`, append(args, id)...)
	if errors.Is(err, sql.ErrNoRows) {
		return LeaderRow{}, false, nil
	}
	return row, err == nil, err
}
