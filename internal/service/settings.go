package service

import (
	"context"
	"encoding/json"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/store"
)

// Contact visibility values: who sees a player's phone, messaging handles and email.
const (
	VisibleEveryone  = policy.ContactEveryone
	VisibleCoPlayers = policy.ContactCoPlayers
	VisibleNobody    = "nobody"
)

// Settings are a player's privacy and notification preferences.
type Settings struct {
	ContactVisibility string
	Listed            bool // appears in search and player lists
	Language          string
	Notifications     map[NotificationType]Channels
}

// SettingsOf reads the settings stored on u.
func SettingsOf(u store.User) Settings {
	return Settings{ContactVisibility: u.ContactVisibility, Listed: !u.Hidden, Language: u.Language, Notifications: Preferences(u)}
}

// UpdateSettings validates and saves the caller's settings.
func (s *Service) UpdateSettings(ctx context.Context, cur Current, in Settings) (Settings, error) {
	if err := signedIn(cur); err != nil {
		return Settings{}, err
	}
	var fe fieldErrors
	fe.oneOf("contact_visibility", in.ContactVisibility, VisibleEveryone, VisibleCoPlayers, VisibleNobody)
	fe.oneOf("language", in.Language, "pt", "en")
	prefs := map[NotificationType]Channels{}
	for t, c := range in.Notifications {
		known := false
		for _, k := range NotificationTypes {
			known = known || k == t
		}
		if !known {
			fe.add("notifications."+string(t), "validation.unexpected", nil)
			continue
		}
		prefs[t] = c
	}
	if err := fe.err(); err != nil {
		return Settings{}, err
	}
	u := cur.User
	// Store the full set: defaults may change later without changing what people chose.
	all := Preferences(u)
	for t, c := range prefs {
		all[t] = c
	}
	raw, _ := json.Marshal(all)
	u.ContactVisibility, u.Hidden, u.Language, u.NotifyPrefs = in.ContactVisibility, !in.Listed, in.Language, string(raw)
	if err := s.db.Tx(ctx, func(tx *store.Tx) error { return s.db.UpdateSettings(ctx, tx, &u) }); err != nil {
		return Settings{}, err
	}
	return SettingsOf(u), nil
}
