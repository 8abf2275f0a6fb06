package service_test

import (
	"context"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// A player over the challenge allowance is refused with rate.too_many and nothing is created;
// another player is not affected.
func TestChallengeRateLimit(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 4, nil)
		svc := service.New(db, service.Options{Limits: service.Limits{ChallengesPerHour: 1}})
		in := func(to service.Current) service.ChallengeInput {
			return service.ChallengeInput{TournamentID: w.id, OpponentID: to.User.ID, Times: []time.Time{w.at(26 * time.Hour)}}
		}
		if _, err := svc.CreateChallenge(ctx, w.players[3], in(w.players[2])); err != nil {
			t.Fatal(err)
		}
		count := func() int {
			var n int
			if err := db.R.Get(&n, "SELECT COUNT(*) FROM challenges"); err != nil {
				t.Fatal(err)
			}
			return n
		}
		_, err := svc.CreateChallenge(ctx, w.players[3], in(w.players[1]))
		e, ok := service.AsError(err)
		if !ok || e.Kind != service.KindRateLimited || e.Code != "rate.too_many" || e.RetryAfterSeconds != 3600 {
			t.Fatalf("second challenge in the hour: %v", err)
		}
		if n := count(); n != 1 {
			t.Fatalf("challenges after the refusal: %d", n)
		}
		if _, err := svc.CreateChallenge(ctx, w.players[1], in(w.players[0])); err != nil {
			t.Fatalf("another player: %v", err)
		}
	})
}

// Requests refused by the checks inside their transaction give their token back: a player who
// keeps hitting "already open" or a wrong date still has their allowance for a valid request.
func TestRefusalsDoNotSpendTheAllowance(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 4, nil)
		w.svc = service.New(db, service.Options{Limits: service.Limits{ChallengesPerHour: 2, ReportsPerHour: 1}})
		p := w.players
		send := func(from, to service.Current) (store.ChallengeRow, error) {
			return w.svc.CreateChallenge(ctx, from, service.ChallengeInput{TournamentID: w.id, OpponentID: to.User.ID,
				Times: []time.Time{w.at(26 * time.Hour)}})
		}
		c1, err := send(p[3], p[2])
		if err != nil {
			t.Fatal(err)
		}
		for i := range 5 {
			if _, err := send(p[3], p[2]); code(err) != "challenge.already_open" {
				t.Fatalf("repeat %d: %v", i, err)
			}
		}
		c2, err := send(p[3], p[1])
		if err != nil {
			t.Fatalf("second challenge after refusals: %v", err)
		}
		if _, err := send(p[3], p[0]); code(err) != "rate.too_many" {
			t.Fatalf("third challenge in the hour: %v", err)
		}

		m1, err := w.svc.AcceptChallenge(ctx, p[2], c1.ID, service.DecodeTimes(c1.ProposedTimes)[0])
		if err != nil {
			t.Fatal(err)
		}
		m2, err := w.svc.AcceptChallenge(ctx, p[1], c2.ID, service.DecodeTimes(c2.ProposedTimes)[0])
		if err != nil {
			t.Fatal(err)
		}
		*w.now = w.at(27 * time.Hour)
		before := w.at(-72 * time.Hour).Format("2006-01-02")
		for i := range 3 {
			if _, err := w.svc.ReportResult(ctx, p[3], m1.ID, "6-3 6-3", before); code(err) != "played_on:match.date_before_match" {
				t.Fatalf("early report %d: %v", i, err)
			}
		}
		today := w.now.Format("2006-01-02")
		if _, err := w.svc.ReportResult(ctx, p[3], m1.ID, "6-3 6-3", today); err != nil {
			t.Fatalf("report after refusals: %v", err)
		}
		if _, err := w.svc.ReportResult(ctx, p[3], m2.ID, "6-3 6-3", today); code(err) != "rate.too_many" {
			t.Fatalf("second report in the hour: %v", err)
		}
	})
}
