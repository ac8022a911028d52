-- A sheet's write that changes no fact the whole table sees (API v1.3, §13.20, R20):
-- its event names the sortie only to those who may read that sheet.
ALTER TABLE campaign_events ADD COLUMN quiet BOOLEAN NOT NULL DEFAULT false;
