package service_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The clean-up reports its counts per kind, removes each item once, writes its audit row in
// the same run (always when a super admin runs it, only when it changed something when the
// schedule does), and nobody but super admins may run it.
func TestCleanupCountsPerKind(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		start := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
		var mu sync.Mutex
		now := start
		db.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		svc := service.New(db, service.Options{RootEmail: "root@ladder.test"})
		player := newAccount(t, db, svc, "p@example.pt", "player")
		other := newAccount(t, db, svc, "o@example.pt", "player")
		admin := newAccount(t, db, svc, "a@example.pt", "admin")
		super := newAccount(t, db, svc, "s@example.pt", "superadmin")

		if _, err := svc.ProposeClub(ctx, player, service.ClubInput{Name: "Clube Esquecido"}); err != nil {
			t.Fatal(err)
		}
		in := service.TournamentInput{Name: "Ladder Esquecida", Privacy: "public", RankingType: "points", Preset: "standard",
			ResponseDays: 7, MaxRejections: 3, MinGames: 1, MaxGames: 4, PeriodWeeks: 2, ChallengeRange: 3}
		if _, err := svc.CreateTournament(ctx, player, in); err != nil {
			t.Fatal(err)
		}
		in.Name, in.EndDate = "Ladder de Outono", "2026-11-05"
		ended, err := svc.CreateTournament(ctx, player, in)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.DecideTournament(ctx, super, ended.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			c := store.Challenge{TournamentID: ended.ID, ChallengerID: player.User.ID, ChallengedID: other.User.ID,
				ProposedTimes: `[]`, Status: "pending", ExpiresAt: start.Add(24 * time.Hour)}
			if err := db.InsertChallenge(ctx, tx, &c); err != nil {
				return err
			}
			return db.InsertSession(ctx, tx, &store.Session{TokenHash: "x", UserID: other.User.ID, CreatedAt: start,
				LastSeenAt: start, ExpiresAt: start.Add(time.Hour)})
		}); err != nil {
			t.Fatal(err)
		}
		// Nothing has expired yet: a scheduled run changes nothing and writes no audit row.
		if c, err := svc.ScheduledCleanup(ctx); err != nil || c.Total() != 0 {
			t.Fatalf("early run: %+v %v", c, err)
		}
		for name, cur := range map[string]service.Current{"visitor": {}, "player": player, "admin": admin} {
			if _, err := svc.CleanupNow(ctx, cur); code(err) == "" {
				t.Errorf("%s ran the clean-up", name)
			}
		}
		mu.Lock()
		now = start.Add(6 * 24 * time.Hour)
		mu.Unlock()
		c, err := svc.CleanupNow(ctx, super)
		want := service.CleanupCounts{PendingClubs: 1, PendingTournaments: 1, EndedTournaments: 1, Challenges: 1, Sessions: 1}
		if err != nil || c != want {
			t.Fatalf("cleanup: %+v %v, want %+v", c, err, want)
		}
		// A second run finds nothing but, run by hand, is still recorded; the schedule's is not.
		if c, err := svc.CleanupNow(ctx, super); err != nil || c.Total() != 0 {
			t.Fatalf("second run: %+v %v", c, err)
		}
		if c, err := svc.ScheduledCleanup(ctx); err != nil || c.Total() != 0 {
			t.Fatalf("scheduled run: %+v %v", c, err)
		}
		items, _, err := svc.AuditLog(ctx, super, service.AuditLogInput{Action: service.AuditCleanup})
		if err != nil || len(items) != 2 {
			t.Fatalf("cleanup rows: %d %v", len(items), err)
		}
		first := items[1] // newest first
		counts, _ := first.Details["counts"].(map[string]any)
		if first.ActorID != super.User.ID || first.Details["trigger"] != "manual" || counts["pending_clubs"] != float64(1) ||
			counts["sessions"] != float64(1) {
			t.Errorf("cleanup row: %+v", first)
		}
		if names, _ := first.Details["clubs"].([]any); len(names) != 1 || names[0].(map[string]any)["name"] != "Clube Esquecido" {
			t.Errorf("removed clubs: %v", first.Details["clubs"])
		}
	})
}

