package httpapi

import (
	"io"
	"net"
	"net/http"
	"sync"
)

// netHTTPBuffer is the size of net/http's buffered writer in front of each connection
// (bufioWriter4kPool). It flushes a full buffer only when more of the response follows.
const netHTTPBuffer = 4 << 10

// OneWrite makes a response larger than net/http's 4 KB connection buffer leave in one system
// call instead of two (issue 16). net/http writes such a response as a full 4 KB buffer, then
// the rest when the handler is done: two writes, two trips through the kernel's TCP stack, about
// a sixth of the CPU of a read whose answer is 5 KB. OneWrite wraps the listener's TCP
// connections so that a write of exactly a full buffer during a request is held and sent with
// the next write as one writev. The server tells the connection when its response is complete
// (ConnState: idle, hijacked, closed); anything held is sent then. It sets hs.ConnState, keeping
// one already set.
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

// oneWriteConn holds at most one full buffer while its request is active. Its writes, the state
// changes and its own close come from the connection's goroutine; the mutex guards against a
// Close from another one (Server.Close), which must not wait behind a write blocked on a slow
// peer.
type oneWriteConn struct {
	*net.TCPConn
	mu     sync.Mutex
	active bool
	held   []byte // a copy of the last full buffer, not yet sent; nil when none
	buf    []byte // held's storage, kept for the connection's next responses
}

func (c *oneWriteConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.held != nil {
		return c.writeHeldAnd(p)
	}
	if c.active && len(p) == netHTTPBuffer {
		if c.buf == nil {
			c.buf = make([]byte, netHTTPBuffer)
		}
		c.held = c.buf[:copy(c.buf, p)]
		return len(p), nil
	}
	return c.TCPConn.Write(p)
}

// writeHeldAnd sends the held buffer and p in one writev; the count returned is p's.
func (c *oneWriteConn) writeHeldAnd(p []byte) (int, error) {
	held := len(c.held)
	bufs := net.Buffers{c.held, p}
	n, err := bufs.WriteTo(c.TCPConn)
	c.held = nil
	return int(max(n-int64(held), 0)), err
}

// flushLocked sends what is held, if anything.
func (c *oneWriteConn) flushLocked() error {
	if c.held == nil {
		return nil
	}
	_, err := c.writeHeldAnd(nil)
	return err
}

func (c *oneWriteConn) setState(s http.ConnState) {
	if s == http.StateClosed {
		return // Close sent what was held
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.active = s == http.StateActive
	if !c.active {
		if err := c.flushLocked(); err != nil {
			// The response cannot be completed: the peer sees a short body and a closed connection.
			_ = c.TCPConn.Close()
		}
	}
}

// ReadFrom sends a file (sendfile) after what is held.
func (c *oneWriteConn) ReadFrom(r io.Reader) (int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.flushLocked(); err != nil {
		return 0, err
	}
	return c.TCPConn.ReadFrom(r)
}

// CloseWrite (net/http's lingering close) sends what is held first.
func (c *oneWriteConn) CloseWrite() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.flushLocked(); err != nil {
		return err
	}
	return c.TCPConn.CloseWrite()
}

// Close sends what is held when the connection's goroutine closes it after its last response;
// from another goroutine, during a write, it closes at once (the write then fails).
func (c *oneWriteConn) Close() error {
	if c.mu.TryLock() {
		_ = c.flushLocked()
		c.mu.Unlock()
	}
	return c.TCPConn.Close()
}
