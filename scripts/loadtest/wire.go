package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The load is sent as wrk sends it: each connection writes a request made once as bytes and reads
// the answer before the next (keep-alive, no pipelining). net/http's client cost this process
// more per request than hello costs its server (its connection pool, a reader and a writer
// goroutine per connection, a request and header maps per call), so on the client's one core the
// client was what ran out first: at half of hello's rate it queued requests for milliseconds, and
// every p99 measured that queue (docs/PERFORMANCE.md, twenty-ninth session).

// wireReq is one request as it goes out.
type wireReq struct {
	addr string // host:port
	b    []byte
}

// newWireReq makes the request for rawURL (http only), with the session's cookie when token is
// set and encoding (else -api-encoding) as Accept-Encoding.
func newWireReq(rawURL, token, encoding string) wireReq {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "http" {
		panic("loadtest: not an http URL: " + rawURL)
	}
	var b strings.Builder
	b.WriteString("GET " + u.RequestURI() + " HTTP/1.1\r\nHost: " + u.Host + "\r\nUser-Agent: Go-http-client/1.1\r\n")
	if token != "" {
		b.WriteString("Cookie: ladder_session=" + token + "\r\n")
	}
	if encoding == "" {
		encoding = apiEncoding
	}
	if encoding != "" {
		b.WriteString("Accept-Encoding: " + encoding + "\r\n")
	}
	b.WriteString("\r\n")
	return wireReq{addr: u.Host, b: []byte(b.String())}
}

func wireReqs(urls []string, token, encoding string) []wireReq {
	out := make([]wireReq, len(urls))
	for i, u := range urls {
		out[i] = newWireReq(u, token, encoding)
	}
	return out
}

// wireLoad asks urls in turn from conns connections for d and returns the answers that were 200s
// and those that were not (load's client when wrk is not installed).
func wireLoad(urls []string, token, encoding string, d time.Duration, conns int) (ok, bad int64) {
	var okN, badN, turn atomic.Int64
	reqs := wireReqs(urls, token, encoding)
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for range conns {
		wg.Go(func() {
			var w wireConn
			defer w.close()
			for time.Now().Before(deadline) {
				if w.do(reqs[int(turn.Add(1))%len(reqs)]) {
					okN.Add(1)
				} else {
					badN.Add(1)
				}
			}
		})
	}
	wg.Wait()
	return okN.Load(), badN.Load()
}

// wireConn is one keep-alive connection, dialled when first used and again when the server
// closed it.
type wireConn struct {
	addr     string
	c        net.Conn
	br       *bufio.Reader
	deadline time.Time
}

// requestTimeout bounds one answer, as the net/http client's Timeout did.
const requestTimeout = 10 * time.Second

// do sends r and reads its answer; it reports whether the answer was a 200. A connection the
// server had closed (or that fails) is dialled again once: the reads are GETs.
func (w *wireConn) do(r wireReq) bool {
	for attempt := 0; attempt < 2; attempt++ {
		if w.c == nil || w.addr != r.addr {
			w.close()
			c, err := net.DialTimeout("tcp", r.addr, requestTimeout)
			if err != nil {
				return false
			}
			w.c, w.addr = c, r.addr
			if w.br == nil {
				w.br = bufio.NewReaderSize(c, 64<<10)
			} else {
				w.br.Reset(c)
			}
			w.deadline = time.Time{}
		}
		// The deadline moves once a second, not per request (setting it costs a timer update).
		if now := time.Now(); now.After(w.deadline.Add(-requestTimeout + time.Second)) {
			w.deadline = now.Add(requestTimeout)
			_ = w.c.SetDeadline(w.deadline)
		}
		if _, err := w.c.Write(r.b); err == nil {
			if status, keep, err := readAnswer(w.br); err == nil {
				if !keep {
					w.close()
				}
				return status == http.StatusOK
			}
		}
		w.close()
	}
	return false
}

// readAnswer reads one HTTP/1.1 answer from br and discards its body (none for 1xx, 204 and 304;
// else Content-Length or chunked, or up to the connection's end):
// its status, and whether the connection stays open. It parses only what it needs, without
// allocating: net/http's reader made a header map per answer.
func readAnswer(br *bufio.Reader) (status int, keep bool, err error) {
	line, err := br.ReadSlice('\n')
	if err != nil {
		return 0, false, err
	}
	// "HTTP/1.1 200 OK"
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) {
		return 0, false, errors.New("not an HTTP answer")
	}
	status, err = strconv.Atoi(string(line[9:12]))
	if err != nil {
		return 0, false, err
	}
	length, chunked, keep := int64(-1), false, true
	for {
		line, err = br.ReadSlice('\n')
		if err != nil {
			return 0, false, err
		}
		h := bytes.TrimRight(line, "\r\n")
		if len(h) == 0 {
			break
		}
		name, value, _ := bytes.Cut(h, []byte(":"))
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, err = strconv.ParseInt(string(value), 10, 64); err != nil {
				return 0, false, err
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		case bytes.EqualFold(name, []byte("Connection")):
			keep = !bytes.EqualFold(value, []byte("close"))
		}
	}
	switch {
	case status/100 == 1 || status == http.StatusNoContent || status == http.StatusNotModified:
		return status, keep, nil // no body, whatever the headers say (RFC 9112, 6.3)
	case chunked:
		for {
			line, err = br.ReadSlice('\n')
			if err != nil {
				return 0, false, err
			}
			size, _, _ := bytes.Cut(bytes.TrimRight(line, "\r\n"), []byte(";"))
			n, err := strconv.ParseInt(string(size), 16, 64)
			if err != nil {
				return 0, false, err
			}
			if _, err := br.Discard(int(n) + 2); err != nil { // the chunk and its CRLF
				return 0, false, err
			}
			if n == 0 { // no trailers are sent by the app
				return status, keep, nil
			}
		}
	case length >= 0:
		_, err = br.Discard(int(length))
		return status, keep, err
	default: // the body ends with the connection
		_, err = io.Copy(io.Discard, br)
		return status, false, err
	}
}

func (w *wireConn) close() {
	if w.c != nil {
		w.c.Close()
		w.c = nil
	}
}
