package service_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// A visitor's tournament page kept by one instance follows every change made through another
// (or straight in the database): the tournament's and its club's columns, the creator's account,
// the players' count, referees arriving, renamed and leaving; and equals the page read afresh
// each time.
func TestVisitorTournamentPageFollowsChangesAcrossInstances(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 2, nil)
		b := service.New(db, service.Options{})
		visitor := service.Current{}
		render := func(d service.TournamentDetail) ([]byte, error) { return json.Marshal(d) }
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.W.ExecContext(ctx, db.W.Rebind(q), args...); err != nil {
				t.Fatal(err)
			}
		}
		// read is B's answer to a visitor, checked against a fresh read by an instance that keeps
		// nothing yet; kept says whether it came from the kept pages.
		read := func(kept bool) service.TournamentDetail {
			t.Helper()
			d, body, err := b.TournamentKept(ctx, visitor, w.id, render)
			if err != nil || (body != nil) != kept {
				t.Fatalf("page: %v (kept %v, want %v)", err, body != nil, kept)
			}
			fresh, err := service.New(db, service.Options{}).Tournament(ctx, visitor, w.id)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := render(fresh)
			if got, _ := render(d); string(got) != string(want) || (body != nil && string(body) != string(want)) {
				t.Fatalf("page differs from a fresh read:\n%s\nwant\n%s", got, want)
			}
			return d
		}

		if d := read(true); d.Tournament.Players != 2 || d.Creator == nil || d.JoinMode == "" {
			t.Fatalf("first read: %+v", d)
		}
		read(true)
		exec(`UPDATE tournaments SET name = ? WHERE id = ?`, "Ladder Renomeada", w.id)
		if d := read(true); d.Tournament.Name != "Ladder Renomeada" {
			t.Fatalf("rename not seen: %q", d.Tournament.Name)
		}
		exec(`UPDATE users SET first_name = ? WHERE id = ?`, "Criadora", w.creator.User.ID)
		if d := read(true); d.Creator.FirstName != "Criadora" {
			t.Fatalf("creator's new name not seen: %q", d.Creator.FirstName)
		}
		// A new photo moves no list's version: the creator's account version says it.
		exec(`UPDATE users SET photo_etag = ? WHERE id = ?`, "f0t0", w.creator.User.ID)
		if d := read(true); d.Creator.PhotoETag != "f0t0" {
			t.Fatalf("creator's new photo not seen: %q", d.Creator.PhotoETag)
		}
		p := newAccount(t, db, w.svc, "p3@example.pt", "player")
		if _, err := w.svc.JoinTournament(ctx, p, w.id); err != nil {
			t.Fatal(err)
		}
		if d := read(true); d.Tournament.Players != 3 {
			t.Fatalf("players: %d, want 3", d.Tournament.Players)
		}
		// Referees: their set and their accounts' versions are in the stamp, so pages with referees
		// are kept too and follow a referee's arrival, new name and departure.
		exec(`UPDATE tournament_players SET role = 'referee' WHERE tournament_id = ? AND user_id = ?`, w.id, p.User.ID)
		if d := read(true); len(d.Referees) != 1 {
			t.Fatalf("referees: %d, want 1", len(d.Referees))
		}
		read(true)
		exec(`UPDATE users SET first_name = ? WHERE id = ?`, "Árbitra", p.User.ID)
		if d := read(true); len(d.Referees) != 1 || d.Referees[0].FirstName != "Árbitra" {
			t.Fatalf("referee's new name not seen: %+v", d.Referees)
		}
		exec(`UPDATE tournament_players SET role = 'referee' WHERE tournament_id = ? AND user_id = ?`, w.id, w.players[1].User.ID)
		if d := read(true); len(d.Referees) != 2 {
			t.Fatalf("referees: %d, want 2", len(d.Referees))
		}
		// Back to the one referee of before: the page kept then is right again, and served.
		exec(`UPDATE tournament_players SET role = 'player' WHERE tournament_id = ? AND user_id = ?`, w.id, w.players[1].User.ID)
		if d := read(true); len(d.Referees) != 1 {
			t.Fatalf("referees: %d, want 1", len(d.Referees))
		}
		exec(`UPDATE tournament_players SET role = 'player' WHERE tournament_id = ? AND user_id = ?`, w.id, p.User.ID)
		if d := read(true); len(d.Referees) != 0 {
			t.Fatalf("referees: %d, want 0", len(d.Referees))
		}
		// Signed-in readers' pages carry their relation: never kept.
		if _, body, err := b.TournamentKept(ctx, w.players[0], w.id, render); err != nil || body != nil {
			t.Fatalf("signed in: %v (kept %v)", err, body != nil)
		}
		if _, _, err := b.TournamentKept(ctx, visitor, w.id+1000, render); code(err) != "tournament.not_found" {
			t.Fatalf("missing tournament: %v", err)
		}
	})
}
