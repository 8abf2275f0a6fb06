package store

import (
	"context"
	"database/sql"
	"strings"
	"time"
)

// User is an account. Names from the identity provider (ext_*) are kept apart from the names
// the player sets, because they serve only as display fallbacks.
type User struct {
	ID           int64          `db:"id"`
	Email        string         `db:"email"`
	FirstName    string         `db:"first_name"`
	LastName     string         `db:"last_name"`
	ExtName      string         `db:"ext_name"`
	ExtGivenName string         `db:"ext_given_name"`
	ExtPicture   string         `db:"ext_picture"`
	Role         string         `db:"role"`
	Status       string         `db:"status"`
	OIDCIssuer   sql.NullString `db:"oidc_issuer"`
	OIDCSubject  sql.NullString `db:"oidc_subject"`
	// DeactivatedAt is set when the account was transferred to another one: it never signs in again.
	DeactivatedAt sql.NullTime `db:"deactivated_at"`
	CreatedAt     time.Time    `db:"created_at"`
	UpdatedAt     time.Time    `db:"updated_at"`
	DeletedAt     sql.NullTime `db:"deleted_at"` // set when the account was erased (a tombstone: "Deleted player")
	// Version moves with every change to the row (a trigger, migration 00013) and to the
	// account's weekly availability (ReplaceAvailability). Only ProfileByID reads it: answers
	// kept in memory under it are checked against it (service.availabilityOf).
	Version int64 `db:"version"`
	Profile
}

// Profile is what the player edits about themselves, with their privacy and notification
// preferences.
type Profile struct {
	Phone             string        `db:"phone"`
	WhatsApp          string        `db:"whatsapp"`
	Signal            string        `db:"signal"`
	Telegram          string        `db:"telegram"`
	Age               sql.NullInt64 `db:"age"`
	Gender            string        `db:"gender"`
	District          string        `db:"district"`
	Municipality      string        `db:"municipality"`
	Timezone          string        `db:"timezone"`
	ContactVisibility string        `db:"contact_visibility"`
	Hidden            bool          `db:"hidden"`       // kept out of search and player lists
	NotifyPrefs       string        `db:"notify_prefs"` // JSON: {"type": {"in_app": bool, "email": bool}}
	PhotoETag         string        `db:"photo_etag"`
	SearchKey         string        `db:"search_key"` // names, normalised: player search
	Language          string        `db:"language"`   // for emails: the language of the last sign-in or the settings
	ClubID            sql.NullInt64 `db:"club_id"`    // home club, a validated one
}

var userColumnList = []string{"id", "email", "first_name", "last_name", "ext_name", "ext_given_name", "ext_picture",
	"role", "status", "oidc_issuer", "oidc_subject", "created_at", "updated_at", "phone", "whatsapp", "signal",
	"telegram", "age", "gender", "district", "municipality", "timezone", "contact_visibility", "hidden",
	"notify_prefs", "photo_etag", "search_key", "language", "club_id", "deactivated_at", "deleted_at"}

var userColumns = strings.Join(userColumnList, ", ")

// userColumnsAs selects the user columns of table alias a, named "a.column" for sqlx's nesting.
func userColumnsAs(a string) string {
	cols := make([]string, len(userColumnList))
	for i, c := range userColumnList {
		cols[i] = a + "." + c + ` "` + a + "." + c + `"`
	}
	return strings.Join(cols, ", ")
}

// DefaultTimezone is the platform's time zone: a new profile's, and the one rules that must not
// depend on a zone the player chooses are decided in (the agreed day of a match).
const DefaultTimezone = "Europe/Lisbon"

// NormaliseEmail is how emails are compared and stored: trimmed and lower-cased.
func NormaliseEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// UserByID reads one user (ErrNotFound when missing). Pass a *Tx to read inside it, or nil.
func (db *DB) UserByID(ctx context.Context, tx *Tx, id int64) (User, error) {
	var u User
	err := db.getIn(ctx, tx, &u, (`SELECT ` + userColumns + ` FROM users WHERE id = ?`), id)
	return u, notFound(err)
}

