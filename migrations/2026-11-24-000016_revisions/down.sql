ALTER TABLE webhook_events DROP COLUMN revision;
DROP TABLE campaign_events;
ALTER TABLE campaigns DROP COLUMN revision;
