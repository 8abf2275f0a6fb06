package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// adminData is a known data set for the dashboard and the admin lists.
type adminData struct {
	users       map[string]int64
	week        time.Time // start of "this week" for the counts
	tournaments map[string]int64
}

func buildAdminData(t *testing.T, db *store.DB) adminData {
	t.Helper()
	ctx := context.Background()
	now := db.Now()
	d := adminData{users: map[string]int64{}, tournaments: map[string]int64{}, week: now.Add(-48 * time.Hour)}
	err := db.Tx(ctx, func(tx *store.Tx) error {
		for _, u := range []store.User{
			{Email: "angela@ladder.test", FirstName: "Ângela", LastName: "Sousa", Role: "player"},
			{Email: "bruno@ladder.test", FirstName: "Bruno", LastName: "Alves", Role: "admin"},
			{Email: "carla@ladder.test", FirstName: "Carla", LastName: "Sá", Role: "player", Status: "suspended"},
			{Email: "duarte@ladder.test", FirstName: "Duarte", LastName: "Pinto", Role: "player", Status: "paused"},
			{Email: "elio@ladder.test", FirstName: "Élio", LastName: "Gonçalves", Role: "superadmin"},
		} {
			if err := db.InsertUser(ctx, tx, &u); err != nil {
				return err
			}
			d.users[strings.ToLower(u.Email[:1])] = u.ID
		}
		for i, st := range []string{"validated", "validated", "pending", "rejected"} {
			c := store.Club{Name: fmt.Sprintf("Clube %d", i), Status: st, Surfaces: "[]", Facilities: "[]", ExpiresAt: now.Add(time.Hour)}
			if err := db.InsertClub(ctx, tx, &c); err != nil {
				return err
			}
		}
		for i, st := range []string{"active", "active", "pending", "rejected", "inactive"} {
			tr := store.Tournament{Name: fmt.Sprintf("Torneio %d %s", i, st), Privacy: "public", RankingType: "points", Preset: "standard",
				ResponseDays: 7, MaxRejections: 3, MinGames: 1, MaxGames: 4, PeriodWeeks: 2, Status: st, ExpiresAt: now.Add(time.Hour)}
			if err := db.InsertTournament(ctx, tx, &tr); err != nil {
				return err
			}
			if _, ok := d.tournaments[st]; !ok {
				d.tournaments[st] = tr.ID
			}
		}
		a, b := d.users["a"], d.users["d"]
		at := func(t time.Time) sql.NullTime { return sql.NullTime{Time: t, Valid: true} }
		for _, m := range []store.Match{
			{State: "completed", ValidatedAt: at(now.Add(-time.Hour))},         // this week
			{State: "completed", ValidatedAt: at(d.week.Add(time.Minute))},     // this week
			{State: "completed", ValidatedAt: at(d.week.Add(-24 * time.Hour))}, // last week
			{State: "result_reported"}, {State: "result_disputed"},             // waiting for validation
			{State: "time_proposed"}, {State: "time_confirmed", ScheduledAt: at(now.Add(time.Hour))}, // active
			{State: "cancelled"},
		} {
			m.TournamentID, m.Player1ID, m.Player2ID = d.tournaments["active"], a, b
			if err := db.InsertMatch(ctx, tx, &m); err != nil {
				return err
			}
		}
		for _, st := range []string{"pending", "pending", "rejected"} {
			c := store.Challenge{TournamentID: d.tournaments["active"], ChallengerID: a, ChallengedID: b, ProposedTimes: "[]",
				Status: st, ExpiresAt: now.Add(time.Hour)}
			if err := db.InsertChallenge(ctx, tx, &c); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDashboardCounts(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		d := buildAdminData(t, db)
		got, err := db.Dashboard(context.Background(), d.week)
		if err != nil {
			t.Fatal(err)
		}
		want := store.DashboardCounts{RegisteredUsers: 5, ActiveTournaments: 2, ApprovedClubs: 2, MatchesPlayed: 3,
			PendingClubs: 1, PendingTournaments: 1, PendingValidations: 2, ActiveMatches: 2, WeeklyGames: 2, ActiveChallenges: 2}
		if got != want {
			t.Fatalf("dashboard:\n got %+v\nwant %+v", got, want)
		}
	})
}

// No counter walks a table's rows: on SQLite each count is answered from an index (a plain
// "SCAN <table>" in the plan is a full table scan). users is counted whole by definition.
func TestDashboardCountsUseIndexes(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		if db.Dialect != store.SQLite {
			t.Skip("query plans are checked on SQLite")
		}
		bare := regexp.MustCompile(`^SCAN \w+$`)
		for _, q := range store.DashboardQueries() {
			var plan []struct {
				ID, Parent, NotUsed int
				Detail              string
			}
			rows, err := db.R.Query(`EXPLAIN QUERY PLAN ` + q)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var p struct {
					ID, Parent, NotUsed int
					Detail              string
				}
				if err := rows.Scan(&p.ID, &p.Parent, &p.NotUsed, &p.Detail); err != nil {
					t.Fatal(err)
				}
				plan = append(plan, p)
			}
			if err := rows.Close(); err != nil {
				t.Fatal(err)
			}
			for _, p := range plan {
				if bare.MatchString(p.Detail) {
					t.Errorf("%s\n  scans a table: %s", q, p.Detail)
				}
			}
			if len(plan) == 0 {
				t.Errorf("%s: no plan", q)
			}
		}
	})
}

