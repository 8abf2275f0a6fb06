package service_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/tennisladder/ladder/internal/rating"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// A player page's stamp read with the session's (AuthenticateFor, one statement) is the stamp
// PlayerPageStampOf reads, the pages served through it follow changes made between requests as
// the separate read does, and a missing or hidden player is 'Player not found' through it too.
func TestPageStampReadWithTheSession(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 2, nil)
		a, b := w.players[0], w.players[1]
		m := playedMatch(t, w, a, b, a)
		if _, err := w.svc.ValidateResult(ctx, w.creator, m.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		_, token, err := w.svc.SignIn(ctx, service.Identity{Issuer: "test", Subject: "reader", Email: "reader@example.pt",
			EmailVerified: true, Name: "Rui Leitor"}, "ua", "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256([]byte(token)) // the stored token hash (sessions.go)
		hash := hex.EncodeToString(sum[:])
		for _, id := range []int64{a.User.ID, b.User.ID, w.creator.User.ID} {
			want, err := db.PlayerPageStampOf(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			plain, err := db.SessionStampByTokenHash(ctx, hash, *w.now)
			if err != nil {
				t.Fatal(err)
			}
			st, hs, err := db.SessionStampWith(ctx, hash, *w.now, store.StampHint{PagePlayer: id})
			// A page's statement leaves the search's versions out, and says so.
			plain.ListVersion, plain.ChallengeVersion, plain.NoSearch = 0, 0, true
			if err != nil || !hs.PageFound || hs.Page != want || st != plain {
				t.Fatalf("player %d: stamp %+v found %v (%v), want %+v; session %+v, want %+v", id, hs.Page, hs.PageFound, err, want, st, plain)
			}
			// The reader never played: a newcomer's rating, as RatingOf says.
			if me, err := w.svc.RatingOf(ctx, st.UserID); err != nil || hs.Reader != me || me != rating.New() {
				t.Fatalf("reader's rating %+v, want %+v (%v)", hs.Reader, me, err)
			}
		}
		if _, hs, err := db.SessionStampWith(ctx, hash, *w.now, store.StampHint{PagePlayer: 1 << 40}); err != nil || hs.PageFound {
			t.Fatalf("missing player: found %v, %v", hs.PageFound, err)
		}
		// One kind of stamp per statement: what was read says which, and nothing else is taken.
		both := store.StampHint{PagePlayer: a.User.ID, RecentNotifications: 20, Leaderboard: true}
		if _, hs, err := db.SessionStampWith(ctx, hash, *w.now, both); err != nil || hs.Read != (store.StampHint{PagePlayer: a.User.ID}) {
			t.Fatalf("a hint of three: read %+v (%v)", hs.Read, err)
		}
		// The session's stamp alone: the same session, the search's versions left out and said so.
		plain, err := db.SessionStampByTokenHash(ctx, hash, *w.now)
		if err != nil {
			t.Fatal(err)
		}
		plain.ListVersion, plain.ChallengeVersion, plain.NoSearch = 0, 0, true
		if st, hs, err := db.SessionStampWith(ctx, hash, *w.now, store.StampHint{SessionOnly: true}); err != nil || st != plain || hs.Read != (store.StampHint{SessionOnly: true}) {
			t.Fatalf("session only: %+v read %+v (%v), want %+v", st, hs.Read, err, plain)
		}
		for _, hint := range []store.StampHint{{}, {PagePlayer: a.User.ID}, {RecentNotifications: 20}, {Leaderboard: true}, {SessionOnly: true}} {
			if _, _, err := db.SessionStampWith(ctx, "no such token", *w.now, hint); err != store.ErrNotFound {
				t.Fatalf("unknown session, hint %+v: %v", hint, err)
			}
		}

		// Each request is a new AuthenticateFor; the page follows a rename made in between.
		render := func(v service.PlayerStatsView) (any, error) { return v, nil }
		read := func(id int64) (service.PlayerStatsView, error) {
			t.Helper()
			cur, err := w.svc.AuthenticateFor(ctx, token, store.StampHint{PagePlayer: id})
			if err != nil || !cur.Actor.SignedIn() {
				t.Fatalf("authenticate: %v", err)
			}
			v, _, err := w.svc.PlayerStatisticsKept(ctx, cur, id, render)
			return v, err
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.W.ExecContext(ctx, db.W.Rebind(q), args...); err != nil {
				t.Fatal(err)
			}
		}
		stats, err := db.PlayerStatsOf(ctx, nil, a.User.ID)
		if err != nil {
			t.Fatal(err)
		}
		if v, err := read(a.User.ID); err != nil || v.WinProbability == nil || *v.WinProbability != rating.WinProbability(rating.New(), stats.Glicko()) {
			t.Fatalf("statistics: %v", err)
		}
		// The reader's own rating, read with the session's statement, is the one the chance uses.
		reader, err := db.SessionStampByTokenHash(ctx, hash, *w.now)
		if err != nil {
			t.Fatal(err)
		}
		exec(`INSERT INTO player_stats (user_id, rating, rd, sigma, updated_at) VALUES (?, ?, ?, ?, ?)`, reader.UserID, 1812.5, 61.0, 0.058, *w.now)
		mine := rating.Rating{R: 1812.5, RD: 61, Sigma: 0.058}
		if _, hs, err := db.SessionStampWith(ctx, hash, *w.now, store.StampHint{PagePlayer: a.User.ID}); err != nil || hs.Reader != mine {
			t.Fatalf("rated reader: %+v (%v)", hs.Reader, err)
		}
		// Their own page shows no chance: the rating is not read.
		if _, hs, err := db.SessionStampWith(ctx, hash, *w.now, store.StampHint{PagePlayer: reader.UserID}); err != nil || !hs.PageFound || hs.Reader != rating.New() {
			t.Fatalf("reader's own page: %+v found %v (%v)", hs.Reader, hs.PageFound, err)
		}
		if v, err := read(a.User.ID); err != nil || v.WinProbability == nil || *v.WinProbability != rating.WinProbability(mine, stats.Glicko()) {
			t.Fatalf("statistics for a rated reader: %v", err)
		}
		exec(`UPDATE tournaments SET name = ? WHERE id = ?`, "Escada Nova", w.id)
		if v, err := read(a.User.ID); err != nil || v.Tournaments[0].Name != "Escada Nova" {
			t.Fatalf("after the rename: %v %+v", err, v.Tournaments)
		}
		if _, err := read(1 << 40); code(err) != "player.not_found" {
			t.Fatalf("missing player: %v", err)
		}
		exec(`UPDATE users SET hidden = ? WHERE id = ?`, true, a.User.ID)
		if _, err := read(a.User.ID); code(err) != "player.not_found" {
			t.Fatalf("hidden player: %v", err)
		}
		cur, err := w.svc.AuthenticateFor(ctx, token, store.StampHint{PagePlayer: a.User.ID})
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := w.svc.PlayerHistoryKept(ctx, cur, a.User.ID, service.HistoryInput{Limit: service.KeptHistoryLimit},
			func(rows []store.HistoryRow) (any, error) { return rows, nil }); code(err) != "player.not_found" {
			t.Fatalf("hidden player's history: %v", err)
		}
		// A stamp read for another player is not taken for this one.
		cur, err = w.svc.AuthenticateFor(ctx, token, store.StampHint{PagePlayer: b.User.ID})
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := w.svc.PlayerStatisticsKept(ctx, cur, a.User.ID, render); code(err) != "player.not_found" {
			t.Fatalf("hidden player through another player's stamp: %v", err)
		}
	})
}
