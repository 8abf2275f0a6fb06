-- +goose Up
CREATE TABLE clubs (
    id            INTEGER PRIMARY KEY,
    name          TEXT     NOT NULL,
    sort_key      TEXT     NOT NULL,
    address       TEXT     NOT NULL DEFAULT '',
    phone         TEXT     NOT NULL DEFAULT '',
    email         TEXT     NOT NULL DEFAULT '',
    website       TEXT     NOT NULL DEFAULT '',
    district      TEXT     NOT NULL DEFAULT '',
    municipality  TEXT     NOT NULL DEFAULT '',
    surfaces      TEXT     NOT NULL DEFAULT '[]',
    facilities    TEXT     NOT NULL DEFAULT '[]',
    status        TEXT     NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'validated', 'rejected')),
    reject_reason TEXT     NOT NULL DEFAULT '',
    creator_id    INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    decided_by    INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    decided_at    DATETIME,
    expires_at    DATETIME NOT NULL,
    image_etag    TEXT     NOT NULL DEFAULT '',
    created_at    DATETIME NOT NULL,
    updated_at    DATETIME NOT NULL
);
CREATE INDEX clubs_status_sort_idx ON clubs (status, sort_key, id);
CREATE INDEX clubs_district_idx ON clubs (district, municipality);
CREATE INDEX clubs_pending_expiry_idx ON clubs (expires_at) WHERE status = 'pending';

CREATE TABLE club_members (
    club_id   INTEGER  NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    user_id   INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role      TEXT     NOT NULL DEFAULT 'member' CHECK (role IN ('administrator', 'member')),
    joined_at DATETIME NOT NULL,
    PRIMARY KEY (club_id, user_id)
);
CREATE INDEX club_members_user_idx ON club_members (user_id);

CREATE TABLE club_images (
    club_id    INTEGER  PRIMARY KEY REFERENCES clubs (id) ON DELETE CASCADE,
    jpeg       BLOB     NOT NULL,
    etag       TEXT     NOT NULL,
    updated_at DATETIME NOT NULL
);

ALTER TABLE users ADD COLUMN club_id INTEGER REFERENCES clubs (id) ON DELETE SET NULL;

CREATE TABLE job_leases (
    name       TEXT     PRIMARY KEY,
    holder     TEXT     NOT NULL,
    expires_at DATETIME NOT NULL
);

-- +goose Down
DROP TABLE job_leases;
DROP TABLE club_images;
DROP TABLE club_members;
DROP TABLE clubs;
