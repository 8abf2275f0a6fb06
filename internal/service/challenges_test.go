package service_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// ladderWorld is an approved tournament with a creator (no referee) and players in join order,
// everyone with a weekly availability, on a clock the test moves.
type ladderWorld struct {
	svc     *service.Service
	db      *store.DB
	creator service.Current
	players []service.Current
	super   service.Current
	id      int64
	now     *time.Time
}

func newLadderWorld(t testing.TB, db *store.DB, players int, edit func(*service.TournamentInput)) ladderWorld {
	t.Helper()
	ctx := context.Background()
	now := time.Date(2026, 11, 18, 9, 0, 0, 0, time.UTC) // a Wednesday
	var mu sync.Mutex
	db.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	w := ladderWorld{svc: service.New(db, service.Options{}), db: db, now: &now}
	w.creator = newAccount(t, db, w.svc, "creator@example.pt", "player")
	w.super = newAccount(t, db, w.svc, "super@example.pt", "superadmin")
	in := tournamentInput("Ladder de Teste")
	in.Play = false
	if edit != nil {
		edit(&in)
	}
	tr, err := w.svc.CreateTournament(ctx, w.creator, in)
	if err != nil {
		t.Fatal(err)
	}
	w.id = tr.ID
	if _, err := w.svc.DecideTournament(ctx, w.super, tr.ID, true, ""); err != nil {
		t.Fatal(err)
	}
	for i := range players {
		p := newAccount(t, db, w.svc, fmt.Sprintf("p%d@example.pt", i+1), "player")
		withAvailability(t, db, p)
		if _, err := w.svc.JoinTournament(ctx, p, tr.ID); err != nil {
			t.Fatal(err)
		}
		w.players = append(w.players, p)
	}
	return w
}

// withAvailability gives an account a weekly availability (Saturdays and Thursday evenings).
func withAvailability(t testing.TB, db *store.DB, p service.Current) {
	t.Helper()
	ctx := context.Background()
	slots := []store.Slot{{Weekday: 6, StartMinute: 9 * 60, EndMinute: 20 * 60}, {Weekday: 4, StartMinute: 18 * 60, EndMinute: 21 * 60}}
	if err := db.Tx(ctx, func(tx *store.Tx) error { return db.ReplaceAvailability(ctx, tx, p.User.ID, slots) }); err != nil {
		t.Fatal(err)
	}
}

func (w ladderWorld) at(d time.Duration) time.Time { return w.now.Add(d) }

