package service_test

import (
	"context"
	"testing"

	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// Issue 15: the signed-in home counts what the reader has to do and features what is near first.
func TestHome(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := seed.Demo(ctx, db); err != nil {
			t.Fatal(err)
		}
		svc := service.New(db, service.Options{})
		if _, err := svc.HomeFor(ctx, service.Current{}); err == nil {
			t.Fatal("a visitor read a home")
		}
		me, _ := db.UserByEmail(ctx, nil, "player@ladder.test")
		cur := service.Current{User: me, Actor: svc.ActorFor(me)}
		h, err := svc.HomeFor(ctx, cur)
		if err != nil {
			t.Fatal(err)
		}
		unread, _ := db.UnreadNotifications(ctx, me.ID)
		messages, _ := db.UnreadMessages(ctx, me.ID)
		if h.UnreadNotifications != unread || h.UnreadMessages == nil || *h.UnreadMessages != messages {
			t.Fatalf("unread: %d (want %d), messages %v", h.UnreadNotifications, unread, h.UnreadMessages)
		}
		if len(h.FeaturedTournaments) == 0 || len(h.FeaturedTournaments) > service.HomeFeatured ||
			len(h.FeaturedClubs) == 0 || len(h.FeaturedClubs) > service.HomeFeatured {
			t.Fatalf("featured: %d tournaments, %d clubs", len(h.FeaturedTournaments), len(h.FeaturedClubs))
		}
		// The reader's district comes first: no other district before one of theirs.
		near := true
		for _, c := range h.FeaturedClubs {
			if c.District != me.District {
				near = false
			} else if !near {
				t.Fatalf("a club of %s after one elsewhere: %+v", me.District, h.FeaturedClubs)
			}
		}
		if h.FeaturedClubs[0].District != me.District {
			t.Fatalf("first club not near: %s", h.FeaturedClubs[0].District)
		}
		for _, m := range append(h.ActiveMatches, h.CompletedMatches...) {
			if m.P1.ID != me.ID && m.P2.ID != me.ID {
				t.Fatalf("someone else's match on the home: %+v", m)
			}
		}
		for _, m := range h.CompletedMatches {
			if m.State != "completed" {
				t.Fatalf("completed list has %s", m.State)
			}
		}
		if len(h.ActiveAccess) != len(h.ActiveMatches) || len(h.CompletedAccess) != len(h.CompletedMatches) {
			t.Fatal("access flags do not match the lists")
		}
		if len(h.CompletedMatches) == 0 {
			t.Fatal("the demo player has validated matches")
		}
	})
}
