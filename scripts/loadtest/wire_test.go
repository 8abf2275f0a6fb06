package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// readAnswer reads answers one after another on a connection as net/http sends them: with a
// length, chunked, and one that closes the connection.
func TestReadAnswer(t *testing.T) {
	in := "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Type: text/plain\r\n\r\nhello" +
		"HTTP/1.1 404 Not Found\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n" +
		"HTTP/1.1 304 Not Modified\r\nETag: \"x\"\r\n\r\n" +
		"HTTP/1.1 204 No Content\r\n\r\n" +
		"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok" +
		"HTTP/1.1 200 OK\r\n\r\nuntil the end"
	br := bufio.NewReader(strings.NewReader(in))
	for i, want := range []struct {
		status int
		keep   bool
	}{{200, true}, {404, true}, {304, true}, {204, true}, {200, false}, {200, false}} {
		status, keep, err := readAnswer(br)
		if err != nil || status != want.status || keep != want.keep {
			t.Fatalf("answer %d: %d %v %v, want %d %v", i, status, keep, err, want.status, want.keep)
		}
	}
	if _, _, err := readAnswer(bufio.NewReader(strings.NewReader("SSH-2.0\r\n"))); err == nil {
		t.Fatal("not HTTP: no error")
	}
}

// A wireConn asks a real net/http server again and again on one connection, its large answers
// (chunked) and small ones, with the headers newWireReq sets.
func TestWireConnAgainstNetHTTP(t *testing.T) {
	var mu sync.Mutex // the handler runs on the server's goroutines
	var cookies, encodings []string
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		cookies = append(cookies, r.Header.Get("Cookie"))
		encodings = append(encodings, r.Header.Get("Accept-Encoding"))
		mu.Unlock()
		if r.URL.Path == "/big" {
			_, _ = io.WriteString(w, strings.Repeat("x", 100_000)) // no length: chunked
			return
		}
		if r.URL.Path == "/missing" {
			http.NotFound(w, r)
			return
		}
		_, _ = io.WriteString(w, "small")
	}))
	var conns atomic.Int32
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	var w wireConn
	defer w.close()
	reqs := wireReqs([]string{srv.URL + "/big", srv.URL + "/small?q=1"}, "tok", "gzip")
	for i := range 10 {
		if !w.do(reqs[i%2]) {
			t.Fatalf("request %d failed", i)
		}
	}
	if w.do(newWireReq(srv.URL+"/missing", "", "")) {
		t.Fatal("a 404 counted as a success")
	}
	if n := conns.Load(); n != 1 {
		t.Fatalf("%d connections for 11 requests, want 1 (keep-alive)", n)
	}
	mu.Lock()
	defer mu.Unlock()
	if cookies[0] != "ladder_session=tok" || encodings[0] != "gzip" || cookies[10] != "" {
		t.Fatalf("headers sent: %q %q", cookies, encodings)
	}
}
