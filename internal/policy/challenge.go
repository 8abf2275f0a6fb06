package policy

import "github.com/tennisladder/ladder/internal/ladder"

// Challenge rules (SPEC §4, §5): an active player of an active tournament challenges an active
// player within the tournament's challenge range (places above or below; 0 means anyone). Only
// the challenged player accepts or rejects a pending challenge; only its challenger withdraws it;
// only its two players (and super admins, who moderate) see it.

// Challenge codes (translation keys of errors.json).
const (
	CodeChallengeNotYourself     = "challenge.not_yourself"
	CodeChallengeNotPlayer       = "challenge.not_player"
	CodeChallengeSelfUnavailable = "challenge.self_unavailable"
	CodeChallengeOpponentMissing = "challenge.opponent_not_player"
	CodeChallengeOpponentAway    = "challenge.opponent_unavailable"
	CodeChallengeOutOfRange      = "challenge.out_of_range"
	CodeOnlyChallenged           = "challenge.only_challenged"
	CodeOnlyChallenger           = "challenge.only_challenger"
	CodeTournamentNotActive      = "tournament.not_active"
)

// Entry is one player's place in a tournament's standings, as the challenge rules see it.
type Entry struct {
	UserID   int64
	Position int
	Status   string // active, paused, suspended
}

// ChallengeOpponent decides whether me may challenge them in a tournament with the given status
// and challenge range; me or them nil when not in its standings.
func ChallengeOpponent(tournamentStatus string, rng int, me, them *Entry) error {
	switch {
	case tournamentStatus != "active":
		return deny(CodeTournamentNotActive)
	case me == nil:
		return deny(CodeChallengeNotPlayer)
	case them != nil && them.UserID == me.UserID:
		return deny(CodeChallengeNotYourself)
	case me.Status != "active":
		return deny(CodeChallengeSelfUnavailable)
	case them == nil:
		return deny(CodeChallengeOpponentMissing)
	case them.Status != "active":
		return deny(CodeChallengeOpponentAway)
	case !ladder.CanChallenge(rng, me.Position, them.Position):
		return deny(CodeChallengeOutOfRange)
	}
	return nil
}

// ChallengeFacts is what the rules need to know of one challenge.
type ChallengeFacts struct {
	Status                 string // pending, accepted, rejected, expired, cancelled, completed
	Challenger, Challenged int64
}

// SeeChallenge decides whether a may see c: its two players and super admins.
func SeeChallenge(a Actor, c ChallengeFacts) bool {
	return a.SignedIn() && (a.IsSuperAdmin() || a.UserID == c.Challenger || a.UserID == c.Challenged)
}

// AnswerChallenge decides whether a may accept or reject c: its challenged player.
func AnswerChallenge(a Actor, c ChallengeFacts) error {
	if !a.SignedIn() {
		return deny(CodeSignInRequired)
	}
	if a.UserID == c.Challenged {
		return nil
	}
	return deny(CodeOnlyChallenged)
}

// WithdrawChallenge decides whether a may withdraw c: its challenger.
func WithdrawChallenge(a Actor, c ChallengeFacts) error {
	if !a.SignedIn() {
		return deny(CodeSignInRequired)
	}
	if a.UserID == c.Challenger {
		return nil
	}
	return deny(CodeOnlyChallenger)
}

// ChallengeCan is what a may do with one challenge now (the API's can_* flags).
type ChallengeCan struct{ Accept, Reject, Cancel bool }

// ChallengePermissions answers every challenge action for a at once.
func ChallengePermissions(a Actor, c ChallengeFacts) ChallengeCan {
	pending := c.Status == "pending"
	answer := pending && AnswerChallenge(a, c) == nil
	return ChallengeCan{Accept: answer, Reject: answer, Cancel: pending && WithdrawChallenge(a, c) == nil}
}
