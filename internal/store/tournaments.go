package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Tournament is a ladder tournament: its rules, its state and (computed) its participant count.
type Tournament struct {
	ID              int64         `db:"id"`
	Name            string        `db:"name"`
	SortKey         string        `db:"sort_key"`
	ClubID          sql.NullInt64 `db:"club_id"`
	ClubName        string        `db:"club_name"` // computed
	Location        string        `db:"location"`
	District        string        `db:"district"`
	Privacy         string        `db:"privacy"`
	EndDate         string        `db:"end_date"` // YYYY-MM-DD or ""
	ResponseDays    int           `db:"response_days"`
	MaxRejections   int           `db:"max_rejections"`
	RankingType     string        `db:"ranking_type"`
	Preset          string        `db:"preset"`
	WinVsHigher     int           `db:"win_vs_higher"`
	WinVsLower      int           `db:"win_vs_lower"`
	Defeat          int           `db:"defeat"`
	MinGames        int           `db:"min_games"`
	MaxGames        int           `db:"max_games"`
	PeriodWeeks     int           `db:"period_weeks"`
	ChallengeRange  int           `db:"challenge_range"`
	MaxParticipants int           `db:"max_participants"` // 0: no limit
	SpecialRules    string        `db:"special_rules"`
	ImageETag       string        `db:"image_etag"`
	Status          string        `db:"status"`
	RejectReason    string        `db:"reject_reason"`
	CreatorID       sql.NullInt64 `db:"creator_id"`
	DecidedBy       sql.NullInt64 `db:"decided_by"`
	DecidedAt       sql.NullTime  `db:"decided_at"`
	ExpiresAt       time.Time     `db:"expires_at"`
	SnapshotWeek    string        `db:"snapshot_week"`
	Version         int64         `db:"version"` // bumped by every change to the standings (see Bump)
	CreatedAt       time.Time     `db:"created_at"`
	UpdatedAt       time.Time     `db:"updated_at"`
	Players         int           `db:"players"` // admitted players (not referees, not requests), kept by triggers (00013)
}

const tournamentColumns = `t.id, t.name, t.sort_key, t.club_id, COALESCE(c.name, '') AS club_name, t.location, t.district,
	t.privacy, t.end_date, t.response_days, t.max_rejections, t.ranking_type, t.preset, t.win_vs_higher, t.win_vs_lower,
	t.defeat, t.min_games, t.max_games, t.period_weeks, t.challenge_range, t.max_participants, t.special_rules,
	t.image_etag, t.status, t.reject_reason, t.creator_id, t.decided_by, t.decided_at, t.expires_at, t.snapshot_week,
	t.version, t.created_at, t.updated_at,
	t.player_count AS players`

// tournamentListColumns are what list pages show (no decided_*, snapshot_week, version,
// updated_at): fewer columns to scan per row, and exactly the columns whose changes bump the list
// version (migration 00024). A column added here must join that migration's triggers.
const tournamentListColumns = `t.id, t.name, t.sort_key, t.club_id, COALESCE(c.name, '') AS club_name, t.location,
	t.district, t.privacy, t.end_date, t.response_days, t.max_rejections, t.ranking_type, t.preset, t.win_vs_higher,
	t.win_vs_lower, t.defeat, t.min_games, t.max_games, t.period_weeks, t.challenge_range, t.max_participants,
	t.special_rules, t.image_etag, t.status, t.reject_reason, t.creator_id, t.expires_at, t.created_at,
	t.player_count AS players`

const tournamentFrom = ` FROM tournaments t LEFT JOIN clubs c ON c.id = t.club_id`

