package httpapi

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) advance(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.t = c.t.Add(d) }

// TestPerAccountRateLimits: the allowance of club and tournament proposals and uploads is
// accepted, the next is refused with 429, Retry-After and a translated message naming the
// action, nothing is created; when the clock has refilled a token, the next one passes again.
// Another account is not affected.
func TestPerAccountRateLimits(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		clock := &fakeClock{t: time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)}
		db.Now = clock.now
		l := newLive(t, db, func(c *config.Config) {
			c.ClubsPerDay, c.TournamentsPerDay, c.UploadsPerHour = 3, 2, 2
		})
		ana := l.browser()
		ana.signIn("ana@example.pt")
		rui := l.browser()
		rui.signIn("rui@example.pt")
		count := func(table string) int {
			var n int
			if err := db.R.GetContext(context.Background(), &n, "SELECT COUNT(*) FROM "+table); err != nil {
				t.Fatal(err)
			}
			return n
		}
		refused := func(what string, r resp, retry string, texts ...string) {
			t.Helper()
			if r.code != http.StatusTooManyRequests || r.hdr.Get("Retry-After") != retry {
				t.Fatalf("%s: got %d Retry-After %q, want 429 %s (%s)", what, r.code, r.hdr.Get("Retry-After"), retry, r.body)
			}
			p := r.problem(t)
			for _, text := range texts {
				if p.Code != "rate.too_many" || !strings.Contains(p.Message, text) {
					t.Fatalf("%s: problem %+v lacks %q", what, p, text)
				}
			}
		}
		en := []string{"Accept-Language", "en"}

		// Clubs: 3 a day, one more every 8 hours.
		for i := range 3 {
			if r := ana.do("POST", "/api/clubs", map[string]any{"name": "Clube " + string(rune('A'+i))}, en...); r.code != 201 {
				t.Fatalf("club %d: %d %s", i, r.code, r.body)
			}
		}
		refused("4th club", ana.do("POST", "/api/clubs", map[string]any{"name": "Clube D"}, en...), "28800", "(club proposals)", "480 min.")
		if n := count("clubs"); n != 3 {
			t.Fatalf("clubs after the refusal: %d", n)
		}
		if r := rui.do("POST", "/api/clubs", map[string]any{"name": "Clube do Rui"}); r.code != 201 {
			t.Fatalf("another account: %d %s", r.code, r.body)
		}
		pt := ana.do("POST", "/api/clubs", map[string]any{"name": "Clube D"}, "Accept-Language", "pt")
		refused("pt", pt, "28800", "(propostas de clubes)", "480 min.")
		clock.advance(8*time.Hour - time.Minute)
		refused("almost refilled", ana.do("POST", "/api/clubs", map[string]any{"name": "Clube D"}, en...), "60", " 1 min.")
		clock.advance(time.Minute)
		if r := ana.do("POST", "/api/clubs", map[string]any{"name": "Clube D"}); r.code != 201 {
			t.Fatalf("after refilling: %d %s", r.code, r.body)
		}

		// Tournaments: 2 a day.
		for i := range 2 {
			if r := ana.do("POST", "/api/tournaments", map[string]any{"name": "Ladder " + string(rune('A'+i))}); r.code != 201 {
				t.Fatalf("tournament %d: %d %s", i, r.code, r.body)
			}
		}
		refused("3rd tournament", ana.do("POST", "/api/tournaments", map[string]any{"name": "Ladder C"}, en...), "43200", "tournament proposals")
		if n := count("tournaments"); n != 2 {
			t.Fatalf("tournaments after the refusal: %d", n)
		}

		// Uploads: 2 an hour.
		for i := range 2 {
			if r := ana.upload("/api/profile/photo", tinyPNG(t)); r.code != 200 {
				t.Fatalf("photo %d: %d %s", i, r.code, r.body)
			}
		}
		refused("3rd upload", ana.upload("/api/profile/photo", tinyPNG(t), en...), "1800", "picture uploads")
	})
}
