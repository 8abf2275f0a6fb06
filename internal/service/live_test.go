package service_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/realtime"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The use cases announce changes to challenges, matches and notifications after they commit,
// to the users they concern, with ids only; a refused action announces nothing.
func TestLiveEventsOfChallengesAndMatches(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 2, nil)
		broker := realtime.NewMemory()
		var got []realtime.Event
		broker.Subscribe(func(e realtime.Event) { got = append(got, e) })
		w.svc = service.New(db, service.Options{Live: broker})
		challenger, challenged := w.players[1], w.players[0]
		take := func() []realtime.Event { out := got; got = nil; return out }
		has := func(evs []realtime.Event, typ string, users ...int64) realtime.Event {
			t.Helper()
			for _, e := range evs {
				if e.Type == typ && slices.Equal(slices.Sorted(slices.Values(e.Users)), slices.Sorted(slices.Values(users))) {
					return e
				}
			}
			t.Fatalf("no %s event for %v in %+v", typ, users, evs)
			return realtime.Event{}
		}
		both := []int64{challenger.User.ID, challenged.User.ID}

		c := w.challenge(t, challenger, challenged)
		evs := take()
		if e := has(evs, realtime.TypeChallenge, both...); e.Challenge != c.ID || e.Tournament != w.id {
			t.Fatalf("challenge event %+v", e)
		}
		has(evs, realtime.TypeNotification, challenged.User.ID)

		agreed := service.DecodeTimes(c.ProposedTimes)[0]
		m, err := w.svc.AcceptChallenge(ctx, challenged, c.ID, agreed)
		if err != nil {
			t.Fatal(err)
		}
		if e := has(take(), realtime.TypeChallenge, both...); e.Match != m.ID {
			t.Fatalf("accept event %+v", e)
		}
		if _, err := w.svc.AcceptChallenge(ctx, challenged, c.ID, agreed); err == nil {
			t.Fatal("accepted twice")
		}
		if evs := take(); len(evs) != 0 {
			t.Fatalf("a refused action announced %+v", evs)
		}

		*w.now = agreed.Add(2 * time.Hour)
		if _, err := w.svc.ReportResult(ctx, challenger, m.ID, "6-1 6-1", agreed.Format("2006-01-02")); err != nil {
			t.Fatal(err)
		}
		evs = take()
		if e := has(evs, realtime.TypeMatch, both...); e.Match != m.ID {
			t.Fatalf("report event %+v", e)
		}
		has(evs, realtime.TypeMatch, w.creator.User.ID) // the validator's list changes
		if _, err := w.svc.ValidateResult(ctx, w.creator, m.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		has(take(), realtime.TypeMatch, append(both, w.creator.User.ID)...)
	})
}
