package httpapi

import (
	"bytes"
	"context"
	"net/http/httptest"
	"testing"

	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// A kept statistics page joined with a reader's parts (positions, players, win probability) is
// byte for byte what encodeJSON writes for the whole view, for the player themselves and for
// another reader; the kept history page is the page's encoding.
func TestKeptPlayerPagesEncodeAsTheView(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := seed.Demo(ctx, db); err != nil {
			t.Fatal(err)
		}
		svc := service.New(db, service.Options{})
		u, err := db.UserByEmail(ctx, nil, "player@ladder.test")
		if err != nil {
			t.Fatal(err)
		}
		me := service.Current{User: u, Actor: svc.ActorFor(u)}
		// Another player: the opponent of the player's latest match.
		h, err := db.History(ctx, store.StatsReader{All: true}, store.HistoryFilter{UserID: u.ID, Limit: 1})
		if err != nil || len(h) != 1 {
			t.Fatalf("history %v", err)
		}
		o, err := db.UserByID(ctx, nil, h[0].OpponentID.Int64)
		if err != nil {
			t.Fatal(err)
		}
		other := service.Current{User: o, Actor: svc.ActorFor(o)}
		for _, reader := range []service.Current{me, other, me} {
			v, kept, err := svc.PlayerStatisticsKept(ctx, reader, me.User.ID, renderStats)
			if err != nil || kept == nil {
				t.Fatalf("statistics: %v (kept %v)", err, kept != nil)
			}
			if (reader.User.ID == me.User.ID) != (v.WinProbability == nil) || len(v.Tournaments) == 0 || v.Tournaments[0].Position == 0 {
				t.Fatalf("reader %d: win probability %v, tournaments %+v", reader.User.ID, v.WinProbability, v.Tournaments)
			}
			want, _ := encodeJSON(viewPlayerStats(v))
			gctx := withGzip(ctx) // a client that accepts gzip
			got := kept.(*statsPieces).body(gctx, v)
			if !bytes.Equal(got, want) {
				t.Fatalf("reader %d:\n got %s\nwant %s", reader.User.ID, got, want)
			}
			// Another player's page goes out compressed from its kept pieces (gzipjoined.go);
			// one's own is a kept answer (gzipTwin).
			if gz := joinedGzip(gctx, got); (gz != nil) != (v.WinProbability != nil) {
				t.Fatalf("reader %d: joined gzip %d bytes, win probability %v", reader.User.ID, len(gz), v.WinProbability)
			} else if gz != nil {
				expectGunzip(t, gz, want)
			}
			// The player's own page is joined once and shared while the positions stay; a moved
			// position or a new count of players is joined afresh.
			if v.WinProbability == nil {
				p := kept.(*statsPieces)
				if a, b := p.body(ctx, v), p.body(ctx, v); &a[0] != &b[0] {
					t.Fatal("the unchanged own page was joined again")
				}
				for _, move := range []func(*service.TournamentPlace){
					func(t *service.TournamentPlace) { t.Position++ }, func(t *service.TournamentPlace) { t.Players++ },
				} {
					moved := v
					moved.Tournaments = append([]service.TournamentPlace(nil), v.Tournaments...)
					move(&moved.Tournaments[len(moved.Tournaments)-1])
					want, _ := encodeJSON(viewPlayerStats(moved))
					if got := p.body(ctx, moved); !bytes.Equal(got, want) {
						t.Fatalf("moved position:\n got %s\nwant %s", got, want)
					}
				}
			}
			rows, body, err := svc.PlayerHistoryKept(ctx, reader, me.User.ID, service.HistoryInput{Limit: 21},
				func(rows []store.HistoryRow) (any, error) { return encodeJSON(viewHistoryPage(rows, 20).Body) })
			if err != nil || body == nil || len(rows) != 21 {
				t.Fatalf("history: %d rows, %v (kept %v)", len(rows), err, body != nil)
			}
			if want, _ := encodeJSON(viewHistoryPage(rows, 20).Body); !bytes.Equal(body.([]byte), want) {
				t.Fatalf("history body differs")
			}
		}
	})
}

// Only a GET of a player's statistics, history or profile, of the bell's notifications or of the
// rankings names a stamp to read with the session's; the lists and the search take the search's
// versions (the zero hint); anything else (other pages, writes, odd ids) the session's stamp
// alone, and the route reads its own.
func TestStampHintOf(t *testing.T) {
	alone := store.StampHint{SessionOnly: true}
	for path, want := range map[string]store.StampHint{
		"/api/players/42/stats": {PagePlayer: 42}, "/api/players/42/history": {PagePlayer: 42},
		"/api/notifications/recent": {RecentNotifications: recentNotificationsLimit},
		"/api/players/42":           {ProfilePlayer: 42}, "/api/players/42/": alone, "/api/players/0": alone, "/api/players/-1": alone,
		"/api/players/x": alone, "/api/players/42/photo": alone, "/api/players/99999999999999999999": alone,
		"/api/players/7/stats/": alone, "/api/players/42/history.csv": alone, "/api/players/0/stats": alone,
		"/api/players/-3/stats": alone, "/api/players/x/stats": alone, "/api/players//stats": alone,
		"/api/players/99999999999999999999/stats": alone, "/api/users/42/stats": alone, "/players/42/stats": alone,
		"/api/notifications": alone, "/api/notifications/recent/": alone, "/api/users/me": alone, "/api/tournaments/7": alone,
		"/api/leaderboards": {Leaderboard: true}, "/api/leaderboards.csv": alone, "/api/leaderboards/week": alone,
		"/api/search": {}, "/api/tournaments": {}, "/api/clubs": {}, "/api/home": {}, "/api/hub": {},
	} {
		if got := stampHintOf(httptest.NewRequest("GET", path, nil)); got != want {
			t.Errorf("GET %s: %+v, want %+v", path, got, want)
		}
	}
	for _, path := range []string{"/api/players/42/stats", "/api/players/42", "/api/notifications/recent", "/api/leaderboards", "/api/tournaments"} {
		if got := stampHintOf(httptest.NewRequest("POST", path, nil)); got != alone {
			t.Errorf("POST %s: %+v", path, got)
		}
	}
}
