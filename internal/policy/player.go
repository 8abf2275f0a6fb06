package policy

// Player rules: who sees a player and their contact details (SPEC §3, §8), and who may act on a
// tournament's participant (SPEC §6).

// Tournament participant codes (translation keys of errors.json).
const (
	CodeParticipantNotYourself = "tournament.not_yourself"
	CodeCreatorProtected       = "tournament.creator_protected"
)

// Contact visibility choices of a player (profile settings).
const (
	ContactEveryone  = "everyone"
	ContactCoPlayers = "co_players"
)

// SeePlayer decides whether a may see the player owner: a player who chose not to be listed, or
// who is suspended, is seen only by themselves and super admins (who moderate).
func SeePlayer(a Actor, owner int64, hidden, suspended bool) bool {
	return (a.SignedIn() && a.UserID == owner) || SeeHiddenPlayers(a) || (!hidden && !suspended)
}

// SeeHiddenPlayers says whether a sees hidden and suspended players in lists (the global
// ranking): SeePlayer's rule for every player at once, so a list filters in SQL.
func SeeHiddenPlayers(a Actor) bool { return a.IsSuperAdmin() }

// Contact is the answer of ContactVisible.
type Contact int

const (
	ContactHidden      Contact = iota
	ContactShown               // show the contact details
	ContactIfCoPlayers         // show them only if both play in a common tournament
)

// ContactVisible decides whether a may see the contact details (email, phones, messengers) of
// owner, who chose visibility: always themselves and super admins; signed-in players as chosen;
// never visitors.
func ContactVisible(a Actor, owner int64, visibility string) Contact {
	switch {
	case a.SignedIn() && (a.UserID == owner || a.IsSuperAdmin()):
		return ContactShown
	case !a.SignedIn():
		return ContactHidden
	case visibility == ContactEveryone:
		return ContactShown
	case visibility == ContactCoPlayers:
		return ContactIfCoPlayers
	}
	return ContactHidden
}

// Participant is the tournament participant an action is about.
type Participant struct {
	UserID int64
	Role   string // player, referee
	Status string // requested, active, paused, suspended
}

// ActOnParticipant decides whether a (with relation r to a tournament created by creatorID) may
// pause, suspend, reactivate or remove p: who manages the players, never on themselves (players
// leave through their own actions), and never on the creator unless a is the creator or a
// super admin.
func ActOnParticipant(a Actor, r TournamentRelation, creatorID int64, p Participant) error {
	if err := ManagePlayers(a, r); err != nil {
		return err
	}
	if p.UserID == a.UserID {
		return deny(CodeParticipantNotYourself)
	}
	if creatorID != 0 && p.UserID == creatorID && !r.Creator && !a.IsSuperAdmin() {
		return deny(CodeCreatorProtected)
	}
	return nil
}

// RemoveParticipant is ActOnParticipant for removal: a referee is demoted by whoever runs the
// tournament, not removed by another referee.
func RemoveParticipant(a Actor, r TournamentRelation, creatorID int64, p Participant) error {
	if err := ActOnParticipant(a, r, creatorID, p); err != nil {
		return err
	}
	if p.Role == "referee" {
		return ManageTournament(a, r)
	}
	return nil
}

// PromoteReferee decides whether a may make participant p the tournament's referee: whoever runs
// the tournament (ManageTournament), on someone else and not on a protected creator
// (ActOnParticipant). Whether p is already the referee is the service's conflict, not a permission.
func PromoteReferee(a Actor, r TournamentRelation, creatorID int64, p Participant) error {
	if err := ManageTournament(a, r); err != nil {
		return err
	}
	return ActOnParticipant(a, r, creatorID, p)
}

// DemoteReferee decides whether a may make the referee p a player again: the same people as
// PromoteReferee.
func DemoteReferee(a Actor, r TournamentRelation, creatorID int64, p Participant) error {
	return PromoteReferee(a, r, creatorID, p)
}

// ParticipantCan is what a may do to one participant now (the API's can_* flags per row).
type ParticipantCan struct {
	Pause, Suspend, Reactivate, Remove, Promote, Demote bool
}

// ParticipantPermissions answers every participant action for a at once. Requests are decided
// with the approvals, not here.
func ParticipantPermissions(a Actor, r TournamentRelation, creatorID int64, p Participant) ParticipantCan {
	if p.Status == "requested" || ActOnParticipant(a, r, creatorID, p) != nil {
		return ParticipantCan{}
	}
	referee := p.Role == "referee"
	return ParticipantCan{
		Pause:      p.Status == "active",
		Suspend:    p.Status != "suspended",
		Reactivate: p.Status != "active",
		Remove:     RemoveParticipant(a, r, creatorID, p) == nil,
		Promote:    !referee && PromoteReferee(a, r, creatorID, p) == nil,
		Demote:     referee && DemoteReferee(a, r, creatorID, p) == nil,
	}
}

// SeePresence decides whether a may see whether owner is online: exactly those who may see the
// player (SeePlayer), so a hidden or suspended player's presence is never shown to others.
func SeePresence(a Actor, owner int64, hidden, suspended bool) bool {
	return a.SignedIn() && SeePlayer(a, owner, hidden, suspended)
}

// SeeAllPlayerStats decides whether a sees every row of owner's statistics (history, rankings):
// the player themselves and admins do; others see the rows of private tournaments only when
// they may see those standings (SeeStandings: members and the creator; the store applies that
// rule in SQL, store.StatsReader). The statistics themselves follow SeePlayer.
func SeeAllPlayerStats(a Actor, owner int64) bool {
	return (a.SignedIn() && a.UserID == owner) || a.IsAdmin()
}

// SuggestPlayer decides whether the player owner may be suggested to a as someone to play (the
// tennis hub's "players near you"): another active player who did not hide from lists. Unlike
// SeePlayer, super admins get no exception: a suggestion is an invitation, not moderation.
func SuggestPlayer(a Actor, owner int64, hidden bool, status string) bool {
	return a.SignedIn() && a.UserID != owner && !hidden && status == "active"
}

// SearchPlayers says whether a finds players, and their own challenges, in the global search
// (SPEC §7): signed-in callers do, visitors find tournaments and clubs only. The players found are
// the listed, not suspended ones for every caller, super admins included (the players panel is
// where they find the others): the search's results are then one set per query for every
// signed-in caller, which the search keeps in memory.
func SearchPlayers(a Actor) bool { return a.SignedIn() }
