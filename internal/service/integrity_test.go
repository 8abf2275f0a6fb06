package service_test

import (
	"context"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// pendingValidation reports whether match id is in who's Pending Validations as a result to
// validate (not merely to confirm as opponent).
func pendingValidation(t *testing.T, w ladderWorld, who service.Current, id int64) bool {
	t.Helper()
	rows, err := w.svc.Matches(context.Background(), who, service.MatchListInput{Scope: "validation"})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.ID == id {
			_, acc, err := w.svc.Match(context.Background(), who, id)
			return err == nil && acc.Can.Validate
		}
	}
	return false
}

// playedMatch has from challenge to, to accept at the first proposed time, the clock move past
// it and reporter report "6-3 6-3" (a win for the reporter).
func playedMatch(t *testing.T, w ladderWorld, from, to, reporter service.Current) store.MatchRow {
	t.Helper()
	ctx := context.Background()
	c := w.challenge(t, from, to)
	m, err := w.svc.AcceptChallenge(ctx, to, c.ID, service.DecodeTimes(c.ProposedTimes)[0])
	if err != nil {
		t.Fatal(err)
	}
	*w.now = w.at(27 * time.Hour)
	if m, err = w.svc.ReportResult(ctx, reporter, m.ID, "6-3 6-3", w.now.Format("2006-01-02")); err != nil {
		t.Fatal(err)
	}
	return m
}

// A creator who plays in their tournament without a referee cannot approve their own win: super
// admins validate it, and it waits in their Pending Validations, not in the creator's.
func TestCreatorWhoPlaysDoesNotValidate(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 2, func(in *service.TournamentInput) { in.Play = true })
		withAvailability(t, db, w.creator)
		m := playedMatch(t, w, w.creator, w.players[0], w.creator)
		if m.WinnerID.Int64 != w.creator.User.ID {
			t.Fatalf("winner %d", m.WinnerID.Int64)
		}
		if _, err := w.svc.ValidateResult(ctx, w.creator, m.ID, true, ""); code(err) != "match.party_cannot_validate" {
			t.Fatalf("creator validated their own win: %v", err)
		}
		if pendingValidation(t, w, w.creator, m.ID) {
			t.Fatal("the creator's Pending Validations show their own match")
		}
		if !pendingValidation(t, w, w.super, m.ID) {
			t.Fatal("super admins do not see it in Pending Validations")
		}
		// The creator is not asked to validate a match they play (the opponent reports here).
		m2 := playedMatch(t, w, w.players[1], w.creator, w.players[1])
		notes, _ := w.svc.Notifications(ctx, w.creator, "en", 0, 50)
		for _, n := range notes {
			if n.TitleKey == "matches.result_to_validate_title" {
				t.Fatalf("creator asked to validate their own match %d", m2.ID)
			}
		}
		if got, err := w.svc.ValidateResult(ctx, w.super, m.ID, true, ""); err != nil || got.State != "completed" {
			t.Fatalf("super admin validation: %+v %v", got.Match, err)
		}
	})
}

// A referee who is a player of the match does not validate it either; a super admin who played
// a match leaves it to another super admin.
func TestPartiesDoNotValidate(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 3, nil)
		p := w.players
		m := playedMatch(t, w, p[1], p[0], p[1])
		// p[0] becomes the referee while their match waits for validation.
		if err := w.svc.PromoteReferee(ctx, w.creator, w.id, p[0].User.ID, false); err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.ValidateResult(ctx, p[0], m.ID, true, ""); code(err) != "match.party_cannot_validate" {
			t.Fatalf("referee validated their own match: %v", err)
		}
		if _, err := w.svc.ValidateResult(ctx, w.creator, m.ID, true, ""); code(err) != "match.only_validators" {
			t.Fatalf("creator validated with a referee: %v", err)
		}
		if pendingValidation(t, w, p[0], m.ID) || !pendingValidation(t, w, w.super, m.ID) {
			t.Fatal("pending validations: the referee's must not, the super admin's must show it")
		}
		if _, err := w.svc.ValidateResult(ctx, w.super, m.ID, false, "Repitam."); err != nil {
			t.Fatalf("super admin rejected: %v", err)
		}

		// A super admin who plays: another super admin validates.
		super2 := newAccount(t, db, w.svc, "super2@example.pt", "superadmin")
		withAvailability(t, db, w.super)
		if _, err := w.svc.JoinTournament(ctx, w.super, w.id); err != nil {
			t.Fatal(err)
		}
		sm := playedMatch(t, w, w.super, p[2], w.super)
		if _, err := w.svc.ValidateResult(ctx, w.super, sm.ID, true, ""); code(err) != "match.party_cannot_validate" {
			t.Fatalf("super admin validated their own match: %v", err)
		}
		if pendingValidation(t, w, w.super, sm.ID) || !pendingValidation(t, w, super2, sm.ID) {
			t.Fatal("pending validations of super admins")
		}
		if got, err := w.svc.ValidateResult(ctx, super2, sm.ID, true, ""); err != nil || got.State != "completed" {
			t.Fatalf("another super admin: %+v %v", got.Match, err)
		}
	})
}

// The played-on date is compared with the agreed time's day where the reporter lives.
func TestPlayedBeforeAgreedTime(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 2, nil)
		c := w.challenge(t, w.players[1], w.players[0])
		agreed := service.DecodeTimes(c.ProposedTimes)[0] // 2026-11-19 11:00 UTC
		m, err := w.svc.AcceptChallenge(ctx, w.players[0], c.ID, agreed)
		if err != nil {
			t.Fatal(err)
		}
		*w.now = w.at(48 * time.Hour)
		if _, err := w.svc.ReportResult(ctx, w.players[1], m.ID, "6-3 6-3", "2026-11-18"); code(err) != "played_on:match.played_before_time" {
			t.Fatalf("the day before: %v", err)
		}
		// The day is the platform's (Europe/Lisbon: the 19th), not the reporter's chosen zone:
		// 11:00 UTC is still the 18th at UTC-12, yet the 18th stays too early …
		west := w.players[1]
		west.User.Timezone = "Etc/GMT+12"
		if _, err := w.svc.ReportResult(ctx, west, m.ID, "6-3 6-3", "2026-11-18"); code(err) != "played_on:match.played_before_time" {
			t.Fatalf("the day before, in a zone the reporter chose: %v", err)
		}
		// … and 11:00 UTC is already the 20th in Kiritimati (UTC+14), yet the 19th is accepted.
		east := w.players[1]
		east.User.Timezone = "Pacific/Kiritimati"
		if _, err := w.svc.ReportResult(ctx, east, m.ID, "6-3 6-3", agreed.Format("2006-01-02")); err != nil {
			t.Fatalf("the agreed day, whatever the reporter's zone: %v", err)
		}
	})
}
