// Package realtime carries live updates to the browsers: small events (a type and ids, never
// personal data) published by the use cases after their transaction commits, fanned out to the
// other instances by a Broker (in memory on SQLite, LISTEN/NOTIFY on PostgreSQL) and written by
// the Hub to the WebSockets of the users they concern. Clients re-fetch what an event names.
package realtime

// Event types sent to clients (docs/ARCHITECTURE.md, "Live updates", has the protocol).
const (
	TypeHello        = "hello"        // first message on a socket: {user_id}
	TypeNotification = "notification" // a new notification for the reader
	TypeChallenge    = "challenge"    // one of the reader's challenges changed: {challenge_id, tournament_id}
	TypeMatch        = "match"        // one of the reader's matches changed: {match_id, tournament_id}
	TypePresence     = "presence"     // a watched user came online or went offline: {user_id, online}
	TypePresenceList = "presence.state"
	TypeMessage      = "message" // a new message in a conversation of the reader: {conversation_id}
	TypeTyping       = "typing"  // someone types in a conversation of the reader: {conversation_id, user_id}
	TypeResync       = "resync"  // events may have been missed: re-fetch everything shown
	TypeError        = "error"   // a client message was refused: {code}
	// TypeGamification: the reader earned an achievement or a level (re-fetch the popups).
	TypeGamification = "gamification"
	// TypeSessionsEnded: some of the users' sessions were revoked (sign-out, suspension, role
	// change). Their sockets are closed (code 4001); a tab whose session still holds reconnects.
	TypeSessionsEnded = "sessions.ended"
)

// Types only instances exchange (never written to a socket).
const (
	typePresenceSync  = "presence.sync"  // an instance's online users (Users), refreshed periodically
	typePresenceHello = "presence.hello" // an instance asks the others for their presence now
)

// Event is one live update. Users and Instance route it and stay on the server; the rest is
// what a client receives (ids only: clients fetch the data through the API, which applies the
// permissions).
type Event struct {
	Type         string  `json:"type"`
	Users        []int64 `json:"-"` // recipients
	Instance     string  `json:"-"` // the instance that published it (presence)
	Tournament   int64   `json:"tournament_id,omitempty"`
	Challenge    int64   `json:"challenge_id,omitempty"`
	Match        int64   `json:"match_id,omitempty"`
	Conversation int64   `json:"conversation_id,omitempty"`
	User         int64   `json:"user_id,omitempty"` // the subject (presence, typing, hello)
	Online       bool    `json:"online,omitempty"`
	OnlineUsers  []int64 `json:"online_user_ids,omitempty"` // presence.state
	Code         string  `json:"code,omitempty"`            // error
}

// Broker fans events out to every instance. Publish delivers to this instance's subscribers at
// once and to the other instances' soon after; it never blocks on the network. A broker that
// lost events (a reconnect) delivers an Event of TypeResync to its subscribers.
type Broker interface {
	Publish(Event)
	Subscribe(func(Event))
	Close() error
}
