package policy

// The system logs (audit log) and the admin panel (quick actions, system health).
//
// SPEC §6 gives admins only user status changes and setting players; the audit log names every
// actor, their addresses and what they did to whom, and the system panel runs platform-wide
// clean-ups: both are super admins' (root included). Nobody edits or deletes audit rows: there
// is no rule for it because there is no such action.

// ReadAuditLog decides whether a may read the system logs.
func ReadAuditLog(a Actor) error { return Allow(a, SuperAdmins) }

// RunSystemTasks decides whether a may see the system health and run its quick actions
// (the clean-up of expired items).
func RunSystemTasks(a Actor) error { return Allow(a, SuperAdmins) }