func TestAdminPlayersFiltersAndPages(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		d := buildAdminData(t, db)
		ids := func(ps []store.AdminPlayer) []int64 {
			out := []int64{}
			for _, p := range ps {
				out = append(out, p.ID)
			}
			return out
		}
		cases := []struct {
			name string
			f    store.PlayerFilter
			want []int64
		}{
			{"everyone by name", store.PlayerFilter{}, []int64{d.users["a"], d.users["b"], d.users["c"], d.users["d"], d.users["e"]}},
			{"accents ignored", store.PlayerFilter{Query: "angela"}, []int64{d.users["a"]}},
			{"accents in the query ignored", store.PlayerFilter{Query: "ÉLIO gonç"}, []int64{d.users["e"]}},
			{"by email", store.PlayerFilter{Query: "carla@"}, []int64{d.users["c"]}},
			{"role", store.PlayerFilter{Role: "player"}, []int64{d.users["a"], d.users["c"], d.users["d"]}},
			{"status", store.PlayerFilter{Status: "suspended"}, []int64{d.users["c"]}},
			{"role and status", store.PlayerFilter{Role: "player", Status: "active"}, []int64{d.users["a"]}},
			{"wildcards are literal", store.PlayerFilter{Query: "%"}, []int64{}},
		}
		for _, c := range cases {
			got, next, err := db.AdminPlayers(ctx, c.f)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(ids(got), c.want) || next != "" {
				t.Errorf("%s: got %v (next %q) want %v", c.name, ids(got), next, c.want)
			}
		}
		// Pages of two walk everyone once, in order.
		var walked []int64
		cursor := ""
		for range 5 {
			page, next, err := db.AdminPlayers(ctx, store.PlayerFilter{Limit: 2, Cursor: cursor})
			if err != nil {
				t.Fatal(err)
			}
			walked = append(walked, ids(page)...)
			if cursor = next; cursor == "" {
				break
			}
		}
		if !slices.Equal(walked, cases[0].want) {
			t.Fatalf("pages: %v", walked)
		}
	})
}

func TestAdminMatchesAndChallenges(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		d := buildAdminData(t, db)
		states := func(f store.AdminMatchFilter) []string {
			ms, _, err := db.AdminMatches(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			out := []string{}
			for _, m := range ms {
				out = append(out, m.State)
			}
			return out
		}
		for _, c := range []struct {
			name string
			f    store.AdminMatchFilter
			want []string
		}{
			{"all, newest first", store.AdminMatchFilter{}, []string{"cancelled", "time_confirmed", "time_proposed", "result_disputed", "result_reported", "completed", "completed", "completed"}},
			{"pending validation", store.AdminMatchFilter{States: store.MatchesPending}, []string{"result_disputed", "result_reported"}},
			{"scheduled", store.AdminMatchFilter{States: store.MatchesScheduled}, []string{"time_confirmed"}},
			{"active", store.AdminMatchFilter{States: store.MatchesActive}, []string{"time_confirmed", "time_proposed"}},
			{"completed", store.AdminMatchFilter{States: store.MatchesCompleted}, []string{"completed", "completed", "completed"}},
			{"this week", store.AdminMatchFilter{States: store.MatchesCompleted, ValidatedSince: d.week}, []string{"completed", "completed"}},
		} {
			if got := states(c.f); !slices.Equal(got, c.want) {
				t.Errorf("%s: got %v want %v", c.name, got, c.want)
			}
		}
		// Pages of three: 3 + 3 + 2, no repeats.
		seen := map[int64]bool{}
		cursor, pages := "", 0
		for {
			ms, next, err := db.AdminMatches(ctx, store.AdminMatchFilter{Limit: 3, Cursor: cursor})
			if err != nil {
				t.Fatal(err)
			}
			pages++
			for _, m := range ms {
				if seen[m.ID] {
					t.Fatalf("match %d on two pages", m.ID)
				}
				seen[m.ID] = true
			}
			if cursor = next; cursor == "" {
				break
			}
		}
		if pages != 3 || len(seen) != 8 {
			t.Fatalf("pages %d, matches %d", pages, len(seen))
		}
		cs, next, err := db.AdminChallenges(ctx, "pending", "", 1)
		if err != nil || len(cs) != 1 || next == "" {
			t.Fatalf("pending challenges page 1: %v %d %q", err, len(cs), next)
		}
		cs2, next2, err := db.AdminChallenges(ctx, "pending", next, 1)
		if err != nil || len(cs2) != 1 || next2 != "" || cs2[0].ID >= cs[0].ID {
			t.Fatalf("pending challenges page 2: %v %+v %q", err, cs2, next2)
		}
	})
}
