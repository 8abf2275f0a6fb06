package service_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"sync"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// userForeignKeys reads from the migrated schema every column with a foreign key to users, as
// "table.column".
func userForeignKeys(t *testing.T, db *store.DB) []string {
	t.Helper()
	var cols []string
	q := `SELECT m.name || '.' || p."from" FROM sqlite_master m, pragma_foreign_key_list(m.name) p
		WHERE m.type = 'table' AND p."table" = 'users'`
	if db.Dialect == store.Postgres {
		q = `SELECT c.conrelid::regclass::text || '.' || a.attname FROM pg_constraint c
			JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
			WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass`
	}
	if err := db.R.Select(&cols, q); err != nil {
		t.Fatal(err)
	}
	sort.Strings(cols)
	if len(cols) < 15 {
		t.Fatalf("found only %d foreign keys to users: the schema reading is broken: %v", len(cols), cols)
	}
	return cols
}

// A new column that refers to accounts must say what a transfer does with it.
func TestTransferHandlesEveryUserColumn(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		cols := userForeignKeys(t, db)
		for _, c := range cols {
			if _, ok := store.UserReferences[c]; !ok {
				t.Errorf("%s refers to users but store.UserReferences does not say what a user transfer does with it "+
					"(move it in store.MoveOwnership, or keep it with a reason)", c)
			}
		}
		for c := range store.UserReferences {
			if !slices.Contains(cols, c) {
				t.Errorf("store.UserReferences names %s, which is no foreign key to users", c)
			}
		}
	})
}

// transferWorld is a ladder (points) whose players 0 and 1 are the source and the target.
func transferWorld(t *testing.T, db *store.DB, players int) ladderWorld {
	return newLadderWorld(t, db, players, func(in *service.TournamentInput) {
		in.ChallengeRange, in.MaxGames, in.PeriodWeeks = 0, 10, 1
	})
}

func transferInput(src, dst service.Current) service.TransferInput {
	return service.TransferInput{SourceEmail: src.User.Email, TargetEmail: dst.User.Email, Reason: "Conta duplicada",
		IdentityVerified: true, IrreversibleUnderstood: true, UserInformed: true}
}

func exec(t *testing.T, db *store.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.W.Exec(db.W.Rebind(q), args...); err != nil {
		t.Fatal(err)
	}
}

