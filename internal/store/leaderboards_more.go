package store

import (
	"context"
	"strings"
	"time"
)

// LeaderTournaments pages the active tournaments whose standings r may see (public ones, those
// r takes part in or created; every one for admins), by name: the "Tournament leaders" tab reads
// each one's top from its cached standings.
func (db *DB) LeaderTournaments(ctx context.Context, r StatsReader, offset, limit int) ([]Tournament, error) {
	cond, args := r.visibleTournaments()
	if limit <= 0 || limit > 51 {
		limit = 10
	}
	out := []Tournament{}
	err := db.selectRows(ctx, &out, `SELECT `+tournamentColumns+tournamentFrom+` WHERE t.status = 'active' AND `+cond+`
		ORDER BY t.sort_key, t.id LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	return out, err
}

// WeekRow is one player of the "Top of the week" lists: wins, matches and positions gained (in
// their own validated matches, summed over tournaments) between From and To.
type WeekRow struct {
	UserID  int64   `db:"user_id"`
	User    User    `db:"u"`
	Wins    int     `db:"wins"`
	Matches int     `db:"matches"`
	Climb   int     `db:"climb"`
	Points  int     `db:"points"`
	Rating  float64 `db:"rating"`
	RD      float64 `db:"rd"`
	Sigma   float64 `db:"sigma"`
}

// Orders of the week's lists.
const (
	WeekByWins  = "wins"
	WeekByClimb = "climb"
)

// WeekTop reads the top limit players of the week [from, to) by wins (then points, then climb)
// or by positions gained (then wins): an index-only range of rating_history on validated_at
// (00020 covers the columns read), so the cost follows the week's matches, not the history.
// Hidden and suspended players are left out unless seeHidden (policy.SeeHiddenPlayers); the
// reader always sees themselves.
func (db *DB) WeekTop(ctx context.Context, from, to time.Time, order string, readerID int64, seeHidden bool, limit int) ([]WeekRow, error) {
	vis, args := "1 = 1", []any{from, to}
	if !seeHidden {
		vis, args = "((u.hidden = ? AND u.status <> 'suspended') OR u.id = ?)", append(args, false, readerID)
	}
	having, sort := "SUM(CASE WHEN won THEN 1 ELSE 0 END) > 0", "w.wins DESC, w.points DESC, w.climb DESC"
	if order == WeekByClimb {
		having, sort = "SUM(CASE WHEN position_before > 0 AND position_after > 0 THEN position_before - position_after ELSE 0 END) > 0",
			"w.climb DESC, w.wins DESC"
	}
	if limit <= 0 || limit > 50 {
		limit = 10
	}
	out := []WeekRow{}
	err := db.selectRows(ctx, &out, `WITH w AS (SELECT user_id, SUM(CASE WHEN won THEN 1 ELSE 0 END) AS wins, COUNT(*) AS matches,
		SUM(CASE WHEN position_before > 0 AND position_after > 0 THEN position_before - position_after ELSE 0 END) AS climb,
		SUM(points) AS points
		FROM rating_history WHERE validated_at >= ? AND validated_at < ? GROUP BY user_id HAVING `+having+`)
		SELECT w.user_id, w.wins, w.matches, w.climb, w.points, COALESCE(s.rating, 1500) AS rating, COALESCE(s.rd, 350) AS rd,
		COALESCE(s.sigma, 0.06) AS sigma, `+userColumnsAs("u")+`
		FROM w JOIN users u ON u.id = w.user_id LEFT JOIN player_stats s ON s.user_id = w.user_id
		WHERE u.deleted_at IS NULL AND `+vis+` ORDER BY `+sort+`, COALESCE(s.rating, 1500) DESC, w.user_id LIMIT ?`,
		append(args, limit)...)
	return out, err
}

// H2HRow is what player UserID did against OpponentID in the validated matches r may see.
type H2HRow struct {
	UserID     int64 `db:"user_id"`
	OpponentID int64 `db:"opponent_id"`
	Wins       int   `db:"wins"`
	Matches    int   `db:"matches"`
}

// HeadToHead reads the results among ids (at most a handful) in matches of tournaments r may
// see: an index range on rating_history (user_id, opponent_id) per player (00020).
func (db *DB) HeadToHead(ctx context.Context, r StatsReader, ids []int64) ([]H2HRow, error) {
	out := []H2HRow{}
	if len(ids) < 2 {
		return out, nil
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")
	args := make([]any, 0, 2*len(ids)+2)
	for range 2 {
		for _, id := range ids {
			args = append(args, id)
		}
	}
	cond, cargs := r.visibleTournaments()
	err := db.selectRows(ctx, &out, `SELECT h.user_id, h.opponent_id, SUM(CASE WHEN h.won THEN 1 ELSE 0 END) AS wins, COUNT(*) AS matches
		FROM rating_history h JOIN tournaments t ON t.id = h.tournament_id
		WHERE h.user_id IN (`+marks+`) AND h.opponent_id IN (`+marks+`) AND `+cond+`
		GROUP BY h.user_id, h.opponent_id`, append(args, cargs...)...)
	return out, err
}
