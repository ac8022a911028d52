-- Whose roll it was (R8, R14): a debrief's forced-landing, injury and capture rolls
-- are each one crewman's, so the stored debrief and the game's page can list every
-- crewman's rolls under him. Null for rolls that are nobody's (missions, ground
-- offensive, anti-aircraft markers) and for rolls logged before this column.
ALTER TABLE dice_rolls ADD COLUMN crew_id BIGINT REFERENCES crew (id);

-- The stored debrief reads its game's rolls by crewman.
CREATE INDEX dice_rolls_game_crew_idx ON dice_rolls (game_id, id) WHERE crew_id IS NOT NULL;
