package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tennisladder/ladder/internal/realtime"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// liveTestOpts: no offline grace, so presence changes are seen at once.
var liveTestOpts = realtime.HubOptions{OfflineGrace: -1}

// socket is a test client of /api/ws.
type socket struct {
	t *testing.T
	c *websocket.Conn
}

// dialWS opens /api/ws on l with the session cookie and origin given; it returns the HTTP
// status when the upgrade is refused.
func dialWS(t *testing.T, l *live, session, origin string) (*socket, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	h := http.Header{}
	if session != "" {
		h.Set("Cookie", "ladder_session="+session)
	}
	if origin != "" {
		h.Set("Origin", origin)
	}
	c, res, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(l.ts.URL, "http")+"/api/ws", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		if res == nil {
			t.Fatalf("dial: %v", err)
		}
		return nil, res.StatusCode
	}
	s := &socket{t: t, c: c}
	t.Cleanup(func() { _ = c.CloseNow() })
	return s, http.StatusSwitchingProtocols
}

// mustDial opens a socket or fails, and reads its hello.
func mustDial(t *testing.T, l *live, session string) *socket {
	t.Helper()
	s, code := dialWS(t, l, session, l.ts.URL)
	if code != http.StatusSwitchingProtocols {
		t.Fatalf("dial: %d", code)
	}
	s.expect(realtime.TypeHello)
	return s
}

// wsEvent is what a client receives.
type wsEvent struct {
	Type         string  `json:"type"`
	UserID       int64   `json:"user_id"`
	Online       bool    `json:"online"`
	OnlineUsers  []int64 `json:"online_user_ids"`
	Conversation int64   `json:"conversation_id"`
	Code         string  `json:"code"`
}

// expect reads until an event of type typ arrives (others are skipped) and returns it.
func (s *socket) expect(typ string) wsEvent {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	for {
		_, data, err := s.c.Read(ctx)
		if err != nil {
			s.t.Fatalf("waiting for %q: %v", typ, err)
		}
		var e wsEvent
		if err := json.Unmarshal(data, &e); err != nil {
			s.t.Fatalf("bad event %s", data)
		}
		if e.Type == typ {
			return e
		}
	}
}

// next reads the next event whatever its type.
func (s *socket) next() wsEvent {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	_, data, err := s.c.Read(ctx)
	if err != nil {
		s.t.Fatalf("read: %v", err)
	}
	var e wsEvent
	_ = json.Unmarshal(data, &e)
	return e
}

func (s *socket) send(v any) {
	s.t.Helper()
	b, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.c.Write(ctx, websocket.MessageText, b); err != nil {
		s.t.Fatal(err)
	}
}

// signedInSession signs email in on l and returns the session cookie and account id.
func signedInSession(l *live, email string) (string, int64) {
	b := l.browser()
	u := b.signIn(email)
	return b.sessionCookie(), u.ID
}

// notifyIn creates a notification for user through svc, committed.
func notifyIn(t *testing.T, db *store.DB, svc *service.Service, user int64) {
	t.Helper()
	ctx := context.Background()
	if err := db.Tx(ctx, func(tx *store.Tx) error {
		return svc.Notify(ctx, tx, user, service.Note{Type: service.AdminAction, TitleKey: "admin_action.role_title",
			MessageKey: "admin_action.role", Params: map[string]any{"role": "player"}})
	}); err != nil {
		t.Fatal(err)
	}
}