func (w ladderWorld) challenge(t *testing.T, from, to service.Current) store.ChallengeRow {
	t.Helper()
	c, err := w.svc.CreateChallenge(context.Background(), from, service.ChallengeInput{TournamentID: w.id, OpponentID: to.User.ID,
		Times: []time.Time{w.at(26 * time.Hour), w.at(50 * time.Hour)}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestChallengeRules(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 6, func(in *service.TournamentInput) { in.ChallengeRange = 2 })
		p := w.players
		in := func(to service.Current, times ...time.Time) service.ChallengeInput {
			return service.ChallengeInput{TournamentID: w.id, OpponentID: to.User.ID, Times: times}
		}
		soon, later := w.at(3*time.Hour), w.at(27*time.Hour)
		// Someone with a weekly availability who is not in the tournament.
		outsider := newAccount(t, db, w.svc, "outsider@example.pt", "player")
		withAvailability(t, db, outsider)
		cases := []struct {
			name string
			who  service.Current
			in   service.ChallengeInput
			want string
		}{
			{"no opponent", p[1], service.ChallengeInput{TournamentID: w.id, Times: []time.Time{later}}, "opponent_id:challenge.select_required"},
			{"no tournament", p[1], service.ChallengeInput{OpponentID: p[0].User.ID, Times: []time.Time{later}}, "tournament_id:challenge.select_required"},
			{"no time", p[1], in(p[0]), "times:challenge.time_required"},
			{"too soon", p[1], in(p[0], w.at(time.Hour)), "times:challenge.time_too_soon"},
			{"too many", p[1], in(p[0], soon, later, w.at(30*time.Hour), w.at(40*time.Hour)), "times:challenge.too_many_times"},
			{"yourself", p[1], in(p[1], later), "opponent_id:challenge.not_yourself"},
			{"out of range", p[5], in(p[0], later), "challenge.out_of_range"},
			{"too far", p[1], in(p[0], w.at(61*24*time.Hour)), "times:challenge.time_too_far"},
			{"no availability", w.creator, in(p[0], later), "challenge.no_availability"},
			{"not a player", outsider, in(p[0], later), "challenge.not_player"},
			{"visitor", service.Current{}, in(p[0], later), "auth.sign_in_required"},
		}
		for _, c := range cases {
			if _, err := w.svc.CreateChallenge(ctx, c.who, c.in); code(err) != c.want {
				t.Errorf("%s: got %q, want %q", c.name, code(err), c.want)
			}
		}
		// A paused opponent cannot be challenged.
		if err := w.svc.SetPlayerStatus(ctx, w.creator, w.id, p[2].User.ID, "paused"); err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.CreateChallenge(ctx, p[3], in(p[2], later)); code(err) != "challenge.opponent_unavailable" {
			t.Fatalf("paused opponent: %v", err)
		}
		// Nor can a paused player challenge anyone.
		if _, err := w.svc.CreateChallenge(ctx, p[2], in(p[3], later)); code(err) != "challenge.self_unavailable" {
			t.Fatalf("paused challenger: %v", err)
		}
		// Within range works once; a second challenge between the same players is refused.
		c, err := w.svc.CreateChallenge(ctx, p[1], in(p[0], later, soon, later))
		if err != nil || c.Status != "pending" || len(service.DecodeTimes(c.ProposedTimes)) != 2 {
			t.Fatalf("challenge: %+v %v", c, err)
		}
		if _, err := w.svc.CreateChallenge(ctx, p[0], in(p[1], later)); code(err) != "challenge.already_open" {
			t.Fatalf("second challenge: %v", err)
		}
		// Only the challenged answers; only the challenger withdraws; outsiders see nothing.
		if _, err := w.svc.AcceptChallenge(ctx, p[1], c.ID, later); code(err) != "challenge.only_challenged" {
			t.Fatalf("challenger accepted: %v", err)
		}
		if err := w.svc.CancelChallenge(ctx, p[0], c.ID); code(err) != "challenge.only_challenger" {
			t.Fatalf("challenged withdrew: %v", err)
		}
		if _, err := w.svc.Challenge(ctx, p[4], c.ID); code(err) != "challenge.not_found" {
			t.Fatalf("outsider saw it: %v", err)
		}
		if _, err := w.svc.AcceptChallenge(ctx, p[0], c.ID, w.at(99*time.Hour)); code(err) != "time:challenge.time_not_proposed" {
			t.Fatalf("other time: %v", err)
		}
		if _, err := w.svc.AcceptChallenge(ctx, p[0], c.ID, time.Time{}); code(err) != "time:match.time_required" {
			t.Fatalf("no time: %v", err)
		}
		if err := w.svc.RejectChallenge(ctx, p[0], c.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.AcceptChallenge(ctx, p[0], c.ID, later); code(err) != "challenge.already_answered" {
			t.Fatalf("accepted a rejected challenge: %v", err)
		}
	})
}

// 100 concurrent accepts of one challenge: exactly one succeeds and one match exists.
func TestConcurrentAccepts(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 2, nil)
		c := w.challenge(t, w.players[1], w.players[0])
		at := service.DecodeTimes(c.ProposedTimes)[0]
		var wg sync.WaitGroup
		errs := make([]error, 100)
		for i := range errs {
			wg.Add(1)
			go func() { defer wg.Done(); _, errs[i] = w.svc.AcceptChallenge(ctx, w.players[0], c.ID, at) }()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch code(err) {
			case "":
				ok++
			case "challenge.already_answered":
			default:
				t.Errorf("unexpected: %v", err)
			}
		}
		ms, _ := db.ListMatches(ctx, store.MatchFilter{TournamentID: w.id})
		if ok != 1 || len(ms) != 1 {
			t.Fatalf("%d accepts succeeded, %d matches", ok, len(ms))
		}
	})
}

