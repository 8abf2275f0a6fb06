package store

import (
	"context"
	"database/sql"
	"time"
)

// Conversation is a direct conversation (UserLow < UserHigh), a private tournament's group or a
// match's chat (issue 13). Membership of the last two is read from the tournament and the match.
type Conversation struct {
	ID            int64         `db:"id"`
	Kind          string        `db:"kind"`
	UserLow       sql.NullInt64 `db:"user_low"`
	UserHigh      sql.NullInt64 `db:"user_high"`
	TournamentID  sql.NullInt64 `db:"tournament_id"`
	MatchID       sql.NullInt64 `db:"match_id"`
	LastMessageID int64         `db:"last_message_id"`
	LastMessageAt sql.NullTime  `db:"last_message_at"`
	CreatedAt     time.Time     `db:"created_at"`
}

const conversationColumns = `c.id, c.kind, c.user_low, c.user_high, c.tournament_id, c.match_id, c.last_message_id, c.last_message_at, c.created_at`

// Message is one message of a conversation. SenderID is null once its author's account was erased.
type Message struct {
	ID             int64         `db:"id"`
	ConversationID int64         `db:"conversation_id"`
	SenderID       sql.NullInt64 `db:"sender_id"`
	Body           string        `db:"body"`
	CreatedAt      time.Time     `db:"created_at"`
}

// ConversationByID reads one conversation (ErrNotFound when missing).
func (db *DB) ConversationByID(ctx context.Context, tx *Tx, id int64) (Conversation, error) {
	var c Conversation
	err := db.getIn(ctx, tx, &c, `SELECT `+conversationColumns+` FROM conversations c WHERE c.id = ?`, id)
	return c, notFound(err)
}

// EnsureConversation returns the conversation of c's kind and subject (the pair, the tournament or
// the match), creating it when there is none: idempotent, also when two requests race (the
// unique indexes keep one; ON CONFLICT DO NOTHING leaves the transaction usable on PostgreSQL).
func (db *DB) EnsureConversation(ctx context.Context, tx *Tx, c Conversation) (Conversation, error) {
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`INSERT INTO conversations (kind, user_low, user_high, tournament_id, match_id,
		last_message_id, created_at) VALUES (?, ?, ?, ?, ?, 0, ?) ON CONFLICT DO NOTHING`),
		c.Kind, c.UserLow, c.UserHigh, c.TournamentID, c.MatchID, db.Now()); err != nil {
		return c, err
	}
	var out Conversation
	var err error
	switch c.Kind {
	case "direct":
		err = db.txGet(ctx, tx, &out, db.Dialect.rebind(`SELECT `+conversationColumns+` FROM conversations c
			WHERE c.kind = 'direct' AND c.user_low = ? AND c.user_high = ?`), c.UserLow, c.UserHigh)
	case "tournament":
		err = db.txGet(ctx, tx, &out, db.Dialect.rebind(`SELECT `+conversationColumns+` FROM conversations c
			WHERE c.kind = 'tournament' AND c.tournament_id = ?`), c.TournamentID)
	default:
		err = db.txGet(ctx, tx, &out, db.Dialect.rebind(`SELECT `+conversationColumns+` FROM conversations c
			WHERE c.kind = 'match' AND c.match_id = ?`), c.MatchID)
	}
	return out, notFound(err)
}

// InsertMessage stores m inside tx (filling ID and CreatedAt), makes it its conversation's last
// message and its author's last read one.
func (db *DB) InsertMessage(ctx context.Context, tx *Tx, m *Message) error {
	m.CreatedAt = db.Now()
	if err := db.txQueryRowx(ctx, tx, db.Dialect.rebind(`INSERT INTO messages (conversation_id, sender_id, body, created_at)
		VALUES (?, ?, ?, ?) RETURNING id`), m.ConversationID, m.SenderID, m.Body, m.CreatedAt).Scan(&m.ID); err != nil {
		return err
	}
	if _, err := db.txExec(ctx, tx, db.Dialect.rebind(`UPDATE conversations SET last_message_id = ?, last_message_at = ? WHERE id = ?`),
		m.ID, m.CreatedAt, m.ConversationID); err != nil {
		return err
	}
	_, err := db.MarkConversationRead(ctx, tx, m.ConversationID, m.SenderID.Int64, m.ID)
	return err
}

