ALTER TABLE games
    DROP CONSTRAINT games_abandoned_or_debriefed,
    DROP COLUMN abandoned_at;
