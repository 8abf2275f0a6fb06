package service_test

import (
	"context"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// ratedMove is rated with the winner's and loser's positions before and after the match.
func ratedMove(t *testing.T, w ladderWorld, at time.Time, winner, loser service.Current, wb, wa, lb, la int) {
	t.Helper()
	*w.now = at
	err := w.db.Tx(context.Background(), func(tx *store.Tx) error {
		var matchID int64
		err := tx.GetContext(context.Background(), &matchID, tx.Rebind(`INSERT INTO matches (tournament_id, player1_id,
			player2_id, state, score, winner_id, loser_id, validated_at, created_at, updated_at)
			VALUES (?, ?, ?, 'completed', '6-3 6-3', ?, ?, ?, ?, ?) RETURNING id`),
			w.id, winner.User.ID, loser.User.ID, winner.User.ID, loser.User.ID, at, at, at)
		if err != nil {
			return err
		}
		_, err = w.db.RecordStats(context.Background(), tx, store.RatedMatch{MatchID: matchID, TournamentID: w.id,
			Winner: winner.User.ID, Loser: loser.User.ID, Score: "6-3 6-3",
			Change: store.ResultChange{WinnerBefore: wb, WinnerAfter: wa, LoserBefore: lb, LoserAfter: la, WinnerPoints: 3}})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func weekIDs(rows []store.WeekRow) []int64 {
	out := []int64{}
	for _, r := range rows {
		out = append(out, r.UserID)
	}
	return out
}

// Top of the week counts the reader's own week (Monday to Monday in their time zone): the same
// matches fall in or out of it in Lisbon, Madrid and Bogotá. Hidden players are left out for
// others.
func TestTopOfWeek(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 4, nil)
		p0, p1, p2, p3 := w.players[0], w.players[1], w.players[2], w.players[3]
		utc := func(s string) time.Time {
			at, err := time.Parse(time.DateTime, s)
			if err != nil {
				t.Fatal(err)
			}
			return at
		}
		// Sunday 15 23:30 UTC is Monday 00:30 in Madrid; Monday 16 02:00 UTC is still Sunday in
		// Bogotá (UTC-5), whose week starts on Monday 16 05:00 UTC.
		ratedMove(t, w, utc("2026-11-15 23:30:00"), p0, p1, 3, 1, 1, 2)
		ratedMove(t, w, utc("2026-11-16 02:00:00"), p2, p3, 4, 2, 2, 3)
		ratedMove(t, w, utc("2026-11-17 10:00:00"), p2, p0, 2, 1, 1, 2)
		*w.now = utc("2026-11-18 12:00:00")
		week := func(cur service.Current) service.WeekView {
			t.Helper()
			v, err := w.svc.TopOfWeek(ctx, cur)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		visitor := service.Current{}
		madrid, bogota := p1, p3
		madrid.User.Timezone, bogota.User.Timezone = "Europe/Madrid", "America/Bogota"
		cases := []struct {
			name         string
			cur          service.Current
			from         string
			wins, climbs []int64
			climb2       int
		}{
			// Lisbon: matches 2 and 3. p2 gained 2 + 1 places; p0 only lost one.
			{"lisbon", visitor, "2026-11-16 00:00:00", []int64{p2.User.ID}, []int64{p2.User.ID}, 3},
			// Madrid: all three. p0 gained 2 then lost 1.
			{"madrid", madrid, "2026-11-15 23:00:00", []int64{p2.User.ID, p0.User.ID}, []int64{p2.User.ID, p0.User.ID}, 3},
			// Bogotá: the third only.
			{"bogota", bogota, "2026-11-16 05:00:00", []int64{p2.User.ID}, []int64{p2.User.ID}, 1},
		}
		for _, c := range cases {
			v := week(c.cur)
			if !v.From.Equal(utc(c.from)) || !v.To.Equal(utc(c.from).AddDate(0, 0, 7)) {
				t.Fatalf("%s: week %v – %v, want from %s", c.name, v.From, v.To, c.from)
			}
			if got := weekIDs(v.Wins); !sameIDs(got, c.wins) {
				t.Fatalf("%s: wins %v, want %v", c.name, got, c.wins)
			}
			if got := weekIDs(v.Climbs); !sameIDs(got, c.climbs) {
				t.Fatalf("%s: climbs %v, want %v", c.name, got, c.climbs)
			}
			if v.Climbs[0].Climb != c.climb2 || v.Wins[0].Wins != 2 && c.name != "bogota" {
				t.Fatalf("%s: climb %d wins %d", c.name, v.Climbs[0].Climb, v.Wins[0].Wins)
			}
		}
		if _, err := db.W.ExecContext(ctx, db.W.Rebind(`UPDATE users SET hidden = ? WHERE id = ?`), true, p2.User.ID); err != nil {
			t.Fatal(err)
		}
		if got := weekIDs(week(madrid).Wins); !sameIDs(got, []int64{p0.User.ID}) {
			t.Fatalf("hidden p2 shows to others: %v", got)
		}
		super, hid := w.super, p2
		super.User.Timezone, hid.User.Timezone = "Europe/Madrid", "Europe/Madrid"
		if got := weekIDs(week(super).Wins); len(got) != 2 {
			t.Fatalf("a super admin sees %v", got)
		}
		if got := weekIDs(week(hid).Wins); len(got) != 2 || got[0] != p2.User.ID {
			t.Fatalf("a hidden player sees themselves: %v", got)
		}
	})
}

// Tournament leaders: the first three of every active tournament the reader may see its
// standings, paged by name; a private one shows to its creator and admins only.
func TestTournamentLeaders(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 4, nil)
		owner := w.players[3]
		in := tournamentInput("Zebra privada")
		in.Privacy = "private"
		priv, err := w.svc.CreateTournament(ctx, owner, in)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.DecideTournament(ctx, w.super, priv.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		names := func(cur service.Current, offset, limit int) ([]string, bool) {
			t.Helper()
			ls, more, err := w.svc.Leaders(ctx, cur, offset, limit)
			if err != nil {
				t.Fatal(err)
			}
			out := []string{}
			for _, l := range ls {
				out = append(out, l.Tournament.Name)
				if l.Tournament.ID == w.id {
					if len(l.Top) != 3 || l.Top[0].Position != 1 || l.Top[2].Position != 3 {
						t.Fatalf("top of %s: %+v", l.Tournament.Name, l.Top)
					}
				}
			}
			return out, more
		}
		if got, more := names(service.Current{}, 0, 10); len(got) != 1 || got[0] != "Ladder de Teste" || more {
			t.Fatalf("visitor sees %v (more %v)", got, more)
		}
		if got, _ := names(w.players[0], 0, 10); len(got) != 1 {
			t.Fatalf("a player outside the private tournament sees %v", got)
		}
		if got, _ := names(owner, 0, 10); len(got) != 2 {
			t.Fatalf("its creator sees %v", got)
		}
		first, more := names(w.super, 0, 1)
		second, more2 := names(w.super, 1, 1)
		if len(first) != 1 || !more || len(second) != 1 || more2 || first[0] != "Ladder de Teste" || second[0] != "Zebra privada" {
			t.Fatalf("pages %v (%v) %v (%v)", first, more, second, more2)
		}
	})
}

