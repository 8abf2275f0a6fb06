package service_test

import (
	"context"
	"slices"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

const deletionRoot = "root@example.pt"

// auditActions lists the actions audited about a user, oldest first.
func auditActions(t *testing.T, db *store.DB, userID int64) []string {
	t.Helper()
	rows, err := db.AuditFor(context.Background(), "user", userID)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, r := range rows {
		out = append(out, r.Action)
	}
	return out
}

// Who may request and decide deletions, by actor, with the refusals of each rule and the audit
// rows of every step.
func TestDeletionRequestRulesByActor(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := service.New(db, service.Options{RootEmail: deletionRoot})
		root := newAccount(t, db, svc, deletionRoot, "superadmin")
		super := newAccount(t, db, svc, "super@example.pt", "superadmin")
		super2 := newAccount(t, db, svc, "super2@example.pt", "superadmin")
		admin := newAccount(t, db, svc, "admin@example.pt", "admin")
		player := newAccount(t, db, svc, "player@example.pt", "player")
		target := newAccount(t, db, svc, "target@example.pt", "player")

		requests := []struct {
			name   string
			who    service.Current
			email  string
			reason string
			want   string
		}{
			{"no email", super, "", "x", "email:validation.required"},
			{"bad email", super, "not-an-email", "x", "email:validation.email"},
			{"no reason", super, "target@example.pt", "   ", "reason:validation.required"},
			{"unknown account", super, "nobody@example.pt", "x", "user.not_found"},
			{"admin", admin, "target@example.pt", "x", "http.forbidden"},
			{"player for someone else", player, "target@example.pt", "x", "http.forbidden"},
			{"super admin for root", super, deletionRoot, "x", "deletion.protected_account"},
			{"root asks", root, "target@example.pt", "x", "deletion.root_cannot_request"},
			{"super admin", super, "target@example.pt", "pedido por escrito", ""},
			{"a second pending one", super2, "TARGET@example.pt", "outra vez", "deletion.already_pending"},
		}
		var pending service.DeletionView
		for _, c := range requests {
			v, err := svc.RequestDeletion(ctx, c.who.Actor, c.email, c.reason)
			if got := code(err); got != c.want {
				t.Fatalf("%s: got %q want %q", c.name, got, c.want)
			}
			if err == nil {
				pending = v
			}
		}
		if pending.State != "pending" || pending.UserID != target.User.ID || pending.Reason != "pedido por escrito" {
			t.Fatalf("request: %+v", pending)
		}
		// The own request: anyone but root; the same one-pending rule.
		if _, err := svc.RequestOwnDeletion(ctx, root, ""); code(err) != "deletion.protected_account" {
			t.Fatalf("root asked for its own deletion: %v", err)
		}
		if _, err := svc.RequestOwnDeletion(ctx, target, ""); code(err) != "deletion.already_pending" {
			t.Fatalf("a second pending request: %v", err)
		}
		own, err := svc.RequestOwnDeletion(ctx, player, "")
		if err != nil || !own.Self {
			t.Fatalf("own request: %+v %v", own, err)
		}
		if r, err := svc.OwnDeletion(ctx, player); err != nil || r == nil {
			t.Fatalf("own pending: %v %v", r, err)
		}
		// Deciding: the root only, never on a request it made (none here), once.
		for name, who := range map[string]service.Current{"admin": admin, "player": player, "super admin": super2, "the requester": super} {
			if _, err := svc.DecideDeletion(ctx, who.Actor, pending.ID, true); code(err) != "deletion.only_root" {
				t.Fatalf("%s decided: %v", name, err)
			}
		}
		if _, err := svc.DecideDeletion(ctx, root.Actor, 999999, true); code(err) != "deletion.not_found" {
			t.Fatalf("unknown request: %v", err)
		}
		if v, err := svc.DecideDeletion(ctx, root.Actor, pending.ID, false); err != nil || v.State != "declined" {
			t.Fatalf("decline: %+v %v", v, err)
		}
		if _, err := svc.DecideDeletion(ctx, root.Actor, pending.ID, true); code(err) != "deletion.already_decided" {
			t.Fatalf("decided twice: %v", err)
		}
		if u, _ := db.UserByID(ctx, nil, target.User.ID); u.DeletedAt.Valid || u.Email != "target@example.pt" {
			t.Fatalf("a declined request erased the account: %+v", u)
		}
		// After a decline a new request may be made.
		if _, err := svc.RequestDeletion(ctx, super.Actor, "target@example.pt", "de novo"); err != nil {
			t.Fatal(err)
		}
		if v, err := svc.DecideDeletion(ctx, root.Actor, own.ID, true); err != nil || v.State != "approved" {
			t.Fatalf("approve the own request: %+v %v", v, err)
		}
		if got, want := auditActions(t, db, target.User.ID), []string{"deletion.requested", "deletion.declined", "deletion.requested"}; !slices.Equal(got, want) {
			t.Fatalf("target audit %v want %v", got, want)
		}
		if got, want := auditActions(t, db, player.User.ID), []string{"deletion.requested", "deletion.approved"}; !slices.Equal(got, want) {
			t.Fatalf("player audit %v want %v", got, want)
		}
		// The list: pending first, with the root's flags; paged.
		rows, total, err := svc.DeletionRequests(ctx, root.Actor, "", 0, 2)
		if err != nil || total != 3 || len(rows) != 2 || rows[0].State != "pending" || !rows[0].CanDecide || rows[1].CanDecide {
			t.Fatalf("list: total %d %+v %v", total, rows, err)
		}
		if rows, _, _ := svc.DeletionRequests(ctx, super.Actor, "pending", 0, 10); len(rows) != 1 || rows[0].CanDecide {
			t.Fatalf("a super admin may decide: %+v", rows)
		}
		if _, _, err := svc.DeletionRequests(ctx, admin.Actor, "", 0, 10); code(err) != "http.forbidden" {
			t.Fatalf("admin listed: %v", err)
		}
		// The requester and the root were told; the erased account has no notifications left.
		if n := lastNotification(t, svc, super); n.Title != "Deletion declined" && n.Title != "Eliminação recusada" {
			t.Fatalf("requester's last notification: %+v", n)
		}
		if n := lastNotification(t, svc, root); n.Type != "admin_action" {
			t.Fatalf("root's last notification: %+v", n)
		}
	})
}

