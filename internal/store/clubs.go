package store

import (
	"context"
	"database/sql"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Club is a venue proposed by a player and validated (or rejected) by a super admin.
type Club struct {
	ID           int64         `db:"id"`
	Name         string        `db:"name"`
	SortKey      string        `db:"sort_key"`
	Address      string        `db:"address"`
	Phone        string        `db:"phone"`
	Email        string        `db:"email"`
	Website      string        `db:"website"`
	District     string        `db:"district"`
	Municipality string        `db:"municipality"`
	Surfaces     string        `db:"surfaces"`   // JSON array of surface codes
	Facilities   string        `db:"facilities"` // JSON array of facility codes
	Status       string        `db:"status"`
	RejectReason string        `db:"reject_reason"`
	CreatorID    sql.NullInt64 `db:"creator_id"`
	DecidedBy    sql.NullInt64 `db:"decided_by"`
	DecidedAt    sql.NullTime  `db:"decided_at"`
	ExpiresAt    time.Time     `db:"expires_at"`
	ImageETag    string        `db:"image_etag"`
	CreatedAt    time.Time     `db:"created_at"`
	UpdatedAt    time.Time     `db:"updated_at"`
	Members      int           `db:"members"` // computed by lists and lookups
}

const clubColumns = `c.id, c.name, c.sort_key, c.address, c.phone, c.email, c.website, c.district, c.municipality,
	c.surfaces, c.facilities, c.status, c.reject_reason, c.creator_id, c.decided_by, c.decided_at, c.expires_at,
	c.image_etag, c.created_at, c.updated_at,
	c.member_count AS members`

// clubListColumns are what list pages show (no decided_*, updated_at), exactly the columns whose
// changes bump the list version (migration 00024). A column added here must join its triggers.
const clubListColumns = `c.id, c.name, c.sort_key, c.address, c.phone, c.email, c.website, c.district, c.municipality,
	c.surfaces, c.facilities, c.status, c.reject_reason, c.creator_id, c.expires_at, c.image_etag, c.created_at,
	c.member_count AS members`

// InsertClub stores a new club (its status, expiry and creator set by the caller).
func (db *DB) InsertClub(ctx context.Context, tx *Tx, c *Club) error {
	now := db.Now()
	if c.CreatedAt.IsZero() {
		c.CreatedAt = now
	}
	c.UpdatedAt = c.CreatedAt
	c.SortKey = SearchKey(c.Name)
	return db.txQueryRowx(ctx, tx, db.Dialect.rebind(`INSERT INTO clubs (name, sort_key, address, phone, email, website,
		district, municipality, surfaces, facilities, status, reject_reason, creator_id, decided_by, decided_at, expires_at,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		c.Name, c.SortKey, c.Address, c.Phone, c.Email, c.Website, c.District, c.Municipality, c.Surfaces, c.Facilities,
		c.Status, c.RejectReason, c.CreatorID, c.DecidedBy, c.DecidedAt, c.ExpiresAt, c.CreatedAt, c.UpdatedAt).Scan(&c.ID)
}

// UpdateClubInfo writes the editable fields of c.
func (db *DB) UpdateClubInfo(ctx context.Context, tx *Tx, c *Club) error {
	c.UpdatedAt = db.Now()
	c.SortKey = SearchKey(c.Name)
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE clubs SET name = ?, sort_key = ?, address = ?, phone = ?,
		email = ?, website = ?, district = ?, municipality = ?, surfaces = ?, facilities = ?, updated_at = ? WHERE id = ?`),
		c.Name, c.SortKey, c.Address, c.Phone, c.Email, c.Website, c.District, c.Municipality, c.Surfaces, c.Facilities,
		c.UpdatedAt, c.ID)
	return err
}

// ClubByID reads a club (ErrNotFound when missing).
func (db *DB) ClubByID(ctx context.Context, tx *Tx, id int64) (Club, error) {
	var c Club
	err := db.getIn(ctx, tx, &c, `SELECT `+clubColumns+` FROM clubs c WHERE c.id = ?`, id)
	return c, notFound(err)
}

// DecideClub moves a pending club to validated or rejected. It reports false when the club was
// no longer pending: of two super admins deciding at once, exactly one decision counts.
func (db *DB) DecideClub(ctx context.Context, tx *Tx, id int64, status, reason string, by int64) (bool, error) {
	now := db.Now()
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE clubs SET status = ?, reject_reason = ?, decided_by = ?,
		decided_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'`), status, reason, by, now, now, id))
}

// DeleteExpiredPendingClubs removes pending clubs whose validation period ended; idempotent.
func (db *DB) DeleteExpiredPendingClubs(ctx context.Context, now time.Time) (int64, error) {
	res, err := db.W.ExecContext(ctx, db.Dialect.rebind(`DELETE FROM clubs WHERE status = 'pending' AND expires_at < ?`), now)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// ClubFilter selects clubs for a list page.
type ClubFilter struct {
	Query        string
	District     string
	Municipality string
	Statuses     []string // which statuses may show at all
	// OwnPendingOf, when set, also shows pending and rejected clubs created by this user.
	OwnPendingOf int64
	Cursor       string
	Limit        int
}

// ListClubs returns one page of clubs sorted by name, and the cursor of the next page. Like
// ListTournaments, one static statement serves every filter (parsed once, cached).
func (db *DB) ListClubs(ctx context.Context, f ClubFilter) ([]Club, string, error) {
	if len(f.Statuses) == 0 && f.OwnPendingOf == 0 {
		return []Club{}, "", nil
	}
	if len(f.Statuses) > listStatuses {
		return nil, "", fmt.Errorf("list clubs: %d statuses, at most %d", len(f.Statuses), listStatuses)
	}
	statuses := []any{"", "", "", ""} // no status is '': with none given, only the own clubs show
	if len(f.Statuses) > 0 {
		statuses = statusArgs(f.Statuses)
	}
	q := strings.TrimSpace(f.Query)
	key, id, hasCursor := decodeCursor(f.Cursor)
	limit := f.Limit
	if limit <= 0 || limit > 100 {
		limit = 24
	}
	args := append(statuses, f.OwnPendingOf, f.OwnPendingOf,
		q, db.Dialect.containsArg(q), f.District, f.District, f.Municipality, f.Municipality,
		hasCursor, key, key, id, limit+1)
	out := []Club{}
	err := db.selectRows(ctx, &out, `SELECT `+clubListColumns+` FROM clubs c
		WHERE (c.status IN (?, ?, ?, ?) OR (? <> 0 AND c.creator_id = ?))
		AND (? = '' OR `+db.Dialect.contains("c.sort_key")+`)
		AND (? = '' OR c.district = ?)
		AND (? = '' OR c.municipality = ?)
		AND (NOT ? OR c.sort_key > ? OR (c.sort_key = ? AND c.id > ?))
		ORDER BY c.sort_key, c.id LIMIT ?`, args...)
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

func encodeCursor(key string, id int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte(key + "\x00" + strconv.FormatInt(id, 10)))
}

func decodeCursor(c string) (string, int64, bool) {
	if c == "" {
		return "", 0, false
	}
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return "", 0, false
	}
	key, idText, ok := strings.Cut(string(b), "\x00")
	id, err := strconv.ParseInt(idText, 10, 64)
	return key, id, ok && err == nil
}

// ClubMember is a membership with the member's names for display.
type ClubMember struct {
	UserID   int64     `db:"user_id"`
	Role     string    `db:"role"`
	JoinedAt time.Time `db:"joined_at"`
	User     User      `db:"u"`
}

// AddClubMember adds userID to the club; it reports false when they already were a member.
func (db *DB) AddClubMember(ctx context.Context, tx *Tx, clubID, userID int64, role string) (bool, error) {
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`INSERT INTO club_members (club_id, user_id, role, joined_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (club_id, user_id) DO NOTHING`), clubID, userID, role, db.Now()))
}

