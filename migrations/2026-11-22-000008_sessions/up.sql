-- Browser sessions of the pages. The cookie holds a random id; only its SHA-256 digest
-- is stored, so a leaked table gives no working cookie. A session without a user is
-- the one a visitor gets on the sign-in page, so that form too carries a CSRF token.
CREATE TABLE sessions (
    id_hash     BYTEA PRIMARY KEY,
    user_id     BIGINT REFERENCES users (id) ON DELETE CASCADE,
    csrf_token  TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);
