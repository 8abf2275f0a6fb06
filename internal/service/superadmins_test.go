package service_test

import (
	"context"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// Creating and removing super admins, by actor: only root; the root account protected; nobody
// removes themselves; a valid email of a registered account. Each change is audited.
func TestSuperAdminRules(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := service.New(db, service.Options{RootEmail: "root@example.pt"})
		root := newAccount(t, db, svc, "root@example.pt", "superadmin")
		super := newAccount(t, db, svc, "super@example.pt", "superadmin")
		admin := newAccount(t, db, svc, "admin@example.pt", "admin")
		player := newAccount(t, db, svc, "player@example.pt", "player")
		fresh := newAccount(t, db, svc, "fresh@example.pt", "player")

		for _, c := range []struct {
			name  string
			actor service.Current
			email string
			want  string
		}{
			{"bad email", root, "not-an-email", "email:superadmin.email_invalid"},
			{"empty email", root, "  ", "email:superadmin.email_invalid"},
			{"not registered", root, "nobody@example.pt", "email:superadmin.not_registered"},
			{"already", root, "super@example.pt", "superadmin.already"},
			{"super admin creates", super, "fresh@example.pt", "role.only_root_superadmins"},
			{"admin creates", admin, "fresh@example.pt", "role.only_root_superadmins"},
			{"player creates", player, "fresh@example.pt", "http.forbidden"},
			{"not registered, asked by a super admin", super, "nobody@example.pt", "role.only_root_superadmins"},
			{"root creates", root, " Fresh@Example.pt ", ""},
		} {
			_, err := svc.AddSuperAdmin(ctx, c.actor.Actor, c.email)
			if got := code(err); got != c.want {
				t.Errorf("%s: got %q want %q", c.name, got, c.want)
			}
		}
		u, _ := db.UserByID(ctx, nil, fresh.User.ID)
		if u.Role != "superadmin" {
			t.Fatalf("fresh is %s", u.Role)
		}
		if es, _ := db.AuditFor(ctx, "user", fresh.User.ID); len(es) != 1 || es[0].Action != service.AuditRoleChanged || es[0].ActorID.Int64 != root.User.ID {
			t.Errorf("audit of the creation: %+v", es)
		}
		rows, err := svc.SuperAdmins(ctx, super)
		if err != nil || len(rows) != 3 {
			t.Fatalf("list %+v %v", rows, err)
		}
		for _, r := range rows {
			want := map[int64]string{root.User.ID: "role.protected_account", super.User.ID: "role.not_yourself",
				fresh.User.ID: "role.only_root_superadmins"}[r.User.ID]
			if r.RemoveRefusal != want || r.CanRemove != (want == "") || r.Root != (r.User.ID == root.User.ID) {
				t.Errorf("row for %s as a super admin: %+v", r.User.Email, r)
			}
		}
		if _, err := svc.SuperAdmins(ctx, admin); code(err) != "http.forbidden" {
			t.Errorf("admin lists: %v", err)
		}

		for _, c := range []struct {
			name  string
			actor service.Current
			id    int64
			want  string
		}{
			{"root removes itself", root, root.User.ID, "role.protected_account"},
			{"super admin removes root", super, root.User.ID, "role.protected_account"},
			{"super admin removes itself", super, super.User.ID, "role.not_yourself"},
			{"super admin removes another", super, fresh.User.ID, "role.only_root_superadmins"},
			{"admin removes", admin, fresh.User.ID, "role.only_root_superadmins"},
			{"root removes a player", root, player.User.ID, "superadmin.not_superadmin"},
			{"root removes nobody", root, 999999, "user.not_found"},
			{"root removes a super admin", root, fresh.User.ID, ""},
		} {
			_, err := svc.RemoveSuperAdmin(ctx, c.actor.Actor, c.id)
			if got := code(err); got != c.want {
				t.Errorf("%s: got %q want %q", c.name, got, c.want)
			}
		}
		u, _ = db.UserByID(ctx, nil, fresh.User.ID)
		if u.Role != "player" {
			t.Fatalf("removed super admin is %s", u.Role)
		}
		if es, _ := db.AuditFor(ctx, "user", fresh.User.ID); len(es) != 2 || es[1].Action != service.AuditRoleChanged {
			t.Errorf("audit of the removal: %+v", es)
		}
		if n := lastNotification(t, svc, fresh); n.MessageKey != "admin_action.role_player" {
			t.Errorf("removed super admin told %s", n.MessageKey)
		}
	})
}
