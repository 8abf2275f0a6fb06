package service_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The leaderboard pages kept in memory (LeaderboardEncoded) follow every change a page shows: a
// validation, a hidden player, a new name; and are read once per version otherwise.
func TestLeaderboardPagesFollowTheData(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 3, nil)
		p0, p1, p2 := w.players[0], w.players[1], w.players[2]
		at, err := time.Parse(time.DateTime, "2026-11-16 10:00:00") // a Monday, Lisbon on UTC
		if err != nil {
			t.Fatal(err)
		}
		rated(t, w, at, p0, p1, 3, 0)
		*w.now = at.Add(2 * time.Hour)
		render := func(v service.LeaderboardView) ([]byte, error) {
			var b strings.Builder
			for _, r := range v.Rows {
				fmt.Fprintf(&b, "%d %s %d|", r.Position, service.DisplayName(r.User), r.Points)
			}
			return []byte(b.String()), nil
		}
		page := func(cur service.Current, period string) (string, service.LeaderboardView) {
			t.Helper()
			v, body, err := w.svc.LeaderboardEncoded(ctx, cur, period, 0, 20, render)
			if err != nil {
				t.Fatal(err)
			}
			if body == nil {
				t.Fatalf("%s: not a shared page", period)
			}
			return string(body), v
		}
		name := func(c service.Current) string { return service.DisplayName(c.User) }
		// p2 signed in: each call is a new request whose rankings' version is read with the
		// session's stamp (AuthenticateFor, as GET /api/leaderboards does).
		_, token, err := w.svc.SignIn(ctx, service.Identity{Issuer: "test", Subject: "p2", Email: p2.User.Email, EmailVerified: true},
			"ua", "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		p2Request := func() service.Current {
			t.Helper()
			cur, err := w.svc.AuthenticateFor(ctx, token, store.StampHint{Leaderboard: true})
			if err != nil || cur.User.ID != p2.User.ID {
				t.Fatalf("authenticate p2: %v", err)
			}
			return cur
		}
		for _, period := range []string{service.PeriodAll, service.PeriodWeek} {
			page(p2Request(), period) // kept under the version read with the session
		}
		for _, period := range []string{service.PeriodAll, service.PeriodWeek} {
			want := fmt.Sprintf("1 %s 3|2 %s 0|", name(p0), name(p1))
			if got, _ := page(service.Current{}, period); got != want {
				t.Fatalf("%s: %q, want %q", period, got, want)
			}
			// Kept: a second reader of the same ranking reads no page; their own row is theirs.
			reads := w.svc.LeaderPageReads()
			got, v := page(p1, period)
			if got != want || v.Me == nil || v.Me.UserID != p1.User.ID || v.Me.Position != 2 {
				t.Fatalf("%s for p1: %q %+v", period, got, v.Me)
			}
			if n := w.svc.LeaderPageReads() - reads; n != 0 {
				t.Fatalf("%s: %d page reads for a kept page", period, n)
			}
		}

		for _, period := range []string{service.PeriodAll, service.PeriodWeek} {
			page(p2Request(), period) // the kept pages are now p2's request's
		}
		// A validation.
		rated(t, w, at.Add(time.Hour), p2, p0, 5, 0)
		*w.now = at.Add(2 * time.Hour)
		for _, period := range []string{service.PeriodAll, service.PeriodWeek} {
			want := fmt.Sprintf("1 %s 5|2 %s 3|3 %s 0|", name(p2), name(p0), name(p1))
			// p2 first: the kept page is still the one read under the version of p2's last request.
			if got, v := page(p2Request(), period); got != want || v.Me == nil || v.Me.Position != 1 {
				t.Fatalf("%s after a validation, p2 with the version read with the session: %q %+v, want %q", period, got, v.Me, want)
			}
			if got, _ := page(service.Current{}, period); got != want {
				t.Fatalf("%s after a validation: %q, want %q", period, got, want)
			}
		}

		// The reader's row from the kept keys is the row the database gives.
		for _, cur := range []service.Current{p0, p1, p2, w.creator, w.super} {
			for _, period := range []string{service.PeriodAll, service.PeriodWeek, service.PeriodMonth} {
				_, got := page(cur, period)
				want, err := w.svc.Leaderboard(ctx, cur, period, 0, 20)
				if err != nil {
					t.Fatal(err)
				}
				if (got.Me == nil) != (want.Me == nil) {
					t.Fatalf("%s me %+v, want %+v", period, got.Me, want.Me)
				}
				if g, w := got.Me, want.Me; g != nil && (g.Position != w.Position || g.UserID != w.UserID || g.Points != w.Points ||
					g.Wins != w.Wins || g.Losses != w.Losses || g.Matches != w.Matches || g.Rating != w.Rating || g.RD != w.RD ||
					g.Sigma != w.Sigma || service.DisplayName(g.User) != service.DisplayName(w.User)) {
					t.Fatalf("%s me %+v, want %+v", period, g, w)
				}
			}
		}

		// A hidden player: left out for others.
		if _, err := db.W.ExecContext(ctx, db.W.Rebind(`UPDATE users SET hidden = ? WHERE id = ?`), true, p0.User.ID); err != nil {
			t.Fatal(err)
		}
		for _, period := range []string{service.PeriodAll, service.PeriodWeek} {
			want := fmt.Sprintf("1 %s 5|2 %s 0|", name(p2), name(p1))
			if got, _ := page(p1, period); got != want {
				t.Fatalf("%s after a hide: %q, want %q", period, got, want)
			}
		}
		// ... but the hidden player sees their own row among the others (a page of their own).
		hidden := p0
		hidden.User.Hidden = true
		v, body, err := w.svc.LeaderboardEncoded(ctx, hidden, service.PeriodAll, 0, 20, render)
		if err != nil || body != nil || len(v.Rows) != 3 || v.Me == nil || v.Me.Position != 2 {
			t.Fatalf("the hidden player's view: %v %q %d %+v", err, body, len(v.Rows), v.Me)
		}

		// A new name.
		if _, err := db.W.ExecContext(ctx, db.W.Rebind(`UPDATE users SET first_name = ?, last_name = ? WHERE id = ?`),
			"Zélia", "Renomeada", p1.User.ID); err != nil {
			t.Fatal(err)
		}
		for _, period := range []string{service.PeriodAll, service.PeriodWeek} {
			want := fmt.Sprintf("1 %s 5|2 Zélia Renomeada 0|", name(p2))
			if got, _ := page(p2Request(), period); got != want {
				t.Fatalf("%s after a rename, p2 with the version read with the session: %q, want %q", period, got, want)
			}
			if got, _ := page(service.Current{}, period); got != want {
				t.Fatalf("%s after a rename: %q, want %q", period, got, want)
			}
		}
	})
}
