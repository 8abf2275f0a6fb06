package httpapi

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/coder/websocket"
)

// serveWS upgrades GET /api/ws to the live-updates socket (docs/ARCHITECTURE.md, "Live
// updates"). The route's rule has already refused visitors (401) before this runs; a page of
// another origin is refused (403) before upgrading, since a browser sends the session cookie
// with a cross-site WebSocket too.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	if !s.sameOriginWS(r) {
		writeProblem(w, r, newProblem(langOf(r.Context()), http.StatusForbidden, "http.cross_origin", nil))
		return
	}
	// The socket outlives the server's read and write timeouts and the request's deadline:
	// clear the connection's deadlines before it is taken over; the hub pings instead.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Time{})
	ws, err := websocket.Accept(smallBuffers{w}, r, &websocket.AcceptOptions{
		InsecureSkipVerify: true, // the origin was checked above, against LADDER_BASE_URL
	})
	if err != nil {
		return // Accept answered (426 for a request that is not an upgrade)
	}
	// The socket gets a goroutine of its own and this handler returns: the request's goroutine
	// (its grown stack) and everything the request held are freed, which halves what an idle
	// socket costs.
	go s.hub.Serve(ws, currentFrom(r.Context()).User.ID)
}

// sameOriginWS accepts only the app's own origin: LADDER_BASE_URL's scheme and host, or without
// a base URL the request's host. A request without Origin is refused: browsers always send it
// with a WebSocket, and tools can set it.
func (s *Server) sameOriginWS(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return false
	}
	o, err := url.Parse(origin)
	if err != nil || o.Host == "" {
		return false
	}
	if s.cfg.BaseURL == "" {
		return strings.EqualFold(o.Host, r.Host)
	}
	b, err := url.Parse(s.cfg.BaseURL)
	return err == nil && strings.EqualFold(o.Scheme, b.Scheme) && strings.EqualFold(o.Host, b.Host)
}

// OpenSockets is the number of live-update sockets open on this instance.
func (s *Server) OpenSockets() int { return s.hub.Open() }

// smallBuffers hands the socket 512-byte read and write buffers instead of the HTTP server's
// 4 KB ones (events and client messages are a few hundred bytes; larger ones pass through the
// buffer): 10,000 idle sockets are then 70 MB lighter. Bytes the server had already read past
// the handshake are kept.
type smallBuffers struct{ http.ResponseWriter }

func (w smallBuffers) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	if err := brw.Writer.Flush(); err != nil {
		conn.Close()
		return nil, nil, err
	}
	var r io.Reader = conn
	if n := brw.Reader.Buffered(); n > 0 {
		early, _ := brw.Reader.Peek(n)
		r = io.MultiReader(bytes.NewReader(bytes.Clone(early)), conn)
	}
	return conn, bufio.NewReadWriter(bufio.NewReaderSize(r, 512), bufio.NewWriterSize(conn, 512)), nil
}

// Unwrap lets http.ResponseController reach the server's writer.
func (w smallBuffers) Unwrap() http.ResponseWriter { return w.ResponseWriter }
