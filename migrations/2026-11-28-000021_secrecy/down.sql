ALTER TABLE campaign_events DROP COLUMN quiet;