// InsertTournament stores a new tournament (status, expiry and creator set by the caller).
func (db *DB) InsertTournament(ctx context.Context, tx *Tx, t *Tournament) error {
	if t.CreatedAt.IsZero() {
		t.CreatedAt = db.Now()
	}
	t.UpdatedAt = t.CreatedAt
	t.SortKey = SearchKey(t.Name)
	return db.txQueryRowx(ctx, tx, db.Dialect.rebind(`INSERT INTO tournaments (name, sort_key, club_id, location, district,
		privacy, end_date, response_days, max_rejections, ranking_type, preset, win_vs_higher, win_vs_lower, defeat,
		min_games, max_games, period_weeks, challenge_range, max_participants, special_rules, status, reject_reason,
		creator_id, decided_by, decided_at, expires_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		t.Name, t.SortKey, t.ClubID, t.Location, t.District, t.Privacy, t.EndDate, t.ResponseDays, t.MaxRejections,
		t.RankingType, t.Preset, t.WinVsHigher, t.WinVsLower, t.Defeat, t.MinGames, t.MaxGames, t.PeriodWeeks,
		t.ChallengeRange, t.MaxParticipants, t.SpecialRules, t.Status, t.RejectReason, t.CreatorID, t.DecidedBy,
		t.DecidedAt, t.ExpiresAt, t.CreatedAt, t.UpdatedAt).Scan(&t.ID)
}

// UpdateTournamentInfo writes the editable fields of t (the ranking type and scoring included:
// the service decides when they may change).
func (db *DB) UpdateTournamentInfo(ctx context.Context, tx *Tx, t *Tournament) error {
	t.UpdatedAt = db.Now()
	t.SortKey = SearchKey(t.Name)
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournaments SET name = ?, sort_key = ?, club_id = ?, location = ?,
		district = ?, privacy = ?, end_date = ?, response_days = ?, max_rejections = ?, ranking_type = ?, preset = ?,
		win_vs_higher = ?, win_vs_lower = ?, defeat = ?, min_games = ?, max_games = ?, period_weeks = ?, challenge_range = ?,
		max_participants = ?, special_rules = ?, updated_at = ?, version = version + 1 WHERE id = ?`),
		t.Name, t.SortKey, t.ClubID, t.Location, t.District, t.Privacy, t.EndDate, t.ResponseDays, t.MaxRejections,
		t.RankingType, t.Preset, t.WinVsHigher, t.WinVsLower, t.Defeat, t.MinGames, t.MaxGames, t.PeriodWeeks,
		t.ChallengeRange, t.MaxParticipants, t.SpecialRules, t.UpdatedAt, t.ID)
	return err
}

// TournamentByID reads a tournament (ErrNotFound when missing).
func (db *DB) TournamentByID(ctx context.Context, tx *Tx, id int64) (Tournament, error) {
	var t Tournament
	err := db.getIn(ctx, tx, &t, `SELECT `+tournamentColumns+tournamentFrom+` WHERE t.id = ?`, id)
	return t, notFound(err)
}

// TournamentGate reads what the standings need of a tournament: who may see them (status,
// creator, privacy), the kept ranking's key (version, snapshot week) and how it reads (ranking
// type, challenge range). The other fields are left zero. The whole row (35 columns and the club)
// was half of the CPU of a standings read served from memory (issue 16).
func (db *DB) TournamentGate(ctx context.Context, id int64) (Tournament, error) {
	return shared(ctx, db, &db.gates, id, func(ctx context.Context) (Tournament, error) { return db.tournamentGate(ctx, id) })
}

func (db *DB) tournamentGate(ctx context.Context, id int64) (Tournament, error) {
	var t Tournament
	err := db.scanOne(ctx, `SELECT id, privacy, ranking_type, challenge_range, status, creator_id, snapshot_week, version
		FROM tournaments WHERE id = ?`, []any{id},
		&t.ID, &t.Privacy, &t.RankingType, &t.ChallengeRange, &t.Status, &t.CreatorID, &t.SnapshotWeek, &t.Version)
	return t, notFound(err)
}

// TournamentPage is what a tournament's page shows of the tournament: the list's columns
// (decided_*, snapshot_week, version and updated_at stay zero), its creator's name and picture
// (RefereePersons' columns; ID 0 when there is none) and whether it has referees at all.
type TournamentPage struct {
	Tournament
	Creator     User `db:"cr"`
	HasReferees bool `db:"has_referees"`
}

