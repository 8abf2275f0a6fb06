package realtime

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// HubOptions tune the hub; zero values take the defaults in brackets.
type HubOptions struct {
	Instance      string        // this process, as the broker knows it
	Log           *slog.Logger  //
	SendQueue     int           // messages waiting for a slow socket before it is dropped [64]
	ReadLimit     int64         // largest client message in bytes [4096]
	PingInterval  time.Duration // between pings of one socket [25 s]
	WriteTimeout  time.Duration // a write or a ping's pong [10 s]
	OfflineGrace  time.Duration // a user's last socket closed this long ago before "offline" (a reload is no flicker) [3 s]; <0: none
	PresenceEvery time.Duration // between presence snapshots to the other instances [20 s]
	TypingEvery   time.Duration // a socket's typing events per conversation at most this often [2 s]
	// PresenceFilter keeps the ids whose presence viewer may see (privacy); nil: none.
	PresenceFilter func(ctx context.Context, viewer int64, ids []int64) ([]int64, error)
	// TypingRecipients says who hears user typing in conversation (its other members), or
	// refuses; nil: typing is not available yet.
	TypingRecipients func(ctx context.Context, user, conversation int64) ([]int64, error)
}

// StatusSessionEnded closes the sockets of a user whose sessions were revoked.
const StatusSessionEnded websocket.StatusCode = 4001

// MaxPresenceWatch is the most users one socket may watch.
const MaxPresenceWatch = 200

// Hub is this instance's registry of open sockets: it routes events to the sockets of their
// users, keeps presence (a user is online while they have a socket on any instance) and relays
// typing. One per process.
type Hub struct {
	opts   HubOptions
	broker Broker
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	closed sync.Once

	mu       sync.Mutex
	conns    map[int64]map[*Conn]struct{}   // user → their sockets here
	leaving  map[int64]*time.Timer          // users whose last socket closed, within the grace
	watchers map[int64]map[*Conn]struct{}   // user → sockets watching their presence
	remote   map[int64]map[string]time.Time // user → instances that have them online → last heard

	open        atomic.Int64
	slowDropped atomic.Int64
}

// NewHub starts a hub on broker (it subscribes to it) and asks the other instances for their
// presence.
func NewHub(broker Broker, o HubOptions) *Hub {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	if o.SendQueue <= 0 {
		o.SendQueue = 64
	}
	if o.ReadLimit <= 0 {
		o.ReadLimit = 4096
	}
	def(&o.PingInterval, 25*time.Second)
	def(&o.WriteTimeout, 10*time.Second)
	def(&o.OfflineGrace, 3*time.Second)
	def(&o.PresenceEvery, 20*time.Second)
	def(&o.TypingEvery, 2*time.Second)
	ctx, cancel := context.WithCancel(context.Background())
	h := &Hub{opts: o, broker: broker, ctx: ctx, cancel: cancel,
		conns: map[int64]map[*Conn]struct{}{}, leaving: map[int64]*time.Timer{},
		watchers: map[int64]map[*Conn]struct{}{}, remote: map[int64]map[string]time.Time{}}
	broker.Subscribe(h.onEvent)
	h.wg.Add(1)
	go h.presenceLoop()
	broker.Publish(Event{Type: typePresenceHello, Instance: o.Instance})
	return h
}

// Publish sends e through the broker (service code calls it after a commit).
func (h *Hub) Publish(e Event) { h.broker.Publish(e) }

// Open is the number of sockets open on this instance (health, metrics).
func (h *Hub) Open() int { return int(h.open.Load()) }

// SlowDropped counts the sockets dropped for not keeping up.
func (h *Hub) SlowDropped() int64 { return h.slowDropped.Load() }

// Close ends every socket (going away: clients reconnect, maybe elsewhere) and stops the hub.
func (h *Hub) Close() { h.closed.Do(h.close) }

func (h *Hub) close() {
	h.cancel()
	h.mu.Lock()
	var all []*Conn
	for _, cs := range h.conns {
		for c := range cs {
			all = append(all, c)
		}
	}
	h.mu.Unlock()
	var wg sync.WaitGroup
	for _, c := range all {
		wg.Go(func() { c.shutdown() })
	}
	wg.Wait()
	h.wg.Wait()
}

// Serve runs one socket of user until it closes. The caller has authenticated the user and
// checked the origin.
func (h *Hub) Serve(ws *websocket.Conn, user int64) {
	ws.SetReadLimit(h.opts.ReadLimit)
	c := newConn(h, ws, user)
	h.register(c)
	defer h.unregister(c)
	c.send(Event{Type: TypeHello, User: user})
	for {
		// No context to watch: Close ends every socket itself, and a cancellable context here
		// would register a callback per socket on one shared context.
		typ, data, err := ws.Read(context.Background())
		if err != nil {
			c.drop()
			return
		}
		if typ != websocket.MessageText || !c.allowMessage() {
			c.drop()
			return
		}
		h.handleClient(c, data)
	}
}

