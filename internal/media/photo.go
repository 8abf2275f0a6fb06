// Package media turns uploaded pictures into safe, small JPEGs: the type is sniffed from the
// bytes (never trusted from the client), the header is read first and a picture whose decoding
// would not fit the memory budget is refused before any pixel is decoded (a tiny file can
// declare a gigantic image), decodes share a bounded memory budget, the picture is resized, the
// EXIF orientation applied and re-encoded, which drops every byte of metadata (location,
// camera, thumbnails). The upload is read as a stream: the whole file is never held in memory
// and nothing is written to disk.
package media

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	_ "image/gif" // registers the decoder (image.Decode reads the first frame only)
	_ "image/jpeg"
	_ "image/png"
	"io"
	"net/http"
	"os"
	"runtime/debug"
	"time"

	"github.com/disintegration/imaging"
	_ "golang.org/x/image/webp" // registers the decoder
)

// Limits of pictures.
const (
	MaxUploadBytes = 50 << 20 // SPEC §5: images up to 50 MB
	PhotoSize      = 512      // the longest side after resizing
	jpegQuality    = 85
	// maxHeaderBytes is how much may come before the picture's dimensions (EXIF, ICC profile).
	maxHeaderBytes = 2 << 20
)

// Refusals, as error codes of errors.json.
var (
	ErrTooLarge      = errors.New("photo.too_large")
	ErrNotImage      = errors.New("photo.not_image")
	ErrTooManyPixels = errors.New("photo.too_many_pixels")
	ErrCorrupt       = errors.New("photo.corrupt")
	ErrTooSlow       = errors.New("photo.too_slow") // the rest of the picture did not arrive in time
)

// Photo is a processed picture.
type Photo struct {
	JPEG          []byte
	Width, Height int
}

var formats = map[string]string{"image/jpeg": "jpeg", "image/png": "png", "image/gif": "gif", "image/webp": "webp"}

// ProcessPhoto reads the picture from r (at most MaxUploadBytes, to its end) and returns the
// cleaned-up JPEG. Refusals are the Err* values above, ErrBusy, or ctx's error.
//
// When r can set a read deadline (SetReadDeadline, like a request body through
// http.ResponseController), the rest of the picture must arrive within RestWithin of the decode
// reservation: a client trickling its body does not hold the shared budget for minutes.
func ProcessPhoto(ctx context.Context, r io.Reader) (Photo, error) {
	src := &capped{r: r}
	br := bufio.NewReaderSize(src, 32<<10)
	onReserved := func() {}
	if d, ok := r.(readDeadliner); ok {
		onReserved = func() { _ = d.SetReadDeadline(time.Now().Add(RestWithin)) }
	}
	img, err := decodeSmall(ctx, br, onReserved)
	if err != nil {
		return Photo{}, src.explain(err)
	}
	// Read the upload to its end: what follows the picture counts against the limit too, and a
	// body over the limit is refused before anything is saved.
	if _, err := io.Copy(io.Discard, br); err != nil {
		return Photo{}, src.explain(err)
	}
	// JPEG has no transparency: flatten onto white rather than the encoder's black.
	b := img.Bounds()
	flat := imaging.Overlay(imaging.New(b.Dx(), b.Dy(), color.White), img, image.Point{}, 1)
	var out bytes.Buffer
	if err := imaging.Encode(&out, flat, imaging.JPEG, imaging.JPEGQuality(jpegQuality)); err != nil {
		return Photo{}, err
	}
	return Photo{JPEG: out.Bytes(), Width: b.Dx(), Height: b.Dy()}, nil
}

// decodeSmall sniffs the type, reads the header, reserves the decode's memory, decodes and
// returns the resized, upright picture.
func decodeSmall(ctx context.Context, br *bufio.Reader, onReserved func()) (image.Image, error) {
	head, err := br.Peek(512)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, err
	}
	want, ok := formats[http.DetectContentType(head)]
	if !ok {
		return nil, ErrNotImage
	}
	rec := &recorder{r: br}
	cfg, format, err := image.DecodeConfig(rec)
	if err != nil || format != want {
		return nil, orCorrupt(err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, ErrCorrupt
	}
	cost := decodeCost(format, cfg, rec.buf)
	if cost > DecodeBudget {
		return nil, ErrTooManyPixels
	}
	release, err := decodes.acquire(ctx, cost)
	if err != nil {
		return nil, err
	}
	onReserved()
	small, err := decodeReserved(release, io.MultiReader(bytes.NewReader(rec.buf), br), cfg, cost)
	if err != nil {
		return nil, err
	}
	if format == "jpeg" {
		if f, ok := parseJPEG(rec.buf); ok {
			small = orient(small, f.orientation)
		}
	}
	return small, nil
}

