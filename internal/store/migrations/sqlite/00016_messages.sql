-- +goose Up
-- Messages (issue 13). A conversation is direct (two players, user_low < user_high), a
-- tournament's group or a match's chat; who belongs to the last two is read from the tournament
-- and the match when asked (policy.ConversationMember), so leaving a tournament revokes access
-- at once. conversation_reads keeps each reader's last read message (unread counts).
CREATE TABLE conversations (
    id              INTEGER PRIMARY KEY,
    kind            TEXT     NOT NULL CHECK (kind IN ('direct', 'tournament', 'match')),
    user_low        INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    user_high       INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    tournament_id   INTEGER  REFERENCES tournaments (id) ON DELETE CASCADE,
    match_id        INTEGER  REFERENCES matches (id) ON DELETE CASCADE,
    last_message_id INTEGER  NOT NULL DEFAULT 0,
    last_message_at DATETIME,
    created_at      DATETIME NOT NULL
);
CREATE UNIQUE INDEX conversations_direct_idx ON conversations (user_low, user_high) WHERE kind = 'direct';
CREATE INDEX conversations_high_idx ON conversations (user_high) WHERE kind = 'direct';
CREATE UNIQUE INDEX conversations_tournament_idx ON conversations (tournament_id) WHERE kind = 'tournament';
CREATE UNIQUE INDEX conversations_match_idx ON conversations (match_id) WHERE kind = 'match';

CREATE TABLE messages (
    id              INTEGER PRIMARY KEY,
    conversation_id INTEGER  NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sender_id       INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    body            TEXT     NOT NULL,
    created_at      DATETIME NOT NULL
);
CREATE INDEX messages_conversation_idx ON messages (conversation_id, id);
CREATE INDEX messages_sender_idx ON messages (sender_id);

CREATE TABLE conversation_reads (
    conversation_id INTEGER NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_read_id    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX conversation_reads_user_idx ON conversation_reads (user_id);

-- +goose Down
DROP TABLE conversation_reads;
DROP TABLE messages;
DROP TABLE conversations;
