package service_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/tennisladder/ladder/internal/ladder"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func tournamentInput(name string) service.TournamentInput {
	return service.TournamentInput{Name: name, Privacy: "public", RankingType: "points", Preset: "standard",
		ResponseDays: service.DefaultResponseDays, MaxRejections: service.DefaultMaxRejections, MinGames: service.DefaultMinGames,
		MaxGames: service.DefaultMaxGames, PeriodWeeks: service.DefaultPeriodWeeks, ChallengeRange: service.DefaultChallengeRange, Play: true}
}

func TestTournamentValidation(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := service.New(db, service.Options{})
		me := newAccount(t, db, svc, "creator@example.pt", "player")
		cases := []struct {
			name  string
			edit  func(*service.TournamentInput)
			field string
			code  string
		}{
			{"name required", func(in *service.TournamentInput) { in.Name = "  " }, "name", "validation.required"},
			{"privacy", func(in *service.TournamentInput) { in.Privacy = "secret" }, "privacy", "validation.one_of"},
			{"ranking type", func(in *service.TournamentInput) { in.RankingType = "elo" }, "ranking_type", "validation.one_of"},
			{"preset", func(in *service.TournamentInput) { in.Preset = "wild" }, "preset", "validation.one_of"},
			{"custom scoring upside down", func(in *service.TournamentInput) {
				in.Preset, in.Scoring = "custom", ladder.Scoring{WinVsHigher: 1, WinVsLower: 3, Defeat: 0}
			}, "scoring", "tournament.scoring_invalid"},
			{"custom scoring out of range", func(in *service.TournamentInput) {
				in.Preset, in.Scoring = "custom", ladder.Scoring{WinVsHigher: 50, WinVsLower: 3, Defeat: 0}
			}, "scoring", "tournament.scoring_invalid"},
			{"response days", func(in *service.TournamentInput) { in.ResponseDays = 0 }, "response_days", "tournament.between"},
			{"rejections", func(in *service.TournamentInput) { in.MaxRejections = 21 }, "max_rejections", "tournament.between"},
			{"min above max", func(in *service.TournamentInput) { in.MinGames = 5 }, "min_games", "tournament.min_above_max"},
			{"period", func(in *service.TournamentInput) { in.PeriodWeeks = 0 }, "period_weeks", "tournament.between"},
			{"max participants", func(in *service.TournamentInput) { in.MaxParticipants = 1 }, "max_participants", "tournament.between"},
			{"end date format", func(in *service.TournamentInput) { in.EndDate = "31/12/2026" }, "end_date", "tournament.date_invalid"},
			{"end date past", func(in *service.TournamentInput) { in.EndDate = "2020-01-01" }, "end_date", "tournament.end_in_past"},
			{"district", func(in *service.TournamentInput) { in.District = "narnia" }, "district", "profile.district_unknown"},
			{"club missing", func(in *service.TournamentInput) { in.ClubID = 999 }, "club_id", "profile.club_invalid"},
			{"too long rules", func(in *service.TournamentInput) { in.SpecialRules = string(make([]byte, 4001)) }, "special_rules", "validation.too_long"},
		}
		for _, c := range cases {
			in := tournamentInput("Ladder")
			c.edit(&in)
			_, err := svc.CreateTournament(ctx, me, in)
			if got := code(err); got != c.field+":"+c.code {
				t.Errorf("%s: got %q", c.name, got)
			}
		}
		// Presets give their points; custom keeps its own; the creator joins when they play.
		for name, want := range ladder.Presets {
			in := tournamentInput("Ladder " + name)
			in.Preset = name
			tr, err := svc.CreateTournament(ctx, me, in)
			if err != nil || tr.WinVsHigher != want.WinVsHigher || tr.WinVsLower != want.WinVsLower || tr.Defeat != want.Defeat || tr.Status != "pending" {
				t.Errorf("preset %s: %+v %v", name, tr, err)
			}
		}
		in := tournamentInput("Custom")
		in.Preset, in.Scoring, in.Play = "custom", ladder.Scoring{WinVsHigher: 6, WinVsLower: 2, Defeat: -3}, false
		tr, err := svc.CreateTournament(ctx, me, in)
		if err != nil || tr.WinVsHigher != 6 || tr.Defeat != -3 || tr.Players != 0 {
			t.Fatalf("custom: %+v %v", tr, err)
		}
		if _, err := svc.CreateTournament(ctx, service.Current{}, in); code(err) != "auth.sign_in_required" {
			t.Fatalf("visitor created: %v", err)
		}
	})
}

