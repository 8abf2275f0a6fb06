package service

import (
	"github.com/tennisladder/ladder/internal/gamification"

	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/tennisladder/ladder/internal/geo"
	"github.com/tennisladder/ladder/internal/media"
	"github.com/tennisladder/ladder/internal/store"
)

// Bounds of the profile, shown to the player as field errors.
const (
	NameMax = 60
	MinAge  = 13 // the terms' minimum age
	MaxAge  = 120
)

// ProfileInput is everything a player edits on /profile. Email is not here: only super admins
// change it.
type ProfileInput struct {
	FirstName, LastName               string
	Phone, WhatsApp, Signal, Telegram string
	Age                               *int
	Gender                            string
	District, Municipality            string
	Timezone                          string
	ClubID                            *int64 // home club: a validated club, or nil for none
}

var (
	reTelegramUser = regexp.MustCompile(`^@?[A-Za-z][A-Za-z0-9_]{4,31}$`)
	reSignalUser   = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{2,31}\.[0-9]{2,9}$`)
)

// phone normalises a phone number to E.164 (NormalizePhone) or records an error.
func (f *fieldErrors) phone(field, s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	n, ok := NormalizePhone(s)
	if !ok {
		f.add(field, "profile.phone_invalid", nil)
		return s
	}
	return n
}

func (f *fieldErrors) name(field, s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > NameMax {
		f.add(field, "validation.too_long", map[string]any{"max": NameMax})
	}
	for _, r := range s {
		if unicode.IsControl(r) || strings.ContainsRune("<>{}[]|\\^~\"=@#$%*+;:?!/", r) {
			f.add(field, "profile.name_invalid", nil)
			break
		}
	}
	return s
}

// UpdateProfile validates every field and saves them all, or nothing.
func (s *Service) UpdateProfile(ctx context.Context, cur Current, in ProfileInput) (store.User, error) {
	if err := signedIn(cur); err != nil {
		return store.User{}, err
	}
	var fe fieldErrors
	u := cur.User
	u.FirstName = fe.name("first_name", in.FirstName)
	u.LastName = fe.name("last_name", in.LastName)
	u.Phone = fe.phone("phone", in.Phone)
	u.WhatsApp = fe.phone("whatsapp", in.WhatsApp)
	u.Signal = strings.TrimSpace(in.Signal)
	if u.Signal != "" && !reSignalUser.MatchString(u.Signal) {
		u.Signal = fe.phone("signal", u.Signal)
	}
	u.Telegram = strings.TrimSpace(in.Telegram)
	switch {
	case u.Telegram == "":
	case reTelegramUser.MatchString(u.Telegram):
		u.Telegram = "@" + strings.TrimPrefix(u.Telegram, "@")
	default:
		var tf fieldErrors
		if n := tf.phone("telegram", u.Telegram); len(tf) == 0 {
			u.Telegram = n
		} else {
			fe.add("telegram", "profile.telegram_invalid", nil)
		}
	}
	u.Age = sql.NullInt64{}
	if in.Age != nil {
		switch {
		case *in.Age < MinAge:
			fe.add("age", "profile.age_min", map[string]any{"min": MinAge})
		case *in.Age > MaxAge:
			fe.add("age", "profile.age_max", map[string]any{"max": MaxAge})
		default:
			u.Age = sql.NullInt64{Int64: int64(*in.Age), Valid: true}
		}
	}
	u.Gender = in.Gender
	if u.Gender != "" {
		fe.oneOf("gender", u.Gender, "male", "female", "other")
	}
	u.District, u.Municipality = strings.TrimSpace(in.District), strings.TrimSpace(in.Municipality)
	if u.District != "" {
		if _, ok := geo.DistrictByCode(u.District); !ok {
			fe.add("district", "profile.district_unknown", nil)
		}
	}
	if !geo.ValidPair(u.District, u.Municipality) {
		fe.add("municipality", "profile.municipality_mismatch", nil)
	}
	u.Timezone = strings.TrimSpace(in.Timezone)
	if u.Timezone == "" {
		u.Timezone = store.DefaultTimezone
	}
	if _, err := time.LoadLocation(u.Timezone); err != nil || u.Timezone == "Local" {
		fe.add("timezone", "profile.timezone_unknown", nil)
	}
	u.ClubID = sql.NullInt64{}
	if in.ClubID != nil && *in.ClubID > 0 {
		c, err := s.db.ClubByID(ctx, nil, *in.ClubID)
		if err != nil || c.Status != "validated" {
			fe.add("club_id", "profile.club_invalid", nil)
		}
		u.ClubID = sql.NullInt64{Int64: *in.ClubID, Valid: true}
	}
	if err := fe.err(); err != nil {
		return cur.User, err
	}
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := s.db.UpdateProfile(ctx, tx, &u); err != nil || !ProfileComplete(u) {
			return err
		}
		return s.awardAction(ctx, tx, u.ID, gamification.ActionProfile)
	})
	return u, err
}

// Limits of the weekly availability editor.
const (
	MaxSlotsPerDay = 8
	SlotStep       = 5 // minutes: ranges start and end on 5-minute marks
)

// SetAvailability replaces the caller's weekly availability. Ranges must be well-formed, on
// 5-minute marks and must not overlap within a day (touching is fine).
func (s *Service) SetAvailability(ctx context.Context, cur Current, slots []store.Slot) ([]store.Slot, error) {
	if err := signedIn(cur); err != nil {
		return nil, err
	}
	clean, err := ValidateAvailability(slots)
	if err != nil {
		return nil, err
	}
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := s.db.ReplaceAvailability(ctx, tx, cur.User.ID, clean); err != nil || len(clean) == 0 {
			return err
		}
		return s.awardAction(ctx, tx, cur.User.ID, gamification.ActionAvailability)
	})
	return clean, err
}

// ValidateAvailability checks slots and returns them sorted by day and start.
func ValidateAvailability(slots []store.Slot) ([]store.Slot, error) {
	var fe fieldErrors
	perDay := map[int]int{}
	for i, sl := range slots {
		field := "slots[" + strconv.Itoa(i) + "]"
		switch {
		case sl.Weekday < 1 || sl.Weekday > 7:
			fe.add(field, "availability.weekday", nil)
		case sl.StartMinute < 0 || sl.EndMinute > 24*60 || sl.StartMinute >= sl.EndMinute:
			fe.add(field, "availability.range", nil)
		case sl.StartMinute%SlotStep != 0 || sl.EndMinute%SlotStep != 0:
			fe.add(field, "availability.step", map[string]any{"step": SlotStep})
		default:
			perDay[sl.Weekday]++
			if perDay[sl.Weekday] > MaxSlotsPerDay {
				fe.add(field, "availability.too_many", map[string]any{"max": MaxSlotsPerDay})
			}
		}
	}
	if err := fe.err(); err != nil {
		return nil, err
	}
	sorted := append([]store.Slot(nil), slots...)
	sortSlots(sorted)
	for i := 1; i < len(sorted); i++ {
		a, b := sorted[i-1], sorted[i]
		if a.Weekday == b.Weekday && b.StartMinute < a.EndMinute {
			for j, sl := range slots {
				if sl == b {
					fe.add("slots["+strconv.Itoa(j)+"]", "availability.overlap", nil)
					break
				}
			}
		}
	}
	if err := fe.err(); err != nil {
		return nil, err
	}
	return sorted, nil
}

func sortSlots(s []store.Slot) {
	for i := 1; i < len(s); i++ { // insertion sort: at most 56 ranges
		for j := i; j > 0 && (s[j].Weekday < s[j-1].Weekday || s[j].Weekday == s[j-1].Weekday && s[j].StartMinute < s[j-1].StartMinute); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// Availability returns a player's weekly ranges.
func (s *Service) Availability(ctx context.Context, userID int64) ([]store.Slot, error) {
	return s.db.Availability(ctx, nil, userID)
}

// SetPhoto processes an uploaded picture and makes it the caller's photo. A refused picture
// leaves the old photo in place.
func (s *Service) SetPhoto(ctx context.Context, cur Current, r io.Reader) (string, error) {
	if err := signedIn(cur); err != nil {
		return "", err
	}
	giveBack, err := s.take(cur.User.ID, ActionUpload)
	if err != nil {
		return "", err
	}
	p, etag, err := processPicture(ctx, r, "photo")
	if err != nil {
		refund(giveBack, err, false)
		return "", err
	}
	ctx, cancel := step(ctx)
	defer cancel()
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		return s.db.SavePhoto(ctx, tx, store.PhotoRow{UserID: cur.User.ID, JPEG: p.JPEG, ETag: etag})
	})
	refund(giveBack, err, true)
	return etag, err
}

// processPicture runs an upload through the media pipeline; a refused picture is a field error
// on field, except a body over the limit (too large) and full decoders (busy, retry soon).
func processPicture(ctx context.Context, r io.Reader, field string) (media.Photo, string, error) {
	p, err := media.ProcessPhoto(ctx, r)
	switch {
	case errors.Is(err, media.ErrTooLarge):
		return p, "", &Error{Kind: KindTooLarge, Code: media.ErrTooLarge.Error(), Params: map[string]any{"max": "50 MB"}}
	case errors.Is(err, media.ErrBusy):
		return p, "", &Error{Kind: KindUnavailable, Code: media.ErrBusy.Error(), RetryAfterSeconds: media.BusyRetryAfter}
	}
	for _, known := range []error{media.ErrNotImage, media.ErrTooManyPixels, media.ErrCorrupt, media.ErrTooSlow} {
		if errors.Is(err, known) {
			return p, "", &Error{Kind: KindInvalid, Code: "validation.failed",
				Fields: []FieldError{{Field: field, Code: known.Error()}}}
		}
	}
	if err != nil {
		return p, "", err
	}
	sum := sha256.Sum256(p.JPEG)
	return p, base64.RawURLEncoding.EncodeToString(sum[:9]), nil
}

// DeletePhoto removes the caller's photo (the sign-in account's picture shows again).
func (s *Service) DeletePhoto(ctx context.Context, cur Current) error {
	if err := signedIn(cur); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error { return s.db.DeletePhoto(ctx, tx, cur.User.ID) })
}

// SetOwnStatus lets players pause themselves (and come back). Suspension is not theirs to lift.
func (s *Service) SetOwnStatus(ctx context.Context, cur Current, paused bool) (store.User, error) {
	if err := signedIn(cur); err != nil {
		return store.User{}, err
	}
	from, to := "active", "paused"
	if !paused {
		from, to = "paused", "active"
	}
	u := cur.User
	if u.Status == to {
		return u, nil
	}
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		ok, err := s.db.SetUserStatus(ctx, tx, u.ID, from, to)
		if err == nil && !ok {
			err = &Error{Kind: KindConflict, Code: "http.conflict"}
		}
		return err
	})
	if err == nil {
		u.Status = to
	}
	return u, err
}
