package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

// Messages (issue 13): conversations, their messages and the unread count. Membership is
// decided by policy.ConversationMember; a conversation the caller is not in is "not found".

type messageView struct {
	ID             int64       `json:"id"`
	ConversationID int64       `json:"conversation_id"`
	SenderID       int64       `json:"sender_id,omitempty" doc:"Absent once the author's account was erased"`
	Sender         *personView `json:"sender,omitempty" doc:"The author (in lists of messages)"`
	Body           string      `json:"body" doc:"Plain text; links are rendered by the client"`
	CreatedAt      time.Time   `json:"created_at"`
}

func viewMessage(m store.Message) messageView {
	return messageView{ID: m.ID, ConversationID: m.ConversationID, SenderID: m.SenderID.Int64, Body: m.Body, CreatedAt: m.CreatedAt}
}

type conversationView struct {
	ID           int64        `json:"id"`
	Kind         string       `json:"kind" enum:"direct,tournament,match"`
	Title        string       `json:"title" doc:"The other player, the tournament or the match's players"`
	Other        *personView  `json:"other,omitempty" doc:"Direct: the other player"`
	TournamentID int64        `json:"tournament_id,omitempty"`
	MatchID      int64        `json:"match_id,omitempty"`
	Players      []personView `json:"players,omitempty" doc:"Match: its two players"`
	LastMessage  *messageView `json:"last_message,omitempty"`
	Unread       int          `json:"unread"`
}

func viewConversation(c service.ConversationView) conversationView {
	v := conversationView{ID: c.ID, Kind: c.Kind, Title: c.Title, TournamentID: c.TournamentID, MatchID: c.MatchID, Unread: c.Unread}
	if c.Other != nil {
		p := viewPerson(*c.Other)
		v.Other = &p
	}
	for _, u := range c.Players {
		v.Players = append(v.Players, viewPerson(u))
	}
	if c.Last != nil {
		m := viewMessage(*c.Last)
		v.LastMessage = &m
	}
	return v
}

func messageRoutes() []Route {
	conv := []string{"messages"}
	notFound := []int{http.StatusUnauthorized, http.StatusNotFound}
	return []Route{
		op(policy.SignedIn, huma.Operation{OperationID: "list-conversations", Method: http.MethodGet, Path: "/api/conversations",
			Summary: "The caller's conversations, most recent first, with unread counts", Tags: conv,
			Errors: []int{http.StatusUnauthorized}}, (*Server).listConversations),
		op(policy.SignedIn, huma.Operation{OperationID: "start-conversation", Method: http.MethodPost, Path: "/api/conversations",
			Summary: "Start (or reopen) a direct conversation with a player", Tags: conv,
			Description: "Idempotent: the existing conversation with that player is returned. A player the caller may not see is not found.",
			Errors:      notFound}, (*Server).startConversation),
		op(policy.SignedIn, huma.Operation{OperationID: "get-conversation", Method: http.MethodGet, Path: "/api/conversations/{id}",
			Summary: "One conversation of the caller", Tags: conv, Errors: notFound}, (*Server).getConversation),
		op(policy.SignedIn, huma.Operation{OperationID: "list-messages", Method: http.MethodGet, Path: "/api/conversations/{id}/messages",
			Summary: "A conversation's messages, newest first, paginated by cursor", Tags: conv, Errors: notFound}, (*Server).listMessages),
		op(policy.SignedIn, huma.Operation{OperationID: "send-message", Method: http.MethodPost, Path: "/api/conversations/{id}/messages",
			Summary: "Send a message (rate-limited per sender)", Tags: conv, DefaultStatus: http.StatusCreated,
			Errors: []int{http.StatusUnauthorized, http.StatusNotFound, http.StatusUnprocessableEntity}}, (*Server).sendMessage),
		op(policy.SignedIn, huma.Operation{OperationID: "mark-conversation-read", Method: http.MethodPost, Path: "/api/conversations/{id}/read",
			Summary: "Mark a conversation read (up to a message, or all)", Tags: conv, DefaultStatus: http.StatusNoContent,
			Errors: notFound}, (*Server).markConversationRead),
		op(policy.SignedIn, huma.Operation{OperationID: "unread-messages", Method: http.MethodGet, Path: "/api/messages/unread_count",
			Summary: "Number of unread messages (the header badge)", Tags: conv, Errors: []int{http.StatusUnauthorized}}, (*Server).unreadMessages),
		op(policy.SignedIn, huma.Operation{OperationID: "open-tournament-conversation", Method: http.MethodPost, Path: "/api/tournaments/{id}/conversation",
			Summary: "Open a private tournament's group conversation (its members)", Tags: conv,
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}, (*Server).openTournamentConversation),
		op(policy.SignedIn, huma.Operation{OperationID: "open-match-conversation", Method: http.MethodPost, Path: "/api/matches/{id}/conversation",
			Summary: "Open a match's chat (its players and its referee)", Tags: conv,
			Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound}}, (*Server).openMatchConversation),
	}
}

type conversationsOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         struct {
		Items []conversationView `json:"items"`
	}
}

func (s *Server) listConversations(ctx context.Context, _ *struct{}) (*conversationsOutput, error) {
	cs, err := s.svc.Conversations(ctx, currentFrom(ctx), 100)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &conversationsOutput{CacheControl: "no-store"}
	out.Body.Items = make([]conversationView, len(cs))
	for i, c := range cs {
		out.Body.Items[i] = viewConversation(c)
	}
	return out, nil
}

type conversationOutput struct {
	Body conversationView
}

type startConversationInput struct {
	Body struct {
		UserID int64 `json:"user_id" minimum:"1"`
	}
}

type conversationIDOutput struct {
	Body struct {
		ID int64 `json:"id"`
	}
}

func conversationID(id int64) *conversationIDOutput {
	out := &conversationIDOutput{}
	out.Body.ID = id
	return out
}

func (s *Server) startConversation(ctx context.Context, in *startConversationInput) (*conversationIDOutput, error) {
	c, err := s.svc.StartDirect(ctx, currentFrom(ctx), in.Body.UserID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return conversationID(c.ID), nil
}

type conversationIDInput struct {
	ID int64 `path:"id" minimum:"1"`
}

func (s *Server) getConversation(ctx context.Context, in *conversationIDInput) (*conversationOutput, error) {
	c, err := s.svc.Conversation(ctx, currentFrom(ctx), in.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &conversationOutput{Body: viewConversation(c)}, nil
}

type listMessagesInput struct {
	ID     int64 `path:"id" minimum:"1"`
	Before int64 `query:"before" minimum:"0" doc:"Cursor: the id of the oldest message of the previous page"`
	Limit  int   `query:"limit" minimum:"1" maximum:"100" default:"30"`
}

type listMessagesOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         struct {
		Items      []messageView `json:"items" doc:"Newest first"`
		NextBefore int64         `json:"next_before,omitempty" doc:"Pass as before for older messages; absent on the last page"`
		SeenUpTo   int64         `json:"seen_up_to" doc:"The furthest message the other members have read"`
	}
}

func (s *Server) listMessages(ctx context.Context, in *listMessagesInput) (*listMessagesOutput, error) {
	p, err := s.svc.Messages(ctx, currentFrom(ctx), in.ID, in.Before, in.Limit+1)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	ms := p.Items
	out := &listMessagesOutput{CacheControl: "no-store"}
	if len(ms) > in.Limit {
		ms = ms[:in.Limit]
		out.Body.NextBefore = ms[len(ms)-1].ID
	}
	out.Body.Items = make([]messageView, len(ms))
	for i, m := range ms {
		out.Body.Items[i] = viewMessage(m)
		if u, ok := p.Senders[m.SenderID.Int64]; ok {
			v := viewPerson(u)
			out.Body.Items[i].Sender = &v
		}
	}
	out.Body.SeenUpTo = p.SeenUpTo
	return out, nil
}

type sendMessageInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		Message string `json:"message" minLength:"1" maxLength:"2000" doc:"Up to 2000 characters"`
	}
}

type messageOutput struct {
	Body messageView
}

func (s *Server) sendMessage(ctx context.Context, in *sendMessageInput) (*messageOutput, error) {
	m, err := s.svc.SendMessage(ctx, currentFrom(ctx), in.ID, in.Body.Message)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return &messageOutput{Body: viewMessage(m)}, nil
}

type markConversationReadInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body *struct {
		UpTo int64 `json:"up_to,omitempty" minimum:"0" doc:"The last message read; absent: all"`
	} `required:"false"`
}

func (s *Server) markConversationRead(ctx context.Context, in *markConversationReadInput) (*struct{}, error) {
	var upTo int64
	if in.Body != nil {
		upTo = in.Body.UpTo
	}
	if err := s.svc.MarkConversationRead(ctx, currentFrom(ctx), in.ID, upTo); err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return nil, nil
}

func (s *Server) unreadMessages(ctx context.Context, _ *struct{}) (*unreadOutput, error) {
	n, err := s.svc.UnreadMessages(ctx, currentFrom(ctx))
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &unreadOutput{}
	out.Body.Count = n
	return out, nil
}

func (s *Server) openTournamentConversation(ctx context.Context, in *conversationIDInput) (*conversationIDOutput, error) {
	c, err := s.svc.OpenTournamentConversation(ctx, currentFrom(ctx), in.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return conversationID(c.ID), nil
}

func (s *Server) openMatchConversation(ctx context.Context, in *conversationIDInput) (*conversationIDOutput, error) {
	c, err := s.svc.OpenMatchConversation(ctx, currentFrom(ctx), in.ID)
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	return conversationID(c.ID), nil
}
