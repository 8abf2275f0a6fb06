package httpapi

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The comparison API: more than four ids is a translated 422 compare.too_many (SPEC §5's
// text), bad ids a 422, an unknown or hidden player 404; leaders and the week answer visitors.
func TestCompareAPI(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		l := newLive(t, db, nil)
		b := l.browser()
		me := b.signIn("player@ladder.test")
		five := fmt.Sprintf("%d,%d,%d,%d,%d", me.ID, me.ID+1000, me.ID+1001, me.ID+1002, me.ID+1003)
		for lang, want := range map[string]string{"pt": "Máximo de 4 jogadores para comparação", "en": "Maximum of 4 players for comparison"} {
			r := b.do("GET", "/api/leaderboards/compare?ids="+five, nil, "Accept-Language", lang)
			if r.code != 422 || r.problem(t).Code != "compare.too_many" || r.problem(t).Message != want {
				t.Fatalf("%s: five ids %d %s", lang, r.code, r.body)
			}
		}
		if r := b.do("GET", "/api/leaderboards/compare?ids=1,x", nil, "Accept-Language", "en"); r.code != 422 {
			t.Fatalf("bad id: %d %s", r.code, r.body)
		}
		if r := b.do("GET", "/api/leaderboards/compare?ids=", nil, "Accept-Language", "en"); r.code != 422 {
			t.Fatalf("no id: %d %s", r.code, r.body)
		}
		if r := b.do("GET", "/api/leaderboards/compare?ids=99999999", nil); r.code != 404 || r.problem(t).Code != "player.not_found" {
			t.Fatalf("unknown player: %d %s", r.code, r.body)
		}
		r := b.do("GET", fmt.Sprintf("/api/leaderboards/compare?ids=%d", me.ID), nil)
		if r.code != 200 || !strings.Contains(r.body, `"head_to_head":[]`) {
			t.Fatalf("compare me: %d %s", r.code, r.body)
		}
		vb := l.browser()
		for _, path := range []string{"/api/leaderboards/leaders", "/api/leaderboards/week"} {
			if r := vb.do("GET", path, nil); r.code != 200 {
				t.Fatalf("%s: %d %s", path, r.code, r.body)
			}
		}
	})
}
