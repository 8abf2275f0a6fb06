package policy

// Tournament rules (SPEC §4, §6): only super admins approve or reject tournaments; the creator
// approves join requests, assigns or removes referees, manages players and shuffles the ranking;
// referees may manage players; super admins may do what a creator may (moderation). Private
// tournaments take requests, except from admins and super admins, who join directly.

// TournamentRelation is the actor's relation to one tournament.
type TournamentRelation struct {
	Creator bool
	Referee bool
	Member  bool // an admitted participant (player or referee), not a pending request
}

// DecideTournament decides whether a may approve or reject a pending tournament.
func DecideTournament(a Actor) error { return Allow(a, SuperAdmins) }

// SeeTournament decides whether a may see a tournament with status created by creatorID:
// pending and rejected ones only by super admins and their creators.
func SeeTournament(a Actor, status string, creatorID int64) bool {
	return status == "active" || status == "inactive" || a.IsSuperAdmin() || (a.SignedIn() && a.UserID == creatorID)
}

// ManageTournament decides whether a may run the tournament: decide join requests, promote or
// demote referees, shuffle, edit and close it.
func ManageTournament(a Actor, r TournamentRelation) error {
	if !a.SignedIn() {
		return deny(CodeSignInRequired)
	}
	if r.Creator || a.IsSuperAdmin() {
		return nil
	}
	return deny(CodeForbidden)
}

// ManagePlayers decides whether a may pause, suspend, reactivate or remove participants.
func ManagePlayers(a Actor, r TournamentRelation) error {
	if err := ManageTournament(a, r); err == nil || !a.SignedIn() {
		return err
	}
	if r.Referee {
		return nil
	}
	return deny(CodeForbidden)
}

// JoinsDirectly reports whether a joins a tournament of privacy without a request.
func JoinsDirectly(a Actor, privacy string) bool { return privacy == "public" || a.IsAdmin() }

// SeeStandings decides whether a may see the ranking, bracket, statistics and participants:
// everyone for public tournaments; for private ones, members, the creator, admins and super admins.
func SeeStandings(a Actor, privacy string, r TournamentRelation) bool {
	return privacy == "public" || r.Member || r.Creator || a.IsAdmin()
}

// SeeEveryStandings says whether a may see the standings of every tournament (SeeStandings
// with any privacy and relation): lists across tournaments (the leaderboards' tournament
// leaders) filter the others in SQL with SeeStandings' rule.
func SeeEveryStandings(a Actor) bool { return a.IsAdmin() }

// ValidateResults decides whether a may approve or reject reported results in a tournament:
// its referee, its creator when it has no referee, and super admins (SPEC §6).
func ValidateResults(a Actor, r TournamentRelation, hasReferee bool) error {
	if !a.SignedIn() {
		return deny(CodeSignInRequired)
	}
	if a.IsSuperAdmin() || r.Referee || (r.Creator && !hasReferee) {
		return nil
	}
	return deny(CodeForbidden)
}

// TournamentCan is what a may do with a whole tournament now (the detail's can_* flags): edit
// it (its runners, in any state they see it in), shuffle the ranking and close it (while active).
type TournamentCan struct{ Edit, Shuffle, Close bool }

// TournamentPermissions answers the tournament-wide actions for a with relation r to a tournament
// in status.
func TournamentPermissions(a Actor, r TournamentRelation, status string) TournamentCan {
	manage := ManageTournament(a, r) == nil
	active := status == "active"
	return TournamentCan{Edit: manage, Shuffle: manage && active, Close: manage && active}
}
