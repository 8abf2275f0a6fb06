package realtime

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Conn is one open socket. An idle socket costs one goroutine (its reader, the HTTP handler's)
// and a timer: writes run on a goroutine started only while messages wait, so 10,000 idle
// sockets stay within the memory budget.
type Conn struct {
	hub  *Hub
	ws   *websocket.Conn
	user int64

	mu      sync.Mutex
	queue   []outMsg
	writing bool
	closed  bool
	ping    *time.Timer

	// Owned by the reader goroutine (Serve), except watching, which h.mu guards.
	watching   map[int64]struct{}
	lastTyping map[int64]time.Time
	window     time.Time
	inWindow   int
}

type outMsg struct {
	data []byte
	ping bool
}

func newConn(h *Hub, ws *websocket.Conn, user int64) *Conn {
	c := &Conn{hub: h, ws: ws, user: user}
	// Pings are spread over the interval so 10,000 sockets do not all ping at once.
	first := h.opts.PingInterval/2 + rand.N(h.opts.PingInterval/2+1)
	c.ping = time.AfterFunc(first, c.pingTick)
	return c
}

func (c *Conn) pingTick() {
	c.enqueue(nil, true)
	c.mu.Lock()
	if !c.closed {
		c.ping.Reset(c.hub.opts.PingInterval)
	}
	c.mu.Unlock()
}

func (c *Conn) stopPing() { c.ping.Stop() }

// send writes e to this socket (through the queue).
func (c *Conn) send(e Event) {
	data, err := json.Marshal(e)
	if err == nil {
		c.enqueue(data, false)
	}
}

// enqueue queues a message; a socket whose queue is full is too slow and is dropped.
func (c *Conn) enqueue(data []byte, ping bool) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	if len(c.queue) >= c.hub.opts.SendQueue {
		c.mu.Unlock()
		c.hub.slowDropped.Add(1)
		c.hub.opts.Log.Info("live socket dropped: too slow", "user", c.user)
		c.drop()
		return
	}
	c.queue = append(c.queue, outMsg{data: data, ping: ping})
	if !c.writing {
		c.writing = true
		go c.flush()
	}
	c.mu.Unlock()
}

// flush writes the queue, then ends; a write (or a pong) that takes longer than WriteTimeout
// drops the socket.
func (c *Conn) flush() {
	for {
		c.mu.Lock()
		if c.closed || len(c.queue) == 0 {
			c.writing = false
			c.queue = nil
			c.mu.Unlock()
			return
		}
		m := c.queue[0]
		c.queue[0] = outMsg{}
		c.queue = c.queue[1:]
		c.mu.Unlock()
		ctx, cancel := context.WithTimeout(c.hub.ctx, c.hub.opts.WriteTimeout)
		var err error
		if m.ping {
			err = c.ws.Ping(ctx)
		} else {
			err = c.ws.Write(ctx, websocket.MessageText, m.data)
		}
		cancel()
		if err != nil {
			c.drop()
			return
		}
	}
}

// drop closes the socket at once (no close handshake: the peer may not be reading).
func (c *Conn) drop() {
	c.mu.Lock()
	already := c.closed
	c.closed = true
	c.mu.Unlock()
	if !already {
		c.ping.Stop()
		_ = c.ws.CloseNow()
	}
}

// shutdown closes the socket politely (server going away), bounded in time.
func (c *Conn) shutdown() { c.closeWith(websocket.StatusGoingAway, "server shutting down") }

// closeWith closes the socket with a close frame, bounded in time.
func (c *Conn) closeWith(code websocket.StatusCode, reason string) {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.ping.Stop()
	done := make(chan struct{})
	go func() { _ = c.ws.Close(code, reason); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		_ = c.ws.CloseNow()
	}
}

// allowMessage bounds what a client may send: 30 messages per 10 seconds.
func (c *Conn) allowMessage() bool {
	now := time.Now()
	if now.Sub(c.window) > 10*time.Second {
		c.window, c.inWindow = now, 0
	}
	c.inWindow++
	return c.inWindow <= 30
}
