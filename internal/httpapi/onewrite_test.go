package httpapi

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// serveOneWrite serves h through OneWrite on loopback and returns its address.
func serveOneWrite(t *testing.T, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: h}
	ln = OneWrite(hs, ln)
	go func() { _ = hs.Serve(ln) }()
	t.Cleanup(func() { hs.Close() })
	return ln.Addr().String()
}

// body is n bytes that say where they are, so a byte out of place shows.
func body(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + i%26)
	}
	return b
}

// readResponse reads one response from br with a generous deadline: a response held back by
// OneWrite fails the test instead of hanging it.
func readResponse(t *testing.T, c net.Conn, br *bufio.Reader) []byte {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Every size around one and two full buffers (header included), on one kept-alive connection:
// a response that ends exactly on a full buffer is sent when the server goes idle, and the next
// response follows it intact.
func TestOneWriteSendsEveryResponseWhole(t *testing.T) {
	addr := serveOneWrite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		w.Header().Set("Content-Length", strconv.Itoa(n))
		_, _ = w.Write(body(n))
	}))
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	br := bufio.NewReader(c)
	sizes := []int{0, 1, 100, 20000}
	for n := 3600; n <= 4200; n++ {
		sizes = append(sizes, n, n+4096)
	}
	for _, n := range sizes {
		fmt.Fprintf(c, "GET /?n=%d HTTP/1.1\r\nHost: x\r\n\r\n", n)
		if got := readResponse(t, c, br); !bytes.Equal(got, body(n)) {
			t.Fatalf("body of %d bytes: got %d bytes, or bytes out of place", n, len(got))
		}
	}
}

// A connection the server closes after its response (Connection: close) sends what it held.
func TestOneWriteSendsHeldDataBeforeClosing(t *testing.T) {
	addr := serveOneWrite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		w.Header().Set("Connection", "close")
		w.Header().Set("Content-Length", strconv.Itoa(n))
		_, _ = w.Write(body(n))
	}))
	for n := 3900; n <= 4100; n++ {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(c, "GET /?n=%d HTTP/1.1\r\nHost: x\r\n\r\n", n)
		got := readResponse(t, c, bufio.NewReader(c))
		c.Close()
		if !bytes.Equal(got, body(n)) {
			t.Fatalf("body of %d bytes: got %d bytes, or bytes out of place", n, len(got))
		}
	}
}

// A file sent with sendfile (ReadFrom) comes after what was held; a hijacked connection's
// writes are the handler's own, never held.
func TestOneWriteFilesAndHijackedConnections(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, body(100000), 0o600); err != nil {
		t.Fatal(err)
	}
	addr := serveOneWrite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/file":
			http.ServeFile(w, r, path)
		case "/hijack":
			conn, brw, err := http.NewResponseController(w).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			defer conn.Close()
			_ = brw.Flush()
			head := "HTTP/1.1 200 OK\r\nContent-Length: 8192\r\n\r\n"
			_, _ = conn.Write([]byte(head))
			_, _ = conn.Write(body(4096))
			_, _ = io.Copy(io.Discard, brw) // the peer closes first: nothing more is written
		}
	}))
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	br := bufio.NewReader(c)
	fmt.Fprintf(c, "GET /file HTTP/1.1\r\nHost: x\r\n\r\n")
	if got := readResponse(t, c, br); !bytes.Equal(got, body(100000)) {
		t.Fatalf("file: got %d bytes, or bytes out of place", len(got))
	}
	// The hijacker writes 4,096 of the 8,192 bytes it announced: they arrive, then nothing.
	fmt.Fprintf(c, "GET /hijack HTTP/1.1\r\nHost: x\r\n\r\n")
	_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 4096)
	if _, err := io.ReadFull(res.Body, got); err != nil || !bytes.Equal(got, body(4096)) {
		t.Fatalf("hijacked connection's write held back or changed: %v", err)
	}
}

// connPair is a oneWriteConn with an active request and the peer that reads it.
func connPair(t *testing.T) (*oneWriteConn, net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, _ := ln.Accept()
		accepted <- c
	}()
	client, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	server := <-accepted
	c := &oneWriteConn{TCPConn: server.(*net.TCPConn)}
	t.Cleanup(func() { c.Close() })
	c.setState(http.StateActive)
	return c, client
}

// readExactly reads n bytes from the peer, with a generous deadline.
func readExactly(t *testing.T, peer net.Conn, n int) []byte {
	t.Helper()
	got := make([]byte, n)
	_ = peer.SetReadDeadline(time.Now().Add(30 * time.Second))
	if _, err := io.ReadFull(peer, got); err != nil {
		t.Fatalf("peer read: %v", err)
	}
	return got
}

// Whatever ends a response sends a held buffer first: the deadline net/http sets after every
// response and before a hijack, a file sent with sendfile, the lingering close.
func TestOneWriteSendsAHeldBufferBeforeWhatFollows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte("the file"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, then := range map[string]func(c *oneWriteConn) ([]byte, error){
		"write deadline": func(c *oneWriteConn) ([]byte, error) { return nil, c.SetWriteDeadline(time.Time{}) },
		"deadline":       func(c *oneWriteConn) ([]byte, error) { return nil, c.SetDeadline(time.Time{}) },
		"file": func(c *oneWriteConn) ([]byte, error) {
			f, err := os.Open(path)
			if err != nil {
				return nil, err
			}
			defer f.Close()
			_, err = c.ReadFrom(f)
			return []byte("the file"), err
		},
		"close write": func(c *oneWriteConn) ([]byte, error) { return nil, c.CloseWrite() },
	} {
		t.Run(name, func(t *testing.T) {
			c, peer := connPair(t)
			if _, err := c.Write(body(4096)); err != nil || c.held == nil {
				t.Fatalf("not held: %v", err)
			}
			after, err := then(c)
			if err != nil {
				t.Fatal(err)
			}
			if c.held != nil {
				t.Fatal("still held")
			}
			want := append(body(4096), after...)
			if got := readExactly(t, peer, len(want)); !bytes.Equal(got, want) {
				t.Fatal("bytes out of order or changed")
			}
		})
	}
}

// During a request a full buffer is held and leaves with the next write, in order.
func TestOneWriteHoldsAFullBufferUntilTheNextWrite(t *testing.T) {
	c, client := connPair(t)
	if n, err := c.Write(body(4096)); n != 4096 || err != nil {
		t.Fatalf("held write: %d, %v", n, err)
	}
	if c.held == nil {
		t.Fatal("a full buffer during a request was sent at once")
	}
	rest := []byte("and the rest")
	if n, err := c.Write(rest); n != len(rest) || err != nil {
		t.Fatalf("next write: %d, %v", n, err)
	}
	if c.held != nil {
		t.Fatal("still held after the next write")
	}
	want := append(body(4096), rest...)
	if got := readExactly(t, client, len(want)); !bytes.Equal(got, want) {
		t.Fatal("peer read: bytes out of order or missing")
	}
	// Idle or hijacked: nothing is held, whatever its size.
	c.setState(http.StateIdle)
	if _, err := c.Write(body(4096)); err != nil || c.held != nil {
		t.Fatalf("a write while idle was held: %v", err)
	}
	c.setState(http.StateActive)
	c.setState(http.StateHijacked)
	if _, err := c.Write(body(4096)); err != nil || c.held != nil {
		t.Fatalf("a write once hijacked was held: %v", err)
	}
}