// The system logs: super admins only; filters by actor, action (or area), target and date;
// newest first; pages by cursor; names of actors and targets; before → after in details.
func TestAuditLogFilters(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		start := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
		var mu sync.Mutex
		now := start
		db.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		tick := func() { mu.Lock(); now = now.Add(time.Hour); mu.Unlock() }
		svc := service.New(db, service.Options{RootEmail: "root@ladder.test"})
		player := newAccount(t, db, svc, "p@example.pt", "player")
		admin := newAccount(t, db, svc, "a@example.pt", "admin")
		super := newAccount(t, db, svc, "s@example.pt", "superadmin")
		root := newAccount(t, db, svc, "root@ladder.test", "superadmin")

		var clubs []int64
		for _, name := range []string{"Clube A", "Clube B", "Clube C"} {
			c, err := svc.ProposeClub(ctx, player, service.ClubInput{Name: name})
			if err != nil {
				t.Fatal(err)
			}
			clubs = append(clubs, c.ID)
		}
		tick()
		if _, err := svc.DecideClub(ctx, super, clubs[0], true, ""); err != nil {
			t.Fatal(err)
		}
		tick()
		if _, err := svc.DecideClub(ctx, root, clubs[1], false, "duplicado"); err != nil {
			t.Fatal(err)
		}
		tick()
		if _, err := svc.ChangeStatus(ctx, admin.Actor, player.User.ID, "suspended"); err != nil {
			t.Fatal(err)
		}
		tick()
		if _, err := svc.DecideClub(ctx, super, clubs[2], true, ""); err != nil {
			t.Fatal(err)
		}

		for name, cur := range map[string]service.Current{"visitor": {}, "player": player, "admin": admin} {
			if _, _, err := svc.AuditLog(ctx, cur, service.AuditLogInput{}); code(err) == "" {
				t.Errorf("%s read the audit log", name)
			}
		}
		list := func(in service.AuditLogInput) []service.AuditItem {
			t.Helper()
			items, _, err := svc.AuditLog(ctx, root, in)
			if err != nil {
				t.Fatal(err)
			}
			return items
		}
		all := list(service.AuditLogInput{})
		if len(all) != 4 || all[0].Action != service.AuditClubValidated || all[0].TargetID != clubs[2] {
			t.Fatalf("newest first: %+v", all)
		}
		rej := list(service.AuditLogInput{Action: service.AuditClubRejected})
		if len(rej) != 1 || rej[0].ActorID != root.User.ID || rej[0].ActorName != "Test" || rej[0].ActorEmail != "root@ladder.test" ||
			rej[0].TargetName != "Clube B" || rej[0].Details["from"] != "pending" || rej[0].Details["to"] != "rejected" ||
			rej[0].Details["reason"] != "duplicado" {
			t.Errorf("rejection row: %+v", rej)
		}
		if got := list(service.AuditLogInput{Action: "club."}); len(got) != 3 {
			t.Errorf("area filter: %d rows", len(got))
		}
		if got := list(service.AuditLogInput{ActorEmail: "S@example.pt"}); len(got) != 2 {
			t.Errorf("actor by email: %d rows", len(got))
		}
		if got := list(service.AuditLogInput{ActorEmail: "nobody@example.pt"}); len(got) != 0 {
			t.Errorf("unknown actor: %d rows", len(got))
		}
		if got := list(service.AuditLogInput{ActorID: admin.User.ID}); len(got) != 1 || got[0].Action != service.AuditStatusChanged ||
			got[0].TargetName != "Test" || got[0].Details["to"] != "suspended" {
			t.Errorf("actor by id: %+v", got)
		}
		if got := list(service.AuditLogInput{TargetType: "club", TargetID: clubs[1]}); len(got) != 1 {
			t.Errorf("target: %d rows", len(got))
		}
		if got := list(service.AuditLogInput{From: start.Add(90 * time.Minute), To: start.Add(210 * time.Minute)}); len(got) != 2 {
			t.Errorf("date range: %d rows", len(got))
		}
		// Pages of two: every row once, in order.
		var seen []int64
		var cursor int64
		for page := 0; page < 5; page++ {
			items, next, err := svc.AuditLog(ctx, root, service.AuditLogInput{Limit: 2, Before: cursor})
			if err != nil {
				t.Fatal(err)
			}
			for _, it := range items {
				seen = append(seen, it.ID)
			}
			if next == 0 {
				break
			}
			cursor = next
		}
		if len(seen) != 4 || seen[0] != all[0].ID || seen[3] != all[3].ID {
			t.Errorf("pages: %v", seen)
		}
		for _, bad := range []service.AuditLogInput{{Action: "club.deleted_by_magic"}, {TargetType: "planet"},
			{From: start.Add(time.Hour), To: start}} {
			if _, _, err := svc.AuditLog(ctx, root, bad); code(err) == "" {
				t.Errorf("%+v accepted", bad)
			}
		}
	})
}

// The health figures come from the database itself.
func TestSystemHealth(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := service.New(db, service.Options{})
		player := newAccount(t, db, svc, "p@example.pt", "player")
		super := newAccount(t, db, svc, "s@example.pt", "superadmin")
		if _, err := svc.System(ctx, player); code(err) == "" {
			t.Error("a player read the system health")
		}
		now := db.Now()
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			for _, exp := range []time.Time{now.Add(time.Hour), now.Add(-time.Hour)} {
				if err := db.InsertSession(ctx, tx, &store.Session{TokenHash: exp.String(), UserID: player.User.ID,
					CreatedAt: now, LastSeenAt: now, ExpiresAt: exp}); err != nil {
					return err
				}
			}
			return db.EnqueueEmail(ctx, tx, &store.Email{To: "p@example.pt", Subject: "s", Body: "b"})
		}); err != nil {
			t.Fatal(err)
		}
		if err := db.RecordJobRun(ctx, store.JobRun{Name: "cleanup-expired", StartedAt: now, FinishedAt: now, OK: false,
			Detail: `{"error":"boom"}`}); err != nil {
			t.Fatal(err)
		}
		if err := db.RecordJobRun(ctx, store.JobRun{Name: "cleanup-expired", StartedAt: now, FinishedAt: now, OK: true,
			Detail: `{"sessions":1}`}); err != nil {
			t.Fatal(err)
		}
		h, err := svc.System(ctx, super)
		if err != nil {
			t.Fatal(err)
		}
		if h.Database != string(db.Dialect) || h.DatabaseBytes <= 0 || h.MigrationVersion < 8 || h.ActiveSessions != 1 ||
			h.OutboxPending != 1 || h.OutboxFailing != 0 {
			t.Errorf("health: %+v", h)
		}
		if len(h.Jobs) != 1 || h.Jobs[0].Runs != 2 || h.Jobs[0].Failures != 1 || !h.Jobs[0].OK || !h.Jobs[0].LastSuccessAt.Valid {
			t.Errorf("jobs: %+v", h.Jobs)
		}
	})
}