// tournamentWorld is a tournament with its people for permission tests.
type tournamentWorld struct {
	svc                                              *service.Service
	creator, referee, player, other, admin, super, v service.Current
	id                                               int64
}

func newTournamentWorld(t *testing.T, db *store.DB, privacy string) tournamentWorld {
	t.Helper()
	ctx := context.Background()
	svc := service.New(db, service.Options{})
	w := tournamentWorld{svc: svc, creator: newAccount(t, db, svc, "creator@example.pt", "player"),
		referee: newAccount(t, db, svc, "referee@example.pt", "player"), player: newAccount(t, db, svc, "player@example.pt", "player"),
		other: newAccount(t, db, svc, "other@example.pt", "player"), admin: newAccount(t, db, svc, "admin@example.pt", "admin"),
		super: newAccount(t, db, svc, "super@example.pt", "superadmin")}
	in := tournamentInput("Ladder do Porto")
	in.Privacy = privacy
	tr, err := svc.CreateTournament(ctx, w.creator, in)
	if err != nil {
		t.Fatal(err)
	}
	w.id = tr.ID
	if _, err := svc.DecideTournament(ctx, w.super, tr.ID, true, ""); err != nil {
		t.Fatal(err)
	}
	for _, c := range []service.Current{w.referee, w.player} {
		if _, err := svc.JoinTournament(ctx, c, tr.ID); err != nil {
			t.Fatal(err)
		}
		if privacy == "private" {
			if err := svc.DecideJoinRequest(ctx, w.creator, tr.ID, c.User.ID, true); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := svc.PromoteReferee(ctx, w.creator, tr.ID, w.referee.User.ID, false); err != nil {
		t.Fatal(err)
	}
	return w
}

func TestTournamentApprovalAndVisibility(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := service.New(db, service.Options{})
		creator := newAccount(t, db, svc, "creator@example.pt", "player")
		other := newAccount(t, db, svc, "other@example.pt", "player")
		admin := newAccount(t, db, svc, "admin@example.pt", "admin")
		super := newAccount(t, db, svc, "super@example.pt", "superadmin")
		super2 := newAccount(t, db, svc, "super2@example.pt", "superadmin")
		tr, err := svc.CreateTournament(ctx, creator, tournamentInput("Pendente"))
		if err != nil {
			t.Fatal(err)
		}
		for name, cur := range map[string]service.Current{"visitor": {}, "other": other, "admin": admin} {
			if _, err := svc.Tournament(ctx, cur, tr.ID); code(err) != "tournament.not_found" {
				t.Errorf("%s sees a pending tournament: %v", name, err)
			}
		}
		if d, err := svc.Tournament(ctx, creator, tr.ID); err != nil || d.CanDecide || !d.CanManage || d.JoinMode != "" {
			t.Fatalf("creator view: %+v %v", d, err)
		}
		if _, err := svc.JoinTournament(ctx, other, tr.ID); code(err) != "tournament.not_found" {
			t.Fatalf("joined a pending tournament: %v", err)
		}
		if _, err := svc.DecideTournament(ctx, admin, tr.ID, true, ""); code(err) != "http.forbidden" {
			t.Fatalf("admin approved: %v", err)
		}
		// Two super admins at once: exactly one decision counts.
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, who := range []service.Current{super, super2} {
			wg.Add(1)
			go func() { defer wg.Done(); _, errs[i] = svc.DecideTournament(ctx, who, tr.ID, i == 0, "duplicado") }()
		}
		wg.Wait()
		if (errs[0] == nil) == (errs[1] == nil) || (code(errs[0]) != "tournament.already_decided" && code(errs[1]) != "tournament.already_decided") {
			t.Fatalf("decisions: %v / %v", errs[0], errs[1])
		}
		got, _ := db.TournamentByID(ctx, nil, tr.ID)
		n, _ := svc.Notifications(ctx, creator, "", 0, 10)
		if len(n) != 1 || (got.Status == "rejected") != (n[0].TitleKey == "tournaments.rejected_reason_title") {
			t.Fatalf("creator told %d times, status %s: %+v", len(n), got.Status, n)
		}
		// Listing: active for everyone; own pending/rejected for the creator; all for super admins.
		list, _, err := svc.Tournaments(ctx, service.Current{}, service.TournamentListInput{})
		if err != nil || (len(list) == 1) != (got.Status == "active") {
			t.Fatalf("visitor list: %d %v", len(list), err)
		}
	})
}

