-- Standings read kill credits per campaign: games by campaign, then their kills.
-- Nothing else indexes kills by game.
CREATE INDEX kills_game_idx ON kills (game_id);