func TestLiveSocketRefusals(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLiveHub(t, db, liveTestOpts)
		session, _ := signedInSession(l, "ana@ladder.test")
		for _, c := range []struct {
			name, session, origin string
			want                  int
		}{
			{"visitor", "", l.ts.URL, http.StatusUnauthorized},
			{"revoked session", "not-a-session", l.ts.URL, http.StatusUnauthorized},
			{"other origin", session, "https://evil.example", http.StatusForbidden},
			{"other port", session, "http://127.0.0.1:1", http.StatusForbidden},
			{"no origin", session, "", http.StatusForbidden},
		} {
			if _, code := dialWS(t, l, c.session, c.origin); code != c.want {
				t.Errorf("%s: %d, want %d", c.name, code, c.want)
			}
		}
		if l.hub.Open() != 0 {
			t.Fatalf("refused sockets counted: %d", l.hub.Open())
		}
		s := mustDial(t, l, session)
		if l.srv.OpenSockets() != 1 {
			t.Fatalf("open sockets %d, want 1", l.srv.OpenSockets())
		}
		// A message over the read limit (4 KB) closes the socket.
		s.send(map[string]any{"type": "presence.watch", "user_ids": make([]int64, 3000)})
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for {
			_, _, err := s.c.Read(ctx)
			if errors.Is(err, context.DeadlineExceeded) {
				t.Fatal("an oversized message did not close the socket")
			}
			if err != nil {
				break
			}
		}
	})
}

func TestLiveNotificationReachesSocket(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLiveHub(t, db, liveTestOpts)
		session, id := signedInSession(l, "ana@ladder.test")
		other, _ := signedInSession(l, "rui@ladder.test")
		s := mustDial(t, l, session)
		o := mustDial(t, l, other)
		// A rolled-back notification announces nothing; the committed one is the first event.
		ctx := context.Background()
		_ = db.Tx(ctx, func(tx *store.Tx) error {
			_ = l.svc.Notify(ctx, tx, id, service.Note{Type: service.AdminAction, TitleKey: "admin_action.role_title", MessageKey: "admin_action.role"})
			return errors.New("roll back")
		})
		o.send(map[string]any{"type": "presence.watch", "user_ids": []int64{}})
		o.expect(realtime.TypePresenceList)
		notifyIn(t, db, l.svc, id)
		if e := s.next(); e.Type != realtime.TypeNotification {
			t.Fatalf("first event %+v, want a notification", e)
		}
	})
}

func TestLivePresenceAndTyping(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		opts := liveTestOpts
		opts.TypingEvery = time.Hour // the second typing event of a conversation is throttled
		opts.TypingRecipients = func(ctx context.Context, user, conversation int64) ([]int64, error) {
			if conversation == 99 {
				return nil, errors.New("not a member")
			}
			return []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, nil // everyone of the test (members)
		}
		l := newLiveHub(t, db, opts)
		aSession, aID := signedInSession(l, "ana@ladder.test")
		bSession, bID := signedInSession(l, "rui@ladder.test")
		a := mustDial(t, l, aSession)
		a.send(map[string]any{"type": "presence.watch", "user_ids": []int64{bID, aID, 424242}})
		if st := a.expect(realtime.TypePresenceList); len(st.OnlineUsers) != 1 || st.OnlineUsers[0] != aID {
			t.Fatalf("presence.state %+v, want only ana online", st)
		}
		b := mustDial(t, l, bSession)
		if e := a.expect(realtime.TypePresence); e.UserID != bID || !e.Online {
			t.Fatalf("presence %+v, want rui online", e)
		}
		// Typing: relayed to the others, throttled per conversation, refused for non-members.
		b.send(map[string]any{"type": "typing", "conversation_id": 7})
		b.send(map[string]any{"type": "typing", "conversation_id": 7})
		b.send(map[string]any{"type": "typing", "conversation_id": 8})
		if e := a.expect(realtime.TypeTyping); e.Conversation != 7 || e.UserID != bID {
			t.Fatalf("typing %+v", e)
		}
		if e := a.next(); e.Type != realtime.TypeTyping || e.Conversation != 8 {
			t.Fatalf("after the throttled one: %+v, want typing in 8", e)
		}
		b.send(map[string]any{"type": "typing", "conversation_id": 99})
		if e := b.expect(realtime.TypeError); e.Code != "typing.forbidden" {
			t.Fatalf("error %+v", e)
		}
		b.send(map[string]any{"type": "nonsense"})
		if e := b.expect(realtime.TypeError); e.Code != "live.bad_message" {
			t.Fatalf("error %+v", e)
		}
		_ = b.c.CloseNow()
		if e := a.expect(realtime.TypePresence); e.UserID != bID || e.Online {
			t.Fatalf("presence %+v, want rui offline", e)
		}
	})
}

