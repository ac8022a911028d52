DROP TRIGGER campaign_ended ON campaigns;
DROP FUNCTION refuse_ended_campaign_update();
DROP TRIGGER campaign_ended ON sorties;
DROP TRIGGER campaign_ended ON missions;
DROP TRIGGER campaign_ended ON casualties;
DROP TRIGGER campaign_ended ON crew_abilities;
DROP TRIGGER campaign_ended ON xp_awards;
DROP TRIGGER campaign_ended ON games;
DROP TRIGGER campaign_ended ON dice_rolls;
DROP TRIGGER campaign_ended ON crew;
DROP TRIGGER campaign_ended ON campaign_members;
DROP FUNCTION refuse_ended_campaign_write();
ALTER TABLE abilities DROP COLUMN effect;
ALTER TABLE campaigns
    DROP CONSTRAINT campaigns_ended_together,
    DROP COLUMN ended_at,
    DROP COLUMN ended_week;
