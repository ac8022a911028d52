-- Campaigns, their members and their crews. A crewman's side is derived from his
-- nationality (R2) and his XP, kills and status from the ledger tables, so none of
-- them is stored here.
CREATE TABLE campaigns (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name         TEXT NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
    start_date   DATE NOT NULL CHECK (start_date BETWEEN DATE '1915-06-01' AND DATE '1918-11-30'),
    public       BOOLEAN NOT NULL DEFAULT false,
    current_week INTEGER NOT NULL DEFAULT 1 CHECK (current_week >= 1),
    created_by   BIGINT NOT NULL REFERENCES users (id),
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX campaigns_public_idx ON campaigns (public, id);

CREATE TABLE campaign_members (
    campaign_id BIGINT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    user_id     BIGINT NOT NULL REFERENCES users (id),
    role        TEXT NOT NULL CHECK (role IN ('referee', 'player')),
    -- A player flies for one side; a referee may stay neutral.
    side        TEXT CHECK (side IN ('allied', 'central')),
    joined_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (campaign_id, user_id),
    CONSTRAINT players_have_a_side CHECK (role = 'referee' OR side IS NOT NULL)
);
CREATE INDEX campaign_members_user_idx ON campaign_members (user_id);

CREATE TABLE crew (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    campaign_id BIGINT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    owner_id    BIGINT NOT NULL REFERENCES users (id),
    name        TEXT NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
    role        TEXT NOT NULL CHECK (role IN ('pilot', 'observer')),
    nationality TEXT NOT NULL CHECK (nationality IN (
                    'french', 'american', 'italian', 'belgian', 'russian', 'japanese',
                    'british', 'commonwealth', 'german', 'austro_hungarian', 'turkish')),
    replacement BOOLEAN NOT NULL,
    starting_xp INTEGER NOT NULL CHECK (starting_xp IN (0, 50)),
    joined_week INTEGER NOT NULL CHECK (joined_week >= 1),
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    FOREIGN KEY (campaign_id, owner_id) REFERENCES campaign_members (campaign_id, user_id)
);
CREATE INDEX crew_campaign_owner_idx ON crew (campaign_id, owner_id);

CREATE TABLE crew_abilities (
    crew_id   BIGINT NOT NULL REFERENCES crew (id) ON DELETE CASCADE,
    ability   TEXT NOT NULL REFERENCES abilities (code),
    week      INTEGER NOT NULL CHECK (week >= 1),
    chosen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- R6: each ability at most once per crewman.
    PRIMARY KEY (crew_id, ability)
);