// RefereePersons reads the referees of a tournament by id, in id order, with the 9 columns that
// name and picture a person and the account's version (which a kept tournament page is checked
// against: RefereesStamp); not the whole account's ~30, which the SQLite driver scans one by one
// (the other fields stay zero): one query where the tournament page made one per referee (issue 16).
func (db *DB) RefereePersons(ctx context.Context, tournamentID int64) ([]User, error) {
	out := []User{}
	err := db.selectRows(ctx, &out, `SELECT u.id, u.email, u.first_name, u.last_name, u.ext_name, u.ext_given_name,
		u.ext_picture, u.photo_etag, u.deleted_at, u.version FROM tournament_players p JOIN users u ON u.id = p.user_id
		WHERE p.tournament_id = ? AND p.role = 'referee' ORDER BY u.id`, tournamentID)
	return out, err
}

// ProfileByID reads what a player's profile shows and what decides who sees it: the account
// without its sign-in, preference and bookkeeping columns (oidc_*, notify_prefs, language,
// search_key, updated_at, deactivated_at stay zero), which the SQLite driver would scan one by one.
func (db *DB) ProfileByID(ctx context.Context, id int64) (User, error) {
	var u User
	err := db.get(ctx, &u, `SELECT id, email, first_name, last_name, ext_name, ext_given_name, ext_picture, role, status,
		created_at, phone, whatsapp, signal, telegram, age, gender, district, municipality, timezone, contact_visibility,
		hidden, photo_etag, club_id, deleted_at, version FROM users WHERE id = ?`, id)
	return u, notFound(err)
}

// VisibilityByID reads what decides who may see an account (policy.SeePlayer): its id, hidden
// flag and status, for reads that show the player's data but not the account itself (the match
// history). The other fields of the User stay zero.
func (db *DB) VisibilityByID(ctx context.Context, id int64) (User, error) {
	var u User
	err := db.get(ctx, &u, `SELECT id, hidden, status FROM users WHERE id = ?`, id)
	return u, notFound(err)
}

// UserByEmail reads one user by email, compared normalised.
func (db *DB) UserByEmail(ctx context.Context, tx *Tx, email string) (User, error) {
	var u User
	err := db.getIn(ctx, tx, &u, (`SELECT ` + userColumns + ` FROM users WHERE email = ?`), NormaliseEmail(email))
	return u, notFound(err)
}

// UserBySubject reads the user linked to an identity provider's subject.
func (db *DB) UserBySubject(ctx context.Context, tx *Tx, issuer, subject string) (User, error) {
	var u User
	err := db.getIn(ctx, tx, &u, (`SELECT ` + userColumns + ` FROM users WHERE oidc_issuer = ? AND oidc_subject = ?`), issuer, subject)
	return u, notFound(err)
}

// InsertUser creates u and fills its ID and timestamps.
func (db *DB) InsertUser(ctx context.Context, tx *Tx, u *User) error {
	now := db.Now()
	u.Email = NormaliseEmail(u.Email)
	if u.Role == "" {
		u.Role = "player"
	}
	if u.Status == "" {
		u.Status = "active"
	}
	u.CreatedAt, u.UpdatedAt = now, now
	u.SearchKey = userSearchKey(*u)
	if u.Timezone == "" {
		u.Timezone = DefaultTimezone
	}
	if u.ContactVisibility == "" {
		u.ContactVisibility = "co_players"
	}
	if u.NotifyPrefs == "" {
		u.NotifyPrefs = "{}"
	}
	if u.Language == "" {
		u.Language = "pt"
	}
	return db.txQueryRowx(ctx, tx, db.Dialect.rebind(`
		INSERT INTO users (email, first_name, last_name, ext_name, ext_given_name, ext_picture, role, status,
			oidc_issuer, oidc_subject, created_at, updated_at, phone, whatsapp, signal, telegram, age, gender,
			district, municipality, timezone, contact_visibility, hidden, notify_prefs, language, search_key)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		u.Email, u.FirstName, u.LastName, u.ExtName, u.ExtGivenName, u.ExtPicture, u.Role, u.Status,
		u.OIDCIssuer, u.OIDCSubject, u.CreatedAt, u.UpdatedAt, u.Phone, u.WhatsApp, u.Signal, u.Telegram, u.Age,
		u.Gender, u.District, u.Municipality, u.Timezone, u.ContactVisibility, u.Hidden, u.NotifyPrefs, u.Language, u.SearchKey).Scan(&u.ID)
}

// UpdateUserIdentity refreshes the names and picture the provider gave at this sign-in (the
// account is already linked to it; LinkUserIdentity links).
func (db *DB) UpdateUserIdentity(ctx context.Context, tx *Tx, u *User) error {
	u.UpdatedAt = db.Now()
	u.SearchKey = userSearchKey(*u)
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE users SET
		ext_name = ?, ext_given_name = ?, ext_picture = ?, language = ?, search_key = ?, updated_at = ? WHERE id = ?`),
		u.ExtName, u.ExtGivenName, u.ExtPicture, u.Language, u.SearchKey, u.UpdatedAt, u.ID)
	return err
}

