package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

// tournamentPlaceholders makes a fresh tournament for one matrix request and fills in the path:
// {tournament} (active, public), {pending_tournament}, {private_tournament}, {joined_tournament}
// (the actor plays in it), {imaged_tournament}; {player} a player in it, {requester} a pending
// join request, {referee} its referee. The creator actor creates it; the referee actor referees it.
func tournamentPlaceholders(t *testing.T, db *store.DB, svc *service.Service, owner store.User, actor string, actorID int64, path string) string {
	kinds := []string{"{tournament}", "{pending_tournament}", "{private_tournament}", "{joined_tournament}", "{imaged_tournament}"}
	kind := ""
	for _, k := range kinds {
		if strings.Contains(path, k) {
			kind = k
		}
	}
	if kind == "" {
		return path
	}
	ctx := context.Background()
	as := func(u store.User) service.Current { return service.Current{User: u, Actor: svc.ActorFor(u)} }
	fresh := func(prefix string) store.User {
		u := store.User{Email: fmt.Sprintf("%s-%d@ladder.test", prefix, time.Now().UnixNano()), Role: "player"}
		if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertUser(ctx, tx, &u) }); err != nil {
			t.Fatal(err)
		}
		return u
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	creator := owner
	if actor == "creator" {
		creator, _ = db.UserByID(ctx, nil, actorID)
	}
	in := service.TournamentInput{Name: fmt.Sprintf("Ladder %d", time.Now().UnixNano()), Privacy: "public", RankingType: "points",
		Preset: "standard", ResponseDays: 7, MaxRejections: 3, MinGames: 1, MaxGames: 4, PeriodWeeks: 2, ChallengeRange: 3}
	if kind == "{private_tournament}" {
		in.Privacy = "private"
	}
	tr, err := svc.CreateTournament(ctx, as(creator), in)
	must(err)
	if kind != "{pending_tournament}" {
		_, err := svc.DecideTournament(ctx, as(root(t, db)), tr.ID, true, "")
		must(err)
	}
	admit := func(u store.User) {
		must(db.Tx(ctx, func(tx *store.Tx) error { _, err := db.AddParticipant(ctx, tx, tr.ID, u.ID, "active"); return err }))
	}
	ref := fresh("referee")
	if actor == "referee" {
		ref, _ = db.UserByID(ctx, nil, actorID)
	}
	if kind != "{pending_tournament}" {
		admit(ref)
		must(svc.PromoteReferee(ctx, as(creator), tr.ID, ref.ID, false))
	}
	if kind == "{joined_tournament}" && actorID != 0 && actor != "referee" {
		u, _ := db.UserByID(ctx, nil, actorID)
		admit(u)
	}
	if kind == "{imaged_tournament}" {
		_, err := svc.SetTournamentImage(ctx, as(creator), tr.ID, bytes.NewReader(tinyPNG(t)))
		must(err)
	}
	if strings.Contains(path, "{player}") {
		p := fresh("tplayer")
		admit(p)
		path = strings.ReplaceAll(path, "{player}", fmt.Sprint(p.ID))
	}
	if strings.Contains(path, "{requester}") {
		r := fresh("requester")
		_, err := svc.JoinTournament(ctx, as(r), tr.ID)
		must(err)
		path = strings.ReplaceAll(path, "{requester}", fmt.Sprint(r.ID))
	}
	path = strings.ReplaceAll(path, "{referee}", fmt.Sprint(ref.ID))
	return strings.ReplaceAll(path, kind, fmt.Sprint(tr.ID))
}

func root(t *testing.T, db *store.DB) store.User {
	u, err := db.UserByEmail(context.Background(), nil, testRoot)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
