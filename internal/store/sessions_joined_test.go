package store_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/tennisladder/ladder/internal/ladder"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// sessionAnswer is what one session read returned.
type sessionAnswer struct {
	Stamp  store.SessionStamp
	Hinted store.HintedStamps
	Err    string
}

// On PostgreSQL, session reads that wait for the same statement go together in one (each
// reader's own row of a LATERAL join) and get exactly what each would have read alone: every
// statement of SessionStampWith and SessionStampByTokenHash, several readers and hints at once,
// an unknown and an expired token among them.
func TestJoinedSessionReadsAnswerAsAlone(t *testing.T) {
	db := storetest.NewTestPostgres(t)
	if db == nil {
		t.Skip(storetest.PostgresTestURLEnv + " is not set")
	}
	ctx := context.Background()
	_, ids := newTournament(t, db, "joined sessions", string(ladder.Points), ladder.Presets["standard"], 4)
	now := time.Now().UTC().Truncate(time.Microsecond)
	var hashes []string
	err := db.Tx(ctx, func(tx *store.Tx) error {
		for i, id := range ids {
			seen := now.Add(-time.Duration(i) * time.Hour) // some sessions due for a touch, some not
			expires := now.Add(24 * time.Hour)
			if i == len(ids)-1 {
				expires = now.Add(-time.Minute) // expired: no row
			}
			s := store.Session{TokenHash: fmt.Sprintf("hash-%d", i), UserID: id, CreatedAt: now, LastSeenAt: seen, ExpiresAt: expires}
			if err := db.InsertSession(ctx, tx, &s); err != nil {
				return err
			}
			hashes = append(hashes, s.TokenHash)
			for n := range i + 1 {
				note := store.Notification{UserID: id, Type: "t", TitleKey: "k", MessageKey: "m", Params: "{}", IsRead: n%2 == 0, CreatedAt: now}
				if err := db.InsertNotification(ctx, tx, &note); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	hashes = append(hashes, "no such token")
	hints := []store.StampHint{
		{}, {SessionOnly: true}, {Leaderboard: true}, {RecentNotifications: 2},
		{PagePlayer: ids[0]}, {PagePlayer: 999999}, {ProfilePlayer: ids[1]}, {ProfilePlayer: 999999},
	}
	read := func(hash string, hint store.StampHint) sessionAnswer {
		st, hs, err := db.SessionStampWith(ctx, hash, now, hint)
		a := sessionAnswer{Stamp: st, Hinted: hs}
		if err != nil {
			a.Err = err.Error()
		}
		return a
	}
	// Alone: nothing in flight, each read is its own statement.
	alone := map[string]sessionAnswer{}
	for _, h := range hashes {
		for _, hint := range hints {
			alone[fmt.Sprint(h, hint)] = read(h, hint)
		}
	}
	if a := alone[fmt.Sprint(hashes[0], store.StampHint{PagePlayer: ids[0]})]; a.Err != "" || !a.Hinted.PageFound || a.Hinted.Page.Tournaments == 0 {
		t.Fatalf("the page stamp read alone: %+v (the test's data is not what it means to be)", a)
	}
	// Together: every read waits behind the held statements, then each text runs once. A commit
	// first: the answers read alone are kept until one (SessionStampWith), and would not reach
	// the statements.
	err = db.Tx(ctx, func(tx *store.Tx) error {
		_, err := tx.ExecContext(ctx, `SELECT pg_current_xact_id()`) // a transaction id: its commit moves the snapshot
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	waiting, release := db.HoldSessionStatementsForTest()
	defer release()
	type result struct {
		key string
		a   sessionAnswer
	}
	results := make(chan result, len(hashes)*len(hints))
	for _, h := range hashes {
		for _, hint := range hints {
			go func() { results <- result{fmt.Sprint(h, hint), read(h, hint)} }()
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for waiting() != len(hashes)*len(hints) {
		if time.Now().After(deadline) {
			t.Fatalf("%d reads waiting, want %d", waiting(), len(hashes)*len(hints))
		}
		time.Sleep(time.Millisecond)
	}
	release()
	for range len(hashes) * len(hints) {
		r := <-results
		if !reflect.DeepEqual(r.a, alone[r.key]) {
			t.Errorf("%s: joined %+v, alone %+v", r.key, r.a, alone[r.key])
		}
	}
}
