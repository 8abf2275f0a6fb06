package service_test

import (
	"context"
	"sync"
	"testing"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// Two transactions apply the same match at once (PostgreSQL, both players with statistics rows
// already): the second's locking read waits for the first's commit, and the match still counts
// once. The look at the history runs after the locks are granted; as a subquery of the locking
// read it saw the snapshot taken before the wait and the match counted twice (a review of issue
// 16's deferred history insert). The second transaction is released once PostgreSQL shows it
// waiting for the lock, not after a sleep.
func TestSameMatchAppliedTwiceAtOnceCountsOnce(t *testing.T) {
	db := storetest.NewTestPostgres(t)
	if db == nil {
		t.Skip("needs " + storetest.PostgresTestURLEnv)
	}
	ctx := context.Background()
	w := newLadderWorld(t, db, 2, nil)
	a, b := w.players[0], w.players[1]
	m := playedMatch(t, w, b, a, a)
	rm := store.RatedMatch{MatchID: m.ID, TournamentID: w.id, Winner: a.User.ID, Loser: b.User.ID, Score: "6-3 6-3"}
	if _, err := db.W.ExecContext(ctx, `INSERT INTO player_stats (user_id, updated_at) VALUES ($1, now()), ($2, now())`,
		a.User.ID, b.User.ID); err != nil {
		t.Fatal(err)
	}
	locked, release := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	let := sync.OnceFunc(func() { close(release) })
	defer func() { let(); wg.Wait() }() // a failed poll below lets the first transaction end too
	var added [2]bool
	var errs [2]error
	wg.Add(2)
	go func() {
		defer wg.Done()
		errs[0] = db.Tx(ctx, func(tx *store.Tx) error {
			var err error
			added[0], err = db.RecordStats(ctx, tx, rm)
			close(locked)
			<-release
			return err
		})
	}()
	<-locked
	go func() {
		defer wg.Done()
		errs[1] = db.Tx(ctx, func(tx *store.Tx) error {
			var err error
			added[1], err = db.RecordStats(ctx, tx, rm)
			return err
		})
	}()
	awaitLockWait(t, db, "the second application", nil, `SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'
		AND query LIKE '%FROM player_stats s%FOR UPDATE%'`)
	let()
	wg.Wait()
	if errs[0] != nil || errs[1] != nil {
		t.Fatal(errs)
	}
	if added != [2]bool{true, false} {
		t.Errorf("applied %v, want the first only", added)
	}
	if st := statsOf(t, db, a.User.ID); st.Matches != 1 || st.Wins != 1 {
		t.Fatalf("the match counted %d times (%d wins)", st.Matches, st.Wins)
	}
}
