-- +goose Up
ALTER TABLE users ADD COLUMN phone TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN whatsapp TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN signal TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN telegram TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN age INTEGER CHECK (age IS NULL OR (age >= 13 AND age <= 120));
ALTER TABLE users ADD COLUMN gender TEXT NOT NULL DEFAULT '' CHECK (gender IN ('', 'male', 'female', 'other'));
ALTER TABLE users ADD COLUMN district TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN municipality TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN timezone TEXT NOT NULL DEFAULT 'Europe/Lisbon';
ALTER TABLE users ADD COLUMN contact_visibility TEXT NOT NULL DEFAULT 'co_players' CHECK (contact_visibility IN ('everyone', 'co_players', 'nobody'));
ALTER TABLE users ADD COLUMN hidden BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN notify_prefs TEXT NOT NULL DEFAULT '{}';
ALTER TABLE users ADD COLUMN photo_etag TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN search_key TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'pt' CHECK (language IN ('pt', 'en'));

CREATE TABLE availability (
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    weekday      INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7),
    start_minute INTEGER NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
    end_minute   INTEGER NOT NULL CHECK (end_minute BETWEEN 1 AND 1440),
    PRIMARY KEY (user_id, weekday, start_minute),
    CHECK (end_minute > start_minute)
);

CREATE TABLE user_photos (
    user_id    INTEGER  PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    jpeg       BLOB     NOT NULL,
    etag       TEXT     NOT NULL,
    updated_at DATETIME NOT NULL
);

CREATE TABLE notifications (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type        TEXT     NOT NULL,
    title_key   TEXT     NOT NULL,
    message_key TEXT     NOT NULL,
    params      TEXT     NOT NULL DEFAULT '{}',
    action_url  TEXT     NOT NULL DEFAULT '',
    is_read     BOOLEAN  NOT NULL DEFAULT 0,
    created_at  DATETIME NOT NULL
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);

CREATE TABLE email_outbox (
    id              INTEGER PRIMARY KEY,
    user_id         INTEGER REFERENCES users (id) ON DELETE SET NULL,
    to_email        TEXT     NOT NULL,
    subject         TEXT     NOT NULL,
    body            TEXT     NOT NULL,
    created_at      DATETIME NOT NULL,
    attempts        INTEGER  NOT NULL DEFAULT 0,
    next_attempt_at DATETIME NOT NULL,
    locked_until    DATETIME,
    sent_at         DATETIME,
    last_error      TEXT     NOT NULL DEFAULT ''
);
CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE sent_at IS NULL;

-- +goose Down
DROP TABLE email_outbox;
DROP TABLE notifications;
DROP TABLE user_photos;
DROP TABLE availability;
