package policy

// Messages (issue 13, docs/DECISIONS.md "Messages"). A conversation is direct (two players), a
// private tournament's group or a match's chat. Membership of the last two is not stored: it is
// read from the tournament and the match each time, so a player who leaves or is removed from a
// tournament loses its group at once. Nobody outside a conversation reads it, admins included
// (moderation goes through the people, not their messages).

// Conversation kinds.
const (
	ConversationDirect     = "direct"
	ConversationTournament = "tournament"
	ConversationMatch      = "match"
)

// CodeConversationNotFound refuses a conversation the actor is not in (as if it did not exist).
const (
	CodeConversationNotFound = "conversation.not_found"
	CodeMessageYourself      = "conversation.not_yourself"
	CodeGroupChatPublic      = "conversation.public_tournament"
)

// ConversationFacts is what the rules need to know of a conversation and of the actor's relation
// to what it is about.
type ConversationFacts struct {
	Kind       string
	Users      [2]int64           // direct: the two players (0 for a deleted account)
	Tournament TournamentRelation // tournament and match: the actor's relation to the tournament
	Match      MatchFacts         // match: its players
	HasReferee bool               // match: the tournament has a referee
}

// ConversationMember decides whether a may read and write in a conversation: direct, its two
// players; tournament group, the tournament's admitted members (players and referees, paused or
// suspended in the ladder included) and its creator; match chat, its two players and whoever
// validates its result (the tournament's referees, or its creator when it has none).
func ConversationMember(a Actor, c ConversationFacts) bool {
	if !a.SignedIn() {
		return false
	}
	switch c.Kind {
	case ConversationDirect:
		return a.UserID == c.Users[0] || a.UserID == c.Users[1]
	case ConversationTournament:
		return c.Tournament.Member || c.Tournament.Creator
	case ConversationMatch:
		return c.Match.Party(a.UserID) || c.Tournament.Referee || (c.Tournament.Creator && !c.HasReferee)
	}
	return false
}

// StartDirect decides whether a may start (or reopen) a direct conversation with owner: anyone
// they may see (SeePlayer: a hidden or suspended player is not found by others, so strangers
// cannot write to them; a conversation they already have goes on), never themselves. There is
// no blocking yet (docs/DECISIONS.md).
func StartDirect(a Actor, owner int64, hidden, suspended bool) error {
	switch {
	case !a.SignedIn():
		return deny(CodeSignInRequired)
	case a.UserID == owner:
		return deny(CodeMessageYourself)
	case !SeePlayer(a, owner, hidden, suspended):
		return deny(CodeConversationNotFound)
	}
	return nil
}

// GroupChat decides whether a tournament has a group conversation: private ones only (SPEC §2);
// a public ladder is open to anyone and its players write to each other directly.
func GroupChat(privacy string) error {
	if privacy != "private" {
		return deny(CodeGroupChatPublic)
	}
	return nil
}
