package service

import (
	"context"
	"testing"

	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// The first page of notifications is kept per reader while its stamp holds: two instances over
// one database both show at once a notification written by the other, a read (also by plain
// SQL), and a merge of accounts that brings older ids in; an unchanged page is not read again.
// Each read is done twice over: with the stamp read apart, and with the stamp read in the
// session's statement at the request's start (AuthenticateFor, as the bell's route does).
func TestRecentNotificationsAcrossInstances(t *testing.T) {
	for _, hinted := range []bool{false, true} {
		t.Run(map[bool]string{false: "stamp apart", true: "stamp with the session"}[hinted], func(t *testing.T) {
			recentNotificationsScenario(t, hinted)
		})
	}
}

func recentNotificationsScenario(t *testing.T, hinted bool) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := New(db, Options{}), New(db, Options{}) // two instances
		account := func(email string) Current {
			u := store.User{Email: email, Role: "player", FirstName: "Test"}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return db.InsertUser(ctx, tx, &u) }); err != nil {
				t.Fatal(err)
			}
			return Current{User: u, Actor: a.ActorFor(u)}
		}
		me, other := account("me@example.pt"), account("other@example.pt")
		notify := func(s *Service, userID int64) {
			t.Helper()
			note := Note{Type: ChallengeReceived, TitleKey: "challenge_received.title", MessageKey: "challenge_received.message",
				Params: map[string]any{"name": "Rui", "tournament": "T"}}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return s.Notify(ctx, tx, userID, note) }); err != nil {
				t.Fatal(err)
			}
		}
		token := "token-of-me"
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			now := db.Now()
			return db.InsertSession(ctx, tx, &store.Session{TokenHash: hashToken(token), UserID: me.User.ID, CreatedAt: now,
				LastSeenAt: now, ExpiresAt: now.Add(SessionTTL)})
		}); err != nil {
			t.Fatal(err)
		}
		page := func(s *Service) []NotificationView {
			t.Helper()
			cur := me
			if hinted { // a new request: the stamp comes with the session's
				var err error
				if cur, err = s.AuthenticateFor(ctx, token, store.StampHint{RecentNotifications: 3}); err != nil || cur.User.ID != me.User.ID {
					t.Fatalf("authenticate: %v", err)
				}
				if st, err := db.NotificationStampOf(ctx, me.User.ID, 3); err != nil || st != cur.stamps.hinted.Notes {
					t.Fatalf("stamp with the session %q, apart %q (%v)", cur.stamps.hinted.Notes, st, err)
				}
			}
			ns, err := s.Notifications(ctx, cur, "en", 0, 3)
			if err != nil {
				t.Fatal(err)
			}
			return ns
		}
		notify(a, me.User.ID)
		if ns := page(a); len(ns) != 1 || len(page(b)) != 1 || ns[0].Title != "New challenge" {
			t.Fatalf("first notification: %+v", ns)
		}
		notify(b, me.User.ID)
		if len(page(a)) != 2 || len(page(b)) != 2 {
			t.Fatal("a notification written through the other instance does not show")
		}
		reads := a.NotificationPagesRead()
		if page(a); a.NotificationPagesRead() != reads {
			t.Fatal("an unchanged page was read again")
		}
		notify(a, other.User.ID) // between my second and third: merged in below
		notify(a, me.User.ID)
		notify(a, me.User.ID) // four of mine: the page of three ends at my second
		if err := b.MarkRead(ctx, me, page(b)[0].ID); err != nil {
			t.Fatal(err)
		}
		if ns := page(a); !ns[0].IsRead || ns[1].IsRead {
			t.Fatalf("read through the other instance: %+v", ns)
		}
		if _, err := db.W.ExecContext(ctx, db.W.Rebind(`UPDATE notifications SET is_read = ? WHERE id = ?`), true, page(b)[1].ID); err != nil {
			t.Fatal(err)
		}
		if ns := page(b); !ns[1].IsRead || ns[2].IsRead {
			t.Fatalf("read by plain SQL: %+v", ns)
		}
		before := page(b)
		if _, err := db.W.ExecContext(ctx, db.W.Rebind(`UPDATE notifications SET user_id = ? WHERE user_id = ?`), me.User.ID, other.User.ID); err != nil {
			t.Fatal(err)
		}
		// Same count, newest id and read ones: only the sum of the ids tells the merged one came in.
		if after := page(b); len(after) != 3 || after[2].ID <= before[2].ID || after[2].IsRead {
			t.Fatalf("after the merge: %+v, before %+v", after, before)
		}
	})
}
