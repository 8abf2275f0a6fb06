package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/ladder"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The players of each tournament and members of each club are kept as counts by triggers
// (migration 00013); whatever changes the rows — joins, requests, pauses, role changes,
// removals, a deleted account's cascade — the counts equal a fresh count, on both databases.
func TestKeptCountsMatchRows(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		// Two small ladders and a club with members (the demo seed is too slow under -race).
		for _, name := range []string{"Ladder A", "Ladder B"} {
			newTournament(t, db, name, "points", ladder.Presets["standard"], 6)
		}
		err := db.Tx(ctx, func(tx *store.Tx) error {
			c := store.Club{Name: "Clube", Surfaces: "[]", Facilities: "[]", Status: "validated", ExpiresAt: time.Now().Add(time.Hour)}
			if err := db.InsertClub(ctx, tx, &c); err != nil {
				return err
			}
			var ids []int64
			if err := tx.SelectContext(ctx, &ids, `SELECT id FROM users ORDER BY id`); err != nil {
				return err
			}
			for _, id := range ids[:4] {
				if _, err := db.AddClubMember(ctx, tx, c.ID, id, "member"); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		check := func(when string) {
			t.Helper()
			var wrong []string
			if err := db.R.SelectContext(ctx, &wrong, `SELECT t.name FROM tournaments t WHERE t.player_count <> (SELECT COUNT(*)
				FROM tournament_players p WHERE p.tournament_id = t.id AND p.role = 'player' AND p.status <> 'requested')
				UNION ALL SELECT c.name FROM clubs c WHERE c.member_count <> (SELECT COUNT(*) FROM club_members m WHERE m.club_id = c.id)`); err != nil {
				t.Fatal(err)
			}
			if len(wrong) > 0 {
				t.Fatalf("%s: counts differ from the rows for %v", when, wrong)
			}
			var players, members int
			if err := db.R.GetContext(ctx, &players, `SELECT COALESCE(SUM(player_count), 0) FROM tournaments`); err != nil {
				t.Fatal(err)
			}
			if err := db.R.GetContext(ctx, &members, `SELECT COALESCE(SUM(member_count), 0) FROM clubs`); err != nil {
				t.Fatal(err)
			}
			if players == 0 || members == 0 {
				t.Fatalf("%s: %d players, %d members: nothing counted", when, players, members)
			}
		}
		check("after joins")

		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.W.ExecContext(ctx, db.W.Rebind(q), args...); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		var tid int64
		if err := db.R.GetContext(ctx, &tid, `SELECT id FROM tournaments ORDER BY player_count DESC, id LIMIT 1`); err != nil {
			t.Fatal(err)
		}
		var users []int64
		if err := db.R.SelectContext(ctx, &users, db.R.Rebind(`SELECT user_id FROM tournament_players WHERE tournament_id = ?
			AND role = 'player' AND status = 'active' ORDER BY user_id LIMIT 5`), tid); err != nil || len(users) < 5 {
			t.Fatalf("players: %v %v", users, err)
		}
		exec(`UPDATE tournament_players SET status = 'requested' WHERE tournament_id = ? AND user_id = ?`, tid, users[0])
		exec(`UPDATE tournament_players SET status = 'paused', points = points + 3 WHERE tournament_id = ? AND user_id = ?`, tid, users[1])
		exec(`UPDATE tournament_players SET role = 'referee' WHERE tournament_id = ? AND user_id = ?`, tid, users[2])
		exec(`DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?`, tid, users[3])
		exec(`UPDATE tournament_players SET status = 'active' WHERE tournament_id = ? AND user_id = ?`, tid, users[0])
		check("after requests, pauses, a referee and a removal")

		var member struct {
			Club int64 `db:"club_id"`
			User int64 `db:"user_id"`
		}
		if err := db.R.GetContext(ctx, &member, `SELECT club_id, user_id FROM club_members ORDER BY club_id, user_id LIMIT 1`); err != nil {
			t.Fatal(err)
		}
		exec(`DELETE FROM club_members WHERE club_id = ? AND user_id = ?`, member.Club, member.User)
		check("after a member left")
		// A deleted account leaves every tournament and club at once (ON DELETE CASCADE).
		exec(`DELETE FROM users WHERE id = ?`, users[4])
		check("after an account was deleted")
	})
}