func TestLiveSlowClientDropped(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		opts := liveTestOpts
		opts.SendQueue = 8
		opts.WriteTimeout = 300 * time.Millisecond
		l := newLiveHub(t, db, opts)
		session, id := signedInSession(l, "ana@ladder.test")
		reader := mustDial(t, l, session)
		slow := mustDial(t, l, session) // never reads again
		_ = slow
		// Publish events one at a time, each read by the reading socket before the next: the
		// reader keeps up, the other one's buffers and queue fill until it is dropped.
		for i := 0; l.hub.Open() == 2; i++ {
			if i > 200_000 {
				t.Fatal("the socket that does not read was never dropped")
			}
			l.hub.Publish(realtime.Event{Type: realtime.TypeNotification, Users: []int64{id}, Tournament: int64(i)})
			reader.expect(realtime.TypeNotification)
		}
		if l.hub.Open() != 1 {
			t.Fatalf("open %d after dropping the slow socket, want 1", l.hub.Open())
		}
		notifyIn(t, db, l.svc, id)
		reader.expect(realtime.TypeNotification)
	})
}

// TestLiveThreeInstances runs three servers on one PostgreSQL schema, as three `ladder serve`
// behind a load balancer: events and presence cross instances through LISTEN/NOTIFY, and an
// instance whose listening connection is killed reconnects and tells its clients to resync.
func TestLiveThreeInstances(t *testing.T) {
	dbA := storetest.NewTestPostgres(t)
	if dbA == nil {
		t.Skip("SKIPPED: needs " + storetest.PostgresTestURLEnv)
	}
	ctx := context.Background()
	reopen := func() *store.DB {
		db, err := store.OpenPostgres(ctx, dbA.DSN())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	dbB, dbC := reopen(), reopen()
	a, b, c := newLiveHub(t, dbA, liveTestOpts), newLiveHub(t, dbB, liveTestOpts), newLiveHub(t, dbC, liveTestOpts)
	pSession, pID := signedInSession(a, "ana@ladder.test") // sessions live in the database: valid on every instance
	vSession, _ := signedInSession(a, "rui@ladder.test")

	// A notification created on B reaches the bell socket on A.
	onA := mustDial(t, a, pSession)
	notifyIn(t, dbB, b.svc, pID)
	onA.expect(realtime.TypeNotification)

	// Presence: a reader on C sees the player online through A, and offline when A's socket closes.
	viewer := mustDial(t, c, vSession)
	viewer.send(map[string]any{"type": "presence.watch", "user_ids": []int64{pID}})
	st := viewer.expect(realtime.TypePresenceList)
	if len(st.OnlineUsers) == 0 {
		// A's announcement may still be on its way; it arrives as a presence event.
		if e := viewer.expect(realtime.TypePresence); e.UserID != pID || !e.Online {
			t.Fatalf("presence %+v", e)
		}
	}
	second := mustDial(t, b, pSession) // a second tab, on B: still online when A's closes
	_ = onA.c.CloseNow()
	_ = second.c.CloseNow()
	if e := viewer.expect(realtime.TypePresence); e.UserID != pID || e.Online {
		t.Fatalf("presence %+v, want offline after both tabs closed", e)
	}

	// The listener of A is killed: A reconnects, its clients get a resync, and events flow again.
	onA = mustDial(t, a, pSession)
	pg := a.broker.(*realtime.Postgres)
	pid := pg.ListenerPID()
	if _, err := dbB.W.ExecContext(ctx, "SELECT pg_terminate_backend($1)", int64(pid)); err != nil {
		t.Fatal(err)
	}
	onA.expect(realtime.TypeResync)
	if pg.Reconnects.Load() != 1 || pg.ListenerPID() == pid {
		t.Fatalf("reconnects %d, listener %d (was %d)", pg.Reconnects.Load(), pg.ListenerPID(), pid)
	}
	notifyIn(t, dbC, c.svc, pID)
	onA.expect(realtime.TypeNotification)
}

// Signing out (or losing the sessions to a suspension) closes the user's sockets with 4001; a
// new socket with the revoked cookie is refused.
func TestLiveSignOutClosesSockets(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLiveHub(t, db, liveTestOpts)
		b := l.browser()
		b.signIn("ana@ladder.test")
		session := b.sessionCookie()
		s := mustDial(t, l, session)
		if r := b.do("POST", "/api/logout", nil, "Origin", l.ts.URL); r.code != http.StatusNoContent {
			t.Fatalf("logout: %d %s", r.code, r.body)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		for {
			_, _, err := s.c.Read(ctx)
			if err == nil {
				continue
			}
			if websocket.CloseStatus(err) != realtime.StatusSessionEnded {
				t.Fatalf("closed with %v, want 4001", err)
			}
			break
		}
		if _, code := dialWS(t, l, session, l.ts.URL); code != http.StatusUnauthorized {
			t.Fatalf("revoked session dialed: %d", code)
		}
	})
}

