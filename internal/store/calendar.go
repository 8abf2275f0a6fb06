package store

import (
	"context"
	"strings"
	"time"
)

// CalendarFeed is a player's private calendar feed: only the SHA-256 of its token is kept.
type CalendarFeed struct {
	UserID    int64     `db:"user_id"`
	TokenHash string    `db:"token_hash"`
	CreatedAt time.Time `db:"created_at"`
}

// CalendarFeedOf reads the account's feed (ErrNotFound when it has none).
func (db *DB) CalendarFeedOf(ctx context.Context, userID int64) (CalendarFeed, error) {
	var f CalendarFeed
	err := db.get(ctx, &f, `SELECT user_id, token_hash, created_at FROM calendar_feeds WHERE user_id = ?`, userID)
	return f, notFound(err)
}

// CalendarFeedByHash finds the feed of a token's hash (ErrNotFound when no feed has it).
func (db *DB) CalendarFeedByHash(ctx context.Context, hash string) (CalendarFeed, error) {
	var f CalendarFeed
	err := db.get(ctx, &f, `SELECT user_id, token_hash, created_at FROM calendar_feeds WHERE token_hash = ?`, hash)
	return f, notFound(err)
}

// ReplaceCalendarFeed gives the account a feed with a new token hash inside tx: the old URL
// stops working in the same transaction.
func (db *DB) ReplaceCalendarFeed(ctx context.Context, tx *Tx, f *CalendarFeed) error {
	f.CreatedAt = db.Now()
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`DELETE FROM calendar_feeds WHERE user_id = ?`), f.UserID); err != nil {
		return err
	}
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES (?, ?, ?)`),
		f.UserID, f.TokenHash, f.CreatedAt)
	return err
}

// DeleteCalendarFeed revokes the account's feed; it reports whether there was one.
func (db *DB) DeleteCalendarFeed(ctx context.Context, tx *Tx, userID int64) (bool, error) {
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`DELETE FROM calendar_feeds WHERE user_id = ?`), userID))
}

// CalendarMatches lists the matches of a player that have a time (confirmed, played or being
// validated), newest first, at most limit (≤ 200).
func (db *DB) CalendarMatches(ctx context.Context, userID int64, limit int) ([]MatchRow, error) {
	if limit <= 0 || limit > 200 {
		limit = 200
	}
	states := []string{"time_confirmed", "result_reported", "result_disputed", "completed"}
	out := []MatchRow{}
	err := db.selectIn(ctx, nil, &out, matchRowSelect+` WHERE (m.player1_id = ? OR m.player2_id = ?) AND m.scheduled_at IS NOT NULL
		AND m.state IN (?`+strings.Repeat(", ?", len(states)-1)+`) ORDER BY m.id DESC LIMIT ?`,
		append(append([]any{userID, userID}, toAny(states)...), limit)...)
	return out, err
}

// HubPlayer is a player of the reader's district whose weekly availability overlaps theirs.
type HubPlayer struct {
	Player User `db:"u"`
	Shared int  `db:"shared"` // how many of their availability slots overlap the reader's
}

// HubPlayers lists active, visible players of a district (not the reader) whose availability
// overlaps the reader's, most overlapping slots first (users_district_idx, availability's key).
func (db *DB) HubPlayers(ctx context.Context, readerID int64, district, municipality string, limit int) ([]HubPlayer, error) {
	out := []HubPlayer{}
	err := db.selectIn(ctx, nil, &out, `SELECT `+userColumnsAs("u")+`, COUNT(*) AS shared FROM users u
		JOIN availability a ON a.user_id = u.id
		JOIN availability r ON r.user_id = ? AND r.weekday = a.weekday AND r.start_minute < a.end_minute AND a.start_minute < r.end_minute
		WHERE u.district = ? AND u.id <> ? AND u.status = 'active' AND u.hidden = ? AND u.deleted_at IS NULL AND u.deactivated_at IS NULL
		GROUP BY `+userColumnsGroup("u")+`
		ORDER BY CASE WHEN u.municipality = ? THEN 0 ELSE 1 END, shared DESC, u.id LIMIT ?`,
		readerID, district, readerID, false, municipality, limit)
	return out, err
}

func userColumnsGroup(a string) string {
	cols := make([]string, len(userColumnList))
	for i, c := range userColumnList {
		cols[i] = a + "." + c
	}
	return strings.Join(cols, ", ")
}

// HubResult is a validated match of a public tournament of a district.
type HubResult struct {
	ID             int64     `db:"id"`
	TournamentID   int64     `db:"tournament_id"`
	TournamentName string    `db:"tournament_name"`
	Score          string    `db:"score"`
	WinnerID       int64     `db:"winner_id"`
	LoserID        int64     `db:"loser_id"`
	ValidatedAt    time.Time `db:"validated_at"`
}

// HubResults lists the latest validated results of the district's active public tournaments.
func (db *DB) HubResults(ctx context.Context, district string, limit int) ([]HubResult, error) {
	out := []HubResult{}
	err := db.selectIn(ctx, nil, &out, `SELECT m.id, m.tournament_id, t.name AS tournament_name, m.score, COALESCE(m.winner_id, 0) AS winner_id, COALESCE(m.loser_id, 0) AS loser_id, m.validated_at
		FROM matches m JOIN tournaments t ON t.id = m.tournament_id
		WHERE m.state = 'completed' AND m.validated_at IS NOT NULL AND t.district = ? AND t.privacy = 'public' AND t.status IN ('active', 'inactive')
		ORDER BY m.validated_at DESC, m.id DESC LIMIT ?`, district, limit)
	return out, err
}
