package policy

// Refusals of deletion requests (issue 12).
const (
	CodeDeletionProtected  = "deletion.protected_account"   // the root account is never deleted
	CodeDeletionRootAsks   = "deletion.root_cannot_request" // root decides, so it never asks (four eyes)
	CodeDeletionOwnRequest = "deletion.own_request"         // nobody decides on a request they made
	CodeDeletionOnlyRoot   = "deletion.only_root"           // only root approves or declines
)

// RequestDeletion decides whether a may ask for the definitive deletion of t. Anyone signed in
// may ask for their own (GDPR); super admins for anyone else's. The root account is never
// deleted, and root does not ask: only root decides, and nobody decides on a request they made,
// so a request by root could never be decided.
func RequestDeletion(a Actor, t Target) error {
	switch {
	case !a.SignedIn():
		return deny(CodeSignInRequired)
	case t.Root:
		return deny(CodeDeletionProtected)
	case a.UserID == t.UserID:
		return nil
	case !a.IsSuperAdmin():
		return deny(CodeForbidden)
	case a.Root:
		return deny(CodeDeletionRootAsks)
	}
	return nil
}

// DecideDeletion decides whether a may approve or decline a request made by requestedBy
// (0: the requester no longer exists) about t: the root only, never on its own request.
func DecideDeletion(a Actor, requestedBy int64, t Target) error {
	switch {
	case !a.SignedIn():
		return deny(CodeSignInRequired)
	case !a.Root || !a.IsSuperAdmin():
		return deny(CodeDeletionOnlyRoot)
	case t.Root:
		return deny(CodeDeletionProtected)
	case requestedBy == a.UserID || t.UserID == a.UserID:
		return deny(CodeDeletionOwnRequest)
	}
	return nil
}

// DeletionPermissions are the reader's can_* flags on one request.
type DeletionPermissions struct {
	CanDecide bool
}

// DeletionFlags computes the flags of a pending request (a decided one has none).
func DeletionFlags(a Actor, pending bool, requestedBy int64, t Target) DeletionPermissions {
	return DeletionPermissions{CanDecide: pending && DecideDeletion(a, requestedBy, t) == nil}
}
