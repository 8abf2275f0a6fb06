-- +goose Up
CREATE TABLE contact_messages (
    id         INTEGER PRIMARY KEY,
    kind       TEXT     NOT NULL CHECK (kind IN ('contact', 'support')),
    name       TEXT     NOT NULL,
    email      TEXT     NOT NULL,
    subject    TEXT     NOT NULL,
    message    TEXT     NOT NULL,
    client_ip  TEXT     NOT NULL DEFAULT '',
    language   TEXT     NOT NULL DEFAULT 'pt',
    created_at DATETIME NOT NULL
);
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC, id DESC);

-- +goose Down
DROP TABLE contact_messages;