// TournamentPageByID reads a tournament's page in one query where it took three or more: the
// creator joined, the referees (RefereePersons) left to read only when there are any, and five
// columns fewer than TournamentByID for the SQLite driver to scan, two of them parsed times
// (issue 16).
func (db *DB) TournamentPageByID(ctx context.Context, id int64) (TournamentPage, error) {
	return shared(ctx, db, &db.pages, id, func(ctx context.Context) (TournamentPage, error) { return db.tournamentPageByID(ctx, id) })
}

func (db *DB) tournamentPageByID(ctx context.Context, id int64) (TournamentPage, error) {
	var p TournamentPage
	err := db.get(ctx, &p, `SELECT `+tournamentListColumns+`,
		COALESCE(cr.id, 0) AS "cr.id", COALESCE(cr.email, '') AS "cr.email", COALESCE(cr.first_name, '') AS "cr.first_name",
		COALESCE(cr.last_name, '') AS "cr.last_name", COALESCE(cr.ext_name, '') AS "cr.ext_name",
		COALESCE(cr.ext_given_name, '') AS "cr.ext_given_name", COALESCE(cr.ext_picture, '') AS "cr.ext_picture",
		COALESCE(cr.photo_etag, '') AS "cr.photo_etag", cr.deleted_at AS "cr.deleted_at",
		EXISTS (SELECT 1 FROM tournament_players r WHERE r.tournament_id = t.id AND r.role = 'referee') AS has_referees
		`+tournamentFrom+` LEFT JOIN users cr ON cr.id = t.creator_id WHERE t.id = ?`, id)
	return p, notFound(err)
}

// TournamentPageStamp is what a visitor's tournament page (TournamentPageByID) is read from
// besides its tournament's list columns: a page kept under one stamp is the page read afresh
// while the stamp reads the same, on every instance.
type TournamentPageStamp struct {
	// Lists: the lists' version (ListVersion), bumped by every change to a column the page
	// shows of the tournament or its club (migration 00024's triggers).
	Lists int64 `db:"lists"`
	// Creator: the creator's account version (bumped by every change to the account, 00013);
	// 0 without one.
	Creator int64 `db:"creator"`
	// Referees: the tournament's referees as "id:version" pairs in id order, joined by commas
	// (empty when there are none): a referee's name or picture moves their account's version.
	// The set itself can come back to an earlier one, so a page kept under this stamp must list
	// exactly these referees at these versions (RefereesStamp of the page's referees).
	Referees string `db:"referees"`
}

// TournamentPageStampOf reads the stamp of tournament id's page (zero values when there is no
// such tournament: its page says so, read afresh).
func (db *DB) TournamentPageStampOf(ctx context.Context, id int64) (TournamentPageStamp, error) {
	return shared(ctx, db, &db.pageStampsT, id, func(ctx context.Context) (TournamentPageStamp, error) { return db.tournamentPageStampOf(ctx, id) })
}

func (db *DB) tournamentPageStampOf(ctx context.Context, id int64) (TournamentPageStamp, error) {
	var st TournamentPageStamp
	err := db.scanOne(ctx, `SELECT (SELECT version FROM list_versions WHERE name = 'lists'),
		COALESCE((SELECT u.version FROM tournaments t JOIN users u ON u.id = t.creator_id WHERE t.id = ?), 0),
		COALESCE((SELECT string_agg(CAST(u.id AS TEXT) || ':' || CAST(u.version AS TEXT), ',' ORDER BY u.id)
			FROM tournament_players r JOIN users u ON u.id = r.user_id WHERE r.tournament_id = ? AND r.role = 'referee'), '')`,
		[]any{id, id}, &st.Lists, &st.Creator, &st.Referees)
	return st, err
}

// RefereesStamp is TournamentPageStamp.Referees of referees read with their versions
// (RefereePersons, in id order).
func RefereesStamp(referees []User) string {
	var b strings.Builder
	for i, r := range referees {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(r.ID, 10))
		b.WriteByte(':')
		b.WriteString(strconv.FormatInt(r.Version, 10))
	}
	return b.String()
}

