package httpapi

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

var messageSeq atomic.Int64

// messageMatrix: a conversation is read and written by its members only; to anyone else it does
// not exist (404). The group of a private tournament is its members' (its creator and referee
// here; the player actor is not in it); a public tournament has none (409). A match's chat is its
// players' and its referee's.
var messageMatrix = map[string]matrixRow{
	"GET /api/conversations":                  {path: "/api/conversations", want: signedIn(200)},
	"POST /api/conversations":                 {path: "/api/conversations", body: `{"user_id": {msg_player}}`, want: signedIn(200)},
	"GET /api/conversations/{id}":             {path: "/api/conversations/{my_conversation}", want: signedIn(200)},
	"GET /api/conversations/{id}/messages":    {path: "/api/conversations/{my_conversation}/messages", want: signedIn(200)},
	"POST /api/conversations/{id}/messages":   {path: "/api/conversations/{my_conversation}/messages", body: map[string]string{"message": "Olá!"}, want: signedIn(201)},
	"POST /api/conversations/{id}/read":       {path: "/api/conversations/{my_conversation}/read", want: signedIn(204)},
	"GET /api/messages/unread_count":          {path: "/api/messages/unread_count", want: signedIn(200)},
	"POST /api/tournaments/{id}/conversation": {path: "/api/tournaments/{private_tournament}/conversation", want: groupChat()},
	"POST /api/matches/{id}/conversation":     {path: "/api/matches/{match}/conversation", want: matchChat()},
}

func groupChat() map[string]int {
	m := signedIn(403)
	m["creator"], m["referee"] = 200, 200
	return m
}

func matchChat() map[string]int {
	m := signedIn(403)
	m["player"], m["referee"] = 200, 200
	m["admin"] = 404 // does not see the match at all
	return m
}

func init() {
	for k, v := range messageMatrix {
		matrix[k] = v
	}
}

// messagePlaceholders fills {msg_player} with a fresh player, {my_conversation} with a direct
// conversation between the actor (a fresh player for visitors) and a fresh player (with one
// message from the latter), {other_conversation} with one between two fresh players (the
// service tests check outsiders are refused).
func messagePlaceholders(t *testing.T, db *store.DB, svc *service.Service, actorID int64, s string) string {
	if !strings.Contains(s, "{msg_player}") && !strings.Contains(s, "_conversation}") {
		return s
	}
	ctx := context.Background()
	fresh := func() store.User {
		u := store.User{Email: fmt.Sprintf("msg-%d@ladder.test", messageSeq.Add(1)), Role: "player"}
		if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertUser(ctx, tx, &u) }); err != nil {
			t.Fatal(err)
		}
		return u
	}
	as := func(u store.User) service.Current { return service.Current{User: u, Actor: svc.ActorFor(u)} }
	conversation := func(a store.User) string {
		b := fresh()
		c, err := svc.StartDirect(ctx, as(b), a.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.SendMessage(ctx, as(b), c.ID, "Jogamos amanhã?"); err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(c.ID)
	}
	if strings.Contains(s, "{msg_player}") {
		s = strings.ReplaceAll(s, "{msg_player}", fmt.Sprint(fresh().ID))
	}
	if strings.Contains(s, "{my_conversation}") {
		me := fresh()
		if actorID != 0 {
			u, err := db.UserByID(ctx, nil, actorID)
			if err != nil {
				t.Fatal(err)
			}
			me = u
		}
		s = strings.ReplaceAll(s, "{my_conversation}", conversation(me))
	}
	if strings.Contains(s, "{other_conversation}") {
		s = strings.ReplaceAll(s, "{other_conversation}", conversation(fresh()))
	}
	return s
}
