-- What a campaign's referees see of its webhooks (the webhooks, and each delivery's
-- attempts) changes without a write to the campaign: the delivery worker tries again
-- on its own. This counter moves with every such change, so the members page, which
-- lists them, can be tagged and kept like the other campaign reads (contract v1.1).
ALTER TABLE campaigns ADD COLUMN webhooks_revision BIGINT NOT NULL DEFAULT 0;
