package service

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/tennisladder/ladder/internal/i18n"
	"github.com/tennisladder/ladder/internal/realtime"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/web"
)

// NotificationType is one of the ten kinds of SPEC §3.
type NotificationType string

const (
	ChallengeReceived       NotificationType = "challenge_received"
	MatchConfirmed          NotificationType = "match_confirmed"
	ResultPending           NotificationType = "result_pending"
	ResultValidated         NotificationType = "result_validated"
	PlayerJoinedTournament  NotificationType = "player_joined_tournament"
	PlayerLeftTournament    NotificationType = "player_left_tournament"
	MatchResultConfirmed    NotificationType = "match_result_confirmed"
	RankingChanged          NotificationType = "ranking_changed"
	TournamentCreatedNearby NotificationType = "tournament_created_nearby"
	AdminAction             NotificationType = "admin_action"
)

// NotificationTypes lists every type, in the order the settings page shows them.
var NotificationTypes = []NotificationType{ChallengeReceived, MatchConfirmed, ResultPending, ResultValidated,
	MatchResultConfirmed, RankingChanged, PlayerJoinedTournament, PlayerLeftTournament, TournamentCreatedNearby, AdminAction}

// Channels says where a type of notification goes.
type Channels struct {
	InApp bool `json:"in_app"`
	Email bool `json:"email"`
}

// defaultChannels: everything in the app; by email only what needs an answer or moves a ranking.
func defaultChannels(t NotificationType) Channels {
	switch t {
	case ChallengeReceived, MatchConfirmed, ResultPending, ResultValidated, AdminAction:
		return Channels{InApp: true, Email: true}
	}
	return Channels{InApp: true}
}

// Preferences are a player's channels per type (stored as overrides of the defaults).
func Preferences(u store.User) map[NotificationType]Channels {
	stored := map[NotificationType]Channels{}
	_ = json.Unmarshal([]byte(u.NotifyPrefs), &stored)
	out := map[NotificationType]Channels{}
	for _, t := range NotificationTypes {
		c, ok := stored[t]
		if !ok {
			c = defaultChannels(t)
		}
		out[t] = c
	}
	return out
}

// texts renders notification titles and messages (web/public/locales/{lng}/notifications.json).
var texts = func() *i18n.Catalog {
	c, err := i18n.Load(web.Locales(), "notifications")
	if err != nil {
		panic("load notifications.json: " + err.Error())
	}
	return c
}()

// Note is a notification to deliver: keys of notifications.json and their parameters.
type Note struct {
	Type       NotificationType
	TitleKey   string
	MessageKey string
	Params     map[string]any
	ActionURL  string // an in-app path, e.g. /challenges
}

// Notify delivers n to the user inside the caller's transaction, on the channels the user
// chose: a notification row for the app, an outbox email for the mail job. Both commit or
// roll back with the change that caused them.
func (s *Service) Notify(ctx context.Context, tx *store.Tx, userID int64, n Note) error {
	u, err := s.db.UserByID(ctx, tx, userID)
	if err != nil {
		return err
	}
	return s.notifyUser(ctx, tx, u, n)
}

// notifyUser is Notify for an account the caller has just read in the same transaction (the
// players of a match row), saving the read.
func (s *Service) notifyUser(ctx context.Context, tx *store.Tx, u store.User, n Note) error {
	var o outgoing
	if err := s.queueNote(tx, &o, u, n); err != nil {
		return err
	}
	return s.sendQueued(ctx, tx, &o)
}

// outgoing are the notification rows and outbox emails of several notes, written by sendQueued
// in one statement each (a validated result tells both players twice: issue 16).
type outgoing struct {
	notes  []store.Notification
	emails []store.Email
}

// queueNote is notifyUser with the rows left in o for sendQueued (the live event is published
// now: it is sent only if the transaction commits).
func (s *Service) queueNote(tx *store.Tx, o *outgoing, u store.User, n Note) error {
	userID := u.ID
	ch := Preferences(u)[n.Type]
	params, err := json.Marshal(n.Params)
	if err != nil {
		return err
	}
	if ch.InApp {
		o.notes = append(o.notes, store.Notification{UserID: userID, Type: string(n.Type),
			TitleKey: n.TitleKey, MessageKey: n.MessageKey, Params: string(params), ActionURL: n.ActionURL})
		s.publish(tx, realtime.Event{Type: realtime.TypeNotification, Users: []int64{userID}})
	}
	if ch.Email && u.Status != "suspended" {
		lang := u.Language
		subject := texts.T(lang, n.TitleKey, n.Params)
		body := texts.T(lang, "email.greeting", map[string]any{"name": DisplayName(u)}) + "\n\n" +
			texts.T(lang, n.MessageKey, n.Params) + "\n\n"
		if n.ActionURL != "" {
			body += s.baseURL + n.ActionURL + "\n\n"
		}
		body += texts.T(lang, "email.footer", map[string]any{"settings": s.baseURL + "/settings"})
		o.emails = append(o.emails, store.Email{UserID: sql.NullInt64{Int64: userID, Valid: true},
			To: u.Email, Subject: subject, Body: body})
	}
	return nil
}

// sendQueued writes o's notifications and emails, in the order they were queued.
func (s *Service) sendQueued(ctx context.Context, tx *store.Tx, o *outgoing) error {
	if err := s.db.InsertNotifications(ctx, tx, o.notes); err != nil {
		return err
	}
	return s.db.EnqueueEmails(ctx, tx, o.emails)
}