// clientMessage is what a browser may send.
type clientMessage struct {
	Type         string  `json:"type"`
	UserIDs      []int64 `json:"user_ids"`
	Conversation int64   `json:"conversation_id"`
}

func (h *Hub) handleClient(c *Conn, data []byte) {
	var m clientMessage
	if err := json.Unmarshal(data, &m); err != nil {
		c.send(Event{Type: TypeError, Code: "live.bad_message"})
		return
	}
	switch m.Type {
	case "presence.watch":
		h.watch(c, m.UserIDs)
	case "typing":
		h.typing(c, m.Conversation)
	default:
		c.send(Event{Type: TypeError, Code: "live.bad_message"})
	}
}

// watch replaces the users whose presence c follows and answers with those online now.
func (h *Hub) watch(c *Conn, ids []int64) {
	if len(ids) > MaxPresenceWatch {
		c.send(Event{Type: TypeError, Code: "presence.too_many"})
		return
	}
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	var visible []int64
	if h.opts.PresenceFilter != nil && len(ids) > 0 {
		ctx, cancel := context.WithTimeout(h.ctx, 5*time.Second)
		var err error
		visible, err = h.opts.PresenceFilter(ctx, c.user, ids)
		cancel()
		if err != nil {
			h.opts.Log.Warn("presence filter failed", "err", err)
			c.send(Event{Type: TypeError, Code: "presence.unavailable"})
			return
		}
	}
	online := []int64{}
	h.mu.Lock()
	for u := range c.watching {
		if ws := h.watchers[u]; ws != nil {
			delete(ws, c)
			if len(ws) == 0 {
				delete(h.watchers, u)
			}
		}
	}
	c.watching = make(map[int64]struct{}, len(visible))
	for _, u := range visible {
		c.watching[u] = struct{}{}
		if h.watchers[u] == nil {
			h.watchers[u] = map[*Conn]struct{}{}
		}
		h.watchers[u][c] = struct{}{}
		if h.onlineLocked(u) {
			online = append(online, u)
		}
	}
	h.mu.Unlock()
	c.send(Event{Type: TypePresenceList, OnlineUsers: online})
}

// typing relays "c's user is typing in conversation" to its other members, at most once per
// TypingEvery per socket and conversation.
func (h *Hub) typing(c *Conn, conversation int64) {
	if h.opts.TypingRecipients == nil || conversation <= 0 {
		c.send(Event{Type: TypeError, Code: "typing.unavailable"})
		return
	}
	now := time.Now()
	if last, ok := c.lastTyping[conversation]; ok && now.Sub(last) < h.opts.TypingEvery {
		return
	}
	if c.lastTyping == nil || len(c.lastTyping) > 32 {
		c.lastTyping = map[int64]time.Time{}
	}
	c.lastTyping[conversation] = now
	ctx, cancel := context.WithTimeout(h.ctx, 5*time.Second)
	to, err := h.opts.TypingRecipients(ctx, c.user, conversation)
	cancel()
	if err != nil {
		c.send(Event{Type: TypeError, Code: "typing.forbidden"})
		return
	}
	to = slices.DeleteFunc(slices.Clone(to), func(u int64) bool { return u == c.user })
	if len(to) > 0 {
		h.broker.Publish(Event{Type: TypeTyping, Conversation: conversation, User: c.user, Users: to})
	}
}

// onEvent receives every event of the broker, local and remote.
func (h *Hub) onEvent(e Event) {
	switch e.Type {
	case TypeResync:
		h.broadcast(Event{Type: TypeResync})
		h.broker.Publish(Event{Type: typePresenceHello, Instance: h.opts.Instance})
		h.publishSnapshot()
	case TypeSessionsEnded:
		h.mu.Lock()
		var end []*Conn
		for _, u := range e.Users {
			for c := range h.conns[u] {
				end = append(end, c)
			}
		}
		h.mu.Unlock()
		for _, c := range end {
			go c.closeWith(StatusSessionEnded, "session ended")
		}
	case TypePresence, typePresenceSync, typePresenceHello:
		if e.Instance != h.opts.Instance {
			h.remotePresence(e)
		}
	default:
		data, err := json.Marshal(e)
		if err != nil {
			return
		}
		h.mu.Lock()
		var to []*Conn
		for _, u := range e.Users {
			for c := range h.conns[u] {
				to = append(to, c)
			}
		}
		h.mu.Unlock()
		for _, c := range to {
			c.enqueue(data, false)
		}
	}
}

func (h *Hub) broadcast(e Event) {
	data, _ := json.Marshal(e)
	h.mu.Lock()
	var to []*Conn
	for _, cs := range h.conns {
		for c := range cs {
			to = append(to, c)
		}
	}
	h.mu.Unlock()
	for _, c := range to {
		c.enqueue(data, false)
	}
}
