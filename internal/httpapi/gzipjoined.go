package httpapi

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/binary"
	"hash/crc32"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"
)

// A joined answer is a kept answer with a few bytes of one reader's own between or after its
// kept parts: the signed-in reader's row of a leaderboard page, the win probability and the
// places on another player's statistics page. Such a body is built per request, so gzipTwin
// never compresses it, and the signed-in reader (the common one) received ~7-8 KB where a
// visitor receives ~2 KB (issue 16). A gzip member need not be one compressor's output: the
// DEFLATE stream is a sequence of blocks, and a block flushed on a byte boundary may be followed
// by any other. So each kept part is compressed once, alone, and flushed (kept with the part);
// the reader's bytes go between them as stored (uncompressed) blocks; the trailer's CRC-32 and
// length are those of the identity body. Per request that costs a CRC of the body and copying
// the compressed parts, not a compression.

// joinedSeg is one part of a joined body: a kept part (the same slice, never modified, for as
// long as its kept answer holds) or the reader's own bytes.
type joinedSeg struct {
	b    []byte
	kept bool
}

// gzipOffer is the request's slot (a request whose client accepts gzip) for the segments of a
// joined body its handler returns (offerJoined); encodedOp sends their gzip form.
type gzipOffer struct {
	body []byte
	segs []joinedSeg
}

// offerJoined records that body, which the handler returns, is segs joined (their
// concatenation), so that it can go out compressed. Nothing happens for a client that does not
// accept gzip or a body under gzipMin.
func offerJoined(ctx context.Context, body []byte, segs ...joinedSeg) {
	o, _ := ctx.Value(gzipCtxKey{}).(*gzipOffer)
	if o == nil || len(body) < gzipMin {
		return
	}
	o.body, o.segs = body, segs
}

// joinedGzip is the gzip form of b when the handler offered it as a joined body (offerJoined),
// else nil (also when a kept part is being compressed by another request: b then goes out as
// it is).
func joinedGzip(ctx context.Context, b []byte) []byte {
	o, _ := ctx.Value(gzipCtxKey{}).(*gzipOffer)
	if o == nil || o.segs == nil || len(o.body) != len(b) || unsafe.SliceData(o.body) != unsafe.SliceData(b) {
		return nil
	}
	// The segments must be the body, byte for byte: a browser need not check the trailer's CRC,
	// so a wrong segment would show there unnoticed.
	n := 0
	for _, s := range o.segs {
		if len(s.b) > len(b)-n || !bytes.Equal(b[n:n+len(s.b)], s.b) {
			return nil
		}
		n += len(s.b)
	}
	if n != len(b) {
		return nil
	}
	out := make([]byte, 0, len(b)/3+64)
	out = append(out, gzipHeader...)
	for _, s := range o.segs {
		if !s.kept || len(s.b) < joinedCompressMin {
			out = appendStored(out, s.b)
			continue
		}
		z := compressedPart(s.b)
		if z == nil {
			return nil
		}
		out = append(out, z...)
	}
	return appendGzipEnd(out, b)
}

// appendGzipEnd ends a gzip member whose DEFLATE blocks so far end on a byte boundary, none final
// (deflateAlone's, stored blocks): an empty final block, then the CRC-32 and length of body,
// the identity bytes.
func appendGzipEnd(out, body []byte) []byte {
	out = append(out, 1, 0, 0, 0xff, 0xff) // BFINAL 1, stored, LEN 0
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(body))
	return binary.LittleEndian.AppendUint32(out, uint32(len(body)))
}

// gzipHeader is a gzip member's header: deflate, no name, no time, fastest level, unknown OS
// (as compress/gzip writes it at BestSpeed).
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 4, 0xff}

// joinedCompressMin: a kept part shorter than this goes stored (compressing it alone would
// save a few bytes at most).
const joinedCompressMin = 256

// appendStored appends b as non-final stored blocks (at most 65,535 bytes each).
func appendStored(out, b []byte) []byte {
	for len(b) > 0 {
		n := min(len(b), 0xffff)
		out = append(out, 0) // BFINAL 0, BTYPE 00, then to the byte boundary
		out = binary.LittleEndian.AppendUint16(out, uint16(n))
		out = binary.LittleEndian.AppendUint16(out, ^uint16(n))
		out = append(out, b[:n]...)
		b = b[n:]
	}
	return out
}

// keptParts maps a kept part, by a weak pointer to its first byte (see keptBodies) and its
// length, to its compressed form.
var (
	keptParts       sync.Map // partKey → *keptPart
	keptPartsMarked atomic.Int64
	flateWriters    = sync.Pool{New: func() any { w, _ := flate.NewWriter(nil, flate.BestSpeed); return w }}
)

type partKey struct {
	at weak.Pointer[byte]
	n  int
}

type keptPart struct {
	z           atomic.Pointer[[]byte]
	compressing atomic.Bool
}

// compressedPart is b compressed alone and flushed to a byte boundary (not final), made once
// per kept part; nil while another request makes it.
func compressedPart(b []byte) []byte {
	key := partKey{weak.Make(unsafe.SliceData(b)), len(b)}
	v, ok := keptParts.Load(key)
	if !ok {
		var loaded bool
		if v, loaded = keptParts.LoadOrStore(key, &keptPart{}); !loaded && keptPartsMarked.Add(1)%keptSweepEvery == 0 {
			keptParts.Range(func(k, _ any) bool {
				if k.(partKey).at.Value() == nil {
					keptParts.Delete(k)
				}
				return true
			})
		}
	}
	p := v.(*keptPart)
	if z := p.z.Load(); z != nil {
		return *z
	}
	if !p.compressing.CompareAndSwap(false, true) {
		return nil
	}
	defer p.compressing.Store(false)
	z := deflateAlone(b)
	if z != nil {
		p.z.Store(&z)
	}
	return z
}

// deflateAlone is b compressed at the fastest level with no earlier bytes to refer to, flushed
// to a byte boundary and not final: blocks that may be followed by any others (nil on error).
func deflateAlone(b []byte) []byte {
	w := flateWriters.Get().(*flate.Writer)
	var buf bytes.Buffer
	buf.Grow(len(b)/3 + 16)
	w.Reset(&buf)
	if _, err := w.Write(b); err != nil || w.Flush() != nil {
		return nil
	}
	flateWriters.Put(w)
	return buf.Bytes()
}
