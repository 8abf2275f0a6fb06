package seed_test

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func TestDemoFillsOnceOnly(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		res, err := seed.Demo(ctx, db)
		if err != nil || res.Skipped || res.ContactMessages == 0 {
			t.Fatalf("first run: %+v %v", res, err)
		}
		again, err := seed.Demo(ctx, db)
		if err != nil || !again.Skipped {
			t.Fatalf("second run should skip: %+v %v", again, err)
		}
		n, _ := db.CountContactMessages(ctx)
		if n != res.ContactMessages {
			t.Fatalf("rows %d, want %d", n, res.ContactMessages)
		}
		validated, _, _ := db.ListClubs(ctx, store.ClubFilter{Statuses: []string{"validated"}, Limit: 100})
		pending, _, _ := db.ListClubs(ctx, store.ClubFilter{Statuses: []string{"pending"}})
		rejected, _, _ := db.ListClubs(ctx, store.ClubFilter{Statuses: []string{"rejected"}})
		if len(validated) < 20 || len(pending) == 0 || len(rejected) != 1 || validated[0].Members == 0 {
			t.Fatalf("demo clubs: %d validated, %d pending, %d rejected", len(validated), len(pending), len(rejected))
		}
		// The replayed matches went through the ratings and statistics: every validated match
		// has two history rows, and the players' totals add up to them.
		var completed, history, played int
		_ = db.R.GetContext(ctx, &completed, `SELECT COUNT(*) FROM matches WHERE state = 'completed'`)
		_ = db.R.GetContext(ctx, &history, `SELECT COUNT(*) FROM rating_history`)
		_ = db.R.GetContext(ctx, &played, `SELECT COALESCE(SUM(matches), 0) FROM player_stats`)
		if completed == 0 || history != 2*completed || played != history {
			t.Fatalf("demo statistics: %d completed matches, %d history rows, %d matches in player_stats", completed, history, played)
		}
		checkDemoLinks(t, db)
		list, _ := db.ListContactMessages(ctx, 0, 10)
		if !list[0].CreatedAt.After(list[len(list)-1].CreatedAt) {
			t.Fatal("demo messages should be spread in time, newest first")
		}
	})
}

// checkDemoLinks: every demo notification opens a real object the account may see (issue 15:
// they pointed to tournaments that did not exist), and names it; every demo phone is in the one
// stored format. Called on TestDemoFillsOnceOnly's seeded database (a seed costs seconds).
func checkDemoLinks(t *testing.T, db *store.DB) {
	t.Helper()
	{
		ctx := context.Background()
		var notes []store.Notification
		if err := db.R.SelectContext(ctx, &notes, `SELECT id, user_id, type, title_key, message_key, params, action_url, is_read, created_at
			FROM notifications ORDER BY id`); err != nil {
			t.Fatal(err)
		}
		if len(notes) < 2*len(seed.DemoAccounts) {
			t.Fatalf("only %d demo notifications", len(notes))
		}
		kinds := map[string]int{}
		for _, n := range notes {
			var params map[string]any
			if err := json.Unmarshal([]byte(n.Params), &params); err != nil {
				t.Fatalf("notification %d: params %q: %v", n.ID, n.Params, err)
			}
			u, err := url.Parse(n.ActionURL)
			if err != nil {
				t.Fatalf("notification %d: link %q: %v", n.ID, n.ActionURL, err)
			}
			seg := strings.Split(strings.Trim(u.Path, "/"), "/")
			switch {
			case n.ActionURL == "/profile":
				kinds["profile"]++
			case len(seg) == 2 && seg[0] == "tournaments":
				id, _ := strconv.ParseInt(seg[1], 10, 64)
				tr, err := db.TournamentByID(ctx, nil, id)
				if err != nil {
					t.Fatalf("notification %d links to tournament %d: %v", n.ID, id, err)
				}
				if tr.Status != "active" || tr.Privacy != "public" || params["tournament"] != tr.Name {
					t.Fatalf("notification %d: tournament %d is %s %s %q, the notice names %v", n.ID, id, tr.Status, tr.Privacy, tr.Name, params["tournament"])
				}
				kinds["tournament"]++
			case u.Path == "/challenges" && u.Query().Get("match") != "":
				id, _ := strconv.ParseInt(u.Query().Get("match"), 10, 64)
				var m struct {
					P1    int64  `db:"player1_id"`
					P2    int64  `db:"player2_id"`
					State string `db:"state"`
					Score string `db:"score"`
				}
				if err := db.R.GetContext(ctx, &m, db.R.Rebind(`SELECT player1_id, player2_id, state, score FROM matches WHERE id = ?`), id); err != nil {
					t.Fatalf("notification %d links to match %d: %v", n.ID, id, err)
				}
				if (m.P1 != n.UserID && m.P2 != n.UserID) || m.State != "completed" || params["score"] != m.Score {
					t.Fatalf("notification %d of user %d: match %d is %+v, params %v", n.ID, n.UserID, id, m, params)
				}
				kinds["match"]++
			default:
				t.Fatalf("notification %d: link %q points to nothing the test knows", n.ID, n.ActionURL)
			}
		}
		if kinds["profile"] != len(seed.DemoAccounts) || kinds["tournament"] != len(seed.DemoAccounts) || kinds["match"] == 0 {
			t.Fatalf("demo notification links: %v", kinds)
		}
		var phones []string
		if err := db.R.SelectContext(ctx, &phones, `SELECT phone FROM users WHERE phone <> '' UNION ALL SELECT phone FROM clubs WHERE phone <> ''`); err != nil {
			t.Fatal(err)
		}
		for _, p := range phones {
			if n, ok := service.NormalizePhone(p); !ok || n != p {
				t.Fatalf("demo phone %q is not stored normalised", p)
			}
		}
		if len(phones) < 4 {
			t.Fatalf("only %d demo phones", len(phones))
		}
	}
}
