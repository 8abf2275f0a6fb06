package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"
)

// Match states grouped as the administration area counts and filters them (docs/DECISIONS.md,
// "Administration (#12): dashboard"). A match is in exactly one group, or cancelled.
var (
	// MatchesActive: made and not yet reported (being scheduled, scheduled, or under way).
	MatchesActive = []string{"waiting_opponent", "time_proposed", "time_confirmed", "in_progress"}
	// MatchesScheduled: the time is confirmed (and it may be under way), no result yet.
	MatchesScheduled = []string{"time_confirmed", "in_progress"}
	// MatchesPending: a result reported (or disputed) and waiting for a validator.
	MatchesPending = []string{"result_reported", "result_disputed"}
	// MatchesCompleted: validated results (they moved the standings).
	MatchesCompleted = []string{"completed"}
)

// DashboardCounts are the ten counters of the super admin dashboard (SPEC §2).
type DashboardCounts struct {
	RegisteredUsers    int `db:"registered_users"`
	ActiveTournaments  int `db:"active_tournaments"`
	ApprovedClubs      int `db:"approved_clubs"`
	MatchesPlayed      int `db:"matches_played"`
	PendingClubs       int `db:"pending_clubs"`
	PendingTournaments int `db:"pending_tournaments"`
	PendingValidations int `db:"pending_validations"`
	ActiveMatches      int `db:"active_matches"`
	WeeklyGames        int `db:"weekly_games"`
	ActiveChallenges   int `db:"active_challenges"`
}

func inList(col string, values []string) string {
	return col + " IN ('" + strings.Join(values, "', '") + "')" // constants of this package only
}

// Dashboard counts everything in one statement. Each count reads an index whose leading column
// is the filtered one (clubs and tournaments by status, matches by state and validation time,
// challenges by status; 00009_admin_counts), so none walks a table's history row by row.
// weekSince is the start of the current week (the service computes it in the platform's zone).
func (db *DB) Dashboard(ctx context.Context, weekSince time.Time) (DashboardCounts, error) {
	var c DashboardCounts
	err := db.R.GetContext(ctx, &c, db.Dialect.rebind(`SELECT
		(SELECT COUNT(*) FROM users) AS registered_users,
		(SELECT COUNT(*) FROM tournaments WHERE status = 'active') AS active_tournaments,
		(SELECT COUNT(*) FROM clubs WHERE status = 'validated') AS approved_clubs,
		(SELECT COUNT(*) FROM matches WHERE state = 'completed') AS matches_played,
		(SELECT COUNT(*) FROM clubs WHERE status = 'pending') AS pending_clubs,
		(SELECT COUNT(*) FROM tournaments WHERE status = 'pending') AS pending_tournaments,
		(SELECT COUNT(*) FROM matches WHERE `+inList("state", MatchesPending)+`) AS pending_validations,
		(SELECT COUNT(*) FROM matches WHERE `+inList("state", MatchesActive)+`) AS active_matches,
		(SELECT COUNT(*) FROM matches WHERE state = 'completed' AND validated_at >= ?) AS weekly_games,
		(SELECT COUNT(*) FROM challenges WHERE status = 'pending') AS active_challenges`), weekSince)
	return c, err
}

// DashboardQueries are the statements of Dashboard one by one, for the query-plan test.
func DashboardQueries() []string {
	return []string{
		`SELECT COUNT(*) FROM tournaments WHERE status = 'active'`,
		`SELECT COUNT(*) FROM clubs WHERE status = 'validated'`,
		`SELECT COUNT(*) FROM matches WHERE state = 'completed'`,
		`SELECT COUNT(*) FROM matches WHERE ` + inList("state", MatchesPending),
		`SELECT COUNT(*) FROM matches WHERE ` + inList("state", MatchesActive),
		`SELECT COUNT(*) FROM matches WHERE state = 'completed' AND validated_at >= '2026-01-05 00:00:00'`,
		`SELECT COUNT(*) FROM challenges WHERE status = 'pending'`,
	}
}

// RecordSignIn notes when the account last signed in (the players admin list shows it).
func (db *DB) RecordSignIn(ctx context.Context, tx *Tx, userID int64, at time.Time) error {
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE users SET last_sign_in_at = ? WHERE id = ?`), at, userID)
	return err
}

// AdminPlayer is an account as the players admin list shows it.
type AdminPlayer struct {
	User
	LastSignInAt sql.NullTime `db:"last_sign_in_at"`
}

// PlayerFilter selects accounts for the players admin list.
type PlayerFilter struct {
	Query  string // matched against the names and the email, accents ignored
	Role   string
	Status string
	Cursor string
	Limit  int
}

// AdminPlayers returns one page of accounts sorted by name (search key), and the next cursor.
func (db *DB) AdminPlayers(ctx context.Context, f PlayerFilter) ([]AdminPlayer, string, error) {
	where := []string{"1 = 1"}
	var args []any
	if q := strings.TrimSpace(f.Query); q != "" {
		where = append(where, `(search_key LIKE ? ESCAPE '\' OR email LIKE ? ESCAPE '\')`)
		args = append(args, likePattern(q), strings.ToLower(likePattern(q)))
	}
	if f.Role != "" {
		where, args = append(where, "role = ?"), append(args, f.Role)
	}
	if f.Status != "" {
		where, args = append(where, "status = ?"), append(args, f.Status)
	}
	if key, id, ok := decodeCursor(f.Cursor); ok {
		where = append(where, "(search_key > ? OR (search_key = ? AND id > ?))")
		args = append(args, key, key, id)
	}
	limit := pageLimit(f.Limit)
	out := []AdminPlayer{}
	err := db.R.SelectContext(ctx, &out, db.Dialect.rebind(`SELECT `+userColumns+`, last_sign_in_at FROM users WHERE `+
		strings.Join(where, " AND ")+` ORDER BY search_key, id LIMIT ?`), append(args, limit+1)...)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(out) > limit {
		out = out[:limit]
		last := out[len(out)-1]
		next = encodeCursor(last.SearchKey, last.ID)
	}
	return out, next, nil
}

