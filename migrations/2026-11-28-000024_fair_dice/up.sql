-- Dice anyone can check (R25, API v1.3). Each week of a campaign has a seed of 32 bytes
-- from the OS, made when the week opens; its SHA-256 is public from the start, the
-- seed itself once the week is closed. The seeds of weeks open when this ships are
-- made by the server at start (there may be no pgcrypto to make them here).
CREATE TABLE dice_weeks (
    campaign_id BIGINT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    week INT NOT NULL,
    seed BYTEA NOT NULL CHECK (octet_length(seed) = 32),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (campaign_id, week)
);

-- Every roll of a week, entered or not, takes the next place in the week's dice and
-- extends its hash chain. `dice_week` is the week current when the roll was made
-- (whatever game it names); the rolls made before this shipped have none of these.
ALTER TABLE dice_rolls
    ADD COLUMN dice_week INT,
    ADD COLUMN seq INT,
    ADD COLUMN nonce TEXT,
    ADD COLUMN chain TEXT,
    ADD COLUMN sides INT[],
    ADD CONSTRAINT dice_rolls_seq_whole CHECK (
        (seq IS NULL AND dice_week IS NULL AND chain IS NULL)
        OR (seq >= 1 AND dice_week IS NOT NULL AND chain IS NOT NULL AND sides IS NOT NULL)
    );

-- No two rolls share a place, and the last place is one index probe away.
CREATE UNIQUE INDEX dice_rolls_week_seq ON dice_rolls (campaign_id, dice_week, seq)
    WHERE seq IS NOT NULL;