// NotificationView is a notification rendered in the reader's language.
type NotificationView struct {
	store.Notification
	Title, Message string
}

// renderedMax bounds the remembered notification texts; past it the memory starts afresh.
const renderedMax = 10000

// render puts n into words in lang. The words depend only on the language, the two keys and the
// parameters, so they are remembered under exactly those (decoding the parameters and filling
// the templates was a third of GET /api/notifications/recent, issue 16): correct whatever
// changes in the database, on every instance.
func (s *Service) render(lang string, n store.Notification) NotificationView {
	key := lang + "\x00" + n.TitleKey + "\x00" + n.MessageKey + "\x00" + n.Params
	if v, ok := s.reads.rendered.Load(key); ok {
		w := v.([2]string)
		return NotificationView{Notification: n, Title: w[0], Message: w[1]}
	}
	params := map[string]any{}
	_ = json.Unmarshal([]byte(n.Params), &params)
	v := NotificationView{Notification: n, Title: texts.T(lang, n.TitleKey, params), Message: texts.T(lang, n.MessageKey, params)}
	if s.reads.renderedCount.Add(1) > renderedMax {
		s.reads.rendered.Clear()
		s.reads.renderedCount.Store(1)
	}
	s.reads.rendered.Store(key, [2]string{v.Title, v.Message})
	return v
}

// Notifications lists the caller's notifications newest first, rendered in lang. The slice may
// be shared with other requests: callers must not modify it.
func (s *Service) Notifications(ctx context.Context, cur Current, lang string, before int64, limit int) ([]NotificationView, error) {
	if err := signedIn(cur); err != nil {
		return nil, err
	}
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	if before != 0 {
		return s.readNotifications(ctx, cur, lang, before, limit)
	}
	// The first page (the bell's menu, polled) is kept per reader, language and size while its
	// stamp holds: read first, so a change after it leaves newer rows under an older stamp
	// (read again next time), never older rows under a newer one. Every instance asks the
	// database for the stamp, so a new notification shows at once wherever it was written.
	// The stamp may have been read with the session's (AuthenticateFor), at the request's start.
	st := cur.stamps.hinted.Notes
	if cur.stamps.hinted.Read.RecentNotifications != limit {
		var err error
		if st, err = s.db.NotificationStampOf(ctx, cur.User.ID, limit); err != nil {
			return nil, err
		}
	}
	key := strconv.FormatInt(cur.User.ID, 10) + "/" + lang + "/" + strconv.Itoa(limit)
	if v, ok := s.reads.recent.Load(key); ok {
		if e := v.(recentEntry); e.stamp == st {
			return e.views, nil
		}
	}
	s.reads.recentReads.Add(1)
	out, err := s.readNotifications(ctx, cur, lang, 0, limit)
	if err != nil {
		return nil, err
	}
	if s.reads.recentCount.Add(1) > recentMax {
		s.reads.recent.Clear()
		s.reads.recentCount.Store(1)
	}
	s.reads.recent.Store(key, recentEntry{stamp: st, views: out})
	return out, nil
}

// recentEntry is a reader's first page of notifications, rendered, under its stamp.
type recentEntry struct {
	stamp store.NotificationStamp
	views []NotificationView
}

// recentMax bounds the remembered first pages; past it the memory starts afresh.
const recentMax = 10000

// NotificationPagesRead reports how many first pages of notifications were read from the
// database (the others came from memory) since start.
func (s *Service) NotificationPagesRead() int64 { return s.reads.recentReads.Load() }

func (s *Service) readNotifications(ctx context.Context, cur Current, lang string, before int64, limit int) ([]NotificationView, error) {
	rows, err := s.db.Notifications(ctx, cur.User.ID, before, limit)
	if err != nil {
		return nil, err
	}
	out := make([]NotificationView, len(rows))
	for i, n := range rows {
		out[i] = s.render(lang, n)
	}
	return out, nil
}

// UnreadCount counts the caller's unread notifications.
func (s *Service) UnreadCount(ctx context.Context, cur Current) (int, error) {
	if err := signedIn(cur); err != nil {
		return 0, err
	}
	return s.db.UnreadNotifications(ctx, cur.User.ID)
}

// MarkRead marks one of the caller's notifications read. Someone else's is "not found": its
// existence is not the caller's business.
func (s *Service) MarkRead(ctx context.Context, cur Current, id int64) error {
	if err := signedIn(cur); err != nil {
		return err
	}
	err := s.db.MarkNotificationRead(ctx, cur.User.ID, id)
	if errors.Is(err, store.ErrNotFound) {
		return &Error{Kind: KindNotFound, Code: "notification.not_found"}
	}
	return err
}

// MarkAllRead marks all the caller's notifications read.
func (s *Service) MarkAllRead(ctx context.Context, cur Current) (int64, error) {
	if err := signedIn(cur); err != nil {
		return 0, err
	}
	return s.db.MarkAllNotificationsRead(ctx, cur.User.ID)
}

func signedIn(cur Current) error {
	if !cur.Actor.SignedIn() {
		return &Error{Kind: KindUnauthorized, Code: "auth.sign_in_required"}
	}
	return nil
}