// The whole loop: challenge, accept, report, confirm, validate; the standings move once even
// when the creator and a super admin validate at the same moment.
func TestMatchLoopAndConcurrentValidation(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 3, nil)
		low, top := w.players[2], w.players[0]
		c := w.challenge(t, low, top)
		at := service.DecodeTimes(c.ProposedTimes)[1]
		m, err := w.svc.AcceptChallenge(ctx, top, c.ID, at)
		if err != nil || m.State != "time_confirmed" || !m.ScheduledAt.Time.Equal(at) {
			t.Fatalf("accept: %+v %v", m, err)
		}
		if _, err := w.svc.ReportResult(ctx, low, m.ID, "6-4 6-7(5) 10-8", w.at(72*time.Hour).Format("2006-01-02")); code(err) != "played_on:match.date_future" {
			t.Fatalf("future date: %v", err)
		}
		if _, err := w.svc.ReportResult(ctx, low, m.ID, "6-4 5-5", w.now.Format("2006-01-02")); code(err) != "score:score.set_invalid" && code(err) != "score:score.unfinished" {
			t.Fatalf("bad score: %v", code(err))
		}
		// A result dated before the agreed day is refused (here: today, the match is in two days).
		if _, err := w.svc.ReportResult(ctx, low, m.ID, "6-4 6-4", w.now.Format("2006-01-02")); code(err) != "played_on:match.played_before_time" {
			t.Fatalf("before the agreed time: %v", err)
		}
		*w.now = w.at(51 * time.Hour)
		day := w.now.Format("2006-01-02")
		if _, err := w.svc.ReportResult(ctx, w.players[1], m.ID, "6-4 6-4", day); code(err) != "match.not_found" {
			t.Fatalf("outsider reported: %v", err)
		}
		// The low player reports from their side: they won (super tie-break in brackets, #11).
		m, err = w.svc.ReportResult(ctx, low, m.ID, "6-4 6-7 (5-7) [10-8]", day)
		if err != nil || m.WinnerID.Int64 != low.User.ID || m.Score != "6-4 6-7(5) 10-8" || m.State != "result_reported" {
			t.Fatalf("report: %+v %v", m, err)
		}
		if _, err := w.svc.ReportResult(ctx, top, m.ID, "6-0 6-0", day); code(err) != "match.already_reported" {
			t.Fatalf("second report: %v", err)
		}
		if _, err := w.svc.AnswerResult(ctx, low, m.ID, true, ""); code(err) != "match.only_opponent" {
			t.Fatalf("reporter confirmed: %v", err)
		}
		if _, err := w.svc.ValidateResult(ctx, top, m.ID, true, ""); code(err) != "match.only_validators" {
			t.Fatalf("player validated: %v", err)
		}
		if m, err = w.svc.AnswerResult(ctx, top, m.ID, true, ""); err != nil || !m.ResultConfirmed {
			t.Fatalf("confirm: %+v %v", m, err)
		}
		// A confirmed result is no longer the opponent's to dispute (can_dispute is false too).
		if _, err := w.svc.AnswerResult(ctx, top, m.ID, false, "Afinal não"); code(err) != "match.already_confirmed" {
			t.Fatalf("dispute after confirming: %v", err)
		}
		if again, _, _ := w.svc.Match(ctx, top, m.ID); again.State != "result_reported" || !again.ResultConfirmed {
			t.Fatalf("match after the refused dispute: %+v", again)
		}
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i, who := range []service.Current{w.creator, w.super, w.creator, w.super} {
			wg.Add(1)
			go func() { defer wg.Done(); _, errs[i] = w.svc.ValidateResult(ctx, who, m.ID, true, "ok") }()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if code(err) != "match.already_validated" {
				t.Errorf("unexpected: %v", err)
			}
		}
		_, rows, _ := w.svc.Standings(ctx, service.Current{}, w.id)
		if ok != 1 || rows[0].UserID != low.User.ID || rows[0].Points != 3 || rows[0].Wins != 1 || rows[2].Points != -1 || rows[2].Losses != 1 {
			t.Fatalf("%d validations; standings %+v", ok, rows)
		}
		got, _ := db.ChallengeByID(ctx, nil, c.ID)
		if got.Status != "completed" {
			t.Fatalf("challenge status %s", got.Status)
		}
		notes, _ := w.svc.Notifications(ctx, low, "en", 0, 20)
		kinds := map[string]bool{}
		for _, n := range notes {
			kinds[n.TitleKey] = true
		}
		for _, k := range []string{"challenges.accepted_title", "matches.result_confirmed_title", "matches.result_validated_title", "matches.ranking_up_title"} {
			if !kinds[k] {
				t.Errorf("challenger not told %s (has %v)", k, kinds)
			}
		}
	})
}

