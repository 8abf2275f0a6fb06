package service_test

import (
	"context"
	"testing"

	"github.com/tennisladder/ladder/internal/realtime"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	e, ok := service.AsError(err)
	if !ok || e.Code != code {
		t.Fatalf("want %s, got %v", code, err)
	}
}

// Direct conversations: idempotent, members only, newest-first paging with a cursor, unread
// counts that follow the read marker, hidden players out of strangers' reach, a rate limit.
func TestMessagesDirect(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 3, nil)
		broker := realtime.NewMemory()
		var got []realtime.Event
		broker.Subscribe(func(e realtime.Event) { got = append(got, e) })
		w.svc = service.New(db, service.Options{Live: broker, Limits: service.DefaultLimits})
		a, b, outsider := w.players[0], w.players[1], w.players[2]

		c, err := w.svc.StartDirect(ctx, a, b.User.ID)
		if err != nil {
			t.Fatal(err)
		}
		again, err := w.svc.StartDirect(ctx, b, a.User.ID)
		if err != nil || again.ID != c.ID {
			t.Fatalf("not idempotent: %v %d %d", err, again.ID, c.ID)
		}
		_, err = w.svc.StartDirect(ctx, a, a.User.ID)
		wantCode(t, err, "conversation.not_yourself")

		for i := range 25 {
			if _, err := w.svc.SendMessage(ctx, a, c.ID, "mensagem "+string(rune('a'+i))); err != nil {
				t.Fatal(err)
			}
		}
		if len(got) != 25 || got[0].Type != realtime.TypeMessage || got[0].Conversation != c.ID || len(got[0].Users) != 2 {
			t.Fatalf("events %+v", got)
		}
		if n, _ := w.svc.UnreadMessages(ctx, b); n != 25 {
			t.Fatalf("b unread %d", n)
		}
		if n, _ := w.svc.UnreadMessages(ctx, a); n != 0 {
			t.Fatalf("a's own messages unread: %d", n)
		}
		first, err := w.svc.Messages(ctx, b, c.ID, 0, 10)
		page := first.Items
		if err != nil || len(page) != 10 || page[0].Body != "mensagem y" || first.Senders[a.User.ID].ID != a.User.ID {
			t.Fatalf("first page %v %+v", err, first)
		}
		older, err := w.svc.Messages(ctx, b, c.ID, page[9].ID, 20)
		if err != nil || len(older.Items) != 15 || older.Items[0].ID >= page[9].ID {
			t.Fatalf("older page %v %d", err, len(older.Items))
		}
		if err := w.svc.MarkConversationRead(ctx, b, c.ID, page[5].ID); err != nil {
			t.Fatal(err)
		}
		if n, _ := w.svc.UnreadMessages(ctx, b); n != 5 {
			t.Fatalf("b unread after reading up to the 20th: %d", n)
		}
		list, err := w.svc.Conversations(ctx, b, 50)
		if err != nil || len(list) != 1 || list[0].Unread != 5 || list[0].Other.ID != a.User.ID || list[0].Last.Body != "mensagem y" {
			t.Fatalf("b's list %v %+v", err, list)
		}
		if p, _ := w.svc.Messages(ctx, a, c.ID, 0, 1); p.SeenUpTo != page[5].ID {
			t.Fatalf("seen %d, want %d", p.SeenUpTo, page[5].ID)
		}

		// Outsiders: the conversation does not exist for them, typing included.
		_, err = w.svc.Messages(ctx, outsider, c.ID, 0, 10)
		wantCode(t, err, "conversation.not_found")
		_, err = w.svc.SendMessage(ctx, outsider, c.ID, "olá")
		wantCode(t, err, "conversation.not_found")
		wantCode(t, w.svc.MarkConversationRead(ctx, outsider, c.ID, 0), "conversation.not_found")
		if _, err := w.svc.TypingRecipients(ctx, outsider.User.ID, c.ID); err == nil {
			t.Fatal("an outsider types in a conversation")
		}
		if to, err := w.svc.TypingRecipients(ctx, a.User.ID, c.ID); err != nil || len(to) != 1 || to[0] != b.User.ID {
			t.Fatalf("typing recipients %v %v", to, err)
		}

		// Bad input: empty, too long.
		_, err = w.svc.SendMessage(ctx, a, c.ID, "   ")
		wantCode(t, err, "validation.failed")
		long := make([]rune, service.MaxMessageLength+1)
		for i := range long {
			long[i] = 'x'
		}
		_, err = w.svc.SendMessage(ctx, a, c.ID, string(long))
		wantCode(t, err, "validation.failed")

		// Only invisible characters look empty, so they are.
		_, err = w.svc.SendMessage(ctx, a, c.ID, "\u200b\u200b \u202e")
		wantCode(t, err, "validation.failed")
		// A read marker that does not move tells nobody.
		events := len(got)
		if err := w.svc.MarkConversationRead(ctx, b, c.ID, page[5].ID); err != nil || len(got) != events {
			t.Fatalf("a repeated read: %v, %d events after %d", err, len(got), events)
		}

		// The rate limit: 30 a minute, starting a conversation included (the start and 25
		// messages spent above; refused sends cost nothing).
		for range 4 {
			if _, err := w.svc.SendMessage(ctx, a, c.ID, "mais"); err != nil {
				t.Fatal(err)
			}
		}
		_, err = w.svc.SendMessage(ctx, a, c.ID, "demais")
		wantCode(t, err, "rate.too_many")

		// A hidden player cannot be reached by strangers; an existing conversation goes on.
		if _, err := db.W.ExecContext(ctx, db.W.Rebind("UPDATE users SET hidden = ? WHERE id = ?"), true, b.User.ID); err != nil {
			t.Fatal(err)
		}
		_, err = w.svc.StartDirect(ctx, outsider, b.User.ID)
		wantCode(t, err, "player.not_found")
		if _, err := w.svc.StartDirect(ctx, w.super, b.User.ID); err != nil {
			t.Fatalf("super admins moderate: %v", err)
		}
		if _, err := w.svc.SendMessage(ctx, b, c.ID, "continuo aqui"); err != nil {
			t.Fatal(err)
		}
	})
}