func TestTransferMovesEverything(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := transferWorld(t, db, 4)
		src, dst, x, y := w.players[0], w.players[1], w.players[2], w.players[3]
		// The source signs in once (a session, an identity link).
		if _, _, err := w.svc.SignIn(ctx, service.Identity{Issuer: "test", Subject: "src", Email: src.User.Email, EmailVerified: true}, "ua", "127.0.0.1"); err != nil {
			t.Fatal(err)
		}
		// Matches: a validated one between the two (taken out of the standings), one won against x,
		// one called off by the source, one open against y.
		between := playedMatch(t, w, src, dst, src)
		if _, err := w.svc.ValidateResult(ctx, w.super, between.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		won := playedMatch(t, w, src, x, src)
		if _, err := w.svc.ValidateResult(ctx, w.super, won.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		lost := playedMatch(t, w, y, src, y)
		if _, err := w.svc.ValidateResult(ctx, w.super, lost.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		c := w.challenge(t, src, x)
		off, err := w.svc.AcceptChallenge(ctx, x, c.ID, service.DecodeTimes(c.ProposedTimes)[0])
		if err != nil {
			t.Fatal(err)
		}
		if err := w.svc.CancelMatch(ctx, src, off.ID); err != nil {
			t.Fatal(err)
		}
		c = w.challenge(t, y, src)
		open, err := w.svc.AcceptChallenge(ctx, src, c.ID, service.DecodeTimes(c.ProposedTimes)[0])
		if err != nil {
			t.Fatal(err)
		}
		pendingFromX := w.challenge(t, x, src)
		pendingBetween := w.challenge(t, dst, src)
		// A second tournament created by the source, where only it plays.
		in := tournamentInput("Torneio da Origem")
		own, err := w.svc.CreateTournament(ctx, src, in)
		if err != nil {
			t.Fatal(err)
		}
		// Clubs: one the source created (administrator), one both belong to (the source administrator).
		mine := validatedClub(t, w.svc, src, w.super, "Clube da Origem")
		shared := validatedClub(t, w.svc, dst, w.super, "Clube Partilhado")
		if err := w.svc.JoinClub(ctx, src, shared.ID); err != nil {
			t.Fatal(err)
		}
		exec(t, db, `UPDATE club_members SET role = 'administrator' WHERE club_id = ? AND user_id = ?`, shared.ID, src.User.ID)
		exec(t, db, `UPDATE club_members SET role = 'member' WHERE club_id = ? AND user_id = ?`, shared.ID, dst.User.ID)
		// Decisions the source took as a super admin once, and a result it validated.
		exec(t, db, `UPDATE clubs SET decided_by = ? WHERE id = ?`, src.User.ID, shared.ID)
		exec(t, db, `UPDATE tournaments SET decided_by = ? WHERE id = ?`, src.User.ID, own.ID)
		exec(t, db, `UPDATE matches SET validated_by = ? WHERE id = ?`, src.User.ID, won.ID)
		exec(t, db, `UPDATE users SET club_id = ? WHERE id = ?`, mine.ID, src.User.ID)
		if _, _, err := w.svc.RotateCalendarFeed(ctx, src); err != nil { // deleted by the transfer
			t.Fatal(err)
		}

		left, err := db.Left(ctx, nil, src.User.ID)
		if err != nil {
			t.Fatal(err)
		}
		for col, n := range left {
			if n == 0 {
				t.Errorf("the data set has no row in %s for the source: add one, so the test shows it moves", col)
			}
		}
		betweenBefore, err := db.MatchByID(ctx, nil, between.ID)
		if err != nil {
			t.Fatal(err)
		}
		before := standingOf(t, w, dst.User.ID)
		srcBefore := standingOf(t, w, src.User.ID)

		// Refusals change nothing.
		root := service.New(db, service.Options{RootEmail: "root@example.pt"})
		rootCur := newAccount(t, db, root, "root@example.pt", "superadmin")
		suspended := newAccount(t, db, w.svc, "suspended@example.pt", "player")
		exec(t, db, `UPDATE users SET status = 'suspended' WHERE id = ?`, suspended.User.ID)
		for _, c := range []struct {
			name string
			svc  *service.Service
			cur  service.Current
			in   service.TransferInput
			want string
		}{
			{"player", w.svc, x, transferInput(src, dst), "http.forbidden"},
			{"fields missing", w.svc, w.super, service.TransferInput{SourceEmail: src.User.Email}, "transfer.fields_required"},
			{"bad email", w.svc, w.super, func() service.TransferInput { i := transferInput(src, dst); i.TargetEmail = "nope"; return i }(), "validation.failed"},
			{"checks missing", w.svc, w.super, func() service.TransferInput { i := transferInput(src, dst); i.UserInformed = false; return i }(), "transfer.confirmations_required"},
			{"unknown email", w.svc, w.super, func() service.TransferInput {
				i := transferInput(src, dst)
				i.TargetEmail = "ninguem@example.pt"
				return i
			}(), "validation.failed"},
			{"same account", w.svc, w.super, transferInput(src, src), "transfer.same_user"},
			{"root as source", root, w.super, transferInput(rootCur, dst), "transfer.root_source"},
			{"into oneself", w.svc, w.super, transferInput(src, w.super), "transfer.party"},
			{"target suspended", w.svc, w.super, transferInput(src, suspended), "transfer.target_inactive"},
		} {
			_, err := c.svc.TransferUser(ctx, c.cur, c.in)
			if e, ok := service.AsError(err); !ok || e.Code != c.want {
				t.Errorf("%s: got %v, want %s", c.name, err, c.want)
			}
		}

		tr, err := w.svc.TransferUser(ctx, w.super, transferInput(src, dst))
		if err != nil {
			t.Fatal(err)
		}
		nothingLeft(t, db, src.User.ID, "")
		// The merged standing: the better position, the record added up without the match
		// between the two (a win of the source over the target).
		after := standingOf(t, w, dst.User.ID)
		wantPoints := before.Points + srcBefore.Points - betweenBefore.WinnerPoints - betweenBefore.LoserPoints
		if after.Points != wantPoints || after.Wins != before.Wins+srcBefore.Wins-1 || after.Losses != before.Losses+srcBefore.Losses-1 {
			t.Errorf("merged standing %+v; before: target %+v source %+v", after, before, srcBefore)
		}
		var positions []int
		if err := db.R.Select(&positions, db.R.Rebind(`SELECT position FROM tournament_players WHERE tournament_id = ? AND role = 'player'
			AND status <> 'requested' ORDER BY position`), w.id); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(positions, []int{1, 2, 3}) {
			t.Errorf("positions after the merge: %v", positions)
		}
		m, err := db.MatchByID(ctx, nil, between.ID)
		if err != nil || m.State != "cancelled" || m.Player1ID != dst.User.ID || m.Player2ID != dst.User.ID {
			t.Errorf("match between the two: %+v %v", m, err)
		}
		if m, _ := db.MatchByID(ctx, nil, open.ID); m.State != "time_confirmed" || m.Player2ID != dst.User.ID {
			t.Errorf("open match: %+v", m)
		}
		if ch, _ := db.ChallengeByID(ctx, nil, pendingBetween.ID); ch.Status != "cancelled" {
			t.Errorf("challenge between the two: %s", ch.Status)
		}
		if ch, _ := db.ChallengeByID(ctx, nil, pendingFromX.ID); ch.Status != "pending" || ch.ChallengedID != dst.User.ID {
			t.Errorf("challenge from x: %+v", ch)
		}
		var role string
		if err := db.R.Get(&role, db.R.Rebind(`SELECT role FROM club_members WHERE club_id = ? AND user_id = ?`), shared.ID, dst.User.ID); err != nil || role != "administrator" {
			t.Errorf("shared club role %q %v", role, err)
		}
		gotDst, _ := db.UserByID(ctx, nil, dst.User.ID)
		if gotDst.ClubID.Int64 != mine.ID {
			t.Errorf("home club not taken over: %+v", gotDst.ClubID)
		}
		// The source: deactivated, unlinked, signed out, and it cannot sign in again.
		gone, _ := db.UserByID(ctx, nil, src.User.ID)
		if !gone.DeactivatedAt.Valid || gone.Status != "suspended" || gone.Role != "player" || gone.OIDCSubject.Valid || !gone.Hidden {
			t.Errorf("source after the transfer: %+v", gone)
		}
		for _, id := range []service.Identity{
			{Issuer: "test", Subject: "src", Email: src.User.Email, EmailVerified: true},
			{Issuer: "other", Subject: "new", Email: src.User.Email, EmailVerified: true},
		} {
			if _, _, err := w.svc.SignIn(ctx, id, "ua", "127.0.0.1"); code(err) != "auth.transferred" {
				t.Errorf("sign-in as the source (%s): %v", id.Issuer, err)
			}
		}
		if _, err := w.svc.ChangeStatus(ctx, rootCur.Actor, src.User.ID, "active"); code(err) != "user.deactivated" {
			t.Errorf("reactivating the source: %v", err)
		}
		if _, err := w.svc.TransferUser(ctx, w.super, transferInput(src, x)); code(err) != "transfer.source_deactivated" {
			t.Errorf("second transfer of the source: %v", err)
		}
		// Both told; the one notification left on the source is the transfer's.
		if n := lastNotification(t, w.svc, dst); n.TitleKey != "admin_action.transfer_in_title" {
			t.Errorf("target told %s", n.TitleKey)
		}
		ns, _ := db.Notifications(ctx, src.User.ID, 0, 10)
		if len(ns) != 1 || ns[0].TitleKey != "admin_action.transfer_out_title" {
			t.Errorf("source notifications %+v", ns)
		}
		// History and audit.
		hist, err := w.svc.UserTransfers(ctx, w.super, 0, 10)
		if err != nil || len(hist) != 1 || hist[0].ID != tr.ID || hist[0].SourceEmail != src.User.Email || hist[0].Reason != "Conta duplicada" {
			t.Fatalf("history %+v %v", hist, err)
		}
		var moved store.TransferCounts
		if err := json.Unmarshal([]byte(hist[0].Moved), &moved); err != nil || moved.MergedParticipants != 1 || moved.Participations != 1 ||
			moved.MatchesCancelled != 1 || moved.ChallengesCancelled != 1 || moved.Sessions != 1 || moved.TournamentsCreated != 1 {
			t.Errorf("moved %+v %v", moved, err)
		}
		for who, action := range map[int64]string{src.User.ID: service.AuditTransferredOut, dst.User.ID: service.AuditTransferredIn} {
			es, err := db.AuditFor(ctx, "user", who)
			if err != nil || len(es) == 0 || es[len(es)-1].Action != action || es[len(es)-1].ActorID.Int64 != w.super.User.ID {
				t.Errorf("audit of %d: %+v %v", who, es, err)
			}
		}
		// Reading the standings again (cached per version) shows the merge.
		_, rows, err := w.svc.Standings(ctx, service.Current{}, w.id)
		if err != nil || len(rows) != 3 {
			t.Fatalf("standings %+v %v", rows, err)
		}
		for _, r := range rows {
			if r.UserID == src.User.ID {
				t.Errorf("the source is still in the standings")
			}
		}
	})
}

// nothingLeft checks that no row refers to the account in a column a transfer empties, but for
// the one notification telling it about the transfer.
func nothingLeft(t *testing.T, db *store.DB, userID int64, prefix string) {
	t.Helper()
	left, err := db.Left(context.Background(), nil, userID)
	if err != nil {
		t.Fatal(err)
	}
	for col, n := range left {
		if want := map[bool]int{true: 1}[col == "notifications.user_id"]; n != want {
			t.Errorf("%s%d rows of %s refer to the source, want %d", prefix, n, col, want)
		}
	}
}

func standingOf(t *testing.T, w ladderWorld, userID int64) store.Participant {
	t.Helper()
	p, err := w.db.Participation(context.Background(), nil, w.id, userID)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A transfer racing a challenge accept: whichever commits first, the result is consistent —
// nothing refers to the source, and the challenge and its match agree.
func TestTransferRacesChallengeAccept(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := transferWorld(t, db, 0)
		outcomes := map[string]int{}
		for i := range 18 {
			var ps [3]service.Current
			for k := range ps {
				ps[k] = newAccount(t, db, w.svc, fmt.Sprintf("race%d-%d@example.pt", i, k), "player")
				withAvailability(t, db, ps[k])
				if _, err := w.svc.JoinTournament(ctx, ps[k], w.id); err != nil {
					t.Fatal(err)
				}
			}
			src, dst, x := ps[0], ps[1], ps[2]
			// Three shapes: x challenges the source (the source accepts), the source challenges x
			// (x accepts), the target challenges the source (the source accepts).
			from, to := x, src
			switch i % 3 {
			case 1:
				from, to = src, x
			case 2:
				from, to = dst, src
			}
			c := w.challenge(t, from, to)
			at := service.DecodeTimes(c.ProposedTimes)[0]
			start := make(chan struct{})
			var wg sync.WaitGroup
			var acceptErr, transferErr error
			wg.Add(2)
			go func() { defer wg.Done(); <-start; _, acceptErr = w.svc.AcceptChallenge(ctx, to, c.ID, at) }()
			go func() {
				defer wg.Done()
				<-start
				_, transferErr = w.svc.TransferUser(ctx, w.super, transferInput(src, dst))
			}()
			close(start)
			wg.Wait()
			if transferErr != nil {
				t.Fatalf("round %d: transfer: %v", i, transferErr)
			}
			if acceptErr != nil {
				if e, ok := service.AsError(acceptErr); !ok || (e.Code != "challenge.not_found" && e.Code != "challenge.already_answered") {
					t.Fatalf("round %d: accept failed oddly: %v", i, acceptErr)
				}
			}
			nothingLeft(t, db, src.User.ID, fmt.Sprintf("round %d: ", i))
			got, err := db.ChallengeByID(ctx, nil, c.ID)
			if err != nil {
				t.Fatal(err)
			}
			var matches []store.Match
			if err := db.R.Select(&matches, db.R.Rebind(`SELECT id, tournament_id, player1_id, player2_id, state FROM matches WHERE challenge_id = ?`), c.ID); err != nil {
				t.Fatal(err)
			}
			if len(matches) > 1 {
				t.Fatalf("round %d: %d matches for one challenge", i, len(matches))
			}
			switch {
			case i%3 == 2: // between the two accounts: called off either way
				if got.Status != "cancelled" || (len(matches) == 1 && matches[0].State != "cancelled") {
					t.Errorf("round %d: between the two: challenge %s, matches %+v", i, got.Status, matches)
				}
			case acceptErr == nil:
				// Accepted (before or after the transfer): a match between the target and x.
				if got.Status != "accepted" || len(matches) != 1 || !got.MatchID.Valid || got.MatchID.Int64 != matches[0].ID {
					t.Errorf("round %d: accepted: challenge %+v, matches %+v", i, got, matches)
				} else if pl := []int64{matches[0].Player1ID, matches[0].Player2ID}; !slices.Contains(pl, dst.User.ID) || !slices.Contains(pl, x.User.ID) {
					t.Errorf("round %d: match players %v, want the target and x", i, pl)
				}
			default:
				// The transfer came first and the source may no longer answer: still pending, for the target.
				if got.Status != "pending" || len(matches) != 0 || (got.ChallengedID != dst.User.ID && got.ChallengerID != dst.User.ID) {
					t.Errorf("round %d: refused accept: challenge %+v, matches %+v", i, got, matches)
				}
			}
			outcome := "transfer first"
			if acceptErr == nil {
				outcome = "accept first"
			}
			outcomes[fmt.Sprintf("shape %d, %s", i%3, outcome)]++
		}
		t.Logf("outcomes: %v", outcomes)
		// The tournament's positions stay a sequence after every merge and move.
		var positions []int
		if err := db.R.Select(&positions, db.R.Rebind(`SELECT position FROM tournament_players WHERE tournament_id = ? AND role = 'player'
			AND status <> 'requested' ORDER BY position`), w.id); err != nil {
			t.Fatal(err)
		}
		for i, p := range positions {
			if p != i+1 {
				t.Fatalf("positions %v", positions)
			}
		}
	})
}
