package policy

// Match rules (SPEC §5, §6; issue #11): the two players schedule, report, and cancel a match;
// the opponent of the reporter confirms or disputes; the tournament's validators (its referee,
// else its creator) and super admins approve or reject the result — but nobody validates a match
// they are a party to. When every validator of a match is one of its players, only super admins
// who did not play it can validate it. Those who manage the players may also cancel a match.

// Match codes (translation keys of errors.json).
const (
	CodeOnlyPlayers         = "match.only_players"
	CodeOnlyOpponent        = "match.only_opponent"
	CodeOnlyValidators      = "match.only_validators"
	CodePartyCannotValidate = "match.party_cannot_validate"
	CodeAlreadyConfirmed    = "match.already_confirmed"
)

// MatchFacts is what the rules need to know of one match.
type MatchFacts struct {
	State            string // stored state: time_proposed, time_confirmed, result_reported, …
	Player1, Player2 int64
	Reporter         int64 // 0 before a result is reported
	ResultConfirmed  bool
	Scheduled        bool // it has an agreed time (and is not called off): a calendar event
}

// Party reports whether user plays the match.
func (m MatchFacts) Party(user int64) bool {
	return user != 0 && (user == m.Player1 || user == m.Player2)
}

// Schedulable: the time may still be set, a result reported, the match called off.
func (m MatchFacts) Schedulable() bool {
	return m.State == "time_proposed" || m.State == "time_confirmed"
}

// Reported: a result waits for validation.
func (m MatchFacts) Reported() bool {
	return m.State == "result_reported" || m.State == "result_disputed"
}

// MatchScope is the actor's relation to the match's tournament.
type MatchScope struct {
	Tournament TournamentRelation
	HasReferee bool
}

// PlayMatch decides whether a may set the time of or report a result for m: its players.
func PlayMatch(a Actor, m MatchFacts) error {
	if !a.SignedIn() {
		return deny(CodeSignInRequired)
	}
	if m.Party(a.UserID) {
		return nil
	}
	return deny(CodeOnlyPlayers)
}

// AnswerResult decides whether a may confirm or dispute the result reported for m: the player
// who did not report it.
func AnswerResult(a Actor, m MatchFacts) error {
	if !a.SignedIn() {
		return deny(CodeSignInRequired)
	}
	if m.Party(a.UserID) && m.Reporter != a.UserID {
		return nil
	}
	return deny(CodeOnlyOpponent)
}

// DisputeResult decides whether a may dispute the result reported for m: the opponent
// (AnswerResult), as long as they have not confirmed it. A confirmed result is no longer the
// opponent's to dispute; the tournament's validators may still reject it.
func DisputeResult(a Actor, m MatchFacts) error {
	if err := AnswerResult(a, m); err != nil {
		return err
	}
	if m.ResultConfirmed {
		return deny(CodeAlreadyConfirmed)
	}
	return nil
}

// CancelMatch decides whether a may call m off: its players and who manages the tournament's
// players.
func CancelMatch(a Actor, s MatchScope, m MatchFacts) error {
	if !a.SignedIn() {
		return deny(CodeSignInRequired)
	}
	if m.Party(a.UserID) || ManagePlayers(a, s.Tournament) == nil {
		return nil
	}
	return deny(CodeOnlyPlayers)
}

// ValidateMatch decides whether a may approve or reject the result of m: the tournament's
// validators and super admins (ValidateResults), never one of its players.
func ValidateMatch(a Actor, s MatchScope, m MatchFacts) error {
	if err := ValidateResults(a, s.Tournament, s.HasReferee); err != nil {
		if d, ok := err.(*Denied); ok && d.Code == CodeForbidden {
			return deny(CodeOnlyValidators)
		}
		return err
	}
	if m.Party(a.UserID) {
		return deny(CodePartyCannotValidate)
	}
	return nil
}

// SeeMatch decides whether a may see m: its players, whoever may validate results in its
// tournament, and whoever manages its players. Others are told it does not exist.
func SeeMatch(a Actor, s MatchScope, m MatchFacts) bool {
	return a.SignedIn() && (m.Party(a.UserID) || ValidateResults(a, s.Tournament, s.HasReferee) == nil ||
		ManagePlayers(a, s.Tournament) == nil)
}

// ResultValidators lists who validates the results of a tournament (SPEC §6): its referees, or
// its creator (creatorID, 0 when none) when it has no referee. Super admins come on top.
func ResultValidators(referees []int64, creatorID int64) []int64 {
	if len(referees) > 0 {
		return referees
	}
	if creatorID != 0 {
		return []int64{creatorID}
	}
	return nil
}

// MatchCan is what a may do with one match now: the answers the API returns as can_* flags.
type MatchCan struct {
	ConfirmTime, Report, Confirm, Dispute, Validate, Cancel bool
	Calendar                                                bool // download it as an .ics event
}

// MatchPermissions answers every match action for a at once, combining who may act with the
// match's state (the store moves the state conditionally, so a race still ends in one change).
func MatchPermissions(a Actor, s MatchScope, m MatchFacts) MatchCan {
	play := PlayMatch(a, m) == nil && m.Schedulable()
	answer := AnswerResult(a, m) == nil && m.State == "result_reported" && !m.ResultConfirmed && m.Reporter != 0
	return MatchCan{
		ConfirmTime: play,
		Report:      play,
		Confirm:     answer,
		Dispute:     answer && DisputeResult(a, m) == nil,
		Validate:    ValidateMatch(a, s, m) == nil && m.Reported(),
		Cancel:      CancelMatch(a, s, m) == nil && m.Schedulable(),
		Calendar:    MatchCalendar(a, s, m) == nil && m.Scheduled,
	}
}

// MatchCalendar decides whether a may download m as a calendar event (.ics): its players and the
// tournament's referees, who go to the court. Others who may see the match (creators, super
// admins) are refused: it is not their appointment.
func MatchCalendar(a Actor, s MatchScope, m MatchFacts) error {
	if !a.SignedIn() {
		return deny(CodeSignInRequired)
	}
	if m.Party(a.UserID) || s.Tournament.Referee {
		return nil
	}
	return deny(CodeOnlyPlayers)
}
