-- Live club night (#13): every write to a campaign raises its revision in the write's
-- own transaction, and leaves one event behind, so a screen that reconnects (to any
-- instance) catches up from here, not from an instance's memory. The campaign's row
-- lock, which every write takes to raise the revision, orders the revisions as the
-- writes commit.
ALTER TABLE campaigns ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;

CREATE TABLE campaign_events (
    campaign_id BIGINT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    revision BIGINT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('roll', 'game', 'mission', 'assignment', 'debrief',
                                       'void', 'week', 'crew', 'member', 'end')),
    -- What the write made or changed: the roll, game, mission, crewman, week number…
    entity_id BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (campaign_id, revision)
);

-- A webhook delivery names the campaign's revision its event was made at.
ALTER TABLE webhook_events ADD COLUMN revision BIGINT;
UPDATE webhook_events e SET revision = c.revision FROM campaigns c WHERE c.id = e.campaign_id;
ALTER TABLE webhook_events ALTER COLUMN revision SET NOT NULL;
