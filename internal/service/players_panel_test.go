package service_test

import (
	"context"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The players panel: statistics from validated matches only, every sort, accent-blind search,
// club filter, pages without overlap, super admins only.
func TestPlayersPanel(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 4, nil)
		p := w.players
		// p1 beats p2 twice (validated), p3 beats p4 once (validated), p2 reports a win over p4
		// that is never validated: it counts for nobody.
		for _, pair := range [][2]service.Current{{p[0], p[1]}, {p[0], p[1]}, {p[2], p[3]}} {
			m := playedMatch(t, w, pair[0], pair[1], pair[0])
			if _, err := w.svc.ValidateResult(ctx, w.super, m.ID, true, ""); err != nil {
				t.Fatal(err)
			}
		}
		playedMatch(t, w, p[1], p[3], p[1])
		names := map[int64]string{p[0].User.ID: "Mário", p[1].User.ID: "Zé", p[2].User.ID: "Ângela", p[3].User.ID: "Bruno"}
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			for _, cur := range p {
				u := cur.User
				u.FirstName = names[u.ID]
				if err := db.UpdateProfile(ctx, tx, &u); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		club := validatedClub(t, w.svc, p[2], w.super, "Clube do Panel")
		ids := func(q store.PanelQuery) []int64 {
			t.Helper()
			rows, _, err := w.svc.PlayersPanel(ctx, w.super.Actor, q)
			if err != nil {
				t.Fatal(err)
			}
			out := []int64{}
			for _, r := range rows {
				out = append(out, r.User.ID)
			}
			return out
		}
		id := func(i int) int64 { return p[i].User.ID }

		rows, total, err := w.svc.PlayersPanel(ctx, w.super.Actor, store.PanelQuery{Search: "mario"})
		if err != nil || total != 1 || len(rows) != 1 || rows[0].User.ID != id(0) {
			t.Fatalf("search mario: %d %+v %v", total, rows, err)
		}
		if r := rows[0]; r.Wins != 2 || r.Losses != 0 || r.WinRatePermil != 1000 || r.Tournaments != 1 || r.BestPosition != 1 || r.Points <= 0 {
			t.Fatalf("stats of the winner: %+v", r)
		}
		// One source of truth: the panel shows the statistics page's figures.
		if st, r := statsOf(t, db, id(0)), rows[0]; r.Matches != st.Matches || r.Wins != st.Wins || r.Losses != st.Losses ||
			r.Points != st.Points || r.BestPosition != st.BestPosition {
			t.Fatalf("panel %+v differs from player_stats %+v", r, st)
		}
		if got := ids(store.PanelQuery{Search: "ANGELA"}); len(got) != 1 || got[0] != id(2) {
			t.Fatalf("accent-blind search: %v", got)
		}
		if got := ids(store.PanelQuery{ClubID: club.ID}); len(got) != 1 || got[0] != id(2) {
			t.Fatalf("club filter: %v", got)
		}
		// Sorts: wins and win rate put p1 first; matches puts p1 and p2 (2 each) before p3 and p4;
		// the unvalidated report counts for nobody; name ascending by the names set.
		if got := ids(store.PanelQuery{Sort: "wins", Desc: true, Limit: 2}); got[0] != id(0) || got[1] != id(2) {
			t.Fatalf("by wins: %v", got)
		}
		if got := ids(store.PanelQuery{Sort: "win_rate", Desc: true, Limit: 2}); got[0] != id(0) || got[1] != id(2) {
			t.Fatalf("by win rate: %v", got)
		}
		if got := ids(store.PanelQuery{Sort: "matches", Desc: true, Limit: 2}); got[0] != id(0) || got[1] != id(1) {
			t.Fatalf("by matches: %v", got)
		}
		if got := ids(store.PanelQuery{Sort: "points", Desc: true, Limit: 1}); got[0] != id(0) {
			t.Fatalf("by points: %v", got)
		}
		// Ângela, Bruno, Mário, Test (creator, super admin), Zé: accents ignored.
		byName := ids(store.PanelQuery{Sort: "name", Limit: 100})
		if len(byName) != 6 || byName[0] != id(2) || byName[1] != id(3) || byName[2] != id(0) || byName[5] != id(1) {
			t.Fatalf("by name: %v", byName)
		}
		// Pages: every account once, in order, with the total.
		all := ids(store.PanelQuery{Sort: "wins", Desc: true, Limit: 100})
		var paged []int64
		for off := 0; off < len(all); off += 2 {
			paged = append(paged, ids(store.PanelQuery{Sort: "wins", Desc: true, Offset: off, Limit: 2})...)
		}
		if len(all) != 6 || len(paged) != len(all) {
			t.Fatalf("pages: %v vs %v", paged, all)
		}
		for i := range all {
			if all[i] != paged[i] {
				t.Fatalf("pages: %v vs %v", paged, all)
			}
		}
		if _, _, err := w.svc.PlayersPanel(ctx, w.super.Actor, store.PanelQuery{Sort: "age"}); code(err) != "sort:validation.one_of" {
			t.Fatalf("bad sort: %v", err)
		}
		if _, _, err := w.svc.PlayersPanel(ctx, p[0].Actor, store.PanelQuery{}); code(err) != "http.forbidden" {
			t.Fatalf("a player read the panel: %v", err)
		}
	})
}
