-- Accounts people make and keep themselves (R26, API v1.3 "Accounts").
-- Usernames stay unique without regard to case through `users_username_key`, the
-- unique index on lower(username) that the accounts migration made; sign-in looks
-- them up the same way.

-- The SHA-256 of the Idempotency-Key an account was signed up with, if any: the same
-- sign-up sent again with it (a lost answer) is answered as the first, not "taken".
ALTER TABLE users ADD COLUMN sign_up_key_hash BYTEA;

-- A campaign's invitations: a referee hands the code on (a link, a QR code); each
-- acceptance spends one use. The code is shown to the campaign's referees again (the
-- members page shows each as a link), so it is kept as it is.
CREATE TABLE invitations (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    campaign_id BIGINT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    code        TEXT NOT NULL UNIQUE,
    role        TEXT NOT NULL CHECK (role IN ('player', 'referee')),
    side        TEXT CHECK (side IN ('allied', 'central')),
    uses        INTEGER NOT NULL CHECK (uses > 0),
    uses_left   INTEGER NOT NULL CHECK (uses_left >= 0 AND uses_left <= uses),
    expires_at  TIMESTAMPTZ NOT NULL,
    revoked_at  TIMESTAMPTZ,
    created_by  BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX invitations_campaign_idx ON invitations (campaign_id, created_at);

-- One-time password reset links an instance admin hands on. Only the SHA-256 of the
-- link's token is stored, like API tokens and sessions.
CREATE TABLE password_resets (
    token_hash BYTEA PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

-- Tries counted per client address over a window, in Postgres so the limits hold
-- across restarts and instances: sign-ups, and wrong reset tokens.
CREATE TABLE address_tries (
    id      BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind    TEXT NOT NULL CHECK (kind IN ('sign_up', 'reset_failure')),
    address TEXT NOT NULL,
    at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX address_tries_idx ON address_tries (kind, address, at);

-- A member who leaves or is removed keeps his crews in the campaign's records (R2):
-- a crewman's owner is an account, no longer necessarily a member.
ALTER TABLE crew DROP CONSTRAINT crew_campaign_id_owner_id_fkey;