// Compare: up to four players (a fifth is compare.too_many), in the order asked, with their
// head-to-head; a hidden player is "Player not found" to others.
func TestCompare(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 5, nil)
		p := w.players
		at := time.Date(2026, 11, 10, 10, 0, 0, 0, time.UTC)
		ratedMove(t, w, at, p[0], p[1], 2, 1, 1, 2)
		ratedMove(t, w, at.Add(time.Hour), p[0], p[1], 2, 1, 1, 2)
		ratedMove(t, w, at.Add(2*time.Hour), p[2], p[0], 3, 1, 1, 2)
		ratedMove(t, w, at.Add(3*time.Hour), p[3], p[4], 5, 4, 4, 5)
		*w.now = at.Add(24 * time.Hour)
		ids := []int64{p[2].User.ID, p[0].User.ID, p[1].User.ID, p[3].User.ID}
		v, err := w.svc.Compare(ctx, p[4], append(ids, ids[0])) // a repeat counts once
		if err != nil {
			t.Fatal(err)
		}
		if len(v.Players) != 4 || v.Players[0].User.ID != p[2].User.ID || v.Players[1].Stats.Wins != 2 || v.Players[1].Stats.Losses != 1 {
			t.Fatalf("players %+v", v.Players)
		}
		if len(v.Players[1].Series) != 3 || v.Players[1].Change() == 0 {
			t.Fatalf("p0's trend %+v", v.Players[1].Series)
		}
		h2h := map[[2]int64][2]int{}
		for _, h := range v.H2H {
			h2h[[2]int64{h.UserID, h.OpponentID}] = [2]int{h.Wins, h.Matches}
		}
		want := map[[2]int64][2]int{
			{p[0].User.ID, p[1].User.ID}: {2, 2}, {p[1].User.ID, p[0].User.ID}: {0, 2},
			{p[2].User.ID, p[0].User.ID}: {1, 1}, {p[0].User.ID, p[2].User.ID}: {0, 1},
		}
		if len(h2h) != len(want) {
			t.Fatalf("head-to-head %v, want %v", h2h, want)
		}
		for k, x := range want {
			if h2h[k] != x {
				t.Fatalf("head-to-head %v: %v, want %v", k, h2h[k], x)
			}
		}
		_, err = w.svc.Compare(ctx, p[0], append(ids, p[4].User.ID))
		if e, ok := service.AsError(err); !ok || e.Kind != service.KindInvalid || e.Code != "compare.too_many" {
			t.Fatalf("five players: %v", err)
		}
		if _, err := w.svc.Compare(ctx, p[0], nil); err == nil {
			t.Fatal("no player accepted")
		}
		if _, err := db.W.ExecContext(ctx, db.W.Rebind(`UPDATE users SET hidden = ? WHERE id = ?`), true, p[3].User.ID); err != nil {
			t.Fatal(err)
		}
		_, err = w.svc.Compare(ctx, p[0], ids)
		if e, ok := service.AsError(err); !ok || e.Kind != service.KindNotFound || e.Code != "player.not_found" {
			t.Fatalf("hidden player: %v", err)
		}
		for _, cur := range []service.Current{w.super, p[3]} {
			if _, err := w.svc.Compare(ctx, cur, ids); err != nil {
				t.Fatalf("%s: %v", cur.User.Email, err)
			}
		}
	})
}
