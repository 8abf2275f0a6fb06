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

func code(err error) string {
	if e, ok := service.AsError(err); ok {
		if len(e.Fields) > 0 {
			return e.Fields[0].Field + ":" + e.Fields[0].Code
		}
		return e.Code
	}
	if err != nil {
		return "unexpected: " + err.Error()
	}
	return ""
}

func TestClubLifecycle(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := service.New(db, service.Options{RootEmail: "root@ladder.test"})
		creator := newAccount(t, db, svc, "creator@example.pt", "player")
		other := newAccount(t, db, svc, "other@example.pt", "player")
		third := newAccount(t, db, svc, "third@example.pt", "player")
		admin := newAccount(t, db, svc, "admin@example.pt", "admin")
		super := newAccount(t, db, svc, "super@example.pt", "superadmin")
		visitor := service.Current{}

		// Validation per field.
		_, err := svc.ProposeClub(ctx, creator, service.ClubInput{Name: "  ", Website: "not a site", Email: "x@", Surfaces: []string{"lava"}})
		if e, _ := service.AsError(err); e == nil || len(e.Fields) != 4 {
			t.Fatalf("want 4 field errors, got %v", err)
		}
		c, err := svc.ProposeClub(ctx, creator, service.ClubInput{Name: "Clube de Ténis  do Porto", Website: "ctporto.pt",
			District: "porto", Municipality: "porto-porto", Surfaces: []string{"clay", "hard", "clay"}, Facilities: []string{"parking"}})
		if err != nil {
			t.Fatal(err)
		}
		if c.Status != "pending" || c.Name != "Clube de Ténis do Porto" || c.Website != "https://ctporto.pt" || c.Surfaces != `["clay","hard"]` {
			t.Fatalf("proposed: %+v", c)
		}
		// Pending: visible to its creator and super admins only.
		for name, cur := range map[string]service.Current{"visitor": visitor, "other": other, "admin": admin} {
			if _, err := svc.Club(ctx, cur, c.ID); code(err) != "club.not_found" {
				t.Errorf("%s sees a pending club: %v", name, err)
			}
		}
		d, err := svc.Club(ctx, creator, c.ID)
		if err != nil || d.MyRole != "administrator" || !d.CanEdit {
			t.Fatalf("creator: %+v %v", d, err)
		}
		if err := svc.JoinClub(ctx, other, c.ID); code(err) != "club.not_found" {
			t.Fatalf("joined a pending club: %v", err)
		}
		if _, err := svc.DecideClub(ctx, admin, c.ID, true, ""); code(err) != "http.forbidden" {
			t.Fatalf("admin validated: %v", err)
		}
		// Two super admins deciding at once: exactly one decision.
		super2 := newAccount(t, db, svc, "super2@example.pt", "superadmin")
		var wg sync.WaitGroup
		results := make([]error, 2)
		for i, who := range []service.Current{super, super2} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, results[i] = svc.DecideClub(ctx, who, c.ID, i == 0, "nome repetido")
			}()
		}
		wg.Wait()
		wins := 0
		for _, r := range results {
			if r == nil {
				wins++
			} else if code(r) != "club.already_decided" {
				t.Fatalf("loser got %v", r)
			}
		}
		if wins != 1 {
			t.Fatalf("%d decisions counted", wins)
		}
		decided, _ := db.ClubByID(ctx, nil, c.ID)
		ns, _ := svc.Notifications(ctx, creator, "en", 0, 10)
		if len(ns) != 1 || (decided.Status == "validated") != (ns[0].Title == "Club validated") {
			t.Fatalf("creator notification: %+v (status %s)", ns, decided.Status)
		}
		if decided.Status == "rejected" {
			if decided.RejectReason != "nome repetido" || ns[0].Message != "The club Clube de Ténis do Porto was not approved. Reason: nome repetido" {
				t.Fatalf("rejection: %+v %+v", decided, ns[0])
			}
			// Rejected clubs stay, marked, visible to the creator.
			if _, err := svc.Club(ctx, creator, c.ID); err != nil {
				t.Fatal(err)
			}
			// Go on with a validated club so the rest runs whichever decision won.
			if c, err = svc.ProposeClub(ctx, creator, service.ClubInput{Name: "Clube de Ténis do Porto"}); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.DecideClub(ctx, super, c.ID, true, ""); err != nil {
				t.Fatal(err)
			}
		}
		// Validated: everyone sees it; players join and leave; administrators are told.
		if _, err := svc.Club(ctx, visitor, c.ID); err != nil {
			t.Fatal(err)
		}
		if err := svc.JoinClub(ctx, other, c.ID); err != nil {
			t.Fatal(err)
		}
		if err := svc.JoinClub(ctx, other, c.ID); code(err) != "club.already_member" {
			t.Fatalf("double join: %v", err)
		}
		if err := svc.LeaveClub(ctx, third, c.ID); code(err) != "club.not_member" {
			t.Fatalf("leave without joining: %v", err)
		}
		if err := svc.LeaveClub(ctx, creator, c.ID); code(err) != "club.last_admin" {
			t.Fatalf("last admin left: %v", err)
		}
		if _, err := svc.UpdateClub(ctx, other, c.ID, service.ClubInput{Name: "Tomado"}); code(err) != "http.forbidden" {
			t.Fatalf("member edited: %v", err)
		}
		if _, err := svc.UpdateClub(ctx, super, c.ID, service.ClubInput{Name: "CT Porto"}); err != nil {
			t.Fatal(err)
		}
		// A super admin's edit of someone else's club leaves its trace, field by field.
		if es, _ := db.AuditFor(ctx, "club", c.ID); len(es) == 0 || es[len(es)-1].Action != service.AuditClubEdited ||
			es[len(es)-1].ActorID.Int64 != super.User.ID || !strings.Contains(es[len(es)-1].Details, "CT Porto") {
			t.Fatalf("club edit audit: %+v", es)
		}
		if err := svc.LeaveClub(ctx, other, c.ID); err != nil {
			t.Fatal(err)
		}
		ns, _ = svc.Notifications(ctx, creator, "pt", 0, 10)
		if len(ns) < 3 || ns[0].Title != "Um membro saiu do clube" || ns[1].Title != "Novo membro no clube" {
			t.Fatalf("administrator notifications: %+v", ns)
		}
		// The list: search ignores accents and case; filters; pagination.
		list, _, err := svc.Clubs(ctx, visitor, service.ClubListInput{Query: "PORTO"})
		if err != nil || len(list) != 1 {
			t.Fatalf("search: %v %d", err, len(list))
		}
		// Home club in the profile: validated clubs only.
		id := c.ID
		if _, err := svc.UpdateProfile(ctx, other, service.ProfileInput{ClubID: &id}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestClubListPagination(t *testing.T) {
	storetest.ForEachDialect(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := service.New(db, service.Options{})
		creator := newAccount(t, db, svc, "creator@example.pt", "player")
		super := newAccount(t, db, svc, "super@example.pt", "superadmin")
		names := []string{"Ávila Ténis", "Braga Racket", "Clube Évora", "Estoril Tennis", "Foz Ténis", "Guarda Clube", "Ílhavo TC"}
		for i, n := range names {
			c, err := svc.ProposeClub(ctx, creator, service.ClubInput{Name: n, District: map[bool]string{true: "porto", false: ""}[i%2 == 0],
				Municipality: map[bool]string{true: "porto-matosinhos", false: ""}[i%2 == 0]})
			if err != nil {
				t.Fatal(err)
			}
			if i < 6 {
				if _, err := svc.DecideClub(ctx, super, c.ID, true, ""); err != nil {
					t.Fatal(err)
				}
			}
		}
		var got []string
		cursor := ""
		for page := 0; page < 5; page++ {
			items, next, err := svc.Clubs(ctx, service.Current{}, service.ClubListInput{Limit: 4, Cursor: cursor})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range items {
				got = append(got, c.Name)
			}
			if next == "" {
				break
			}
			cursor = next
		}
		if len(got) != 6 || got[0] != "Ávila Ténis" || got[2] != "Clube Évora" || got[5] != "Guarda Clube" {
			t.Fatalf("pages: %v", got)
		}
		if items, _, _ := svc.Clubs(ctx, service.Current{}, service.ClubListInput{District: "porto", Municipality: "porto-matosinhos"}); len(items) != 3 {
			t.Fatalf("district filter: %d", len(items))
		}
		if items, _, _ := svc.Clubs(ctx, super, service.ClubListInput{Status: "pending"}); len(items) != 1 {
			t.Fatalf("super admin pending: %d", len(items))
		}
		if items, _, _ := svc.Clubs(ctx, creator, service.ClubListInput{Status: "pending"}); len(items) != 1 {
			t.Fatalf("creator's own pending: %d", len(items))
		}
		other := newAccount(t, db, svc, "o@example.pt", "player")
		if items, _, _ := svc.Clubs(ctx, other, service.ClubListInput{Status: "pending"}); len(items) != 0 {
			t.Fatal("a stranger sees pending clubs")
		}
		if items, _, _ := svc.Clubs(ctx, service.Current{}, service.ClubListInput{Status: "pending"}); len(items) != 0 {
			t.Fatal("a visitor sees pending clubs")
		}
	})
}
