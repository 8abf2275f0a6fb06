package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
)

func encodePNG(t testing.TB, img image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodeJPEG(t testing.TB, img image.Image) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// withEXIFOrientation inserts an APP1 EXIF segment saying "rotate 90° clockwise" (6), plus a
// GPS-looking marker string so we can check that metadata does not survive.
func withEXIFOrientation(jpg []byte, orientation uint16) []byte {
	var tiff bytes.Buffer
	tiff.WriteString("II*\x00")
	binary.Write(&tiff, binary.LittleEndian, uint32(8)) // IFD offset
	binary.Write(&tiff, binary.LittleEndian, uint16(1)) // one entry
	binary.Write(&tiff, binary.LittleEndian, uint16(0x0112))
	binary.Write(&tiff, binary.LittleEndian, uint16(3)) // SHORT
	binary.Write(&tiff, binary.LittleEndian, uint32(1))
	binary.Write(&tiff, binary.LittleEndian, orientation)
	binary.Write(&tiff, binary.LittleEndian, uint16(0))
	binary.Write(&tiff, binary.LittleEndian, uint32(0)) // no next IFD
	tiff.WriteString("SECRET-GPS-41.1579N-8.6291W")
	payload := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	out = append(out, payload...)
	return append(out, jpg[2:]...)
}

// bombPNG is a valid 1×1 PNG whose header claims width×height pixels.
func bombPNG(t testing.TB, width, height uint32) []byte {
	b := encodePNG(t, image.NewGray(image.Rect(0, 0, 1, 1)))
	binary.BigEndian.PutUint32(b[16:], width)
	binary.BigEndian.PutUint32(b[20:], height)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

func TestProcessPhoto(t *testing.T) {
	ctx := context.Background()
	wide := image.NewRGBA(image.Rect(0, 0, 1200, 600))
	for x := 0; x < 1200; x++ {
		for y := 0; y < 600; y++ {
			wide.Set(x, y, color.RGBA{uint8(x), uint8(y), 90, 255})
		}
	}

	t.Run("resized and re-encoded", func(t *testing.T) {
		p, err := ProcessPhoto(ctx, bytes.NewReader(encodePNG(t, wide)))
		if err != nil {
			t.Fatal(err)
		}
		if p.Width != PhotoSize || p.Height != PhotoSize/2 {
			t.Fatalf("size %dx%d", p.Width, p.Height)
		}
		if _, err := jpeg.Decode(bytes.NewReader(p.JPEG)); err != nil {
			t.Fatal("output is not a JPEG:", err)
		}
	})
	t.Run("EXIF orientation applied and metadata dropped", func(t *testing.T) {
		src := withEXIFOrientation(encodeJPEG(t, wide), 6)
		p, err := ProcessPhoto(ctx, bytes.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		if p.Height <= p.Width {
			t.Fatalf("orientation 6 should make it portrait, got %dx%d", p.Width, p.Height)
		}
		if bytes.Contains(p.JPEG, []byte("SECRET-GPS")) || bytes.Contains(p.JPEG, []byte("Exif")) {
			t.Fatal("metadata survived")
		}
	})
	t.Run("transparent PNG flattened onto white", func(t *testing.T) {
		clear := image.NewNRGBA(image.Rect(0, 0, 64, 64)) // fully transparent
		p, err := ProcessPhoto(ctx, bytes.NewReader(encodePNG(t, clear)))
		if err != nil {
			t.Fatal(err)
		}
		img, _ := jpeg.Decode(bytes.NewReader(p.JPEG))
		r, g, b, _ := img.At(10, 10).RGBA()
		if r>>8 < 240 || g>>8 < 240 || b>>8 < 240 {
			t.Fatalf("want white, got %d %d %d", r>>8, g>>8, b>>8)
		}
	})
	refusals := []struct {
		name string
		data []byte
		want error
	}{
		{"not an image", []byte("%PDF-1.7 definitely a document"), ErrNotImage},
		{"html pretending", []byte("<html><script>alert(1)</script>"), ErrNotImage},
		{"decompression bomb", bombPNG(t, 100000, 100000), ErrTooManyPixels},
		{"truncated", encodePNG(t, wide)[:200], ErrCorrupt},
		{"oversized", append(encodePNG(t, wide), make([]byte, MaxUploadBytes)...), ErrTooLarge},
	}
	for _, c := range refusals {
		if _, err := ProcessPhoto(ctx, bytes.NewReader(c.data)); !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
	}
}

func FuzzProcessPhoto(f *testing.F) {
	f.Add(encodePNG(f, image.NewGray(image.Rect(0, 0, 3, 3))))
	f.Add(encodeJPEG(f, image.NewGray(image.Rect(0, 0, 3, 3))))
	f.Add([]byte(strings.Repeat("\x89PNG", 10)))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ProcessPhoto(context.Background(), bytes.NewReader(data))
		if err == nil && (p.Width > PhotoSize || p.Height > PhotoSize || len(p.JPEG) == 0) {
			t.Fatalf("bad output %dx%d", p.Width, p.Height)
		}
	})
}