// LinkUserIdentity links a never-linked account (oidc_subject NULL: created by an operator, the
// CLI or the demo seed) to the provider's subject, with the names of this sign-in. It reports
// false when the account got linked meanwhile, so two identities can never both take it.
func (db *DB) LinkUserIdentity(ctx context.Context, tx *Tx, u *User) (bool, error) {
	u.UpdatedAt = db.Now()
	u.SearchKey = userSearchKey(*u)
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE users SET oidc_issuer = ?, oidc_subject = ?,
		ext_name = ?, ext_given_name = ?, ext_picture = ?, language = ?, search_key = ?, updated_at = ?
		WHERE id = ? AND oidc_subject IS NULL`),
		u.OIDCIssuer, u.OIDCSubject, u.ExtName, u.ExtGivenName, u.ExtPicture, u.Language, u.SearchKey, u.UpdatedAt, u.ID))
}

// UnlinkUserIdentity removes the account's link to its identity provider's subject; it reports
// false when the account was not linked.
func (db *DB) UnlinkUserIdentity(ctx context.Context, tx *Tx, id int64) (bool, error) {
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE users SET oidc_issuer = NULL, oidc_subject = NULL,
		updated_at = ? WHERE id = ? AND oidc_subject IS NOT NULL`), db.Now(), id))
}

// SetUserRole changes the role when it is still from (so two concurrent changes cannot both
// act on a stale view); it reports whether the row changed.
func (db *DB) SetUserRole(ctx context.Context, tx *Tx, id int64, from, to string) (bool, error) {
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE users SET role = ?, updated_at = ? WHERE id = ? AND role = ?`),
		to, db.Now(), id, from))
}

// SetUserStatus changes the status when it is still from.
func (db *DB) SetUserStatus(ctx context.Context, tx *Tx, id int64, from, to string) (bool, error) {
	return db.changed(db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE users SET status = ?, updated_at = ? WHERE id = ? AND status = ?`),
		to, db.Now(), id, from))
}

func (db *DB) changed(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// CountUsers counts every account.
func (db *DB) CountUsers(ctx context.Context) (int, error) {
	var n int
	err := db.R.GetContext(ctx, &n, `SELECT COUNT(*) FROM users`)
	return n, err
}

// userSearchKey is what player search matches: the names the player set, else the provider's.
func userSearchKey(u User) string {
	name := strings.TrimSpace(u.FirstName + " " + u.LastName)
	if name == "" {
		name = u.ExtName
	}
	return SearchKey(name)
}

// SearchPlayers finds listed, not suspended players whose name contains term.
func (db *DB) SearchPlayers(ctx context.Context, term string, limit int) ([]User, error) {
	out := []User{}
	err := db.selectRows(ctx, &out, `SELECT `+userColumns+` FROM users
		WHERE hidden = ? AND status <> 'suspended' AND `+db.Dialect.contains("search_key")+` ORDER BY search_key, id LIMIT ?`,
		false, db.Dialect.containsArg(term), limit)
	return out, err
}

// PlayersInDistrict lists up to limit active accounts whose profile is in the district.
func (db *DB) PlayersInDistrict(ctx context.Context, tx *Tx, district string, limit int) ([]int64, error) {
	ids := []int64{}
	err := db.selectIn(ctx, tx, &ids, `SELECT id FROM users WHERE district = ? AND status = 'active' ORDER BY id LIMIT ?`, district, limit)
	return ids, err
}