// LockTournament reads a tournament inside tx and, on PostgreSQL, locks its row until tx ends:
// every change to its participants takes this lock first, so they apply one after another.
func (db *DB) LockTournament(ctx context.Context, tx *Tx, id int64) (Tournament, error) {
	var t Tournament
	err := db.txGet(ctx, tx, &t, db.Dialect.rebind(`SELECT `+tournamentColumns+tournamentFrom+` WHERE t.id = ?`+db.Dialect.forUpdate("t")), id)
	return t, notFound(err)
}

// DecideTournament moves a pending tournament to active or rejected; false when it was no longer
// pending (of two super admins deciding at once, exactly one decision counts).
func (db *DB) DecideTournament(ctx context.Context, tx *Tx, id int64, status, reason string, by int64) (bool, error) {
	now := db.Now()
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournaments SET status = ?, reject_reason = ?,
		decided_by = ?, decided_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'`), status, reason, by, now, now, id))
}

// CloseTournament makes an active tournament inactive; false when it was not active.
func (db *DB) CloseTournament(ctx context.Context, tx *Tx, id int64) (bool, error) {
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournaments SET status = 'inactive', updated_at = ?,
		version = version + 1 WHERE id = ? AND status = 'active'`), db.Now(), id))
}

// DeleteExpiredPendingTournaments removes pending tournaments whose approval period ended.
func (db *DB) DeleteExpiredPendingTournaments(ctx context.Context, now time.Time) (int64, error) {
	res, err := db.W.ExecContext(ctx, db.Dialect.rebind(`DELETE FROM tournaments WHERE status = 'pending' AND expires_at < ?`), now)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// CloseEndedTournaments makes active tournaments whose end date has passed inactive.
func (db *DB) CloseEndedTournaments(ctx context.Context, today string) (int64, error) {
	res, err := db.W.ExecContext(ctx, db.Dialect.rebind(`UPDATE tournaments SET status = 'inactive', updated_at = ?
		WHERE status = 'active' AND end_date <> '' AND end_date < ?`), db.Now(), today)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Bump marks a change to the tournament's standings or people: readers that cache them compare
// versions (TournamentVersion), so a change on any instance is seen at once everywhere.
func (db *DB) Bump(ctx context.Context, tx *Tx, id int64) error {
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournaments SET version = version + 1 WHERE id = ?`), id)
	return err
}

// TournamentVersion reads a tournament's version (see Bump).
func (db *DB) TournamentVersion(ctx context.Context, id int64) (int64, error) {
	var v int64
	err := db.scanOne(ctx, `SELECT version FROM tournaments WHERE id = ?`, []any{id}, &v)
	return v, notFound(err)
}

// TournamentFilter selects tournaments for a list page.
type TournamentFilter struct {
	Query       string
	ClubID      int64
	District    string
	Privacy     string
	RankingType string
	Statuses    []string // which statuses may show
	// OwnOf, when set, shows only tournaments created by this user (their pending or rejected ones).
	OwnOf int64
	// MemberOf, when set, shows only tournaments this user takes part in.
	MemberOf int64
	Cursor   string
	Limit    int
}

// listStatuses is how many statuses a list statement accepts: the statement text stays the same
// whatever the filter (so it is parsed once and cached), the unused places repeat a status.
const listStatuses = 4

// statusArgs pads statuses to listStatuses arguments.
func statusArgs(statuses []string) []any {
	out := make([]any, listStatuses)
	for i := range out {
		out[i] = statuses[min(i, len(statuses)-1)]
	}
	return out
}

