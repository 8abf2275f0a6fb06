package main

import (
	"context"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/httpapi"
	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/scripts/internal/loadkit"
)

// appName names the PostgreSQL connections of this process, so their backends' CPU is counted
// (other sessions may use the same server).
const appName = "ladder-loadtest"

// target is the app served on one database, seeded with the demo data, in this process or in a
// child (child.go).
type target struct {
	dialect store.Dialect
	base    string
	token   string // the demo player's session
	ids     demoIDs
	eps     []endpoint
	stats   map[int]*stat
	pg      *loadkit.Backends // PostgreSQL mode: the server's backends serving the app
	// backendsPinned: pg's backends run on the client's CPUs (childTarget).
	backendsPinned bool
	// proc is the CPU time of the process serving the app (this one, or the child).
	proc  func() time.Duration
	close func()
}

// demoIDs are the demo's rows the reads ask for: the big tournament T, the signed-in demo player
// P, other players of T and the active public tournaments.
type demoIDs struct {
	T, P                 int64
	Players, Tournaments []int64
}

// childTarget is the app served by child c.
func childTarget(c *child, pgURL string, assets assetPaths) *target {
	t := &target{dialect: c.info.Dialect, base: c.info.Base, token: c.info.Token, ids: c.info.IDs, stats: map[int]*stat{}, proc: c.cpu}
	if t.dialect == store.Postgres {
		t.pg = loadkit.Watch(pgURL, appName)
		if pinned() {
			// The app's backends run on the client's CPUs, not where the scheduler wakes them. It
			// wakes a backend on the CPU of the app that woke it, and the app, pinned, cannot make
			// room: at half the rate wrk saturates, the app's CPU ran at 100 % with its backend
			// while the other was 27-51 % busy, and requests queued for seconds
			// (docs/PERFORMANCE.md, thirty-eighth session). Unpinned on a server, the app would move.
			t.backendsPinned = t.pg.PinTo(cpus()[1:]) == nil
		}
	}
	t.eps = endpoints(t.ids, assets)
	t.close = func() {
		c.stop()
		if t.pg != nil {
			t.pg.Stop()
		}
	}
	return t
}

// stat collects one endpoint's figures over the rounds.
type stat struct{ ratios, cpuRatios, rates, cpuPer, serverPer []float64 }

func (t *target) stat(i int) *stat {
	if t.stats[i] == nil {
		t.stats[i] = &stat{}
	}
	return t.stats[i]
}

func (t *target) tokenFor(ep endpoint) string {
	if ep.signedIn {
		return t.token
	}
	return ""
}

// serverCPU is the CPU time the database server has spent for this target (0 on SQLite, which
// runs in the app's process and is counted with it).
func (t *target) serverCPU() time.Duration {
	if t.pg == nil {
		return 0
	}
	return t.pg.Total()
}

// newTarget opens SQLite in a temporary folder (pgURL empty) or a schema of its own in the
// PostgreSQL database at pgURL (dropped by close), seeds the demo, signs the demo player in and serves the app on loopback.
// assetPaths are the two hashed assets measured (hashedAssets) and the encoding asked of them.
type assetPaths struct{ largest, typical, enc string }