// A private tournament's group: its members and creator; a player who leaves loses it at once;
// a public tournament has none. A match's chat: its players and its referee.
func TestMessagesGroupAndMatch(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 3, func(in *service.TournamentInput) { in.Privacy = "private" })
		for _, p := range w.players {
			if err := w.svc.DecideJoinRequest(ctx, w.creator, w.id, p.User.ID, true); err != nil {
				t.Fatal(err)
			}
		}
		p1, p2, p3 := w.players[0], w.players[1], w.players[2]
		c, err := w.svc.OpenTournamentConversation(ctx, p1, w.id)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := w.svc.OpenTournamentConversation(ctx, w.creator, w.id); err != nil || again.ID != c.ID {
			t.Fatalf("creator's group %v %d", err, again.ID)
		}
		outsider := newAccount(t, db, w.svc, "fora@example.pt", "player")
		_, err = w.svc.OpenTournamentConversation(ctx, outsider, w.id)
		wantCode(t, err, "http.forbidden")
		if _, err := w.svc.SendMessage(ctx, p1, c.ID, "Bem-vindos!"); err != nil {
			t.Fatal(err)
		}
		for _, p := range []service.Current{p2, p3, w.creator} {
			if n, err := w.svc.UnreadMessages(ctx, p); err != nil || n != 1 {
				t.Fatalf("unread %d %v", n, err)
			}
		}
		list, err := w.svc.Conversations(ctx, p3, 10)
		if err != nil || len(list) != 1 || list[0].Title != "Ladder de Teste" {
			t.Fatalf("p3's list %v %+v", err, list)
		}
		if err := w.svc.LeaveTournament(ctx, p3, w.id); err != nil {
			t.Fatal(err)
		}
		_, err = w.svc.Messages(ctx, p3, c.ID, 0, 10)
		wantCode(t, err, "conversation.not_found")
		if n, _ := w.svc.UnreadMessages(ctx, p3); n != 0 {
			t.Fatalf("a former member still counts %d unread", n)
		}
		if list, _ := w.svc.Conversations(ctx, p3, 10); len(list) != 0 {
			t.Fatalf("a former member still lists %+v", list)
		}

		// The match chat.
		ch := w.challenge(t, p1, p2)
		m, err := w.svc.AcceptChallenge(ctx, p2, ch.ID, service.DecodeTimes(ch.ProposedTimes)[0])
		if err != nil {
			t.Fatal(err)
		}
		mc, err := w.svc.OpenMatchConversation(ctx, p2, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.SendMessage(ctx, w.creator, mc.ID, "Boa sorte"); err != nil {
			t.Fatalf("the creator validates (no referee): %v", err)
		}
		_, err = w.svc.SendMessage(ctx, outsider, mc.ID, "olá")
		wantCode(t, err, "conversation.not_found")

		// A public tournament has no group.
		in := tournamentInput("Ladder Aberto")
		in.Play = true
		pub, err := w.svc.CreateTournament(ctx, w.creator, in)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.DecideTournament(ctx, w.super, pub.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		_, err = w.svc.OpenTournamentConversation(ctx, w.creator, pub.ID)
		wantCode(t, err, "conversation.public_tournament")
	})
}
