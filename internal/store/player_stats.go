package store

import (
	"context"
	"database/sql"
	"strings"
	"time"
)

// StatsReader says whose rows of a player's statistics a reader may see: matches and rankings
// of a private tournament show only to those who may see its standings (policy.SeeStandings:
// its members and creator, admins; All for admins and the player themselves). This is that rule
// in SQL form, so a page of history needs no per-row check.
type StatsReader struct {
	UserID int64
	All    bool
}

// visibleTournaments is the condition on tournament alias t for reader r, with its arguments.
func (r StatsReader) visibleTournaments() (string, []any) {
	if r.All {
		return "1 = 1", nil
	}
	return `(t.privacy = 'public' OR t.creator_id = ? OR EXISTS (SELECT 1 FROM tournament_players x
		WHERE x.tournament_id = t.id AND x.user_id = ? AND x.status <> 'requested'))`, []any{r.UserID, r.UserID}
}

// Opponent is the opponent's name fields (zero when their account was deleted).
func (h HistoryRow) Opponent() User {
	return User{ID: h.OpponentID.Int64, FirstName: h.OpponentFirst, LastName: h.OpponentLast, Email: h.OpponentEmail,
		ExtName: h.OpponentExt, ExtGivenName: h.OpponentGiven}
}

// HistoryRow is one validated match of a player (rating_history) with names for display.
type HistoryRow struct {
	ID             int64         `db:"id"`
	MatchID        int64         `db:"match_id"`
	TournamentID   int64         `db:"tournament_id"`
	TournamentName string        `db:"tournament_name"`
	OpponentID     sql.NullInt64 `db:"opponent_id"`
	OpponentFirst  string        `db:"opponent_first"`
	OpponentLast   string        `db:"opponent_last"`
	OpponentEmail  string        `db:"opponent_email"`
	OpponentExt    string        `db:"opponent_ext"`
	OpponentGiven  string        `db:"opponent_given"`
	Won            bool          `db:"won"`
	Score          string        `db:"score"`
	PlayedOn       string        `db:"played_on"`
	SetsWon        int           `db:"sets_won"`
	SetsLost       int           `db:"sets_lost"`
	Points         int           `db:"points"`
	RatingBefore   float64       `db:"rating_before"`
	RatingAfter    float64       `db:"rating_after"`
	RDAfter        float64       `db:"rd_after"`
	OpponentRating float64       `db:"opponent_rating"`
	PositionBefore int           `db:"position_before"`
	PositionAfter  int           `db:"position_after"`
	ValidatedAt    time.Time     `db:"validated_at"`
}

// HistoryFilter pages a player's history, newest first: Before is the cursor (the last row's
// id), From and To bound the validation time (zero: open).
type HistoryFilter struct {
	UserID       int64
	TournamentID int64
	From, To     time.Time
	Before       int64
	Limit        int
}

// History lists a player's validated matches that r may see: an index range on
// (user_id[, tournament_id], id), so the cost follows the page, not the data.
func (db *DB) History(ctx context.Context, r StatsReader, f HistoryFilter) ([]HistoryRow, error) {
	where := []string{"h.user_id = ?"}
	args := []any{f.UserID}
	if f.TournamentID > 0 {
		where, args = append(where, "h.tournament_id = ?"), append(args, f.TournamentID)
	}
	if !f.From.IsZero() {
		where, args = append(where, "h.validated_at >= ?"), append(args, f.From)
	}
	if !f.To.IsZero() {
		where, args = append(where, "h.validated_at < ?"), append(args, f.To)
	}
	if f.Before > 0 {
		where, args = append(where, "h.id < ?"), append(args, f.Before)
	}
	cond, cargs := r.visibleTournaments()
	where, args = append(where, cond), append(args, cargs...)
	limit := f.Limit
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	args = append(args, limit)
	out := []HistoryRow{}
	err := db.selectRows(ctx, &out, `SELECT h.id, h.match_id, h.tournament_id, t.name AS tournament_name, h.opponent_id,
		COALESCE(o.first_name, '') AS opponent_first, COALESCE(o.last_name, '') AS opponent_last,
		COALESCE(o.email, '') AS opponent_email, COALESCE(o.ext_name, '') AS opponent_ext,
		COALESCE(o.ext_given_name, '') AS opponent_given, h.won, h.score, h.played_on, h.sets_won, h.sets_lost, h.points,
		h.rating_before, h.rating_after, h.rd_after, h.opponent_rating, h.position_before, h.position_after, h.validated_at
		FROM rating_history h JOIN tournaments t ON t.id = h.tournament_id LEFT JOIN users o ON o.id = h.opponent_id
		WHERE `+strings.Join(where, " AND ")+` ORDER BY h.id DESC LIMIT ?`, args...)
	return out, err
}