// watch: follow the PostgreSQL backends' CPU from this process (not in a child: its parent does).
func newTarget(ctx context.Context, pgURL string, dist fs.FS, assets assetPaths, watch bool) *target {
	var db *store.DB
	var err error
	dir, dropSchema := "", func() {}
	t := &target{stats: map[int]*stat{}, proc: loadkit.Self}
	if pgURL != "" {
		dsn, drop := loadkit.FreshSchema(pgURL, "loadtest", appName)
		dropSchema = drop
		db, err = store.OpenPostgres(ctx, dsn)
		if err == nil && watch {
			t.pg = loadkit.Watch(pgURL, appName)
		}
	} else {
		if dir, err = os.MkdirTemp("", "ladder-load-"); err != nil {
			log.Fatal(err)
		}
		db, err = store.OpenSQLite(ctx, filepath.Join(dir, "load.db"))
	}
	if err != nil {
		log.Fatal(err)
	}
	t.close = func() {
		if t.pg != nil {
			t.pg.Stop()
		}
		db.Close()
		dropSchema()
		if dir != "" {
			os.RemoveAll(dir)
		}
	}
	if _, err := db.Migrate(ctx, nil); err != nil {
		log.Fatal(err)
	}
	if _, err := seed.Demo(ctx, db); err != nil {
		log.Fatal(err)
	}
	t.dialect = db.Dialect
	svc := service.New(db, service.Options{})
	u, token, err := svc.SignIn(ctx, service.Identity{Issuer: "load", Subject: "p", Email: "player@ladder.test", EmailVerified: true}, "load", "127.0.0.1")
	if err != nil {
		log.Fatal(err)
	}
	t.token = token
	t.base = serveApp(httpapi.New(httpapi.Deps{Config: config.Config{BaseURL: "http://localhost", ContactRatePerHour: 1,
		RequestTimeout: 10 * time.Second}, DB: db, Service: svc, Dist: dist}))
	big, _, err := db.ListTournaments(ctx, store.TournamentFilter{Query: "Super Ladder", Statuses: []string{"active"}})
	if err != nil || len(big) != 1 {
		log.Fatalf("demo tournament: %v", err)
	}
	// Real traffic asks for many players and tournaments, not one: the pages of the big
	// tournament's players (others than the reader: one's own page is the read above) and of
	// every active public tournament, in turn.
	var players, tournaments []int64
	if err := db.R.SelectContext(ctx, &players, db.R.Rebind(`SELECT user_id FROM tournament_players
		WHERE tournament_id = ? AND role = 'player' AND user_id <> ? ORDER BY user_id LIMIT 40`), big[0].ID, u.ID); err != nil || len(players) < 2 {
		log.Fatalf("demo players: %d, %v", len(players), err)
	}
	if err := db.R.SelectContext(ctx, &tournaments, `SELECT id FROM tournaments
		WHERE status = 'active' AND privacy = 'public' ORDER BY id`); err != nil || len(tournaments) < 2 {
		log.Fatalf("demo tournaments: %d, %v", len(tournaments), err)
	}
	t.ids = demoIDs{T: big[0].ID, P: u.ID, Players: players, Tournaments: tournaments}
	t.eps = endpoints(t.ids, assets)
	return t
}

// each is path with %d filled by every one of ids.
func each(path string, ids []int64) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = fmt.Sprintf(path, id)
	}
	return out
}

// endpoints lists every read measured, in the order (tournament t, the demo player p),
// then two of them over many players and tournaments in turn.
func endpoints(ids demoIDs, a assetPaths) []endpoint {
	t, p, players, tournaments := ids.T, ids.P, ids.Players, ids.Tournaments
	return []endpoint{
		{name: "hashed asset, the largest (" + a.enc + ")", path: a.largest, budget: 0.6, encoding: a.enc, asset: true},
		{name: "hashed asset, the median size (" + a.enc + ")", path: a.typical, budget: 0.6, encoding: a.enc, asset: true},
		{name: "GET /api/tournaments/{id}/standings (60 players)", path: fmt.Sprintf("/api/tournaments/%d/standings", t), budget: 0.35},
		{name: "GET /api/tournaments (list)", path: "/api/tournaments", budget: 0.35},
		{name: "GET /api/clubs", path: "/api/clubs", budget: 0.35},
		{name: "GET /api/search?q=lis (signed in)", path: "/api/search?q=lis", signedIn: true, budget: 0.35},
		{name: "GET /api/tournaments/{id}", path: fmt.Sprintf("/api/tournaments/%d", t), budget: 0.35},
		{name: "GET /api/players/{id} (signed in)", path: fmt.Sprintf("/api/players/%d", p), signedIn: true, budget: 0.35},
		{name: "GET /api/users/me (signed in)", path: "/api/users/me", signedIn: true, budget: 0.35},
		{name: "GET /api/notifications/recent (signed in)", path: "/api/notifications/recent", signedIn: true, budget: 0.35},
		{name: "GET /api/leaderboards (all time)", path: "/api/leaderboards?period=all", budget: 0.35},
		{name: "GET /api/leaderboards (all time, signed in: me row)", path: "/api/leaderboards?period=all", signedIn: true, budget: 0.35},
		{name: "GET /api/leaderboards?period=week", path: "/api/leaderboards?period=week", budget: 0.35},
		{name: "GET /api/leaderboards?period=month", path: "/api/leaderboards?period=month", budget: 0.35},
		{name: "GET /api/players/{id}/stats (signed in)", path: fmt.Sprintf("/api/players/%d/stats", p), signedIn: true, budget: 0.35},
		{name: "GET /api/players/{id}/history (signed in)", path: fmt.Sprintf("/api/players/%d/history?limit=20", p), signedIn: true, budget: 0.35},
		{name: fmt.Sprintf("GET /api/tournaments/{id}, %d in turn", len(tournaments)), paths: each("/api/tournaments/%d", tournaments), budget: 0.35},
		{name: fmt.Sprintf("GET /api/players/{id}, %d in turn (signed in)", len(players)), paths: each("/api/players/%d", players), signedIn: true, budget: 0.35},
	}
}
