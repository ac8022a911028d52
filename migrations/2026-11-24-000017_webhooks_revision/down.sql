ALTER TABLE campaigns DROP COLUMN webhooks_revision;
