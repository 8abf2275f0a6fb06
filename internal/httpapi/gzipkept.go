package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Kept answers go out gzip-compressed to clients that accept it (every browser does): a
// statistics or history page of ~8 KB becomes ~2 KB, which a phone on a slow network receives
// sooner and which net/http writes in one system call instead of two (its buffer is 4 KB;
// issue 16). Compressing costs more CPU than sending, so only a body served again is
// compressed, once: the kept pages (lists, standings, a player's statistics and history) are
// the same byte slice for every request until their data changes, so a body is recognised by
// its slice. A body made for one request alone is never seen twice and goes out as it is.

// gzipMin is the smallest body worth compressing: under it the answer fits net/http's buffer
// with its headers and one packet anyway.
const gzipMin = 3 << 10

// gzipKeptBytes bounds the bytes of the bodies remembered (those made for one request are
// remembered too, until their second sighting that never comes); past it the memory starts
// afresh. A remembered body is held by the memory, so its address cannot be reused for another
// body while it is there.
const gzipKeptBytes = 16 << 20

type keptBody struct {
	body []byte                 // the identity body, held so that its address stays its own
	gz   atomic.Pointer[[]byte] // its compressed twin, once the body was seen a second time
}

var (
	keptBodies sync.Map // *byte (the body's first byte) → *keptBody
	keptBytes  atomic.Int64
	gzipPool   = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed); return w }}
)

type gzipCtxKey struct{}

// withGzip marks ctx as a request whose client accepts a gzip answer.
func withGzip(ctx context.Context) context.Context { return context.WithValue(ctx, gzipCtxKey{}, true) }

// gzipTwin returns b compressed when the request accepts gzip, b is large enough and was already
// served before (a kept answer), else nil. b must never be modified (kept answers are not).
func gzipTwin(ctx context.Context, b []byte) []byte {
	if len(b) < gzipMin || ctx.Value(gzipCtxKey{}) == nil {
		return nil
	}
	key := unsafe.SliceData(b)
	v, seen := keptBodies.Load(key)
	if !seen {
		if keptBytes.Add(int64(len(b))) > gzipKeptBytes {
			keptBodies.Clear()
			keptBytes.Store(int64(len(b)))
		}
		keptBodies.Store(key, &keptBody{body: b})
		return nil
	}
	k := v.(*keptBody)
	if len(k.body) != len(b) { // the same start, another length: a re-slice, not this body
		return nil
	}
	if gz := k.gz.Load(); gz != nil {
		return *gz
	}
	w := gzipPool.Get().(*gzip.Writer)
	var out bytes.Buffer
	out.Grow(len(b) / 3)
	w.Reset(&out)
	_, _ = w.Write(b)
	if err := w.Close(); err != nil {
		return nil
	}
	gzipPool.Put(w)
	gz := out.Bytes()
	k.gz.Store(&gz)
	return gz
}
