package httpapi

import (
	"context"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"
)

// Kept answers go out gzip-compressed to clients that accept it (every browser does): the
// standings' 18.6 KB become 2.9 KB, a statistics or history page's ~8 KB ~2 KB, which a phone on
// a slow network receives sooner and which net/http writes in one system call instead of two
// (its buffer is 4 KB; issue 16). Compressing per request would cost more CPU than it saves, so
// only a kept answer is compressed, once, when a client that accepts gzip first asks for it:
// the kept caches hand the same byte slice to every request until their data changes, and mark
// it (keep). A body built for one request is never marked: it goes out as it is, unless its
// handler offers it as kept parts joined with the reader's bytes (gzipjoined.go).

// gzipMin is the smallest body worth compressing: under it the answer fits net/http's buffer
// with its headers and one packet anyway.
const gzipMin = 3 << 10

// keptBodies maps a kept body, by a weak pointer to its first byte, to its compressed twin. Weak
// pointers are equal only when made from the same object and offset, even after that object is
// gone, so another body later allocated at the same address is never taken for it; the memory
// does not keep the bodies alive, and entries of collected bodies are swept as new ones arrive.
var (
	keptBodies sync.Map // weak.Pointer[byte] → *keptBody
	keptMarked atomic.Int64
)

// keptSweepEvery: every this many marked bodies, the entries of collected ones are dropped.
const keptSweepEvery = 256

type keptBody struct {
	n           int                    // the body's length (a shorter re-slice is another body)
	gz          atomic.Pointer[[]byte] // the compressed twin, once made
	compressing atomic.Bool            // one compression at a time; the others answer as they are
}

// keep marks b as a kept answer: the caller hands this same slice, never modified, to every
// request until its data changes. It returns b.
func keep(b []byte) []byte {
	if len(b) < gzipMin {
		return b
	}
	if _, loaded := keptBodies.LoadOrStore(weak.Make(unsafe.SliceData(b)), &keptBody{n: len(b)}); !loaded &&
		keptMarked.Add(1)%keptSweepEvery == 0 {
		keptBodies.Range(func(k, _ any) bool {
			if k.(weak.Pointer[byte]).Value() == nil {
				keptBodies.Delete(k)
			}
			return true
		})
	}
	return b
}

// keptJSON is encodeJSON of a kept answer (see keep).
func keptJSON(v any) ([]byte, error) {
	b, err := encodeJSON(v)
	return keep(b), err
}

type gzipCtxKey struct{}

// withGzip marks ctx as a request whose client accepts a gzip answer (its value: the slot for a
// joined body, gzipjoined.go).
func withGzip(ctx context.Context) context.Context {
	return context.WithValue(ctx, gzipCtxKey{}, &gzipOffer{})
}

// gzipTwin returns b compressed when the request accepts gzip and b is a kept answer (keep) of
// gzipMin bytes or more, else nil.
func gzipTwin(ctx context.Context, b []byte) []byte {
	if len(b) < gzipMin || ctx.Value(gzipCtxKey{}) == nil {
		return nil
	}
	v, ok := keptBodies.Load(weak.Make(unsafe.SliceData(b)))
	if !ok {
		return nil
	}
	k := v.(*keptBody)
	if k.n != len(b) {
		return nil
	}
	if gz := k.gz.Load(); gz != nil {
		return *gz
	}
	if !k.compressing.CompareAndSwap(false, true) {
		return nil // another request is compressing it: this one goes out as it is
	}
	defer k.compressing.Store(false)
	z := deflateAlone(b)
	if z == nil {
		return nil
	}
	gz := appendGzipEnd(append(append(make([]byte, 0, len(gzipHeader)+len(z)+13), gzipHeader...), z...), b)
	k.gz.Store(&gz)
	return gz
}