// AdminPlayerByID reads one account with its last sign-in.
func (db *DB) AdminPlayerByID(ctx context.Context, id int64) (AdminPlayer, error) {
	var p AdminPlayer
	err := db.R.GetContext(ctx, &p, db.Dialect.rebind(`SELECT `+userColumns+`, last_sign_in_at FROM users WHERE id = ?`), id)
	return p, notFound(err)
}

// Membership is one club an account belongs to.
type Membership struct {
	ClubID int64  `db:"club_id"`
	Name   string `db:"name"`
	Status string `db:"status"`
	Role   string `db:"role"`
}

// MembershipsOf lists up to limit clubs of the account, by name.
func (db *DB) MembershipsOf(ctx context.Context, userID int64, limit int) ([]Membership, error) {
	out := []Membership{}
	err := db.R.SelectContext(ctx, &out, db.Dialect.rebind(`SELECT c.id AS club_id, c.name, c.status, m.role
		FROM club_members m JOIN clubs c ON c.id = m.club_id WHERE m.user_id = ? ORDER BY c.sort_key, c.id LIMIT ?`), userID, limit)
	return out, err
}

// Entry is one tournament an account takes part in (or asked to join).
type Entry struct {
	TournamentID int64  `db:"tournament_id"`
	Name         string `db:"name"`
	Status       string `db:"tournament_status"`
	Role         string `db:"role"`
	EntryStatus  string `db:"entry_status"`
	Points       int    `db:"points"`
	Wins         int    `db:"wins"`
	Losses       int    `db:"losses"`
}

// EntriesOf lists up to limit tournaments of the account, by name.
func (db *DB) EntriesOf(ctx context.Context, userID int64, limit int) ([]Entry, error) {
	out := []Entry{}
	err := db.R.SelectContext(ctx, &out, db.Dialect.rebind(`SELECT t.id AS tournament_id, t.name, t.status AS tournament_status,
		p.role, p.status AS entry_status, p.points, p.wins, p.losses
		FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id WHERE p.user_id = ?
		ORDER BY t.sort_key, t.id LIMIT ?`), userID, limit)
	return out, err
}

// AdminMatchFilter selects matches across every tournament.
type AdminMatchFilter struct {
	States         []string // empty: every state
	ValidatedSince time.Time
	Cursor         string // id cursor: matches with a smaller id
	Limit          int
}

// AdminMatches lists matches of every tournament, newest first, and the next page's cursor.
func (db *DB) AdminMatches(ctx context.Context, f AdminMatchFilter) ([]MatchRow, string, error) {
	where := []string{"1 = 1"}
	var args []any
	if len(f.States) > 0 {
		where = append(where, "m.state IN (?"+strings.Repeat(", ?", len(f.States)-1)+")")
		args = append(args, toAny(f.States)...)
	}
	if !f.ValidatedSince.IsZero() {
		where, args = append(where, "m.validated_at >= ?"), append(args, f.ValidatedSince)
	}
	if before, ok := idCursor(f.Cursor); ok {
		where, args = append(where, "m.id < ?"), append(args, before)
	}
	limit := pageLimit(f.Limit)
	out := []MatchRow{}
	err := db.R.SelectContext(ctx, &out, db.Dialect.rebind(matchRowSelect+` WHERE `+strings.Join(where, " AND ")+
		` ORDER BY m.id DESC LIMIT ?`), append(args, limit+1)...)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(out) > limit {
		out = out[:limit]
		next = strconv.FormatInt(out[len(out)-1].ID, 10)
	}
	return out, next, nil
}

// AdminChallenges lists challenges of every tournament with the given status (empty: all),
// newest first, and the next page's cursor.
func (db *DB) AdminChallenges(ctx context.Context, status, cursor string, limitIn int) ([]ChallengeRow, string, error) {
	where := []string{"1 = 1"}
	var args []any
	if status != "" {
		where, args = append(where, "c.status = ?"), append(args, status)
	}
	if before, ok := idCursor(cursor); ok {
		where, args = append(where, "c.id < ?"), append(args, before)
	}
	limit := pageLimit(limitIn)
	out := []ChallengeRow{}
	err := db.R.SelectContext(ctx, &out, db.Dialect.rebind(challengeRowSelect+` WHERE `+strings.Join(where, " AND ")+
		` ORDER BY c.id DESC LIMIT ?`), append(args, limit+1)...)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(out) > limit {
		out = out[:limit]
		next = strconv.FormatInt(out[len(out)-1].ID, 10)
	}
	return out, next, nil
}

func idCursor(c string) (int64, bool) {
	id, err := strconv.ParseInt(c, 10, 64)
	return id, err == nil && id > 0
}

func pageLimit(n int) int {
	if n <= 0 || n > 100 {
		return 20
	}
	return n
}