// TestLiveMessagesThreeInstances: a message sent through instance A reaches the other member's
// socket on C, and their typing on C reaches the sender on B (issue 13); an outsider's typing in
// the conversation is refused.
func TestLiveMessagesThreeInstances(t *testing.T) {
	dbA := storetest.NewTestPostgres(t)
	if dbA == nil {
		t.Skip("SKIPPED: needs " + storetest.PostgresTestURLEnv)
	}
	ctx := context.Background()
	reopen := func() *store.DB {
		db, err := store.OpenPostgres(ctx, dbA.DSN())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	dbB, dbC := reopen(), reopen()
	a, b, c := newLiveHub(t, dbA, liveTestOpts), newLiveHub(t, dbB, liveTestOpts), newLiveHub(t, dbC, liveTestOpts)
	anaSession, anaID := signedInSession(a, "ana@ladder.test")
	ruiSession, ruiID := signedInSession(a, "rui@ladder.test")
	outSession, _ := signedInSession(a, "zeca@ladder.test")
	ana, err := dbA.UserByID(ctx, nil, anaID)
	if err != nil {
		t.Fatal(err)
	}
	cur := service.Current{User: ana, Actor: a.svc.ActorFor(ana)}
	conv, err := a.svc.StartDirect(ctx, cur, ruiID)
	if err != nil {
		t.Fatal(err)
	}
	onC := mustDial(t, c, ruiSession)
	onB := mustDial(t, b, anaSession)
	if _, err := a.svc.SendMessage(ctx, cur, conv.ID, "Olá do A"); err != nil {
		t.Fatal(err)
	}
	if e := onC.expect(realtime.TypeMessage); e.Conversation != conv.ID {
		t.Fatalf("message event %+v", e)
	}
	if e := onB.expect(realtime.TypeMessage); e.Conversation != conv.ID {
		t.Fatalf("the sender's other tab: %+v", e)
	}
	onC.send(map[string]any{"type": "typing", "conversation_id": conv.ID})
	if e := onB.expect(realtime.TypeTyping); e.Conversation != conv.ID || e.UserID != ruiID {
		t.Fatalf("typing %+v", e)
	}
	outsider := mustDial(t, b, outSession)
	outsider.send(map[string]any{"type": "typing", "conversation_id": conv.ID})
	if e := outsider.expect(realtime.TypeError); e.Code != "typing.forbidden" {
		t.Fatalf("outsider typing: %+v", e)
	}
}