// MarkConversationRead moves user's read marker in conversation forward to upTo (never back).
func (db *DB) MarkConversationRead(ctx context.Context, tx *Tx, conversation, user, upTo int64) (bool, error) {
	// The marker only moves forward; moved says whether it did (nothing to tell anyone otherwise).
	q := db.Dialect.rebind(`INSERT INTO conversation_reads (conversation_id, user_id, last_read_id) VALUES (?, ?, ?)
		ON CONFLICT (conversation_id, user_id) DO UPDATE SET last_read_id = excluded.last_read_id
		WHERE excluded.last_read_id > conversation_reads.last_read_id`)
	var res sql.Result
	var err error
	if tx != nil {
		res, err = db.txExec(ctx, tx, q, conversation, user, upTo)
	} else {
		res, err = db.W.ExecContext(ctx, q, conversation, user, upTo)
	}
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// Messages lists a conversation's messages newest first, older than before (0: from the
// newest), at most limit: one range of messages_conversation_idx.
func (db *DB) Messages(ctx context.Context, conversation, before int64, limit int) ([]Message, error) {
	out := []Message{}
	err := db.selectRows(ctx, &out, `SELECT id, conversation_id, sender_id, body, created_at FROM messages
		WHERE conversation_id = ? AND (? = 0 OR id < ?) ORDER BY id DESC LIMIT ?`, conversation, before, before, limit)
	return out, err
}

// ReadByOthers is the furthest message the other members of a conversation have read (the
// "seen" mark of the reader's own messages).
func (db *DB) ReadByOthers(ctx context.Context, conversation, user int64) (int64, error) {
	var n int64
	err := db.get(ctx, &n, `SELECT COALESCE(MAX(last_read_id), 0) FROM conversation_reads WHERE conversation_id = ? AND user_id <> ?`,
		conversation, user)
	return n, err
}

// LastRead is user's read marker in a conversation (0 when never read).
func (db *DB) LastRead(ctx context.Context, conversation, user int64) (int64, error) {
	var n int64
	err := db.get(ctx, &n, `SELECT COALESCE(MAX(last_read_id), 0) FROM conversation_reads WHERE conversation_id = ? AND user_id = ?`,
		conversation, user)
	return n, err
}

// myConversations is a CTE of the conversations user belongs to (policy.ConversationMember in
// SQL): direct ones of theirs, the groups of the tournaments they are admitted to or created,
// the chats of their matches and of the matches they validate.
const myConversations = `WITH mine AS (
	SELECT id FROM conversations WHERE kind = 'direct' AND user_low = ?
	UNION SELECT id FROM conversations WHERE kind = 'direct' AND user_high = ?
	UNION SELECT c.id FROM conversations c JOIN tournament_players p ON p.tournament_id = c.tournament_id
		WHERE c.kind = 'tournament' AND p.user_id = ? AND p.status <> 'requested'
	UNION SELECT c.id FROM conversations c JOIN tournaments t ON t.id = c.tournament_id WHERE c.kind = 'tournament' AND t.creator_id = ?
	UNION SELECT c.id FROM conversations c JOIN matches m ON m.id = c.match_id WHERE c.kind = 'match' AND m.player1_id = ?
	UNION SELECT c.id FROM conversations c JOIN matches m ON m.id = c.match_id WHERE c.kind = 'match' AND m.player2_id = ?
	UNION SELECT c.id FROM conversations c JOIN matches m ON m.id = c.match_id JOIN tournament_players p ON p.tournament_id = m.tournament_id
		WHERE c.kind = 'match' AND p.user_id = ? AND p.role = 'referee' AND p.status <> 'requested'
	UNION SELECT c.id FROM conversations c JOIN matches m ON m.id = c.match_id JOIN tournaments t ON t.id = m.tournament_id
		WHERE c.kind = 'match' AND t.creator_id = ? AND NOT EXISTS (SELECT 1 FROM tournament_players r
			WHERE r.tournament_id = t.id AND r.role = 'referee' AND r.status <> 'requested')
) `

func mineArgs(user int64) []any { return []any{user, user, user, user, user, user, user, user} }

// ConversationLine is one line of a reader's conversation list.
type ConversationLine struct {
	Conversation
	TournamentName string         `db:"tournament_name"`
	Player1        int64          `db:"player1"`
	Player2        int64          `db:"player2"`
	LastBody       sql.NullString `db:"last_body"`
	LastSender     sql.NullInt64  `db:"last_sender"`
	Unread         int            `db:"unread"`
}

// ConversationsOf lists the conversations user belongs to, most recent message first, at most
// limit: direct ones always, groups and match chats once they have a message.
func (db *DB) ConversationsOf(ctx context.Context, user int64, limit int) ([]ConversationLine, error) {
	out := []ConversationLine{}
	args := append(mineArgs(user), user, limit)
	err := db.selectRows(ctx, &out, myConversations+`SELECT `+conversationColumns+`,
		COALESCE(t.name, mt.name, '') AS tournament_name, COALESCE(m.player1_id, 0) AS player1, COALESCE(m.player2_id, 0) AS player2,
		lm.body AS last_body, lm.sender_id AS last_sender,
		(SELECT COUNT(*) FROM messages x WHERE x.conversation_id = c.id AND x.id > COALESCE(r.last_read_id, 0)) AS unread
		FROM conversations c JOIN mine ON mine.id = c.id
		LEFT JOIN tournaments t ON t.id = c.tournament_id
		LEFT JOIN matches m ON m.id = c.match_id
		LEFT JOIN tournaments mt ON mt.id = m.tournament_id
		LEFT JOIN messages lm ON lm.id = c.last_message_id
		LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = ?
		WHERE c.kind = 'direct' OR c.last_message_id > 0
		ORDER BY c.last_message_id DESC, c.id DESC LIMIT ?`, args...)
	return out, err
}

// UnreadMessages counts the messages user has not read in all their conversations (the header's
// badge): one index range per conversation.
func (db *DB) UnreadMessages(ctx context.Context, user int64) (int, error) {
	var n int
	args := append(mineArgs(user), user)
	err := db.get(ctx, &n, myConversations+`SELECT COUNT(*) FROM mine JOIN messages x ON x.conversation_id = mine.id
		LEFT JOIN conversation_reads r ON r.conversation_id = mine.id AND r.user_id = ?
		WHERE x.id > COALESCE(r.last_read_id, 0)`, args...)
	return n, err
}

// TournamentMemberIDs are the admitted members of a tournament and its creator (its group's members).
func (db *DB) TournamentMemberIDs(ctx context.Context, tournament int64) ([]int64, error) {
	out := []int64{}
	err := db.selectRows(ctx, &out, `SELECT user_id FROM tournament_players WHERE tournament_id = ? AND status <> 'requested'
		UNION SELECT creator_id FROM tournaments WHERE id = ? AND creator_id IS NOT NULL`, tournament, tournament)
	return out, err
}
