package service

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/realtime"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/textrule"
)

// MaxMessageLength is the longest message, in characters (docs/DECISIONS.md, "Messages").
const MaxMessageLength = 2000

// ConversationView is a conversation as its reader sees it: a title (the other player, the
// tournament, the match's players), the last message and how many they have not read.
type ConversationView struct {
	ID           int64
	Kind         string
	Title        string
	Other        *store.User // direct: the other player (nil once erased)
	TournamentID int64
	MatchID      int64
	Players      []store.User // match: its two players
	Last         *store.Message
	Unread       int
}

func conversationNotFound() error {
	return &Error{Kind: KindNotFound, Code: policy.CodeConversationNotFound}
}

// conversationFacts reads what policy.ConversationMember needs about c for cur, and c's
// members (the recipients of its events).
func (s *Service) conversationFacts(ctx context.Context, tx *store.Tx, cur Current, c store.Conversation) (policy.ConversationFacts, []int64, error) {
	f := policy.ConversationFacts{Kind: c.Kind, Users: [2]int64{c.UserLow.Int64, c.UserHigh.Int64}}
	switch c.Kind {
	case policy.ConversationDirect:
		members := []int64{}
		for _, u := range f.Users {
			if u != 0 {
				members = append(members, u)
			}
		}
		return f, members, nil
	case policy.ConversationTournament:
		t, err := s.db.TournamentByID(ctx, tx, c.TournamentID.Int64)
		if err != nil {
			return f, nil, err
		}
		if f.Tournament, _, err = s.relation(ctx, tx, cur, t); err != nil {
			return f, nil, err
		}
		members, err := s.db.TournamentMemberIDs(ctx, t.ID)
		return f, members, err
	}
	m, err := s.db.MatchByID(ctx, tx, c.MatchID.Int64)
	if err != nil {
		return f, nil, err
	}
	t, err := s.db.TournamentByID(ctx, tx, m.TournamentID)
	if err != nil {
		return f, nil, err
	}
	if f.Tournament, _, err = s.relation(ctx, tx, cur, t); err != nil {
		return f, nil, err
	}
	refs, err := s.db.Referees(ctx, tx, t.ID)
	if err != nil {
		return f, nil, err
	}
	f.Match, f.HasReferee = MatchFacts(m), len(refs) > 0
	members := append([]int64{m.Player1ID, m.Player2ID}, refs...)
	if len(refs) == 0 && t.CreatorID.Valid {
		members = append(members, t.CreatorID.Int64)
	}
	return f, members, nil
}

// memberConversation reads conversation id for a member of it; to anyone else it does not exist.
func (s *Service) memberConversation(ctx context.Context, tx *store.Tx, cur Current, id int64) (store.Conversation, []int64, error) {
	if err := signedIn(cur); err != nil {
		return store.Conversation{}, nil, err
	}
	c, err := s.db.ConversationByID(ctx, tx, id)
	if errors.Is(err, store.ErrNotFound) {
		return c, nil, conversationNotFound()
	}
	if err != nil {
		return c, nil, err
	}
	f, members, err := s.conversationFacts(ctx, tx, cur, c)
	if errors.Is(err, store.ErrNotFound) {
		return c, nil, conversationNotFound()
	}
	if err != nil {
		return c, nil, err
	}
	if !policy.ConversationMember(cur.Actor, f) {
		return c, nil, conversationNotFound()
	}
	return c, members, nil
}

// StartDirect returns the caller's direct conversation with user, creating it the first time
// (idempotent). A player the caller may not see is "not found".
func (s *Service) StartDirect(ctx context.Context, cur Current, user int64) (store.Conversation, error) {
	if err := signedIn(cur); err != nil {
		return store.Conversation{}, err
	}
	if user == cur.User.ID {
		return store.Conversation{}, denied(policy.StartDirect(cur.Actor, user, false, false))
	}
	other, err := s.db.UserByID(ctx, nil, user)
	if errors.Is(err, store.ErrNotFound) || (err == nil && (other.DeletedAt.Valid || other.DeactivatedAt.Valid)) {
		return store.Conversation{}, &Error{Kind: KindNotFound, Code: "player.not_found"}
	}
	if err != nil {
		return store.Conversation{}, err
	}
	if err := policy.StartDirect(cur.Actor, user, other.Hidden, other.Status == "suspended"); err != nil {
		var d *policy.Denied
		if errors.As(err, &d) && d.Code == policy.CodeConversationNotFound {
			return store.Conversation{}, &Error{Kind: KindNotFound, Code: "player.not_found"}
		}
		return store.Conversation{}, denied(err)
	}
	low, high := min(user, cur.User.ID), max(user, cur.User.ID)
	var c store.Conversation
	// Starting conversations spends the sender's message allowance too: otherwise anyone could put
	// their name in every player's inbox without writing a single (limited) message.
	err = s.spend(cur.User.ID, ActionMessage, func() error {
		return s.db.Tx(ctx, func(tx *store.Tx) error {
			var err error
			c, err = s.db.EnsureConversation(ctx, tx, store.Conversation{Kind: policy.ConversationDirect,
				UserLow: sql.NullInt64{Int64: low, Valid: true}, UserHigh: sql.NullInt64{Int64: high, Valid: true}})
			return err
		})
	})
	return c, err
}

