package policy

import "testing"

func TestDeletionRulesByActor(t *testing.T) {
	var (
		visitor = Actor{}
		player  = Actor{UserID: 10, Role: Player}
		admin   = Actor{UserID: 11, Role: Admin}
		super   = Actor{UserID: 12, Role: SuperAdmin}
		super2  = Actor{UserID: 13, Role: SuperAdmin}
		root    = Actor{UserID: 1, Role: SuperAdmin, Root: true}
	)
	other := Target{UserID: 20, Role: Player}
	rootT := Target{UserID: 1, Role: SuperAdmin, Root: true}
	requests := []struct {
		name string
		a    Actor
		t    Target
		want string
	}{
		{"visitor", visitor, other, CodeSignInRequired},
		{"player for someone else", player, other, CodeForbidden},
		{"player for themselves", player, Target{UserID: 10, Role: Player}, ""},
		{"admin for someone else", admin, other, CodeForbidden},
		{"admin for themselves", admin, Target{UserID: 11, Role: Admin}, ""},
		{"super admin for a player", super, other, ""},
		{"super admin for another super admin", super, Target{UserID: 13, Role: SuperAdmin}, ""},
		{"super admin for themselves", super, Target{UserID: 12, Role: SuperAdmin}, ""},
		{"super admin for root", super, rootT, CodeDeletionProtected},
		{"root for a player", root, other, CodeDeletionRootAsks},
		{"root for themselves", root, rootT, CodeDeletionProtected},
	}
	for _, c := range requests {
		t.Run("request/"+c.name, func(t *testing.T) { expect(t, RequestDeletion(c.a, c.t), c.want) })
	}
	decisions := []struct {
		name        string
		a           Actor
		requestedBy int64
		t           Target
		want        string
	}{
		{"visitor", visitor, 12, other, CodeSignInRequired},
		{"player", player, 12, other, CodeDeletionOnlyRoot},
		{"admin", admin, 12, other, CodeDeletionOnlyRoot},
		{"super admin", super2, 12, other, CodeDeletionOnlyRoot},
		{"root on a super admin's request", root, 12, other, ""},
		{"root on a self-request", root, 20, other, ""},
		{"root on a request whose requester is gone", root, 0, other, ""},
		{"root on its own request", root, 1, other, CodeDeletionOwnRequest},
		{"root on itself", root, 12, rootT, CodeDeletionProtected},
	}
	for _, c := range decisions {
		t.Run("decide/"+c.name, func(t *testing.T) {
			expect(t, DecideDeletion(c.a, c.requestedBy, c.t), c.want)
			if got := DeletionFlags(c.a, true, c.requestedBy, c.t).CanDecide; got != (c.want == "") {
				t.Fatalf("can_decide = %v", got)
			}
			if DeletionFlags(c.a, false, c.requestedBy, c.t).CanDecide {
				t.Fatal("a decided request offers a decision")
			}
		})
	}
}

func expect(t *testing.T, err error, want string) {
	t.Helper()
	got := ""
	if d, ok := err.(*Denied); ok {
		got = d.Code
	} else if err != nil {
		t.Fatalf("unexpected error %v", err)
	}
	if got != want {
		t.Fatalf("got %q want %q", got, want)
	}
}
