-- The end of a campaign (§13.203, R13) and the abilities' effects (appendix D).

-- The week in which the referee ended the campaign; null while it runs. An ended
-- campaign is read-only.
ALTER TABLE campaigns
    ADD COLUMN ended_week INT CHECK (ended_week IS NULL OR ended_week BETWEEN 1 AND current_week),
    ADD COLUMN ended_at TIMESTAMPTZ,
    ADD CONSTRAINT campaigns_ended_together CHECK ((ended_week IS NULL) = (ended_at IS NULL));

-- What each ability does at the table, loaded with the rest of the reference data.
ALTER TABLE abilities ADD COLUMN effect TEXT NOT NULL DEFAULT '';

-- The service refuses writes to an ended campaign where it takes the campaign's lock;
-- this is the backstop for write paths that never take it (rolls, picks, members,
-- crew) and for any added later. KEY SHARE waits for an end in progress (which holds
-- FOR UPDATE) and then reads the committed row, so no write slips in beside the end.
-- The error's constraint name, `campaign_ended`, is what the service turns into a 409.
CREATE FUNCTION refuse_ended_campaign_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    cid BIGINT;
    ended INT;
BEGIN
    IF TG_ARGV[0] = 'crew' THEN
        SELECT c.campaign_id INTO cid FROM crew c WHERE c.id = NEW.crew_id;
    ELSIF TG_ARGV[0] = 'game' THEN
        SELECT g.campaign_id INTO cid FROM games g WHERE g.id = NEW.game_id;
    ELSE
        cid := NEW.campaign_id;
    END IF;
    SELECT c.ended_week INTO ended FROM campaigns c WHERE c.id = cid FOR KEY SHARE;
    IF ended IS NOT NULL THEN
        RAISE EXCEPTION USING
            ERRCODE = 'check_violation',
            CONSTRAINT = 'campaign_ended',
            MESSAGE = format('this campaign ended in week %s: it is read-only now, and can still be read and exported', ended);
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER campaign_ended BEFORE INSERT OR UPDATE ON campaign_members
    FOR EACH ROW EXECUTE FUNCTION refuse_ended_campaign_write('campaign');
CREATE TRIGGER campaign_ended BEFORE INSERT OR UPDATE ON crew
    FOR EACH ROW EXECUTE FUNCTION refuse_ended_campaign_write('campaign');
CREATE TRIGGER campaign_ended BEFORE INSERT OR UPDATE ON dice_rolls
    FOR EACH ROW EXECUTE FUNCTION refuse_ended_campaign_write('campaign');
CREATE TRIGGER campaign_ended BEFORE INSERT OR UPDATE ON games
    FOR EACH ROW EXECUTE FUNCTION refuse_ended_campaign_write('campaign');
CREATE TRIGGER campaign_ended BEFORE INSERT OR UPDATE ON xp_awards
    FOR EACH ROW EXECUTE FUNCTION refuse_ended_campaign_write('campaign');
CREATE TRIGGER campaign_ended BEFORE INSERT OR UPDATE ON crew_abilities
    FOR EACH ROW EXECUTE FUNCTION refuse_ended_campaign_write('crew');
CREATE TRIGGER campaign_ended BEFORE INSERT OR UPDATE ON casualties
    FOR EACH ROW EXECUTE FUNCTION refuse_ended_campaign_write('crew');
CREATE TRIGGER campaign_ended BEFORE INSERT OR UPDATE ON missions
    FOR EACH ROW EXECUTE FUNCTION refuse_ended_campaign_write('game');
CREATE TRIGGER campaign_ended BEFORE INSERT OR UPDATE ON sorties
    FOR EACH ROW EXECUTE FUNCTION refuse_ended_campaign_write('game');

-- Once ended, the campaign's own facts change no more: its name, dates, week, openness
-- and the end itself. Bookkeeping columns (a revision counter, say) may still move.
CREATE FUNCTION refuse_ended_campaign_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION USING
        ERRCODE = 'check_violation',
        CONSTRAINT = 'campaign_ended',
        MESSAGE = format('this campaign ended in week %s: it is read-only now, and can still be read and exported', OLD.ended_week);
END $$;

CREATE TRIGGER campaign_ended BEFORE UPDATE ON campaigns
    FOR EACH ROW WHEN (OLD.ended_week IS NOT NULL AND
        (NEW.name, NEW.start_date, NEW.public, NEW.current_week, NEW.created_by,
         NEW.ended_week, NEW.ended_at)
        IS DISTINCT FROM
        (OLD.name, OLD.start_date, OLD.public, OLD.current_week, OLD.created_by,
         OLD.ended_week, OLD.ended_at))
    EXECUTE FUNCTION refuse_ended_campaign_update();