// OpenTournamentConversation returns a private tournament's group conversation for one of its
// members, creating it the first time.
func (s *Service) OpenTournamentConversation(ctx context.Context, cur Current, tournament int64) (store.Conversation, error) {
	if err := signedIn(cur); err != nil {
		return store.Conversation{}, err
	}
	var c store.Conversation
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		t, rel, err := s.visibleTournament(ctx, tx, cur, tournament)
		if err != nil {
			return err
		}
		f := policy.ConversationFacts{Kind: policy.ConversationTournament, Tournament: rel}
		if !policy.ConversationMember(cur.Actor, f) {
			return &Error{Kind: KindForbidden, Code: policy.CodeForbidden}
		}
		if err := policy.GroupChat(t.Privacy); err != nil {
			return &Error{Kind: KindConflict, Code: policy.CodeGroupChatPublic}
		}
		c, err = s.db.EnsureConversation(ctx, tx, store.Conversation{Kind: policy.ConversationTournament,
			TournamentID: sql.NullInt64{Int64: t.ID, Valid: true}})
		return err
	})
	return c, err
}

// OpenMatchConversation returns a match's chat for its players and its validators, creating it
// the first time.
func (s *Service) OpenMatchConversation(ctx context.Context, cur Current, match int64) (store.Conversation, error) {
	if err := signedIn(cur); err != nil {
		return store.Conversation{}, err
	}
	var c store.Conversation
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		m, acc, err := s.matchAccess(ctx, tx, cur, match)
		if err != nil {
			return err
		}
		if !acc.Chat {
			return &Error{Kind: KindForbidden, Code: policy.CodeForbidden}
		}
		c, err = s.db.EnsureConversation(ctx, tx, store.Conversation{Kind: policy.ConversationMatch,
			MatchID: sql.NullInt64{Int64: m.ID, Valid: true}})
		return err
	})
	return c, err
}

// Conversations lists the caller's conversations, most recent first (at most limit).
func (s *Service) Conversations(ctx context.Context, cur Current, limit int) ([]ConversationView, error) {
	if err := signedIn(cur); err != nil {
		return nil, err
	}
	lines, err := s.db.ConversationsOf(ctx, cur.User.ID, limit)
	if err != nil {
		return nil, err
	}
	return s.viewConversations(ctx, cur, lines)
}

// Conversation is one conversation of the caller (the thread's header).
func (s *Service) Conversation(ctx context.Context, cur Current, id int64) (ConversationView, error) {
	c, _, err := s.memberConversation(ctx, nil, cur, id)
	if err != nil {
		return ConversationView{}, err
	}
	line := store.ConversationLine{Conversation: c}
	switch {
	case c.TournamentID.Valid:
		t, err := s.db.TournamentByID(ctx, nil, c.TournamentID.Int64)
		if err != nil {
			return ConversationView{}, err
		}
		line.TournamentName = t.Name
	case c.MatchID.Valid:
		m, err := s.db.MatchByID(ctx, nil, c.MatchID.Int64)
		if err != nil {
			return ConversationView{}, err
		}
		line.TournamentName, line.Player1, line.Player2 = m.TournamentName, m.Player1ID, m.Player2ID
	}
	if line.Unread, err = s.unreadIn(ctx, cur, c); err != nil {
		return ConversationView{}, err
	}
	vs, err := s.viewConversations(ctx, cur, []store.ConversationLine{line})
	if err != nil {
		return ConversationView{}, err
	}
	return vs[0], nil
}

func (s *Service) unreadIn(ctx context.Context, cur Current, c store.Conversation) (int, error) {
	last, err := s.db.LastRead(ctx, c.ID, cur.User.ID)
	if err != nil || c.LastMessageID <= last {
		return 0, err
	}
	ms, err := s.db.Messages(ctx, c.ID, 0, 100)
	n := 0
	for _, m := range ms {
		if m.ID > last {
			n++
		}
	}
	return n, err
}

func (s *Service) viewConversations(ctx context.Context, cur Current, lines []store.ConversationLine) ([]ConversationView, error) {
	ids := []int64{}
	for _, l := range lines {
		ids = append(ids, l.UserLow.Int64, l.UserHigh.Int64, l.Player1, l.Player2)
	}
	ids = slices.DeleteFunc(ids, func(id int64) bool { return id == 0 })
	users, err := s.db.UsersByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]ConversationView, 0, len(lines))
	for _, l := range lines {
		v := ConversationView{ID: l.ID, Kind: l.Kind, TournamentID: l.TournamentID.Int64, MatchID: l.MatchID.Int64, Unread: l.Unread}
		switch l.Kind {
		case policy.ConversationDirect:
			other := l.UserLow.Int64
			if other == cur.User.ID {
				other = l.UserHigh.Int64
			}
			if u, ok := users[other]; ok {
				v.Other, v.Title = &u, DisplayName(u)
			}
		case policy.ConversationTournament:
			v.Title = l.TournamentName
		default:
			names := []string{}
			for _, id := range []int64{l.Player1, l.Player2} {
				if u, ok := users[id]; ok {
					v.Players = append(v.Players, u)
					names = append(names, DisplayName(u))
				}
			}
			v.Title = strings.Join(names, " – ")
		}
		if l.LastBody.Valid {
			v.Last = &store.Message{ID: l.LastMessageID, ConversationID: l.ID, SenderID: l.LastSender, Body: l.LastBody.String,
				CreatedAt: l.LastMessageAt.Time}
		}
		out = append(out, v)
	}
	return out, nil
}

