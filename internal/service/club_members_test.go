package service_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/tennisladder/ladder/internal/service"
	"github.com/tennisladder/ladder/internal/store"
	"github.com/tennisladder/ladder/internal/store/storetest"
)

// validatedClub proposes a club as creator and has super validate it.
func validatedClub(t *testing.T, svc *service.Service, creator, super service.Current, name string) store.Club {
	t.Helper()
	ctx := context.Background()
	c, err := svc.ProposeClub(ctx, creator, service.ClubInput{Name: name})
	if err != nil {
		t.Fatal(err)
	}
	if c, err = svc.DecideClub(ctx, super, c.ID, true, ""); err != nil {
		t.Fatal(err)
	}
	return c
}

func lastNotification(t *testing.T, svc *service.Service, cur service.Current) service.NotificationView {
	t.Helper()
	ns, err := svc.Notifications(context.Background(), cur, "en", 0, 1)
	if err != nil || len(ns) == 0 {
		t.Fatalf("no notification: %v", err)
	}
	return ns[0]
}

func TestClubAdministrators(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := service.New(db, service.Options{RootEmail: "root@ladder.test"})
		creator := newAccount(t, db, svc, "creator@example.pt", "player")
		ana := newAccount(t, db, svc, "ana@example.pt", "player")
		rui := newAccount(t, db, svc, "rui@example.pt", "player")
		outsider := newAccount(t, db, svc, "out@example.pt", "player")
		siteAdmin := newAccount(t, db, svc, "admin@example.pt", "admin")
		super := newAccount(t, db, svc, "super@example.pt", "superadmin")
		c := validatedClub(t, svc, creator, super, "Clube Administrado")
		for _, who := range []service.Current{ana, rui} {
			if err := svc.JoinClub(ctx, who, c.ID); err != nil {
				t.Fatal(err)
			}
		}
		admin, member := "administrator", "member"

		// Outsiders, members and site admins cannot act; visitors are asked to sign in.
		for name, cur := range map[string]service.Current{"outsider": outsider, "member": rui, "site admin": siteAdmin} {
			if err := svc.SetClubMemberRole(ctx, cur, c.ID, ana.User.ID, admin); code(err) != "http.forbidden" {
				t.Errorf("%s appointed: %v", name, err)
			}
			if err := svc.RemoveClubMember(ctx, cur, c.ID, ana.User.ID); code(err) != "http.forbidden" {
				t.Errorf("%s removed: %v", name, err)
			}
		}
		if err := svc.SetClubMemberRole(ctx, service.Current{}, c.ID, ana.User.ID, admin); code(err) != "auth.sign_in_required" {
			t.Errorf("visitor appointed: %v", err)
		}
		// The only administrator can neither leave, be demoted nor removed while members remain.
		if err := svc.LeaveClub(ctx, creator, c.ID); code(err) != "club.last_admin" {
			t.Fatalf("last admin left: %v", err)
		}
		if err := svc.SetClubMemberRole(ctx, super, c.ID, creator.User.ID, member); code(err) != "club.last_admin_other" {
			t.Fatalf("last admin demoted: %v", err)
		}
		if err := svc.RemoveClubMember(ctx, super, c.ID, creator.User.ID); code(err) != "club.last_admin_other" {
			t.Fatalf("last admin removed: %v", err)
		}
		// Nobody acts on themselves; the target must be a member; the role must be known.
		if err := svc.SetClubMemberRole(ctx, creator, c.ID, creator.User.ID, member); code(err) != "club.not_yourself" {
			t.Fatalf("self demotion: %v", err)
		}
		if err := svc.RemoveClubMember(ctx, creator, c.ID, creator.User.ID); code(err) != "club.not_yourself" {
			t.Fatalf("self removal: %v", err)
		}
		if err := svc.SetClubMemberRole(ctx, creator, c.ID, outsider.User.ID, admin); code(err) != "club.member_not_found" {
			t.Fatalf("outsider appointed: %v", err)
		}
		if err := svc.SetClubMemberRole(ctx, creator, c.ID, ana.User.ID, "owner"); code(err) != "role:validation.one_of" {
			t.Fatalf("unknown role: %v", err)
		}
		if err := svc.SetClubMemberRole(ctx, creator, c.ID, ana.User.ID, member); code(err) != "club.not_admin" {
			t.Fatalf("member demoted: %v", err)
		}

		// The administrator appoints Ana; Ana is told; she cannot be appointed twice.
		if err := svc.SetClubMemberRole(ctx, creator, c.ID, ana.User.ID, admin); err != nil {
			t.Fatal(err)
		}
		if n := lastNotification(t, svc, ana); n.Type != "admin_action" || n.Title != "You are a club administrator" ||
			n.Message != "Test made you an administrator of Clube Administrado." {
			t.Fatalf("appointment notification: %+v", n)
		}
		if err := svc.SetClubMemberRole(ctx, creator, c.ID, ana.User.ID, admin); code(err) != "club.already_admin" {
			t.Fatalf("appointed twice: %v", err)
		}
		// The page's flags follow: the creator may leave now; Ana may act on Rui and the creator.
		d, err := svc.Club(ctx, ana, c.ID)
		if err != nil || !d.CanManageMembers || !d.CanLeave || !d.CanEdit || d.CanJoin {
			t.Fatalf("ana's view: %+v %v", d, err)
		}
		if f := d.MemberFlags[rui.User.ID]; !f.MakeAdmin || f.RemoveAdmin || !f.Remove {
			t.Fatalf("flags on rui: %+v", f)
		}
		if f := d.MemberFlags[creator.User.ID]; f.MakeAdmin || !f.RemoveAdmin || !f.Remove {
			t.Fatalf("flags on the creator: %+v", f)
		}
		if f := d.MemberFlags[ana.User.ID]; f.MakeAdmin || f.RemoveAdmin || f.Remove {
			t.Fatalf("flags on herself: %+v", f)
		}
		if d, _ := svc.Club(ctx, rui, c.ID); d.CanManageMembers || d.MemberFlags[ana.User.ID].Remove || !d.CanLeave {
			t.Fatalf("rui's view: %+v", d)
		}
		if d, _ := svc.Club(ctx, service.Current{}, c.ID); !d.CanJoin || d.CanLeave || d.CanManageMembers {
			t.Fatalf("visitor's view: %+v", d)
		}

		// The creator has no protection: Ana demotes them, and they are told.
		if err := svc.SetClubMemberRole(ctx, ana, c.ID, creator.User.ID, member); err != nil {
			t.Fatal(err)
		}
		if n := lastNotification(t, svc, creator); n.Title != "You are no longer a club administrator" {
			t.Fatalf("demotion notification: %+v", n)
		}
		if d, _ := svc.Club(ctx, ana, c.ID); d.CanLeave || d.LeaveRefusal != "club.last_admin" {
			t.Fatalf("sole admin's leave: %+v", d)
		}
		// A super admin removes Rui, who is told; his home club is cleared.
		rid := c.ID
		if _, err := svc.UpdateProfile(ctx, rui, service.ProfileInput{ClubID: &rid}); err != nil {
			t.Fatal(err)
		}
		if err := svc.RemoveClubMember(ctx, super, c.ID, rui.User.ID); err != nil {
			t.Fatal(err)
		}
		if n := lastNotification(t, svc, rui); n.Title != "You were removed from a club" || n.Message != "Test removed you from Clube Administrado." {
			t.Fatalf("removal notification: %+v", n)
		}
		if u, _ := db.UserByID(ctx, nil, rui.User.ID); u.ClubID.Valid {
			t.Fatal("home club kept after removal")
		}
		if err := svc.RemoveClubMember(ctx, ana, c.ID, rui.User.ID); code(err) != "club.member_not_found" {
			t.Fatalf("removed twice: %v", err)
		}
		// Ana appoints the creator again and leaves.
		if err := svc.SetClubMemberRole(ctx, ana, c.ID, creator.User.ID, admin); err != nil {
			t.Fatal(err)
		}
		if err := svc.LeaveClub(ctx, ana, c.ID); err != nil {
			t.Fatal(err)
		}
		if role, _ := db.ClubRole(ctx, nil, c.ID, creator.User.ID); role != admin {
			t.Fatalf("creator role %q", role)
		}
	})
}