// Approval erases the personal data, keeps the standings (the deleted player still holds their
// wins, without a name), ends the sessions and lets the same identity sign in as a new account.
func TestDeletionErasesAndKeepsStandings(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newLadderWorld(t, db, 3, nil)
		p := w.players
		m := playedMatch(t, w, p[0], p[1], p[0])
		if _, err := w.svc.ValidateResult(ctx, w.super, m.ID, true, ""); err != nil {
			t.Fatal(err)
		}
		// A pending challenge against the player to be deleted, and their personal data.
		c := w.challenge(t, p[2], p[0])
		email := p[0].User.Email
		_, token, err := w.svc.SignIn(ctx, service.Identity{Issuer: "test", Subject: "sub-p1", Email: email, EmailVerified: true, Name: "Ana Silva"}, "ua", "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			u := p[0].User
			u.FirstName, u.LastName, u.Phone, u.WhatsApp = "Ana", "Silva", "+351912345678", "+351912345678"
			if err := db.UpdateProfile(ctx, tx, &u); err != nil {
				return err
			}
			return db.SavePhoto(ctx, tx, store.PhotoRow{UserID: u.ID, JPEG: []byte{0xff, 0xd8}, ETag: "e1"})
		}); err != nil {
			t.Fatal(err)
		}
		svc := service.New(db, service.Options{RootEmail: deletionRoot})
		root := newAccount(t, db, svc, deletionRoot, "superadmin")
		r, err := svc.RequestDeletion(ctx, w.super.Actor, email, "pedido por email")
		if err != nil {
			t.Fatal(err)
		}
		// The standings were read (and cached) before the erasure.
		if _, rows, err := svc.Standings(ctx, w.super, w.id); err != nil || len(rows) != 3 {
			t.Fatalf("standings before: %v %v", rows, err)
		}
		if _, err := svc.DecideDeletion(ctx, root.Actor, r.ID, true); err != nil {
			t.Fatal(err)
		}

		u, err := db.UserByID(ctx, nil, p[0].User.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !u.DeletedAt.Valid || u.Email != store.DeletedEmail(u.ID) || u.FirstName != "" || u.LastName != "" || u.ExtName != "" ||
			u.Phone != "" || u.WhatsApp != "" || u.OIDCSubject.Valid || u.PhotoETag != "" || u.SearchKey != "" || !u.Hidden ||
			u.Status != "suspended" || service.DisplayName(u) != "" {
			t.Fatalf("not erased: %+v", u)
		}
		if slots, _ := db.Availability(ctx, nil, u.ID); len(slots) != 0 {
			t.Fatalf("availability kept: %v", slots)
		}
		if _, err := db.Photo(ctx, u.ID); err != store.ErrNotFound {
			t.Fatalf("photo kept: %v", err)
		}
		if n, _ := db.Notifications(ctx, u.ID, 0, 50); len(n) != 0 {
			t.Fatalf("notifications kept: %v", n)
		}
		if cur, _ := svc.Authenticate(ctx, token); cur.Actor.SignedIn() {
			t.Fatal("the session survived the deletion")
		}
		if ch, _ := db.ChallengeByID(ctx, nil, c.ID); ch.Status != "cancelled" {
			t.Fatalf("pending challenge: %s", ch.Status)
		}
		if _, err := svc.Player(ctx, w.super, u.ID); code(err) != "player.not_found" {
			t.Fatalf("the deleted profile is shown: %v", err)
		}
		// The standings: still three players, the deleted one keeps the win without a name.
		_, rows, err := svc.Standings(ctx, w.super, w.id)
		if err != nil || len(rows) != 3 {
			t.Fatalf("standings after: %v %v", rows, err)
		}
		found := false
		for _, row := range rows {
			if row.UserID == u.ID {
				found = true
				if !row.User.DeletedAt.Valid || service.DisplayName(row.User) != "" || row.Wins != 1 || row.Position != 1 {
					t.Fatalf("deleted row: %+v", row)
				}
			}
		}
		if !found {
			t.Fatal("the deleted player left the standings")
		}
		// The same identity signs in again: a fresh account, not the tombstone.
		fresh, _, err := svc.SignIn(ctx, service.Identity{Issuer: "test", Subject: "sub-p1", Email: email, EmailVerified: true}, "ua", "127.0.0.1")
		if err != nil || fresh.ID == u.ID || fresh.DeletedAt.Valid || fresh.Email != email {
			t.Fatalf("sign-in after deletion: %+v %v", fresh, err)
		}
		if got, want := auditActions(t, db, u.ID), []string{"auth.linked_by_email", "deletion.requested", "deletion.approved"}; !slices.Equal(got, want) {
			t.Fatalf("audit %v want %v", got, want)
		}
		// No second deletion of a deleted account.
		if _, err := svc.RequestDeletion(ctx, w.super.Actor, store.DeletedEmail(u.ID), "x"); code(err) != "user.not_found" {
			t.Fatalf("requested the deletion of a deleted account: %v", err)
		}
	})
}
