DROP TABLE campaign_events;
ALTER TABLE campaigns DROP COLUMN revision;