// Two administrators demoting each other (or removing each other, or leaving) at the same time:
// one wins, the other is refused, and the club keeps an administrator.
func TestClubLastAdministratorUnderConcurrency(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := service.New(db, service.Options{})
		super := newAccount(t, db, svc, "super@example.pt", "superadmin")
		for round, action := range []string{"demote", "remove", "leave", "mixed"} {
			a := newAccount(t, db, svc, action+"-a@example.pt", "player")
			b := newAccount(t, db, svc, action+"-b@example.pt", "player")
			m := newAccount(t, db, svc, action+"-m@example.pt", "player")
			c := validatedClub(t, svc, a, super, "Clube "+action)
			for _, who := range []service.Current{b, m} {
				if err := svc.JoinClub(ctx, who, c.ID); err != nil {
					t.Fatal(err)
				}
			}
			if err := svc.SetClubMemberRole(ctx, a, c.ID, b.User.ID, "administrator"); err != nil {
				t.Fatal(err)
			}
			act := func(i int, me, other service.Current) error {
				switch {
				case action == "demote" || (action == "mixed" && i == 0):
					return svc.SetClubMemberRole(ctx, me, c.ID, other.User.ID, "member")
				case action == "remove":
					return svc.RemoveClubMember(ctx, me, c.ID, other.User.ID)
				case action == "mixed":
					return svc.RemoveClubMember(ctx, me, c.ID, other.User.ID)
				}
				return svc.LeaveClub(ctx, me, c.ID)
			}
			var wg sync.WaitGroup
			start := make(chan struct{})
			errs := make([]error, 2)
			pairs := [2][2]service.Current{{a, b}, {b, a}}
			for i := range pairs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					errs[i] = act(i, pairs[i][0], pairs[i][1])
				}()
			}
			close(start)
			wg.Wait()
			ok := 0
			for _, err := range errs {
				switch c := code(err); {
				case c == "":
					ok++
				case strings.HasPrefix(c, "club.last_admin"), c == "http.forbidden", c == "club.member_not_found":
					// refused: the other one went first
				default:
					t.Fatalf("round %d (%s): unexpected %v", round, action, err)
				}
			}
			admins, err := db.ClubAdministrators(ctx, nil, c.ID)
			if err != nil {
				t.Fatal(err)
			}
			if ok != 1 || len(admins) != 1 {
				t.Fatalf("%s: %d succeeded, %d administrators left (%v)", action, ok, len(admins), errs)
			}
		}
	})
}

