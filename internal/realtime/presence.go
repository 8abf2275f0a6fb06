package realtime

import (
	"encoding/json"
	"time"
)

// Presence across instances: each instance counts its own sockets per user and tells the others
// when a user's count leaves or reaches zero (TypePresence with Instance). Every PresenceEvery it
// also sends a snapshot of its online users, so an instance that missed a change (it started
// later, its listener reconnected) catches up; an instance not heard from for three periods is
// forgotten (it died). A user is online while any instance has them.

// onlineLocked reports u's presence; h.mu is held.
func (h *Hub) onlineLocked(u int64) bool {
	return len(h.conns[u]) > 0 || h.leaving[u] != nil || len(h.remote[u]) > 0
}

// Online reports whether u has a socket on any instance.
func (h *Hub) Online(u int64) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.onlineLocked(u)
}

func (h *Hub) register(c *Conn) {
	h.open.Add(1)
	h.mu.Lock()
	was := h.onlineLocked(c.user)
	announce := len(h.conns[c.user]) == 0 && h.leaving[c.user] == nil
	if t := h.leaving[c.user]; t != nil {
		t.Stop()
		delete(h.leaving, c.user)
	}
	if h.conns[c.user] == nil {
		h.conns[c.user] = map[*Conn]struct{}{}
	}
	h.conns[c.user][c] = struct{}{}
	watchers := h.watchersIf(!was, c.user)
	h.mu.Unlock()
	if announce {
		h.broker.Publish(Event{Type: TypePresence, Instance: h.opts.Instance, User: c.user, Online: true})
	}
	notifyPresence(watchers, c.user, true)
}

func (h *Hub) unregister(c *Conn) {
	h.open.Add(-1)
	h.mu.Lock()
	for u := range c.watching {
		if ws := h.watchers[u]; ws != nil {
			delete(ws, c)
			if len(ws) == 0 {
				delete(h.watchers, u)
			}
		}
	}
	cs := h.conns[c.user]
	delete(cs, c)
	last := len(cs) == 0
	if last {
		delete(h.conns, c.user)
		if h.opts.OfflineGrace > 0 && h.ctx.Err() == nil {
			u := c.user
			h.leaving[u] = time.AfterFunc(h.opts.OfflineGrace, func() { h.leave(u) })
		}
	}
	h.mu.Unlock()
	c.stopPing()
	if last && (h.opts.OfflineGrace <= 0 || h.ctx.Err() != nil) {
		h.leave(c.user)
	}
}

// leave announces that u has no socket here any more (after the grace), unless one came back.
func (h *Hub) leave(u int64) {
	h.mu.Lock()
	if len(h.conns[u]) > 0 {
		h.mu.Unlock()
		return
	}
	delete(h.leaving, u)
	watchers := h.watchersIf(!h.onlineLocked(u), u)
	h.mu.Unlock()
	h.broker.Publish(Event{Type: TypePresence, Instance: h.opts.Instance, User: u, Online: false})
	notifyPresence(watchers, u, false)
}

// watchersIf lists u's watchers when cond holds; h.mu is held.
func (h *Hub) watchersIf(cond bool, u int64) []*Conn {
	if !cond {
		return nil
	}
	out := make([]*Conn, 0, len(h.watchers[u]))
	for c := range h.watchers[u] {
		out = append(out, c)
	}
	return out
}

func notifyPresence(to []*Conn, u int64, online bool) {
	if len(to) == 0 {
		return
	}
	data, _ := json.Marshal(Event{Type: TypePresence, User: u, Online: online})
	for _, c := range to {
		c.enqueue(data, false)
	}
}

// remotePresence applies another instance's presence message.
func (h *Hub) remotePresence(e Event) {
	if e.Type == typePresenceHello {
		h.publishSnapshot()
		return
	}
	now := time.Now()
	type change struct {
		u      int64
		online bool
		to     []*Conn
	}
	var changes []change
	h.mu.Lock()
	set := func(u int64, online bool) {
		was := h.onlineLocked(u)
		if online {
			if h.remote[u] == nil {
				h.remote[u] = map[string]time.Time{}
			}
			h.remote[u][e.Instance] = now
		} else if r := h.remote[u]; r != nil {
			delete(r, e.Instance)
			if len(r) == 0 {
				delete(h.remote, u)
			}
		}
		if is := h.onlineLocked(u); is != was {
			changes = append(changes, change{u, is, h.watchersIf(true, u)})
		}
	}
	switch e.Type {
	case TypePresence:
		set(e.User, e.Online)
	case typePresenceSync:
		for _, u := range e.Users {
			set(u, true)
		}
	}
	h.mu.Unlock()
	for _, ch := range changes {
		notifyPresence(ch.to, ch.u, ch.online)
	}
}

// publishSnapshot tells the other instances which users are online here.
func (h *Hub) publishSnapshot() {
	h.mu.Lock()
	users := make([]int64, 0, len(h.conns)+len(h.leaving))
	for u := range h.conns {
		users = append(users, u)
	}
	for u := range h.leaving {
		if _, ok := h.conns[u]; !ok {
			users = append(users, u)
		}
	}
	h.mu.Unlock()
	h.broker.Publish(Event{Type: typePresenceSync, Instance: h.opts.Instance, Users: users})
}

// presenceLoop sends snapshots and forgets what silent instances said.
func (h *Hub) presenceLoop() {
	defer h.wg.Done()
	t := time.NewTicker(h.opts.PresenceEvery)
	defer t.Stop()
	for {
		select {
		case <-h.ctx.Done():
			return
		case <-t.C:
		}
		h.publishSnapshot()
		h.expireRemote(time.Now().Add(-3 * h.opts.PresenceEvery))
	}
}

func (h *Hub) expireRemote(before time.Time) {
	var gone []int64
	var to [][]*Conn
	h.mu.Lock()
	for u, insts := range h.remote {
		for inst, seen := range insts {
			if seen.Before(before) {
				delete(insts, inst)
			}
		}
		if len(insts) == 0 {
			delete(h.remote, u)
			if !h.onlineLocked(u) {
				gone = append(gone, u)
				to = append(to, h.watchersIf(true, u))
			}
		}
	}
	h.mu.Unlock()
	for i, u := range gone {
		notifyPresence(to[i], u, false)
	}
}
