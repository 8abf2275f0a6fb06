package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The API passes on the policy's answers as can_* flags: a creator who plays (no referee) and
// reported their own win may not validate it, the opponent may confirm or dispute it, a super
// admin validates it; participants rows and standings rows say what the caller may do to whom.
func TestPermissionFlags(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLive(t, db, nil)
		creatorB, playerB, rootB := l.browser(), l.browser(), l.browser()
		cv, pv := creatorB.signIn("creator@ladder.test"), playerB.signIn("player@ladder.test")
		rootB.signIn(testRoot)
		svc := l.srv.svc
		as := func(id int64) service.Current {
			u, err := db.UserByID(ctx, nil, id)
			if err != nil {
				t.Fatal(err)
			}
			return service.Current{User: u, Actor: svc.ActorFor(u)}
		}
		creator, player := as(cv.ID), as(pv.ID)
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		tr, err := svc.CreateTournament(ctx, creator, service.TournamentInput{Name: "Escada das Flags", Privacy: "public",
			RankingType: "points", Preset: "standard", ResponseDays: 7, MaxRejections: 3, MaxGames: 10, PeriodWeeks: 2, Play: true})
		must(err)
		rootU, err := db.UserByEmail(ctx, nil, testRoot)
		must(err)
		_, err = svc.DecideTournament(ctx, as(rootU.ID), tr.ID, true, "")
		must(err)
		_, err = svc.JoinTournament(ctx, player, tr.ID)
		must(err)
		slots := []store.Slot{{Weekday: 1, StartMinute: 8 * 60, EndMinute: 22 * 60}}
		must(db.Tx(ctx, func(tx *store.Tx) error { return db.ReplaceAvailability(ctx, tx, creator.User.ID, slots) }))
		at := time.Now().UTC().Add(72 * time.Hour).Truncate(time.Minute)
		c, err := svc.CreateChallenge(ctx, creator, service.ChallengeInput{TournamentID: tr.ID, OpponentID: player.User.ID, Times: []time.Time{at}})
		must(err)

		var ch ChallengeView
		must(json.Unmarshal([]byte(playerB.do("GET", fmt.Sprintf("/api/challenges/%d", c.ID), nil).body), &ch))
		if !ch.CanAccept || !ch.CanReject || ch.CanCancel {
			t.Fatalf("challenged: %+v", ch)
		}
		must(json.Unmarshal([]byte(creatorB.do("GET", fmt.Sprintf("/api/challenges/%d", c.ID), nil).body), &ch))
		if ch.CanAccept || ch.CanReject || !ch.CanCancel {
			t.Fatalf("challenger: %+v", ch)
		}

		m, err := svc.AcceptChallenge(ctx, player, c.ID, at)
		must(err)
		must(db.Tx(ctx, func(tx *store.Tx) error { // played three hours ago
			_, err := db.ConfirmMatchTime(ctx, tx, m.ID, time.Now().UTC().Add(-3*time.Hour), "", "", "")
			return err
		}))
		_, err = svc.ReportResult(ctx, creator, m.ID, "6-1 6-1", time.Now().UTC().Format("2006-01-02"))
		must(err)
		flags := func(b *browser) MatchView {
			var v MatchView
			r := b.do("GET", fmt.Sprintf("/api/matches/%d", m.ID), nil)
			must(json.Unmarshal([]byte(r.body), &v))
			return v
		}
		if v := flags(creatorB); v.CanValidate || v.CanConfirm || v.CanDispute || v.CanReport {
			t.Fatalf("creator who played and reported: %+v", v)
		}
		if v := flags(playerB); !v.CanConfirm || !v.CanDispute || v.CanValidate {
			t.Fatalf("opponent: %+v", v)
		}
		if v := flags(rootB); !v.CanValidate || v.CanConfirm {
			t.Fatalf("super admin: %+v", v)
		}
		if r := creatorB.do("POST", fmt.Sprintf("/api/matches/%d/validate", m.ID), map[string]any{"approve": true}); r.code != 403 ||
			r.problem(t).Code != "match.party_cannot_validate" {
			t.Fatalf("creator validated: %d %s", r.code, r.body)
		}

		var ps struct{ Items []participantView }
		must(json.Unmarshal([]byte(creatorB.do("GET", fmt.Sprintf("/api/tournaments/%d/participants", tr.ID), nil).body), &ps))
		for _, p := range ps.Items {
			self := p.Player.ID == creator.User.ID
			if self == (p.CanPause || p.CanSuspend || p.CanRemove || p.CanPromote) || p.CanReactivate || p.CanDemote {
				t.Fatalf("participant row %+v", p)
			}
		}
		var st struct {
			ChallengeBlocked string `json:"challenge_blocked"`
			Items            []standingView
		}
		must(json.Unmarshal([]byte(playerB.do("GET", fmt.Sprintf("/api/tournaments/%d/standings", tr.ID), nil).body), &st))
		for _, r := range st.Items {
			if r.CanChallenge != (r.Player.ID == creator.User.ID) {
				t.Fatalf("standings row %+v", r)
			}
		}
		must(json.Unmarshal([]byte(rootB.do("GET", fmt.Sprintf("/api/tournaments/%d/standings", tr.ID), nil).body), &st))
		if st.ChallengeBlocked != "challenge.not_player" {
			t.Fatalf("blocked for a non-player: %q", st.ChallengeBlocked)
		}

		// The body kept with the ranking (standings_body.go) is what encoding the struct gives,
		// for a player (win_probability, can_challenge) and a visitor, and a validation shows on
		// the next request.
		path := fmt.Sprintf("/api/tournaments/%d/standings", tr.ID)
		before := playerB.do("GET", path, nil).body
		checkCanonicalStandings(t, []byte(before))
		checkCanonicalStandings(t, []byte(l.browser().do("GET", path, nil).body))
		if r := rootB.do("POST", fmt.Sprintf("/api/matches/%d/validate", m.ID), map[string]any{"approve": true}); r.code >= 300 {
			t.Fatalf("validate: %d %s", r.code, r.body)
		}
		after := playerB.do("GET", path, nil).body
		checkCanonicalStandings(t, []byte(after))
		must(json.Unmarshal([]byte(after), &st))
		won := 0
		for _, r := range st.Items {
			won += r.Won
		}
		if after == before || won != 1 {
			t.Fatalf("standings after the validation: %d won, changed %v", won, after != before)
		}
	})
}