// A rejection's notification has a real title (not the raw key) in the app and the email, and
// without a reason its message reads as a sentence.
func TestClubRejectionNotification(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := service.New(db, service.Options{})
		creator := newAccount(t, db, svc, "creator@example.pt", "player")
		super := newAccount(t, db, svc, "super@example.pt", "superadmin")
		for _, reason := range []string{"nome repetido", ""} {
			c, err := svc.ProposeClub(ctx, creator, service.ClubInput{Name: "Clube " + reason})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.DecideClub(ctx, super, c.ID, false, reason); err != nil {
				t.Fatal(err)
			}
			n := lastNotification(t, svc, creator)
			want := "The club " + c.Name + " was not approved."
			if reason != "" {
				want += " Reason: " + reason
			}
			if n.Title != "Club rejected" || n.Message != want {
				t.Errorf("reason %q: %q / %q", reason, n.Title, n.Message)
			}
			emails, _ := db.Emails(ctx, 1)
			if len(emails) != 1 || emails[0].Subject != "Clube rejeitado" || strings.Contains(emails[0].Body, "clubs.") {
				t.Errorf("reason %q: email %+v", reason, emails)
			}
		}
	})
}

// A club never stays with members and no administrator able to run it: when the last
// administrator (also its last member) has left, or the only administrators are suspended, the
// next joiner becomes administrator. A suspended co-administrator does not count for the
// last-administrator rule.
func TestClubWithoutAdministratorGetsOne(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := service.New(db, service.Options{RootEmail: "root@ladder.test"})
		creator := newAccount(t, db, svc, "creator@example.pt", "player")
		ana := newAccount(t, db, svc, "ana@example.pt", "player")
		rui := newAccount(t, db, svc, "rui@example.pt", "player")
		eva := newAccount(t, db, svc, "eva@example.pt", "player")
		super := newAccount(t, db, svc, "super@example.pt", "superadmin")
		c := validatedClub(t, svc, creator, super, "Clube Abandonado")
		role := func(who service.Current) string {
			r, err := db.ClubRole(ctx, nil, c.ID, who.User.ID)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		suspend := func(who service.Current) {
			if err := db.Tx(ctx, func(tx *store.Tx) error {
				_, err := db.SetUserStatus(ctx, tx, who.User.ID, "active", "suspended")
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}

		// The creator, last administrator and last member, leaves; Ana joins and runs the club.
		if err := svc.LeaveClub(ctx, creator, c.ID); err != nil {
			t.Fatal(err)
		}
		if err := svc.JoinClub(ctx, ana, c.ID); err != nil {
			t.Fatal(err)
		}
		if r := role(ana); r != "administrator" {
			t.Fatalf("first joiner of an empty club is %q", r)
		}
		if err := svc.JoinClub(ctx, rui, c.ID); err != nil {
			t.Fatal(err)
		}
		if r := role(rui); r != "member" {
			t.Fatalf("second joiner is %q", r)
		}

		// Ana appoints Rui; Rui is suspended: Ana is the last able administrator and stays, but
		// may demote or remove the suspended Rui.
		if err := svc.SetClubMemberRole(ctx, ana, c.ID, rui.User.ID, "administrator"); err != nil {
			t.Fatal(err)
		}
		suspend(rui)
		if err := svc.LeaveClub(ctx, ana, c.ID); code(err) != "club.last_admin" {
			t.Fatalf("last able admin left beside a suspended one: %v", err)
		}
		if d, _ := svc.Club(ctx, ana, c.ID); d.CanLeave || !d.MemberFlags[rui.User.ID].RemoveAdmin || !d.MemberFlags[rui.User.ID].Remove {
			t.Fatalf("ana's view beside suspended rui: %+v", d)
		}
		if err := svc.SetClubMemberRole(ctx, ana, c.ID, rui.User.ID, "member"); err != nil {
			t.Fatalf("suspended co-admin not demoted: %v", err)
		}

		// With its only administrator suspended, the club's next joiner runs it.
		suspend(ana)
		if err := svc.JoinClub(ctx, eva, c.ID); err != nil {
			t.Fatal(err)
		}
		if r := role(eva); r != "administrator" {
			t.Fatalf("joiner of a club whose admin is suspended is %q", r)
		}
	})
}