// A disputed result rejected by the referee goes back to be reported again.
func TestDisputeAndRejection(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 3, nil)
		if err := w.svc.PromoteReferee(ctx, w.creator, w.id, w.players[2].User.ID, false); err != nil {
			t.Fatal(err)
		}
		c := w.challenge(t, w.players[1], w.players[0])
		m, err := w.svc.AcceptChallenge(ctx, w.players[0], c.ID, service.DecodeTimes(c.ProposedTimes)[0])
		if err != nil {
			t.Fatal(err)
		}
		*w.now = w.at(27 * time.Hour) // played at the agreed time
		day := w.now.Format("2006-01-02")
		if _, err := w.svc.ReportResult(ctx, w.players[1], m.ID, "6-1 6-1", day); err != nil {
			t.Fatal(err)
		}
		if m, err = w.svc.AnswerResult(ctx, w.players[0], m.ID, false, "Foi 6-1 1-6 10-4 para mim"); err != nil || m.State != "result_disputed" {
			t.Fatalf("dispute: %+v %v", m, err)
		}
		// With a referee, the creator no longer validates.
		if _, err := w.svc.ValidateResult(ctx, w.creator, m.ID, false, ""); code(err) != "match.only_validators" {
			t.Fatalf("creator validated with a referee: %v", err)
		}
		if m, err = w.svc.ValidateResult(ctx, w.players[2], m.ID, false, "Repitam o registo."); err != nil || m.State != "time_confirmed" || m.Score != "" {
			t.Fatalf("rejection: %+v %v", m, err)
		}
		if _, err := w.svc.ReportResult(ctx, w.players[0], m.ID, "1-6 6-1 10-4", day); err != nil {
			t.Fatalf("report again: %v", err)
		}
		if _, err := w.svc.ValidateResult(ctx, w.players[2], m.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		_, rows, _ := w.svc.Standings(ctx, service.Current{}, w.id)
		if rows[0].UserID != w.players[0].User.ID || rows[0].Wins != 1 {
			t.Fatalf("standings %+v", rows)
		}
	})
}

// Expiry after the response deadline, automatic acceptance after the maximum rejections, and the
// game limit, on a controlled clock.
func TestExpiryAutoAcceptAndLimits(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 4, func(in *service.TournamentInput) {
			in.ResponseDays, in.MaxRejections, in.MaxGames, in.MinGames, in.ChallengeRange = 2, 1, 2, 0, 0
		})
		p := w.players
		c := w.challenge(t, p[1], p[0])
		*w.now = w.at(47 * time.Hour)
		if n, err := w.svc.ExpireChallenges(ctx); err != nil || n != 0 {
			t.Fatalf("expired early: %d %v", n, err)
		}
		*w.now = w.at(2 * time.Hour)
		if n, err := w.svc.ExpireChallenges(ctx); err != nil || n != 1 {
			t.Fatalf("expiry: %d %v", n, err)
		}
		if got, _ := db.ChallengeByID(ctx, nil, c.ID); got.Status != "expired" {
			t.Fatalf("status %s", got.Status)
		}
		// p0 rejects one challenge (the maximum): the next one to p0 is accepted automatically.
		c = w.challenge(t, p[2], p[0])
		if err := w.svc.RejectChallenge(ctx, p[0], c.ID); err != nil {
			t.Fatal(err)
		}
		c = w.challenge(t, p[3], p[0])
		if c.Status != "accepted" || !c.AutoAccepted || !c.MatchID.Valid {
			t.Fatalf("not accepted automatically: %+v", c.Challenge)
		}
		m, err := db.MatchByID(ctx, nil, c.MatchID.Int64)
		if err != nil || m.State != "time_proposed" {
			t.Fatalf("auto match: %+v %v", m.Match, err)
		}
		if _, err := w.svc.ConfirmMatchTime(ctx, p[0], m.ID, time.Time{}, service.MatchPlace{}); code(err) != "time:match.time_required" {
			t.Fatalf("no time: %v", err)
		}
		if _, err := w.svc.ConfirmMatchTime(ctx, p[0], m.ID, service.DecodeTimes(c.ProposedTimes)[0], service.MatchPlace{Court: "Campo 2", Surface: "clay"}); err != nil {
			t.Fatal(err)
		}
		// p3 now has 1 game; one more pending challenge makes 2 (the maximum every 2 weeks).
		w.challenge(t, p[3], p[1])
		_, err = w.svc.CreateChallenge(ctx, p[3], service.ChallengeInput{TournamentID: w.id, OpponentID: p[2].User.ID, Times: []time.Time{w.at(30 * time.Hour)}})
		if code(err) != "challenge.limit_self" {
			t.Fatalf("limit: %v", err)
		}
		_, err = w.svc.CreateChallenge(ctx, p[2], service.ChallengeInput{TournamentID: w.id, OpponentID: p[3].User.ID, Times: []time.Time{w.at(30 * time.Hour)}})
		if e, ok := service.AsError(err); !ok || e.Code != "challenge.limit_opponent" || e.Params["max"] != 2 {
			t.Fatalf("opponent limit: %v", err)
		}
	})
}