// ListTournaments returns one page of tournaments sorted by name, and the next page's cursor.
// The rows carry the list columns only (tournamentListColumns: no Version, no SnapshotWeek).
//
// The statement is one static text for every filter ("? = ” OR …" switches a condition off),
// run through the statement cache: building SQL per request cost 39 % of the list's CPU in
// parsing (issue 16).
func (db *DB) ListTournaments(ctx context.Context, f TournamentFilter) ([]Tournament, string, error) {
	if len(f.Statuses) == 0 {
		return []Tournament{}, "", nil
	}
	if len(f.Statuses) > listStatuses {
		return nil, "", fmt.Errorf("list tournaments: %d statuses, at most %d", len(f.Statuses), listStatuses)
	}
	q := strings.TrimSpace(f.Query)
	key, id, hasCursor := decodeCursor(f.Cursor)
	limit := f.Limit
	if limit <= 0 || limit > 100 {
		limit = 24
	}
	args := append(statusArgs(f.Statuses),
		q, db.Dialect.containsArg(q),
		f.OwnOf, f.OwnOf, f.MemberOf, f.MemberOf, f.ClubID, f.ClubID,
		f.District, f.District, f.Privacy, f.Privacy, f.RankingType, f.RankingType,
		hasCursor, key, key, id, limit+1)
	out := []Tournament{}
	err := db.selectRows(ctx, &out, `SELECT `+tournamentListColumns+tournamentFrom+`
		WHERE t.status IN (?, ?, ?, ?)
		AND (? = '' OR `+db.Dialect.contains("t.sort_key")+`)
		AND (? = 0 OR t.creator_id = ?)
		AND (? = 0 OR EXISTS (SELECT 1 FROM tournament_players mp WHERE mp.tournament_id = t.id AND mp.user_id = ? AND mp.status <> 'requested'))
		AND (? = 0 OR t.club_id = ?)
		AND (? = '' OR t.district = ?)
		AND (? = '' OR t.privacy = ?)
		AND (? = '' OR t.ranking_type = ?)
		AND (NOT ? OR t.sort_key > ? OR (t.sort_key = ? AND t.id > ?))
		ORDER BY t.sort_key, t.id LIMIT ?`, args...)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(out) > limit {
		out = out[:limit]
		last := out[len(out)-1]
		next = encodeCursor(last.SortKey, last.ID)
	}
	return out, next, nil
}

// SaveTournamentImage stores (or replaces) a tournament's picture.
func (db *DB) SaveTournamentImage(ctx context.Context, tx *Tx, id int64, jpeg []byte, etag string) error {
	now := db.Now()
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`INSERT INTO tournament_images (tournament_id, jpeg, etag, updated_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (tournament_id) DO UPDATE SET jpeg = excluded.jpeg, etag = excluded.etag,
		updated_at = excluded.updated_at`), id, jpeg, etag, now); err != nil {
		return err
	}
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE tournaments SET image_etag = ?, updated_at = ? WHERE id = ?`), etag, now, id)
	return err
}

// TournamentImage reads a tournament's picture.
func (db *DB) TournamentImage(ctx context.Context, id int64) (PhotoRow, error) {
	var p PhotoRow
	err := db.R.GetContext(ctx, &p, db.Dialect.rebind(`SELECT tournament_id AS user_id, jpeg, etag, updated_at
		FROM tournament_images WHERE tournament_id = ?`), id)
	return p, notFound(err)
}

// ClubTournamentStats counts a club's visible tournaments and their completed matches.
func (db *DB) ClubTournamentStats(ctx context.Context, clubID int64) (tournaments, matches int, err error) {
	err = db.get(ctx, &tournaments, `SELECT COUNT(*) FROM tournaments WHERE club_id = ? AND status IN ('active', 'inactive')`, clubID)
	if err == nil {
		err = db.get(ctx, &matches, `SELECT COUNT(*) FROM matches m JOIN tournaments t ON t.id = m.tournament_id
			WHERE t.club_id = ? AND m.state = 'completed'`, clubID)
	}
	return tournaments, matches, err
}

// ListVersion reads the version of the club and tournament lists, bumped by triggers on every
// change to a column they show (migration 00024): a list kept in memory is good while it holds.
func (db *DB) ListVersion(ctx context.Context) (int64, error) {
	return shared(ctx, db, &db.listVer, struct{}{}, db.listVersion)
}

func (db *DB) listVersion(ctx context.Context) (int64, error) {
	var v int64
	err := db.scanOne(ctx, `SELECT version FROM list_versions WHERE name = 'lists'`, nil, &v)
	return v, err
}
