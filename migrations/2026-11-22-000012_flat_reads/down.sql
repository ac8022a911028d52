DROP INDEX kills_campaign_recent_idx;
DROP TRIGGER kills_game_week ON kills;
DROP FUNCTION kills_game_week();
ALTER TABLE kills DROP COLUMN week, DROP COLUMN campaign_id;
DROP INDEX games_campaign_week_idx;
CREATE INDEX games_campaign_week_idx ON games (campaign_id, week);
DROP INDEX xp_awards_game_idx;
