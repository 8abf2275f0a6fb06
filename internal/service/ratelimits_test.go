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
