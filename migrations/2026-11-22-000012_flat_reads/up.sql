-- Reads that walked more than they return once a campaign grows. A game's awards (the
-- debrief's answer, the week page's results) were found by reading the whole ledger.
CREATE INDEX xp_awards_game_idx ON xp_awards (game_id);

-- The campaign home reads the week's first games and the campaign's latest kills. With
-- thousands of games in a week, or since the last kill, both walked every one of them:
-- the week's games now come in id order from the index, and each kill carries its
-- game's campaign and week so the latest kills are one index walk.
DROP INDEX games_campaign_week_idx;
CREATE INDEX games_campaign_week_idx ON games (campaign_id, week, id);

ALTER TABLE kills
    ADD COLUMN campaign_id BIGINT REFERENCES campaigns (id) ON DELETE CASCADE,
    ADD COLUMN week INT;
UPDATE kills k SET campaign_id = g.campaign_id, week = g.week FROM games g WHERE g.id = k.game_id;
ALTER TABLE kills
    ALTER COLUMN campaign_id SET NOT NULL,
    ALTER COLUMN week SET NOT NULL;

-- Copied from the game on every insert, so no write path can set them otherwise; a
-- game never changes campaign or week.
CREATE FUNCTION kills_game_week() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    SELECT g.campaign_id, g.week INTO NEW.campaign_id, NEW.week
    FROM games g WHERE g.id = NEW.game_id;
    RETURN NEW;
END $$;

CREATE TRIGGER kills_game_week BEFORE INSERT ON kills
    FOR EACH ROW EXECUTE FUNCTION kills_game_week();

CREATE INDEX kills_campaign_recent_idx ON kills (campaign_id, week DESC, id DESC);
