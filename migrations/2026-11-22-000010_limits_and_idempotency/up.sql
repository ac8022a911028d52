-- Idempotency keys of the API's POST requests, per account. A row is claimed (status
-- NULL) before the handler runs, so a second request with the same key while the first
-- runs is refused; a success is stored whole so a replay answers it again and writes
-- nothing. Rows older than a day are taken over by a new request with the same key.
CREATE TABLE idempotency_keys (
    user_id       BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key           TEXT NOT NULL,
    method        TEXT NOT NULL,
    path          TEXT NOT NULL,
    body_sha256   BYTEA NOT NULL,
    status        SMALLINT,
    content_type  TEXT,
    location      TEXT,
    body          BYTEA,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Failed sign-ins (API tokens and the sign-in page), counted per account name and per
-- client address over a sliding window to refuse password guessing before the slow
-- password check runs.
CREATE TABLE sign_in_failures (
    id         BIGSERIAL PRIMARY KEY,
    account    TEXT NOT NULL,
    address    TEXT NOT NULL,
    failed_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failures_account_idx ON sign_in_failures (account, failed_at);
CREATE INDEX sign_in_failures_address_idx ON sign_in_failures (address, failed_at);
