package httpapi

import (
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// netHTTPBuffer is the size of net/http's buffered writer in front of each connection
// (bufioWriter4kPool). It flushes a full buffer when more of the response follows, or when the
// response ends exactly there.
const netHTTPBuffer = 4 << 10

// OneWrite makes a response larger than net/http's 4 KB connection buffer leave in one system
// call instead of two (issue 16). net/http writes such a response as a full 4 KB buffer, then
// the rest when the handler is done: two writes, two trips through the kernel's TCP stack, a
// quarter of the CPU of a read whose answer is 5 KB. OneWrite wraps the listener's TCP
// connections so that a write of exactly a full buffer during a request is held and sent with
// the next write as one writev.
//
// When a response ends exactly on a full buffer nothing follows it; net/http then sets the
// connection's write deadline (to none, after every response, before it idles or closes the
// connection, and before a hijack hands it over), and that call sends what is held first, still
// under the response's deadline. It sets hs.ConnState (keeping one already set): the connection
// holds only while a request is active, never once hijacked.
//
// Streaming handlers are not supported: a Flush with exactly a full buffer would wait for the
// handler's next write. None streams today (ws.go hijacks; the CSV and gzip flushes write into
// memory).
func OneWrite(hs *http.Server, ln net.Listener) net.Listener {
	prev := hs.ConnState
	hs.ConnState = func(c net.Conn, s http.ConnState) {
		if oc, ok := c.(*oneWriteConn); ok {
			oc.setState(s)
		}
		if prev != nil {
			prev(c, s)
		}
	}
	return oneWriteListener{ln}
}

type oneWriteListener struct{ net.Listener }

func (l oneWriteListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok && err == nil {
		return &oneWriteConn{TCPConn: tc}, nil
	}
	return c, err
}

// heldBuffers keep a held block between two writes; a connection gives its own back once sent.
var heldBuffers = sync.Pool{New: func() any { return new([netHTTPBuffer]byte) }}

// oneWriteConn holds at most one full buffer while its request is active. Its writes, deadlines
// and state changes come from the connection's goroutine while net/http serves it, so the mutex
// is never contended there. Close takes no lock: from another goroutine (Server.Close) it must
// not wait behind a write blocked on a slow peer, and what is held then belongs to a response
// that closing cuts short anyway. Once hijacked the connection is the handler's, plain: no lock,
// nothing held.
type oneWriteConn struct {
	*net.TCPConn
	hijacked atomic.Bool
	mu       sync.Mutex
	active   bool
	held     *[netHTTPBuffer]byte // the last full buffer, not yet sent; nil when none
}

func (c *oneWriteConn) Write(p []byte) (int, error) {
	if c.hijacked.Load() {
		return c.TCPConn.Write(p)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.held != nil {
		return c.writeHeldAnd(p)
	}
	if c.active && len(p) == netHTTPBuffer {
		c.held = heldBuffers.Get().(*[netHTTPBuffer]byte)
		copy(c.held[:], p)
		return len(p), nil
	}
	return c.TCPConn.Write(p)
}

// writeHeldAnd sends the held buffer and p in one writev; the count returned is p's.
func (c *oneWriteConn) writeHeldAnd(p []byte) (int, error) {
	held := c.held
	c.held = nil
	bufs := net.Buffers{held[:], p}
	n, err := bufs.WriteTo(c.TCPConn)
	heldBuffers.Put(held)
	return int(max(n-netHTTPBuffer, 0)), err
}

// flushLocked sends what is held, if anything; on failure the connection closes (the peer sees
// a short response), and the error is returned.
func (c *oneWriteConn) flushLocked() error {
	if c.held == nil {
		return nil
	}
	_, err := c.writeHeldAnd(nil)
	if err != nil {
		_ = c.TCPConn.Close()
	}
	return err
}

func (c *oneWriteConn) setState(s http.ConnState) {
	if s == http.StateHijacked {
		c.hijacked.Store(true)
	}
	if c.hijacked.Load() || s == http.StateClosed {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.active = s == http.StateActive
	if !c.active {
		_ = c.flushLocked() // sent already when the deadline was set; kept as a safety net
	}
}

// SetWriteDeadline sends what is held first, under the deadline it was written under: net/http
// calls it after every response.
func (c *oneWriteConn) SetWriteDeadline(t time.Time) error {
	if err := c.flush(); err != nil {
		return err
	}
	return c.TCPConn.SetWriteDeadline(t)
}

// SetDeadline: as SetWriteDeadline (net/http calls it before a hijack).
func (c *oneWriteConn) SetDeadline(t time.Time) error {
	if err := c.flush(); err != nil {
		return err
	}
	return c.TCPConn.SetDeadline(t)
}

// ReadFrom sends a file (sendfile) after what is held.
func (c *oneWriteConn) ReadFrom(r io.Reader) (int64, error) {
	if err := c.flush(); err != nil {
		return 0, err
	}
	return c.TCPConn.ReadFrom(r)
}

// CloseWrite (net/http's lingering close) sends what is held first.
func (c *oneWriteConn) CloseWrite() error {
	if err := c.flush(); err != nil {
		return err
	}
	return c.TCPConn.CloseWrite()
}

func (c *oneWriteConn) flush() error {
	if c.hijacked.Load() {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.flushLocked()
}