func TestTournamentPermissions(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newTournamentWorld(t, db, "public")
		svc, id := w.svc, w.id
		pid := w.player.User.ID
		// Who may pause a player: creator, referee, super admin; not players, admins or visitors.
		for _, c := range []struct {
			name string
			who  service.Current
			want string
		}{{"visitor", w.v, "auth.sign_in_required"}, {"other", w.other, "http.forbidden"}, {"admin", w.admin, "http.forbidden"},
			{"player on self", w.player, "http.forbidden"}} {
			if err := svc.SetPlayerStatus(ctx, c.who, id, pid, "paused"); code(err) != c.want {
				t.Errorf("%s pausing: %v", c.name, err)
			}
		}
		for _, who := range []service.Current{w.creator, w.referee, w.super} {
			if err := svc.SetPlayerStatus(ctx, who, id, pid, "paused"); err != nil {
				t.Fatalf("%s pausing: %v", who.User.Email, err)
			}
			if err := svc.SetPlayerStatus(ctx, who, id, pid, "active"); err != nil {
				t.Fatalf("%s reactivating: %v", who.User.Email, err)
			}
		}
		// The cached ranking follows every change at once.
		_, rows, _ := svc.Standings(ctx, w.v, id)
		if err := svc.SetPlayerStatus(ctx, w.referee, id, pid, "suspended"); err != nil {
			t.Fatal(err)
		}
		_, after, _ := svc.Standings(ctx, w.v, id)
		for i := range after {
			if after[i].UserID == pid && (after[i].Status != "suspended" || rows[i].Status == "suspended") {
				t.Fatalf("standings did not follow the suspension: %+v", after[i])
			}
		}
		if err := svc.SetPlayerStatus(ctx, w.referee, id, pid, "active"); err != nil {
			t.Fatal(err)
		}
		if err := svc.SetPlayerStatus(ctx, w.creator, id, pid, "active"); code(err) != "tournament.status_unchanged" {
			t.Fatalf("unchanged status: %v", err)
		}
		// Referees manage players but not the creator, and do not run the tournament.
		if err := svc.SetPlayerStatus(ctx, w.referee, id, w.creator.User.ID, "suspended"); code(err) != "tournament.creator_protected" {
			t.Fatalf("referee suspended the creator: %v", err)
		}
		if err := svc.ShuffleRanking(ctx, w.referee, id); code(err) != "http.forbidden" {
			t.Fatalf("referee shuffled: %v", err)
		}
		if err := svc.PromoteReferee(ctx, w.referee, id, pid, true); code(err) != "http.forbidden" {
			t.Fatalf("referee promoted: %v", err)
		}
		// The creator (who plays in their tournament) cannot make themselves referee, as the page's
		// can_promote flag says.
		if err := svc.PromoteReferee(ctx, w.creator, id, w.creator.User.ID, true); code(err) != "tournament.not_yourself" {
			t.Fatalf("creator promoted themselves: %v", err)
		}
		// One referee: promoting another asks to replace, then replaces.
		if err := svc.PromoteReferee(ctx, w.creator, id, pid, false); code(err) != "tournament.referee_exists" {
			t.Fatalf("second referee: %v", err)
		}
		if err := svc.PromoteReferee(ctx, w.creator, id, pid, true); err != nil {
			t.Fatal(err)
		}
		refs, _ := db.Referees(ctx, nil, id)
		if len(refs) != 1 || refs[0] != pid {
			t.Fatalf("referees %v", refs)
		}
		if err := svc.DemoteReferee(ctx, w.creator, id, w.referee.User.ID); code(err) != "tournament.not_referee" {
			t.Fatalf("demoted a player: %v", err)
		}
		if err := svc.DemoteReferee(ctx, w.super, id, pid); err != nil {
			t.Fatal(err)
		}
		// Remove, then the player is gone from the standings and told.
		if err := svc.RemovePlayer(ctx, w.creator, id, w.referee.User.ID); err != nil {
			t.Fatal(err)
		}
		_, rows, err := svc.Standings(ctx, w.v, id)
		if err != nil || len(rows) != 2 {
			t.Fatalf("standings after removal: %d %v", len(rows), err)
		}
		notes, _ := svc.Notifications(ctx, w.referee, "", 0, 20)
		if len(notes) == 0 || notes[0].TitleKey != "tournaments.player_removed_title" {
			t.Fatalf("removed player not told: %+v", notes)
		}
		if err := svc.ShuffleRanking(ctx, w.creator, id); err != nil {
			t.Fatal(err)
		}
		// Closing: creator only; afterwards nothing changes.
		if _, err := svc.CloseTournament(ctx, w.player, id); code(err) != "http.forbidden" {
			t.Fatalf("player closed: %v", err)
		}
		if _, err := svc.CloseTournament(ctx, w.creator, id); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.JoinTournament(ctx, w.other, id); code(err) != "tournament.not_active" {
			t.Fatalf("joined a closed tournament: %v", err)
		}
	})
}

