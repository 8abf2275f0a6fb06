package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The statistics API on the demo data: the totals match the history, which pages by cursor to
// the end without repeats; bad filters are translated 422s; an unknown player is a 404.
func TestPlayerStatsAPI(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		if _, err := seed.Demo(context.Background(), db); err != nil {
			t.Fatal(err)
		}
		l := newLive(t, db, nil)
		b := l.browser()
		me := b.signIn("player@ladder.test")
		var st playerStatsView
		r := b.do("GET", fmt.Sprintf("/api/players/%d/stats", me.ID), nil)
		if err := json.Unmarshal([]byte(r.body), &st); err != nil || r.code != 200 {
			t.Fatalf("%d %s", r.code, r.body)
		}
		if st.Matches == 0 || st.Wins+st.Losses != st.Matches || len(st.Form) == 0 || len(st.Series) == 0 || st.WinProbability != nil {
			t.Fatalf("demo player's statistics %+v", st)
		}
		seen := map[int64]bool{}
		before, pages := int64(0), 0
		for {
			var page struct {
				Items      []historyItemView `json:"items"`
				NextBefore int64             `json:"next_before"`
			}
			r := b.do("GET", fmt.Sprintf("/api/players/%d/history?limit=3&before=%d", me.ID, before), nil)
			if err := json.Unmarshal([]byte(r.body), &page); err != nil || r.code != 200 {
				t.Fatalf("%d %s", r.code, r.body)
			}
			pages++
			for _, h := range page.Items {
				if seen[h.ID] || (before > 0 && h.ID >= before) || h.RatingChange != h.RatingAfter-h.RatingBefore {
					t.Fatalf("row %+v (cursor %d)", h, before)
				}
				seen[h.ID] = true
			}
			if page.NextBefore == 0 {
				break
			}
			if len(page.Items) != 3 || pages > 1000 {
				t.Fatalf("page of %d with a next cursor", len(page.Items))
			}
			before = page.NextBefore
		}
		if len(seen) != st.Matches {
			t.Fatalf("history has %d rows, statistics count %d matches", len(seen), st.Matches)
		}
		if r := b.do("GET", fmt.Sprintf("/api/players/%d/history?from=2026-02-31x", me.ID), nil, "Accept-Language", "en"); r.code != 422 {
			t.Fatalf("bad date: %d %s", r.code, r.body)
		}
		r = b.do("GET", fmt.Sprintf("/api/players/%d/history?from=2026-05-02&to=2026-05-01", me.ID), nil, "Accept-Language", "en")
		if r.code != 422 || r.problem(t).Code != "validation.failed" {
			t.Fatalf("inverted period: %d %s", r.code, r.body)
		}
		if r := b.do("GET", "/api/players/99999999/stats", nil); r.code != 404 || r.problem(t).Code != "player.not_found" {
			t.Fatalf("unknown player: %d %s", r.code, r.body)
		}
	})
}