// MessagePage is one page of a conversation's messages, newest first, with their authors and
// the furthest message the other members have read (the "seen" mark).
type MessagePage struct {
	Items    []store.Message
	Senders  map[int64]store.User
	SeenUpTo int64
}

// Messages lists a conversation's messages for a member, newest first, older than before.
func (s *Service) Messages(ctx context.Context, cur Current, id, before int64, limit int) (MessagePage, error) {
	var p MessagePage
	if _, _, err := s.memberConversation(ctx, nil, cur, id); err != nil {
		return p, err
	}
	var err error
	if p.Items, err = s.db.Messages(ctx, id, before, limit); err != nil {
		return p, err
	}
	ids := []int64{}
	for _, m := range p.Items {
		if m.SenderID.Valid && !slices.Contains(ids, m.SenderID.Int64) {
			ids = append(ids, m.SenderID.Int64)
		}
	}
	if p.Senders, err = s.db.UsersByIDs(ctx, ids); err != nil {
		return p, err
	}
	p.SeenUpTo, err = s.db.ReadByOthers(ctx, id, cur.User.ID)
	return p, err
}

// SendMessage posts body in a conversation of the caller (rate-limited per sender) and tells its
// members once committed.
func (s *Service) SendMessage(ctx context.Context, cur Current, id int64, body string) (store.Message, error) {
	var m store.Message
	if err := signedIn(cur); err != nil {
		return m, err
	}
	body = strings.TrimSpace(body)
	switch {
	case strings.TrimFunc(body, func(r rune) bool { return unicode.IsSpace(r) || textrule.Invisible(r) }) == "":
		// Only zero-width or bidi characters: it would look empty, so it is.
		return m, invalid("message", "validation.required", nil)
	case utf8.RuneCountInString(body) > MaxMessageLength:
		return m, invalid("message", "validation.too_long", map[string]any{"max": MaxMessageLength})
	}
	if c := textrule.Problem(body, true, false); c != "" {
		return m, invalid("message", c, nil)
	}
	err := s.spend(cur.User.ID, ActionMessage, func() error {
		return s.db.Tx(ctx, func(tx *store.Tx) error {
			c, members, err := s.memberConversation(ctx, tx, cur, id)
			if err != nil {
				return err
			}
			m = store.Message{ConversationID: c.ID, SenderID: sql.NullInt64{Int64: cur.User.ID, Valid: true}, Body: body}
			if err := s.db.InsertMessage(ctx, tx, &m); err != nil {
				return err
			}
			s.publish(tx, realtime.Event{Type: realtime.TypeMessage, Conversation: c.ID, Users: members})
			return nil
		})
	})
	return m, err
}

// MarkConversationRead moves the caller's read marker in a conversation to upTo (0: its last message).
func (s *Service) MarkConversationRead(ctx context.Context, cur Current, id, upTo int64) error {
	c, members, err := s.memberConversation(ctx, nil, cur, id)
	if err != nil {
		return err
	}
	if upTo <= 0 || upTo > c.LastMessageID {
		upTo = c.LastMessageID
	}
	moved, err := s.db.MarkConversationRead(ctx, nil, c.ID, cur.User.ID, upTo)
	if err != nil {
		return err
	}
	// The reader's other tabs (the header badge) and the others' "seen" marks follow — only when
	// the marker moved: a repeated "read" must not make every member's client fetch again.
	if moved && s.live != nil {
		s.live.Publish(realtime.Event{Type: realtime.TypeMessage, Conversation: c.ID, Users: members})
	}
	return nil
}

// UnreadMessages counts the caller's unread messages (the header's badge).
func (s *Service) UnreadMessages(ctx context.Context, cur Current) (int, error) {
	if err := signedIn(cur); err != nil {
		return 0, err
	}
	return s.db.UnreadMessages(ctx, cur.User.ID)
}

// TypingRecipients says who hears user typing in conversation: its other members; an error
// when user is not one (the hub answers typing.forbidden).
func (s *Service) TypingRecipients(ctx context.Context, user, conversation int64) ([]int64, error) {
	u, err := s.db.UserByID(ctx, nil, user)
	if err != nil {
		return nil, err
	}
	_, members, err := s.memberConversation(ctx, nil, Current{User: u, Actor: s.actor(u)}, conversation)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(members, func(id int64) bool { return id == user }), nil
}