// RemoveClubMember removes a membership; it reports false when there was none.
func (db *DB) RemoveClubMember(ctx context.Context, tx *Tx, clubID, userID int64) (bool, error) {
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`DELETE FROM club_members WHERE club_id = ? AND user_id = ?`), clubID, userID))
}

// LockClub reads a club inside tx and, on PostgreSQL, locks its row until tx ends: every change
// to its memberships takes this lock first, so they apply one after another and each sees the
// ones before (SQLite's single writer connection serialises them already). The club is read
// after the lock, so its member count is current.
func (db *DB) LockClub(ctx context.Context, tx *Tx, id int64) (Club, error) {
	var locked int64
	if err := db.txGet(ctx, tx, &locked, db.Dialect.rebind(`SELECT c.id FROM clubs c WHERE c.id = ?`+db.Dialect.forUpdate("c")), id); err != nil {
		return Club{}, notFound(err)
	}
	return db.ClubByID(ctx, tx, id)
}

// SetClubMemberRole changes a membership's role; it reports false when userID is not a member
// or already had that role.
func (db *DB) SetClubMemberRole(ctx context.Context, tx *Tx, clubID, userID int64, role string) (bool, error) {
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE club_members SET role = ?
		WHERE club_id = ? AND user_id = ? AND role <> ?`), role, clubID, userID, role))
}

// ClearUserClub removes clubID as userID's home club (nothing when their home club is another).
func (db *DB) ClearUserClub(ctx context.Context, tx *Tx, userID, clubID int64) error {
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE users SET club_id = NULL, updated_at = ? WHERE id = ? AND club_id = ?`),
		db.Now(), userID, clubID)
	return err
}