func TestPrivateTournamentRequests(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newTournamentWorld(t, db, "private")
		svc, id := w.svc, w.id
		// Outsiders see the overview but not the standings.
		if d, err := svc.Tournament(ctx, w.other, id); err != nil || d.CanSeeStandings || d.JoinMode != "request" {
			t.Fatalf("outsider: %+v %v", d, err)
		}
		if _, _, err := svc.Standings(ctx, w.other, id); code(err) != "tournament.members_only" {
			t.Fatalf("outsider standings: %v", err)
		}
		st, err := svc.JoinTournament(ctx, w.other, id)
		if err != nil || st != "requested" {
			t.Fatalf("request: %s %v", st, err)
		}
		if _, err := svc.JoinTournament(ctx, w.other, id); code(err) != "tournament.already_joined" {
			t.Fatalf("second request: %v", err)
		}
		notes, _ := svc.Notifications(ctx, w.creator, "", 0, 20)
		if len(notes) == 0 || notes[0].TitleKey != "tournaments.join_requested_title" {
			t.Fatalf("creator not told of the request: %+v", notes)
		}
		// Requests: seen by the creator, not by players; decided by the creator only.
		ps, _ := svc.Participants(ctx, w.player, id)
		for _, p := range ps {
			if p.Status == "requested" {
				t.Fatal("a player sees join requests")
			}
		}
		if err := svc.DecideJoinRequest(ctx, w.referee, id, w.other.User.ID, true); code(err) != "http.forbidden" {
			t.Fatalf("referee admitted: %v", err)
		}
		if err := svc.DecideJoinRequest(ctx, w.creator, id, w.other.User.ID, false); err != nil {
			t.Fatal(err)
		}
		if err := svc.DecideJoinRequest(ctx, w.creator, id, w.other.User.ID, true); code(err) != "player.not_found" {
			t.Fatalf("declined request admitted: %v", err)
		}
		// Admins and super admins join private tournaments directly.
		if st, err := svc.JoinTournament(ctx, w.admin, id); err != nil || st != "active" {
			t.Fatalf("admin: %s %v", st, err)
		}
		// Co-players see each other's contacts set to co-players.
		if ok, err := db.SharesTournament(ctx, w.admin.User.ID, w.player.User.ID); err != nil || !ok {
			t.Fatalf("co-players: %v %v", ok, err)
		}
		if ok, _ := db.SharesTournament(ctx, w.admin.User.ID, w.other.User.ID); ok {
			t.Fatal("a declined request counts as co-player")
		}
	})
}

// Two players asking for the last place at once: exactly one gets it.
func TestJoinRaceForTheLastPlace(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := service.New(db, service.Options{})
		creator := newAccount(t, db, svc, "creator@example.pt", "player")
		super := newAccount(t, db, svc, "super@example.pt", "superadmin")
		in := tournamentInput("Lotação")
		in.MaxParticipants = 3
		tr, err := svc.CreateTournament(ctx, creator, in)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.DecideTournament(ctx, super, tr.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		first := newAccount(t, db, svc, "first@example.pt", "player")
		if _, err := svc.JoinTournament(ctx, first, tr.ID); err != nil {
			t.Fatal(err)
		}
		const racers = 8
		var wg sync.WaitGroup
		errs := make([]error, racers)
		for i := range racers {
			who := newAccount(t, db, svc, fmt.Sprintf("racer%d@example.pt", i), "player")
			wg.Add(1)
			go func() { defer wg.Done(); _, errs[i] = svc.JoinTournament(ctx, who, tr.ID) }()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch code(err) {
			case "":
				ok++
			case "tournament.full":
			default:
				t.Errorf("unexpected: %v", err)
			}
		}
		n, _ := db.CountPlayers(ctx, nil, tr.ID)
		if ok != 1 || n != 3 {
			t.Fatalf("%d joined, %d players (max 3)", ok, n)
		}
	})
}