// decodeReserved decodes within a reservation of the budget, which it releases in any case: a
// decoder that panics (on a hostile picture) is a corrupt picture, and must not keep its share
// of the budget for ever.
func decodeReserved(release func(), r io.Reader, cfg image.Config, cost int64) (small image.Image, err error) {
	defer func() {
		if p := recover(); p != nil {
			small, err = nil, ErrCorrupt
		}
		if cost >= collectAbove {
			// The decoded picture is garbage now: collect it and give its pages back to the
			// system before the next decode may start. Otherwise the heap grows to twice the
			// budget (GOGC), and a freed region that small allocations have split is not reused
			// for the next picture, which then takes fresh pages.
			debug.FreeOSMemory()
		}
		release()
	}()
	decodeStarts.Add(1)
	return decodeFull(r, cfg)
}

// decodeFull is decodeAndFit (tests replace it).
var decodeFull = decodeAndFit

// RestWithin is how long the rest of the picture may take to arrive once its decode has
// reserved its share of the budget (see ProcessPhoto).
var RestWithin = 15 * time.Second

// readDeadliner is a reader whose blocked reads can be given a deadline (a request body).
type readDeadliner interface{ SetReadDeadline(time.Time) error }

// collectAbove is the decode cost from which the memory is collected as soon as it is done.
const collectAbove = 16 << 20

// decodeAndFit decodes the whole picture and returns its resized copy; nothing of the full-size
// picture outlives the call.
func decodeAndFit(r io.Reader, cfg image.Config) (image.Image, error) {
	img, _, err := image.Decode(r)
	if err != nil {
		return nil, orCorrupt(err)
	}
	if b := img.Bounds(); b.Dx() > cfg.Width || b.Dy() > cfg.Height {
		return nil, ErrCorrupt
	}
	return imaging.Fit(img, PhotoSize, PhotoSize, imaging.Lanczos), nil
}

// orient applies an EXIF orientation (1–8) to the small copy.
func orient(img image.Image, o int) image.Image {
	switch o {
	case 2:
		return imaging.FlipH(img)
	case 3:
		return imaging.Rotate180(img)
	case 4:
		return imaging.FlipV(img)
	case 5:
		return imaging.Transpose(img)
	case 6:
		return imaging.Rotate270(img)
	case 7:
		return imaging.Transverse(img)
	case 8:
		return imaging.Rotate90(img)
	}
	return img
}

var errHeaderTooLong = errors.New("media: header too long")

// orCorrupt keeps the refusals that explain a failed read and calls the rest corrupt.
func orCorrupt(err error) error {
	for _, keep := range []error{ErrTooLarge, ErrBusy, context.Canceled, context.DeadlineExceeded} {
		if errors.Is(err, keep) {
			return err
		}
	}
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return ErrTooSlow
	}
	return ErrCorrupt
}

// capped reads at most MaxUploadBytes from r; reading more fails with ErrTooLarge (so does a
// request body over its own limit).
type capped struct {
	r        io.Reader
	n        int64
	tooLarge bool
}

func (c *capped) Read(p []byte) (int, error) {
	if c.tooLarge {
		return 0, ErrTooLarge
	}
	if room := MaxUploadBytes + 1 - c.n; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := c.r.Read(p)
	c.n += int64(n)
	var mbe *http.MaxBytesError
	if c.n > MaxUploadBytes || errors.As(err, &mbe) || errors.Is(err, ErrTooLarge) {
		c.tooLarge = true
		return n, ErrTooLarge
	}
	return n, err
}

// explain turns a failure into the refusal the user sees: over the limit wins over anything
// the decoder said about the truncated stream.
func (c *capped) explain(err error) error {
	if c.tooLarge {
		return ErrTooLarge
	}
	switch {
	case errors.Is(err, ErrNotImage), errors.Is(err, ErrTooManyPixels), errors.Is(err, ErrBusy), errors.Is(err, ErrTooSlow),
		errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	case errors.Is(err, os.ErrDeadlineExceeded):
		return ErrTooSlow
	}
	return ErrCorrupt
}

// recorder keeps what the header decoder read, to replay it to the full decoder.
type recorder struct {
	r   io.Reader
	buf []byte
}

func (rc *recorder) Read(p []byte) (int, error) {
	room := maxHeaderBytes - len(rc.buf)
	if room <= 0 {
		return 0, errHeaderTooLong
	}
	if len(p) > room {
		p = p[:room]
	}
	n, err := rc.r.Read(p)
	rc.buf = append(rc.buf, p[:n]...)
	return n, err
}
