package store

import (
	"context"
	"time"
)

// UpdateProfile writes the player-editable fields of u (names and Profile, not the email,
// role or status).
func (db *DB) UpdateProfile(ctx context.Context, tx *Tx, u *User) error {
	u.UpdatedAt = db.Now()
	u.SearchKey = userSearchKey(*u)
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE users SET first_name = ?, last_name = ?, phone = ?,
		whatsapp = ?, signal = ?, telegram = ?, age = ?, gender = ?, district = ?, municipality = ?, timezone = ?,
		club_id = ?, search_key = ?, updated_at = ? WHERE id = ?`),
		u.FirstName, u.LastName, u.Phone, u.WhatsApp, u.Signal, u.Telegram, u.Age, u.Gender, u.District,
		u.Municipality, u.Timezone, u.ClubID, u.SearchKey, u.UpdatedAt, u.ID)
	return err
}

// UpdateSettings writes the privacy and notification preferences of u.
func (db *DB) UpdateSettings(ctx context.Context, tx *Tx, u *User) error {
	u.UpdatedAt = db.Now()
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE users SET contact_visibility = ?, hidden = ?,
		notify_prefs = ?, language = ?, updated_at = ? WHERE id = ?`), u.ContactVisibility, u.Hidden, u.NotifyPrefs, u.Language, u.UpdatedAt, u.ID)
	return err
}

// Slot is one weekly availability range: weekday 1 (Monday) … 7 (Sunday), minutes from
// midnight in the player's timezone, end exclusive.
type Slot struct {
	Weekday     int `db:"weekday" json:"weekday"`
	StartMinute int `db:"start_minute" json:"start_minute"`
	EndMinute   int `db:"end_minute" json:"end_minute"`
}

// Availability lists a player's weekly ranges ordered by day and start.
func (db *DB) Availability(ctx context.Context, tx *Tx, userID int64) ([]Slot, error) {
	out := []Slot{}
	err := db.selectIn(ctx, tx, &out, (`SELECT weekday, start_minute, end_minute
		FROM availability WHERE user_id = ? ORDER BY weekday, start_minute`), userID)
	return out, err
}

// ReplaceAvailability swaps all ranges of a player for slots and moves the account's version.
func (db *DB) ReplaceAvailability(ctx context.Context, tx *Tx, userID int64, slots []Slot) error {
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`DELETE FROM availability WHERE user_id = ?`), userID); err != nil {
		return err
	}
	for _, s := range slots {
		if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`INSERT INTO availability (user_id, weekday, start_minute, end_minute)
			VALUES (?, ?, ?, ?)`), userID, s.Weekday, s.StartMinute, s.EndMinute); err != nil {
			return err
		}
	}
	// The account's version moves with its availability: a player page keeps the availability
	// in memory under the version it read (service.availabilityOf), on every instance.
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE users SET version = version + 1 WHERE id = ?`), userID)
	return err
}

// PhotoRow is a stored profile photo.
type PhotoRow struct {
	UserID    int64     `db:"user_id"`
	JPEG      []byte    `db:"jpeg"`
	ETag      string    `db:"etag"`
	UpdatedAt time.Time `db:"updated_at"`
}

// SavePhoto stores (or replaces) a user's photo and records its ETag on the user.
func (db *DB) SavePhoto(ctx context.Context, tx *Tx, p PhotoRow) error {
	p.UpdatedAt = db.Now()
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`INSERT INTO user_photos (user_id, jpeg, etag, updated_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET jpeg = excluded.jpeg, etag = excluded.etag,
		updated_at = excluded.updated_at`), p.UserID, p.JPEG, p.ETag, p.UpdatedAt); err != nil {
		return err
	}
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE users SET photo_etag = ?, updated_at = ? WHERE id = ?`), p.ETag, p.UpdatedAt, p.UserID)
	return err
}

// DeletePhoto removes a user's photo.
func (db *DB) DeletePhoto(ctx context.Context, tx *Tx, userID int64) error {
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`DELETE FROM user_photos WHERE user_id = ?`), userID); err != nil {
		return err
	}
	_, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE users SET photo_etag = '', updated_at = ? WHERE id = ?`), db.Now(), userID)
	return err
}

// Photo reads a user's photo.
func (db *DB) Photo(ctx context.Context, userID int64) (PhotoRow, error) {
	var p PhotoRow
	err := db.R.GetContext(ctx, &p, db.Dialect.rebind(`SELECT user_id, jpeg, etag, updated_at FROM user_photos WHERE user_id = ?`), userID)
	return p, notFound(err)
}
