// Package media turns uploaded pictures into safe, small JPEGs: the type is sniffed from the
// bytes (never trusted from the client), the pixel count is checked before decoding (a tiny file
// can declare a gigantic image), the EXIF orientation is applied, the picture is resized and
// re-encoded, which drops every byte of metadata (location, camera, thumbnails).
package media

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	_ "image/gif" // registers the decoder
	_ "image/jpeg"
	_ "image/png"
	"io"
	"net/http"

	"github.com/disintegration/imaging"
	_ "golang.org/x/image/webp" // registers the decoder
)

// Limits of profile photos.
const (
	MaxUploadBytes = 50 << 20   // SPEC §5: images up to 50 MB
	MaxPixels      = 60_000_000 // a 60-megapixel phone photo decodes to ~240 MB: the ceiling we accept
	PhotoSize      = 512        // the longest side after resizing
	jpegQuality    = 85
)

// Refusals, as error codes of errors.json.
var (
	ErrTooLarge      = errors.New("photo.too_large")
	ErrNotImage      = errors.New("photo.not_image")
	ErrTooManyPixels = errors.New("photo.too_many_pixels")
	ErrCorrupt       = errors.New("photo.corrupt")
)

// Photo is a processed picture.
type Photo struct {
	JPEG          []byte
	Width, Height int
}

var allowed = map[string]bool{"image/jpeg": true, "image/png": true, "image/gif": true, "image/webp": true}

// busy bounds how many pictures are decoded at once: each may take a few hundred MB.
var busy = make(chan struct{}, 2)

// ProcessPhoto reads at most MaxUploadBytes from r and returns the cleaned-up JPEG.
func ProcessPhoto(ctx context.Context, r io.Reader) (Photo, error) {
	raw, err := io.ReadAll(io.LimitReader(r, MaxUploadBytes+1))
	if err != nil {
		return Photo{}, err
	}
	if len(raw) > MaxUploadBytes {
		return Photo{}, ErrTooLarge
	}
	if !allowed[http.DetectContentType(raw)] {
		return Photo{}, ErrNotImage
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return Photo{}, ErrCorrupt
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return Photo{}, ErrTooManyPixels
	}
	select {
	case busy <- struct{}{}:
		defer func() { <-busy }()
	case <-ctx.Done():
		return Photo{}, ctx.Err()
	}
	img, err := imaging.Decode(bytes.NewReader(raw), imaging.AutoOrientation(true))
	if err != nil {
		return Photo{}, ErrCorrupt
	}
	img = imaging.Fit(img, PhotoSize, PhotoSize, imaging.Lanczos)
	// JPEG has no transparency: flatten onto white rather than the encoder's black.
	b := img.Bounds()
	flat := imaging.Overlay(imaging.New(b.Dx(), b.Dy(), color.White), img, image.Point{}, 1)
	var out bytes.Buffer
	if err := imaging.Encode(&out, flat, imaging.JPEG, imaging.JPEGQuality(jpegQuality)); err != nil {
		return Photo{}, err
	}
	return Photo{JPEG: out.Bytes(), Width: b.Dx(), Height: b.Dy()}, nil
}
