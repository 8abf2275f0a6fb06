package httpapi

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
)

// challengePlaceholders fills challenge and match placeholders for one matrix request, in a
// fresh tournament run by the creator actor (or another player) and refereed by the referee actor
// (or another player). "me" is the player actor, or a stand-in for the other actors, who are
// then outsiders: {challenge_received} (to me), {challenge_sent} (by me), {match} (accepted, me
// playing), {reported_match} (the opponent reported), {challenge_tournament} and {opponent} (for
// a new challenge), {future} (the proposed time) and {today}.
func challengePlaceholders(t *testing.T, db *store.DB, svc *service.Service, owner store.User, actor string, ids map[string]int64, s string) string {
	names := []string{"{challenge_received}", "{challenge_sent}", "{match}", "{reported_match}", "{challenge_tournament}"}
	found := false
	for _, n := range names {
		found = found || strings.Contains(s, n)
	}
	if !found {
		return s
	}
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	as := func(u store.User) service.Current { return service.Current{User: u, Actor: svc.ActorFor(u)} }
	user := func(id int64) store.User { u, err := db.UserByID(ctx, nil, id); must(err); return u }
	slots := []store.Slot{{Weekday: 1, StartMinute: 8 * 60, EndMinute: 22 * 60}}
	fresh := func(prefix string) store.User {
		u := store.User{Email: fmt.Sprintf("%s-%d@ladder.test", prefix, time.Now().UnixNano()), Role: "player"}
		must(db.Tx(ctx, func(tx *store.Tx) error {
			if err := db.InsertUser(ctx, tx, &u); err != nil {
				return err
			}
			return db.ReplaceAvailability(ctx, tx, u.ID, slots)
		}))
		return u
	}
	creator := owner
	if actor == "creator" {
		creator = user(ids["creator"])
	}
	in := service.TournamentInput{Name: fmt.Sprintf("Ladder %d", time.Now().UnixNano()), Privacy: "public", RankingType: "points",
		Preset: "standard", ResponseDays: 7, MaxRejections: 3, MinGames: 0, MaxGames: 10, PeriodWeeks: 2, ChallengeRange: 0}
	tr, err := svc.CreateTournament(ctx, as(creator), in)
	must(err)
	_, err = svc.DecideTournament(ctx, as(root(t, db)), tr.ID, true, "")
	must(err)
	admit := func(u store.User) {
		must(db.Tx(ctx, func(tx *store.Tx) error { _, err := db.AddParticipant(ctx, tx, tr.ID, u.ID, "active"); return err }))
	}
	ref := fresh("referee")
	if actor == "referee" {
		ref = user(ids["referee"])
	}
	admit(ref)
	must(svc.PromoteReferee(ctx, as(creator), tr.ID, ref.ID, false))
	me := fresh("me")
	if actor == "player" {
		me = user(ids["player"])
	}
	if ids[actor] != 0 {
		must(db.Tx(ctx, func(tx *store.Tx) error { return db.ReplaceAvailability(ctx, tx, ids[actor], slots) }))
	}
	opp := fresh("opponent")
	admit(me)
	admit(opp)
	future := time.Now().UTC().Add(72 * time.Hour).Truncate(time.Minute)
	challenge := func(from, to store.User) store.ChallengeRow {
		c, err := svc.CreateChallenge(ctx, as(from), service.ChallengeInput{TournamentID: tr.ID, OpponentID: to.ID, Times: []time.Time{future}})
		must(err)
		return c
	}
	accepted := func() store.MatchRow {
		c := challenge(opp, me)
		m, err := svc.AcceptChallenge(ctx, as(me), c.ID, future)
		must(err)
		// Played already: the agreed time moves to three hours ago (the API refuses a time in the
		// past, and a result dated before the agreed time), so today's result can be reported.
		must(db.Tx(ctx, func(tx *store.Tx) error {
			_, err := db.ConfirmMatchTime(ctx, tx, m.ID, time.Now().UTC().Add(-3*time.Hour), "", "", "")
			return err
		}))
		return m
	}
	r := strings.NewReplacer("{future}", future.Format(time.RFC3339), "{today}", time.Now().UTC().Format("2006-01-02"),
		"{challenge_tournament}", fmt.Sprint(tr.ID), "{opponent}", fmt.Sprint(opp.ID))
	s = r.Replace(s)
	switch {
	case strings.Contains(s, "{challenge_received}"):
		s = strings.ReplaceAll(s, "{challenge_received}", fmt.Sprint(challenge(opp, me).ID))
	case strings.Contains(s, "{challenge_sent}"):
		s = strings.ReplaceAll(s, "{challenge_sent}", fmt.Sprint(challenge(me, opp).ID))
	case strings.Contains(s, "{reported_match}"):
		m := accepted()
		_, err := svc.ReportResult(ctx, as(opp), m.ID, "6-4 6-4", time.Now().UTC().Format("2006-01-02"))
		must(err)
		s = strings.ReplaceAll(s, "{reported_match}", fmt.Sprint(m.ID))
	case strings.Contains(s, "{match}"):
		s = strings.ReplaceAll(s, "{match}", fmt.Sprint(accepted().ID))
	}
	return s
}
