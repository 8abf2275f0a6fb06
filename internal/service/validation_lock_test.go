package service_test

import (
	"context"
	"testing"

	"github.com/tennisladder/ladder/internal/store/storetest"
)

// A match called off while its result is being validated (PostgreSQL): an account's deletion
// cancels its open matches without their tournament's lock. The validation reads the match with
// its row locked, so it waits for the deletion's commit, reads the match as cancelled and
// refuses; the standings do not move. The match's completion is one unconditional update
// (store.CompleteResult, issue 16): without the lock it completed the cancelled match. The
// deletion commits once PostgreSQL shows the validation waiting, not after a sleep.
func TestValidationOfAMatchCalledOffMeanwhilePostgres(t *testing.T) {
	db := storetest.NewTestPostgres(t)
	if db == nil {
		t.Skip("needs " + storetest.PostgresTestURLEnv)
	}
	ctx := context.Background()
	w := newLadderWorld(t, db, 2, nil)
	a, b := w.players[0], w.players[1]
	m := playedMatch(t, w, b, a, a)
	off, err := db.W.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer off.Rollback()
	// As store.DeleteAccount calls off the account's open matches.
	if _, err := off.ExecContext(ctx, `UPDATE matches SET state = 'cancelled', updated_at = now()
		WHERE state NOT IN ('completed', 'cancelled') AND (player1_id = $1 OR player2_id = $1)`, b.User.ID); err != nil {
		t.Fatal(err)
	}
	var offPID int
	if err := off.QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(&offPID); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := w.svc.ValidateResult(ctx, w.creator, m.ID, true, "")
		done <- err
	}()
	// The validation's statement is longer than the view shows: whoever the deletion blocks.
	awaitLockWait(t, db, "the validation", done, `SELECT COUNT(*) FROM pg_stat_activity
		WHERE wait_event_type = 'Lock' AND $1 = ANY (pg_blocking_pids(pid))`, offPID)
	if err := off.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; code(err) != "match.already_validated" {
		t.Fatalf("validating a match called off meanwhile: %v, want match.already_validated", err)
	}
	got, err := db.MatchByID(ctx, nil, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.State != "cancelled" || got.ValidatedBy.Valid {
		t.Fatalf("the match after the refused validation: state %s, validated by %v", got.State, got.ValidatedBy)
	}
	for _, p := range w.players {
		if s := standingOf(t, w, p.User.ID); s.Points != 0 || s.Wins != 0 || s.Losses != 0 {
			t.Fatalf("player %d moved: %+v", p.User.ID, s)
		}
	}
}
