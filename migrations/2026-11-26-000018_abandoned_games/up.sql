-- A game still open when its week closed, abandoned at the referee's word (API v1.2
-- "Closing a week with games still open"): it is never debriefed, gives no awards and
-- no casualties, and the week's pages, the feed and the briefing say so.
ALTER TABLE games
    ADD COLUMN abandoned_at TIMESTAMPTZ,
    ADD CONSTRAINT games_abandoned_or_debriefed
        CHECK (abandoned_at IS NULL OR debriefed_at IS NULL);