// ClubRole is userID's role in the club, or "" when not a member.
func (db *DB) ClubRole(ctx context.Context, tx *Tx, clubID, userID int64) (string, error) {
	var role string
	err := db.getIn(ctx, tx, &role, `SELECT role FROM club_members WHERE club_id = ? AND user_id = ?`, clubID, userID)
	if err == sql.ErrNoRows {
		return "", nil
	}
	return role, err
}

// ClubAdministrators lists the ids of the club's administrators.
func (db *DB) ClubAdministrators(ctx context.Context, tx *Tx, clubID int64) ([]int64, error) {
	ids := []int64{}
	err := db.selectIn(ctx, tx, &ids, `SELECT user_id FROM club_members WHERE club_id = ? AND role = 'administrator' ORDER BY user_id`, clubID)
	return ids, err
}

// ClubActiveAdministrators lists the ids of the club's administrators whose account is not
// suspended: the ones who can run the club.
func (db *DB) ClubActiveAdministrators(ctx context.Context, tx *Tx, clubID int64) ([]int64, error) {
	ids := []int64{}
	err := db.selectIn(ctx, tx, &ids, `SELECT m.user_id FROM club_members m JOIN users u ON u.id = m.user_id
		WHERE m.club_id = ? AND m.role = 'administrator' AND u.status <> 'suspended' ORDER BY m.user_id`, clubID)
	return ids, err
}

// ClubMembers lists a club's members, administrators first, then by name.
func (db *DB) ClubMembers(ctx context.Context, clubID int64, limit int) ([]ClubMember, error) {
	out := []ClubMember{}
	err := db.R.SelectContext(ctx, &out, db.Dialect.rebind(fmt.Sprintf(`SELECT m.user_id, m.role, m.joined_at, %s
		FROM club_members m JOIN users u ON u.id = m.user_id WHERE m.club_id = ?
		ORDER BY CASE m.role WHEN 'administrator' THEN 0 ELSE 1 END, u.first_name, u.last_name, u.id LIMIT ?`, userColumnsAs("u"))), clubID, limit)
	return out, err
}

// SetUserClub records the player's home club (nil for none).
func (db *DB) SetUserClub(ctx context.Context, tx *Tx, userID int64, clubID sql.NullInt64) error {
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE users SET club_id = ?, updated_at = ? WHERE id = ?`), clubID, db.Now(), userID)
	return err
}

// SaveClubImage stores (or replaces) a club's picture.
func (db *DB) SaveClubImage(ctx context.Context, tx *Tx, clubID int64, jpeg []byte, etag string) error {
	now := db.Now()
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`INSERT INTO club_images (club_id, jpeg, etag, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (club_id) DO UPDATE SET jpeg = excluded.jpeg, etag = excluded.etag, updated_at = excluded.updated_at`),
		clubID, jpeg, etag, now); err != nil {
		return err
	}
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE clubs SET image_etag = ?, updated_at = ? WHERE id = ?`), etag, now, clubID)
	return err
}

// ClubImage reads a club's picture.
func (db *DB) ClubImage(ctx context.Context, clubID int64) (PhotoRow, error) {
	var p PhotoRow
	err := db.R.GetContext(ctx, &p, db.Dialect.rebind(`SELECT club_id AS user_id, jpeg, etag, updated_at FROM club_images WHERE club_id = ?`), clubID)
	return p, notFound(err)
}

// ClubsWithStatus lists every club with status, by name (inside tx when given).
func (db *DB) ClubsWithStatus(ctx context.Context, tx *Tx, status string) ([]Club, error) {
	out := []Club{}
	err := db.selectIn(ctx, tx, &out, `SELECT `+clubColumns+` FROM clubs c WHERE c.status = ? ORDER BY c.sort_key, c.id`, status)
	return out, err
}
