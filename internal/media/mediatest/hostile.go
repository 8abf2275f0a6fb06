// Package mediatest builds pictures for tests and the upload load script: hostile ones (headers
// that claim huge pictures, decompression bombs, many-frame GIFs) and ordinary photos.
package mediatest

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color/palette"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
)

// Hostile is a named hostile upload.
type Hostile struct {
	Name string
	Data []byte
}

// HostileSet is every kind of hostile picture, each refused from its header.
func HostileSet() []Hostile {
	return []Hostile{
		{"png-header-30000x30000", PNGHeader(30000, 30000)},
		{"png-zero-bomb-6000x6000", ZeroPNG(6000, 6000)},
		{"jpeg-sof-65535x65535", JPEGHeader(65535, 65535, false)},
		{"jpeg-tiny-9000x9000", JPEGHeader(9000, 9000, false)},
		{"jpeg-progressive-5000x5000", JPEGHeader(5000, 5000, true)},
		{"gif-screen-65535x65535", GIFScreen(65535, 65535)},
		{"webp-canvas-16384x16384", WebPCanvas(16384, 16384)},
		{"png-zero-size", PNGHeader(0, 10)},
	}
}

// PNGHeader is a valid 1×1 PNG whose header claims width×height pixels.
func PNGHeader(width, height uint32) []byte {
	var b bytes.Buffer
	_ = png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1)))
	out := b.Bytes()
	binary.BigEndian.PutUint32(out[16:], width)
	binary.BigEndian.PutUint32(out[20:], height)
	binary.BigEndian.PutUint32(out[29:], crc32.ChecksumIEEE(out[12:29]))
	return out
}

// ZeroPNG is a real, fully transparent width×height RGBA PNG: all its rows are zeros, so it
// compresses about 160 times (a decompression bomb).
func ZeroPNG(width, height int) []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	chunk(&out, "IHDR", ihdr)
	chunk(&out, "IDAT", zeroZlib(height*(1+4*width))) // filter bytes and pixels: all zero
	chunk(&out, "IEND", nil)
	return out.Bytes()
}

func chunk(w *bytes.Buffer, typ string, data []byte) {
	_ = binary.Write(w, binary.BigEndian, uint32(len(data)))
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	w.WriteString(typ)
	w.Write(data)
	_ = binary.Write(w, binary.BigEndian, crc.Sum32())
}

// JPEGHeader is a small real JPEG (a couple of hundred bytes) whose frame header claims
// width×height; progressive marks it a progressive JPEG (SOF2).
func JPEGHeader(width, height uint16, progressive bool) []byte {
	var b bytes.Buffer
	_ = jpeg.Encode(&b, image.NewRGBA(image.Rect(0, 0, 8, 8)), &jpeg.Options{Quality: 1})
	out := b.Bytes()
	for i := 2; i+8 < len(out); i++ {
		if out[i] == 0xFF && out[i+1] == 0xC0 {
			binary.BigEndian.PutUint16(out[i+5:], height)
			binary.BigEndian.PutUint16(out[i+7:], width)
			if progressive {
				out[i+1] = 0xC2
			}
			break
		}
	}
	return out
}

// GIFScreen is a GIF with one small frame and a logical screen of width×height.
func GIFScreen(width, height uint16) []byte {
	out := GIFFrames(4, 4, 1)
	binary.LittleEndian.PutUint16(out[6:], width)
	binary.LittleEndian.PutUint16(out[8:], height)
	return out
}

// GIFFrames is a real width×height GIF of n frames (only the first is decoded).
func GIFFrames(width, height, n int) []byte {
	g := &gif.GIF{}
	for i := 0; i < n; i++ {
		f := image.NewPaletted(image.Rect(0, 0, width, height), palette.Plan9)
		f.Pix[i%len(f.Pix)] = uint8(i)
		g.Image = append(g.Image, f)
		g.Delay = append(g.Delay, 1)
	}
	var b bytes.Buffer
	_ = gif.EncodeAll(&b, g)
	return b.Bytes()
}

// WebPCanvas is an extended WebP (VP8X) whose canvas is width×height, without image data.
func WebPCanvas(width, height uint32) []byte {
	var b bytes.Buffer
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, uint32(4+8+10))
	b.WriteString("WEBPVP8X")
	_ = binary.Write(&b, binary.LittleEndian, uint32(10))
	vp8x := make([]byte, 10)
	vp8x[0] = 1 << 4 // alpha
	w, h := width-1, height-1
	vp8x[4], vp8x[5], vp8x[6] = byte(w), byte(w>>8), byte(w>>16)
	vp8x[7], vp8x[8], vp8x[9] = byte(h), byte(h>>8), byte(h>>16)
	b.Write(vp8x)
	return b.Bytes()
}

// Photo is an ordinary width×height photo-like JPEG (noise over gradients, so it does not
// compress much: 4000×3000 is about 5 MB at quality 95).
func Photo(width, height int, quality int) []byte {
	img := image.NewYCbCr(image.Rect(0, 0, width, height), image.YCbCrSubsampleRatio420)
	rnd := rand.New(rand.NewPCG(1, 2))
	for y := 0; y < height; y++ {
		for x := 0; x < width; x++ {
			img.Y[y*img.YStride+x] = uint8(x*255/width) ^ uint8(rnd.IntN(64))
		}
	}
	for i := range img.Cb {
		img.Cb[i], img.Cr[i] = uint8(rnd.IntN(256)), uint8(128)
	}
	var b bytes.Buffer
	_ = jpeg.Encode(&b, img, &jpeg.Options{Quality: quality})
	return b.Bytes()
}

// zeroZlib is the zlib stream of n zero bytes, written directly: one fixed-Huffman block of a
// literal zero followed by matches of 258 bytes at distance 1 (13 bits each), so that building
// a bomb of hundreds of megabytes takes milliseconds.
func zeroZlib(n int) []byte {
	var bw bitWriter
	bw.bits(1, 1) // BFINAL
	bw.bits(1, 2) // BTYPE 01: fixed Huffman
	left := n
	if left > 0 {
		bw.code(0b00110000, 8) // literal 0
		left--
	}
	for ; left >= 258; left -= 258 {
		bw.code(0b11000101, 8) // length code 285: 258 bytes
		bw.code(0, 5)          // distance code 0: distance 1
	}
	for ; left > 0; left-- {
		bw.code(0b00110000, 8)
	}
	bw.code(0, 7) // end of block
	out := append([]byte{0x78, 0x01}, bw.flush()...)
	// Adler-32 of n zeros: a stays 1, b grows by 1 a byte.
	sum := uint32(n%65521)<<16 | 1
	return binary.BigEndian.AppendUint32(out, sum)
}

// bitWriter packs a deflate bit stream (least significant bit first).
type bitWriter struct {
	out  []byte
	acc  uint64
	nacc uint
}

// bits writes the low n bits of v, least significant first (header fields).
func (w *bitWriter) bits(v uint64, n uint) {
	w.acc |= v << w.nacc
	w.nacc += n
	for w.nacc >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.nacc -= 8
	}
}

// code writes a Huffman code of n bits, most significant bit first.
func (w *bitWriter) code(c uint64, n uint) {
	var r uint64
	for i := uint(0); i < n; i++ {
		r = r<<1 | (c>>i)&1
	}
	w.bits(r, n)
}

func (w *bitWriter) flush() []byte {
	if w.nacc > 0 {
		w.out = append(w.out, byte(w.acc))
	}
	return w.out
}
