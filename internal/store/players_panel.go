package store

import (
	"context"
	"database/sql"
	"strings"
)

// PanelQuery filters, orders and pages the players panel (super admins).
type PanelQuery struct {
	Search string // names or email, accents and case ignored
	ClubID int64  // 0: every club; else home club or membership
	Sort   string // win_rate, wins, points, matches, name
	Desc   bool
	Offset int
	Limit  int
}

// PanelRow is one player with their statistics over every tournament.
type PanelRow struct {
	User          User           `db:"u"`
	ClubName      sql.NullString `db:"club_name"`
	Matches       int            `db:"matches"`
	Wins          int            `db:"wins"`
	Losses        int            `db:"losses"`
	Points        int            `db:"points"`
	Tournaments   int            `db:"tournaments"`
	BestPosition  int            `db:"best_position"` // 0: never placed
	WinRatePermil int            `db:"win_rate"`      // wins per thousand matches (integer: same on both databases)
}

// panelOrder maps a sort key to its SQL; every order ends on the id so pages never overlap.
var panelOrder = map[string]string{
	"win_rate": "win_rate", "wins": "wins", "points": "points",
	"matches": "matches", "name": "u.search_key",
}

// PlayersPanel is the one place the panel's statistics are read: the precomputed player_stats
// row (issue 14), the same figures the player's statistics page shows (one source of truth), so
// a page reads only the players it shows; tournaments counts the player's current standings rows
// (an index range per shown player). Deleted accounts are left out. It returns a page and the
// total.
func (db *DB) PlayersPanel(ctx context.Context, q PanelQuery) ([]PanelRow, int, error) {
	where := []string{"u.deleted_at IS NULL"}
	args := []any{}
	if s := strings.TrimSpace(q.Search); s != "" {
		where = append(where, `(u.search_key LIKE ? ESCAPE '\' OR u.email LIKE ? ESCAPE '\')`)
		args = append(args, likePattern(s), likePattern(s))
	}
	if q.ClubID > 0 {
		where = append(where, `(u.club_id = ? OR EXISTS (SELECT 1 FROM club_members m WHERE m.club_id = ? AND m.user_id = u.id))`)
		args = append(args, q.ClubID, q.ClubID)
	}
	cond := strings.Join(where, " AND ")
	var total int
	if err := db.get(ctx, &total, `SELECT COUNT(*) FROM users u WHERE `+cond, args...); err != nil {
		return nil, 0, err
	}
	order, ok := panelOrder[q.Sort]
	if !ok {
		order = panelOrder["name"]
	}
	dir := " ASC"
	if q.Desc {
		dir = " DESC"
	}
	query := `SELECT ` + userColumnsAs("u") + `, c.name AS club_name,
		COALESCE(s.matches, 0) AS matches, COALESCE(s.wins, 0) AS wins, COALESCE(s.losses, 0) AS losses,
		COALESCE(s.points, 0) AS points, COALESCE(s.best_position, 0) AS best_position,
		(SELECT COUNT(*) FROM tournament_players tp WHERE tp.user_id = u.id AND tp.role = 'player'
			AND tp.status <> 'requested') AS tournaments,
		CASE WHEN COALESCE(s.matches, 0) = 0 THEN 0 ELSE (1000 * s.wins) / s.matches END AS win_rate
		FROM users u
		LEFT JOIN clubs c ON c.id = u.club_id
		LEFT JOIN player_stats s ON s.user_id = u.id
		WHERE ` + cond
	out := []PanelRow{}
	err := db.selectIn(ctx, nil, &out, query+` ORDER BY `+order+dir+`, u.id ASC LIMIT ? OFFSET ?`,
		append(args, q.Limit, q.Offset)...)
	return out, total, err
}
