-- +goose Up
CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
    email         TEXT     NOT NULL UNIQUE,
    first_name    TEXT     NOT NULL DEFAULT '',
    last_name     TEXT     NOT NULL DEFAULT '',
    ext_name      TEXT     NOT NULL DEFAULT '',
    ext_given_name TEXT    NOT NULL DEFAULT '',
    ext_picture   TEXT     NOT NULL DEFAULT '',
    role          TEXT     NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'admin', 'superadmin')),
    status        TEXT     NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'paused')),
    oidc_issuer   TEXT,
    oidc_subject  TEXT,
    created_at    DATETIME NOT NULL,
    updated_at    DATETIME NOT NULL,
    UNIQUE (oidc_issuer, oidc_subject)
);

CREATE TABLE sessions (
    id           INTEGER PRIMARY KEY,
    token_hash   TEXT     NOT NULL UNIQUE,
    user_id      INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   DATETIME NOT NULL,
    last_seen_at DATETIME NOT NULL,
    expires_at   DATETIME NOT NULL,
    user_agent   TEXT     NOT NULL DEFAULT '',
    client_ip    TEXT     NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- +goose Down
DROP TABLE sessions;
DROP TABLE users;
