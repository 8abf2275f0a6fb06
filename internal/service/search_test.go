package service_test

import (
	"context"
	"testing"

	"github.com/tennisladder/ladder/internal/seed"
	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

func TestSearch(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := seed.Demo(ctx, db); err != nil {
			t.Fatal(err)
		}
		svc := service.New(db, service.Options{})
		me, _ := db.UserByEmail(ctx, nil, "player@ladder.test")
		cur := service.Current{User: me, Actor: svc.ActorFor(me)}

		if r, _ := svc.Search(ctx, cur, " f ", "pt", 5); len(r) != 0 {
			t.Fatalf("one character searched: %v", r)
		}
		r, err := svc.Search(ctx, cur, "TENIS DA FOZ", "pt", 5)
		if err != nil || len(r) != 1 || r[0].Type != "club" || r[0].URL == "" || r[0].Subtitle != "Porto" {
			t.Fatalf("club search: %v %+v", err, r)
		}
		r, _ = svc.Search(ctx, cur, "ines", "en", 5)
		if len(r) != 1 || r[0].Type != "player" || r[0].Title != "Inês Rodrigues" || r[0].Subtitle != "Cascais, Lisbon" {
			t.Fatalf("player search: %+v", r)
		}
		// Active tournaments are found by everyone; pending and rejected ones are not.
		r, _ = svc.Search(ctx, service.Current{}, "outono", "pt", 5)
		if len(r) != 1 || r[0].Type != "tournament" || r[0].Subtitle != "Clube de Ténis da Foz" {
			t.Fatalf("tournament search: %+v", r)
		}
		if r, _ := svc.Search(ctx, cur, "Relâmpago", "pt", 5); len(r) != 0 {
			t.Fatalf("a rejected tournament was found: %+v", r)
		}
		if r, _ := svc.Search(ctx, service.Current{}, "ines", "pt", 5); len(r) != 0 {
			t.Fatalf("visitors found players: %+v", r)
		}
		if r, _ := svc.Search(ctx, cur, "Bragança", "pt", 5); len(r) != 0 {
			t.Fatalf("a pending club was found: %+v", r)
		}
		// A hidden player is not found.
		ines, _ := db.UserByEmail(ctx, nil, "ines.rodrigues@ladder.test")
		icur := service.Current{User: ines, Actor: svc.ActorFor(ines)}
		if _, err := svc.UpdateSettings(ctx, icur, service.Settings{ContactVisibility: "nobody", Listed: false, Language: "pt"}); err != nil {
			t.Fatal(err)
		}
		if r, _ := svc.Search(ctx, cur, "ines", "pt", 5); len(r) != 0 {
			t.Fatalf("hidden player found: %+v", r)
		}
		// 100% and _ are literal, not wildcards.
		if r, _ := svc.Search(ctx, cur, "%%", "pt", 5); len(r) != 0 {
			t.Fatalf("%% matched everything: %d", len(r))
		}
	})
}
