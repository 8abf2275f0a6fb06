package media

import (
	"bytes"
	"context"
	"errors"
	"image"
	"io"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/media/mediatest"
)

// endless offers more bytes than any upload may have and counts what was taken.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	clear(p)
	e.n += int64(len(p))
	return len(p), nil
}

// Every hostile picture is refused from its header: no decode starts, and only the header and
// a read-ahead buffer are taken from a stream that would go on for ever.
func TestHostileRefusedFromHeader(t *testing.T) {
	want := map[string]error{"png-zero-size": ErrCorrupt}
	for _, h := range mediatest.HostileSet() {
		t.Run(h.Name, func(t *testing.T) {
			before := decodeStarts.Load()
			rest := &endless{}
			_, err := ProcessPhoto(context.Background(), io.MultiReader(bytes.NewReader(h.Data), rest))
			code := ErrTooManyPixels
			if w, ok := want[h.Name]; ok {
				code = w
			}
			if !errors.Is(err, code) {
				t.Fatalf("got %v, want %v", err, code)
			}
			if decodeStarts.Load() != before {
				t.Fatal("a decode started")
			}
			if rest.n > 64<<10 {
				t.Fatalf("read %d bytes past the header", rest.n)
			}
		})
	}
}

// Pictures whose header fits the budget are decoded: a GIF of many frames (first frame only),
// a baseline JPEG where the progressive one of the same size is refused, a zero bomb in budget.
func TestWithinBudgetDecoded(t *testing.T) {
	for name, data := range map[string][]byte{
		"gif 100 frames":      mediatest.GIFFrames(300, 200, 100),
		"zero png 2000²":      mediatest.ZeroPNG(2000, 2000),
		"photo jpeg 1200x900": mediatest.Photo(1200, 900, 90),
	} {
		p, err := ProcessPhoto(context.Background(), bytes.NewReader(data))
		if err != nil || p.Width > PhotoSize || p.Height > PhotoSize {
			t.Errorf("%s: %v %dx%d", name, err, p.Width, p.Height)
		}
	}
	// What the budget admits: a 48-megapixel phone photo, a 16-megapixel progressive JPEG.
	if c := decodeCostOf(t, mediatest.JPEGHeader(8000, 6000, false)); c > DecodeBudget {
		t.Errorf("48 Mpx baseline JPEG costs %d", c)
	}
	if c := decodeCostOf(t, mediatest.JPEGHeader(4608, 3456, true)); c > DecodeBudget {
		t.Errorf("16 Mpx progressive JPEG costs %d", c)
	}
	// The cost model: same dimensions, progressive costs five times the samples.
	base := decodeCostOf(t, mediatest.JPEGHeader(5000, 5000, false))
	prog := decodeCostOf(t, mediatest.JPEGHeader(5000, 5000, true))
	if base > DecodeBudget || prog <= DecodeBudget || prog < 4*base {
		t.Fatalf("jpeg costs: baseline %d, progressive %d", base, prog)
	}
}

func decodeCostOf(t *testing.T, data []byte) int64 {
	t.Helper()
	rec := &recorder{r: bytes.NewReader(data)}
	cfg, format, err := image.DecodeConfig(rec)
	if err != nil {
		t.Fatal(err)
	}
	return decodeCost(format, cfg, rec.buf)
}

// When the budget is full, uploads wait for room with their request, a bounded queue, and a
// bounded time; then they are told the server is busy.
func TestBudgetQueue(t *testing.T) {
	b := newBudget(100, 1, time.Hour)
	release, err := b.acquire(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.acquire(context.Background(), 101); !errors.Is(err, ErrTooManyPixels) {
		t.Fatalf("over the whole budget: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	waited := make(chan error)
	go func() { _, err := b.acquire(ctx, 10); waited <- err }()
	for b.waiting.Load() != 1 {
		time.Sleep(time.Millisecond) // wait for the goroutine to queue (polling, not timing)
	}
	if _, err := b.acquire(context.Background(), 10); !errors.Is(err, ErrBusy) {
		t.Fatalf("queue full: %v", err)
	}
	cancel()
	if err := <-waited; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled wait: %v", err)
	}
	short := newBudget(100, 4, time.Nanosecond)
	hold, _ := short.acquire(context.Background(), 100)
	if _, err := short.acquire(context.Background(), 1); !errors.Is(err, ErrBusy) {
		t.Fatalf("wait over: %v", err)
	}
	hold()
	release()
	if r, err := b.acquire(context.Background(), 100); err != nil {
		t.Fatalf("after release: %v", err)
	} else {
		r()
	}
}
