-- Webhooks (#14): a campaign's referee subscribes a URL to its events; each event is
-- queued for every subscribed webhook in the transaction that makes it, so a delivery
-- is never lost, and delivered by the worker of any instance until a 2xx or a day.

CREATE TABLE webhooks (
    id          BIGSERIAL PRIMARY KEY,
    campaign_id BIGINT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    url         TEXT NOT NULL CHECK (url ~ '^https?://'),
    events      TEXT[] NOT NULL CHECK (cardinality(events) > 0
                    AND events <@ ARRAY['week_closed', 'debrief', 'campaign_ended']),
    -- The HMAC key of the signature; shown to the referee once, at creation.
    secret      TEXT NOT NULL CHECK (secret <> ''),
    created_by  BIGINT NOT NULL REFERENCES users (id),
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_campaign ON webhooks (campaign_id);

-- One row per event that had a subscriber: what every delivery of it carries. Its id
-- is the `revision` of the deliveries until campaigns have a revision of their own.
CREATE TABLE webhook_events (
    id          BIGSERIAL PRIMARY KEY,
    campaign_id BIGINT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    event       TEXT NOT NULL CHECK (event IN ('week_closed', 'debrief', 'campaign_ended')),
    content     TEXT NOT NULL,
    data        JSONB NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- The outbox: one event to one webhook, pending until delivered or given up.
CREATE TABLE webhook_deliveries (
    id              BIGSERIAL PRIMARY KEY,
    event_id        BIGINT NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    webhook_id      BIGINT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    -- What a receiver keeps to drop a delivery it has already seen.
    delivery_id     TEXT NOT NULL UNIQUE DEFAULT gen_random_uuid()::text,
    status          TEXT NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts        INT NOT NULL DEFAULT 0,
    -- When a worker may take it next: due now, after a backoff, or after the lease of
    -- a worker that took it (so one that died mid-send leaves it to another).
    next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    finished_at     TIMESTAMPTZ,
    CHECK ((status = 'pending') = (finished_at IS NULL))
);
-- The workers' claim: the due pending deliveries, oldest first.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
    WHERE status = 'pending';
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, id);

-- Every try of a delivery, for the referee to see what the receiver answered.
CREATE TABLE webhook_attempts (
    id           BIGSERIAL PRIMARY KEY,
    delivery_id  BIGINT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- The receiver's HTTP status; null when none came (refused address, timeout, ...).
    http_status  INT,
    error        TEXT,
    CHECK (http_status IS NOT NULL OR error IS NOT NULL)
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);
