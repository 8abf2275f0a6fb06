package realtime_test

import (
	"context"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/realtime"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// recv collects a broker's events on a channel.
func recv(b realtime.Broker) chan realtime.Event {
	ch := make(chan realtime.Event, 1024)
	b.Subscribe(func(e realtime.Event) { ch <- e })
	return ch
}

func next(t *testing.T, ch chan realtime.Event) realtime.Event {
	t.Helper()
	select {
	case e := <-ch:
		return e
	case <-time.After(15 * time.Second):
		t.Fatal("no event")
		return realtime.Event{}
	}
}

func TestBrokerByDatabase(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		b, err := realtime.ForDatabase(context.Background(), db, "one", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		_, isPG := b.(*realtime.Postgres)
		if isPG != db.IsPostgres() {
			t.Fatalf("broker %T on %s", b, db.Dialect)
		}
		ch := recv(b)
		b.Publish(realtime.Event{Type: realtime.TypeNotification, Users: []int64{7}})
		if e := next(t, ch); e.Type != realtime.TypeNotification || len(e.Users) != 1 || e.Users[0] != 7 {
			t.Fatalf("local delivery %+v", e)
		}
	})
}

func TestPostgresBrokerAcrossInstances(t *testing.T) {
	db := storetest.NewTestPostgres(t)
	if db == nil {
		t.Skip("SKIPPED: needs " + storetest.PostgresTestURLEnv)
	}
	ctx := context.Background()
	open := func(name string) *realtime.Postgres {
		b, err := realtime.ForDatabase(ctx, db, name, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		return b.(*realtime.Postgres)
	}
	a, c := open("a"), open("c")
	fromA, onC := recv(a), recv(c)

	// Events of many recipients travel in several payloads under the 8000-byte limit; together
	// they name everyone, and the publisher sees its own event once (locally), not twice.
	users := make([]int64, 3000)
	for i := range users {
		users[i] = int64(1_000_000_000_000 + i)
	}
	a.Publish(realtime.Event{Type: realtime.TypeMatch, Match: 42, Tournament: 3, Users: users})
	a.Publish(realtime.Event{Type: realtime.TypeChallenge, Challenge: 5, Users: []int64{1}})
	got := map[int64]bool{}
	for len(got) < len(users) {
		e := next(t, onC)
		if e.Type != realtime.TypeMatch || e.Match != 42 || e.Tournament != 3 || e.Instance != "a" {
			t.Fatalf("event on c: %+v", e)
		}
		for _, u := range e.Users {
			got[u] = true
		}
	}
	if e := next(t, onC); e.Type != realtime.TypeChallenge || e.Challenge != 5 {
		t.Fatalf("second event %+v", e)
	}
	if e := next(t, fromA); e.Type != realtime.TypeMatch || len(e.Users) != len(users) {
		t.Fatalf("local delivery %+v", e.Type)
	}
	if e := next(t, fromA); e.Type != realtime.TypeChallenge {
		t.Fatalf("local delivery %+v", e)
	}
	select {
	case e := <-fromA:
		t.Fatalf("own event came back: %+v", e)
	default:
	}

	// Killing c's listening connection: c reconnects, resyncs its subscribers and receives again.
	pid := c.ListenerPID()
	if _, err := db.W.ExecContext(ctx, "SELECT pg_terminate_backend($1)", int64(pid)); err != nil {
		t.Fatal(err)
	}
	if e := next(t, onC); e.Type != realtime.TypeResync {
		t.Fatalf("after the kill: %+v, want resync", e)
	}
	a.Publish(realtime.Event{Type: realtime.TypeNotification, Users: []int64{9}})
	if e := next(t, onC); e.Type != realtime.TypeNotification {
		t.Fatalf("after reconnecting: %+v", e)
	}
}
