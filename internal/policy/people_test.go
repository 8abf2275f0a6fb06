package policy

import (
	"errors"
	"testing"
)

func peopleCode(err error) string {
	var d *Denied
	if errors.As(err, &d) {
		return d.Code
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

func TestSuperAdminRulesByActor(t *testing.T) {
	root := Actor{UserID: 1, Role: SuperAdmin, Root: true}
	super := Actor{UserID: 2, Role: SuperAdmin}
	admin := Actor{UserID: 3, Role: Admin}
	player := Actor{UserID: 4, Role: Player}
	rootT := Target{UserID: 1, Role: SuperAdmin, Root: true, Status: Active}
	superT := Target{UserID: 2, Role: SuperAdmin, Status: Active}
	otherSuper := Target{UserID: 5, Role: SuperAdmin, Status: Active}
	fresh := Target{UserID: 6, Role: Player, Status: Active}
	adminT := Target{UserID: 7, Role: Admin, Status: Active}
	gone := Target{UserID: 8, Role: Player, Status: Suspended, Deactivated: true}
	cases := []struct {
		name string
		add  bool
		a    Actor
		t    Target
		want string
	}{
		{"root adds a player", true, root, fresh, ""},
		{"root adds an admin", true, root, adminT, ""},
		{"root adds a deactivated account", true, root, gone, CodeDeactivated},
		{"super admin adds", true, super, fresh, CodeOnlyRootSuperAdmin},
		{"admin adds", true, admin, fresh, CodeOnlyRootSuperAdmin},
		{"player adds", true, player, fresh, CodeForbidden},
		{"visitor adds", true, Actor{}, fresh, CodeSignInRequired},
		{"root removes a super admin", false, root, otherSuper, ""},
		{"root removes itself", false, root, rootT, CodeProtectedAccount},
		{"super admin removes root", false, super, rootT, CodeProtectedAccount},
		{"super admin removes itself", false, super, superT, CodeNotYourself},
		{"super admin removes another", false, super, otherSuper, CodeOnlyRootSuperAdmin},
		{"admin removes a super admin", false, admin, otherSuper, CodeOnlyRootSuperAdmin},
		{"player removes a super admin", false, player, otherSuper, CodeForbidden},
	}
	for _, c := range cases {
		var err error
		if c.add {
			err = AddSuperAdmin(c.a, c.t)
		} else {
			err = RemoveSuperAdmin(c.a, c.t)
		}
		if got := peopleCode(err); got != c.want {
			t.Errorf("%s: got %q want %q", c.name, got, c.want)
		}
	}
}

func TestTransferUserRules(t *testing.T) {
	root := Actor{UserID: 1, Role: SuperAdmin, Root: true}
	super := Actor{UserID: 2, Role: SuperAdmin}
	src := Target{UserID: 10, Role: Player, Status: Active}
	dst := Target{UserID: 11, Role: Player, Status: Active}
	cases := []struct {
		name     string
		a        Actor
		src, dst Target
		want     string
	}{
		{"super admin moves a player", super, src, dst, ""},
		{"root moves a player", root, src, dst, ""},
		{"suspended source may be moved", super, Target{UserID: 10, Role: Player, Status: Suspended}, dst, ""},
		{"admin source", super, Target{UserID: 10, Role: Admin, Status: Active}, dst, ""},
		{"visitor", Actor{}, src, dst, CodeSignInRequired},
		{"player", Actor{UserID: 3, Role: Player}, src, dst, CodeForbidden},
		{"admin", Actor{UserID: 3, Role: Admin}, src, dst, CodeForbidden},
		{"same account", super, src, src, CodeTransferSameUser},
		{"root as source", super, Target{UserID: 1, Role: SuperAdmin, Root: true, Status: Active}, dst, CodeTransferRootSource},
		{"root as source, by root", root, Target{UserID: 1, Role: SuperAdmin, Root: true, Status: Active}, dst, CodeTransferRootSource},
		{"actor is the source", super, Target{UserID: 2, Role: SuperAdmin, Status: Active}, dst, CodeTransferParty},
		{"actor is the target", super, src, Target{UserID: 2, Role: SuperAdmin, Status: Active}, CodeTransferParty},
		{"super admin source by a super admin", super, Target{UserID: 12, Role: SuperAdmin, Status: Active}, dst, CodeOnlyRootSuperAdmin},
		{"super admin source by root", root, Target{UserID: 12, Role: SuperAdmin, Status: Active}, dst, ""},
		{"source already deactivated", super, Target{UserID: 10, Role: Player, Status: Suspended, Deactivated: true}, dst, CodeTransferSourceDeactivated},
		{"target suspended", super, src, Target{UserID: 11, Role: Player, Status: Suspended}, CodeTransferTargetInactive},
		{"target paused", super, src, Target{UserID: 11, Role: Player, Status: Paused}, CodeTransferTargetInactive},
		{"target deactivated", super, src, Target{UserID: 11, Role: Player, Status: Active, Deactivated: true}, CodeTransferTargetInactive},
	}
	for _, c := range cases {
		if got := peopleCode(TransferUser(c.a, c.src, c.dst)); got != c.want {
			t.Errorf("%s: got %q want %q", c.name, got, c.want)
		}
	}
	// The capability agrees with the rule.
	for _, a := range []Actor{{UserID: 3, Role: Player}, {UserID: 3, Role: Admin}, super, root} {
		has := false
		for _, c := range Capabilities(a) {
			has = has || c == CapTransferUsers
		}
		if has != (TransferUser(a, src, dst) == nil) {
			t.Errorf("%v: capability transferUsers disagrees with TransferUser", a)
		}
	}
}

func TestDeactivatedAccountsTakeNoChange(t *testing.T) {
	root := Actor{UserID: 1, Role: SuperAdmin, Root: true}
	gone := Target{UserID: 8, Role: Player, Status: Suspended, Deactivated: true}
	if got := peopleCode(ChangeStatus(root, gone, Active)); got != CodeDeactivated {
		t.Errorf("reactivating a transferred account: got %q", got)
	}
	if got := peopleCode(ChangeRole(root, gone, Admin)); got != CodeDeactivated {
		t.Errorf("promoting a transferred account: got %q", got)
	}
}
