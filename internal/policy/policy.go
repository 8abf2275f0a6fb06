// Package policy decides who may do what to which object. It is the single source of truth for
// permissions: services ask it before acting, handlers never decide alone. Pure: no I/O.
package policy

// Role of an account. Admins and super admins can also play.
type Role string

const (
	Player     Role = "player"
	Admin      Role = "admin"
	SuperAdmin Role = "superadmin"
)

// Status of an account.
type Status string

const (
	Active    Status = "active"
	Suspended Status = "suspended"
	Paused    Status = "paused"
)

// Roles and Statuses list the valid values.
var (
	Roles    = []Role{Player, Admin, SuperAdmin}
	Statuses = []Status{Active, Suspended, Paused}
)

// Actor is who asks. The zero Actor is a signed-out visitor.
type Actor struct {
	UserID int64
	Role   Role
	Root   bool // the main super admin (LADDER_ROOT_EMAIL): protected
}

// SignedIn reports whether the actor is a signed-in account.
func (a Actor) SignedIn() bool { return a.UserID != 0 }

// IsAdmin reports whether the actor has the admin panel: admins and super admins.
func (a Actor) IsAdmin() bool { return a.Role == Admin || a.Role == SuperAdmin }

// IsSuperAdmin reports whether the actor is a super admin (root included).
func (a Actor) IsSuperAdmin() bool { return a.Role == SuperAdmin }

// Target is the account acted upon.
type Target struct {
	UserID int64
	Role   Role
	Root   bool
	// Status and Deactivated (transferred to another account: never signs in again) matter to
	// transfers and to every change, which a deactivated account no longer takes.
	Status      Status
	Deactivated bool
}

// Denied is a refusal with a stable reason (a translation key of errors.json).
type Denied struct{ Code string }

func (d *Denied) Error() string { return "denied: " + d.Code }

func deny(code string) error { return &Denied{Code: code} }

// Refusal codes, shown to the user translated (SPEC §8 role-change refusals).
const (
	CodeSignInRequired     = "auth.sign_in_required"
	CodeForbidden          = "http.forbidden"
	CodeProtectedAccount   = "role.protected_account"
	CodeOnlyRootSuperAdmin = "role.only_root_superadmins"
	CodeAdminOnlyPlayer    = "role.admin_only_player"
	CodeAdminNotOnAdmins   = "role.admin_cannot_alter_admins"
	CodeNotYourself        = "role.not_yourself"
	CodeDeactivated        = "user.deactivated"
)

// ChangeRole decides whether a may give t the role to. The stricter reading of SPEC §6 is
// taken: only root creates or removes super admins.
func ChangeRole(a Actor, t Target, to Role) error {
	switch {
	case !a.SignedIn():
		return deny(CodeSignInRequired)
	case !a.IsAdmin():
		return deny(CodeForbidden)
	case t.Root:
		return deny(CodeProtectedAccount)
	case a.UserID == t.UserID:
		return deny(CodeNotYourself)
	case t.Deactivated:
		return deny(CodeDeactivated)
	case (to == SuperAdmin || t.Role == SuperAdmin) && !a.Root:
		return deny(CodeOnlyRootSuperAdmin)
	case a.Role == Admin && (t.Role == Admin || t.Role == SuperAdmin):
		return deny(CodeAdminNotOnAdmins)
	case a.Role == Admin && to != Player:
		return deny(CodeAdminOnlyPlayer)
	}
	return nil
}

// Refusals of a status change that name the status, not the role (#11: root suspending itself
// was told its role cannot change).
const (
	CodeStatusProtected   = "status.protected_account"
	CodeStatusNotYourself = "status.not_yourself"
)

// ChangeStatus decides whether a may suspend, pause or reactivate t. Admins act on players
// only; super admins on anyone but root and other super admins unless they are root.
func ChangeStatus(a Actor, t Target, to Status) error {
	switch {
	case !a.SignedIn():
		return deny(CodeSignInRequired)
	case !a.IsAdmin():
		return deny(CodeForbidden)
	case t.Root:
		return deny(CodeStatusProtected)
	case a.UserID == t.UserID:
		return deny(CodeStatusNotYourself)
	case t.Deactivated:
		return deny(CodeDeactivated)
	case a.Role == Admin && (t.Role == Admin || t.Role == SuperAdmin):
		return deny(CodeAdminNotOnAdmins)
	case t.Role == SuperAdmin && !a.Root:
		return deny(CodeOnlyRootSuperAdmin)
	}
	return nil
}

// UnlinkIdentity decides whether a may remove t's link to its identity provider account (so
// the next sign-in links it again by verified email, e.g. after the issuer changed). Super
// admins only; the links of root and of super admins only by root.
func UnlinkIdentity(a Actor, t Target) error {
	switch {
	case !a.SignedIn():
		return deny(CodeSignInRequired)
	case a.Role != SuperAdmin:
		return deny(CodeForbidden)
	case (t.Root || t.Role == SuperAdmin) && !a.Root:
		return deny(CodeOnlyRootSuperAdmin)
	}
	return nil
}

// Access is the coarse rule of a route: who may call it at all. Finer rules (this club, this
// tournament) are decided by the functions above inside the services.
type Access string

const (
	Public      Access = "public"     // everyone, signed in or not
	SignedIn    Access = "signed_in"  // any active account
	AdminOnly   Access = "admin"      // admins and super admins
	SuperAdmins Access = "superadmin" // super admins (root included)
)

// Allow decides route-level access: visitors are asked to sign in; signed-in accounts without
// the role are refused.
func Allow(a Actor, acc Access) error {
	if acc == Public {
		return nil
	}
	if !a.SignedIn() {
		return deny(CodeSignInRequired)
	}
	switch {
	case acc == SignedIn,
		acc == AdminOnly && a.IsAdmin(),
		acc == SuperAdmins && a.IsSuperAdmin():
		return nil
	}
	return deny(CodeForbidden) // includes an unknown rule: it grants nothing
}