// SeriesPoint is one point of a player's rating and position over time.
type SeriesPoint struct {
	TournamentID  int64     `db:"tournament_id"`
	Rating        float64   `db:"rating_after"`
	RD            float64   `db:"rd_after"`
	PositionAfter int       `db:"position_after"`
	At            time.Time `db:"validated_at"`
}

// Series reads the player's last n rated matches that r may see, oldest first: the rating
// chart and the position charts (one index range, bounded by n).
func (db *DB) Series(ctx context.Context, r StatsReader, userID int64, n int) ([]SeriesPoint, error) {
	cond, cargs := r.visibleTournaments()
	out := []SeriesPoint{}
	err := db.selectRows(ctx, &out, `SELECT h.tournament_id, h.rating_after, h.rd_after, h.position_after, h.validated_at
		FROM rating_history h JOIN tournaments t ON t.id = h.tournament_id
		WHERE h.user_id = ? AND `+cond+` ORDER BY h.id DESC LIMIT ?`, append(append([]any{userID}, cargs...), n)...)
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, err
}

// TournamentRecord is a player's place in one tournament: current participation (Status ""
// when they left) and the best position and matches of player_tournament_stats.
type TournamentRecord struct {
	TournamentID     int64  `db:"tournament_id"`
	Name             string `db:"name"`
	TournamentStatus string `db:"tournament_status"`
	RankingType      string `db:"ranking_type"`
	Status           string `db:"status"`
	BestPosition     int    `db:"best_position"`
	Matches          int    `db:"matches"`
	// Version is the tournament's version (store.Bump): with it the reader finds the kept
	// standings without reading the tournament again.
	Version int64 `db:"version"`
}

// TournamentRecords lists the tournaments a player is in or has played in that r may see: at
// most limit, active tournaments first.
func (db *DB) TournamentRecords(ctx context.Context, r StatsReader, userID int64, limit int) ([]TournamentRecord, error) {
	cond, cargs := r.visibleTournaments()
	args := []any{userID, userID, userID, userID}
	args = append(append(args, cargs...), limit)
	out := []TournamentRecord{}
	err := db.selectRows(ctx, &out, `SELECT t.id AS tournament_id, t.name, t.status AS tournament_status, t.ranking_type,
		COALESCE(p.status, '') AS status, COALESCE(s.best_position, 0) AS best_position, COALESCE(s.matches, 0) AS matches, t.version
		FROM tournaments t
		LEFT JOIN tournament_players p ON p.tournament_id = t.id AND p.user_id = ? AND p.role = 'player' AND p.status <> 'requested'
		LEFT JOIN player_tournament_stats s ON s.tournament_id = t.id AND s.user_id = ?
		WHERE (p.user_id IS NOT NULL OR s.user_id IS NOT NULL)
		AND t.id IN (SELECT tournament_id FROM tournament_players WHERE user_id = ? UNION SELECT tournament_id FROM player_tournament_stats WHERE user_id = ?)
		AND `+cond+`
		ORDER BY CASE WHEN t.status = 'active' AND p.status IS NOT NULL THEN 0 ELSE 1 END, t.sort_key, t.id LIMIT ?`, args...)
	return out, err
}
