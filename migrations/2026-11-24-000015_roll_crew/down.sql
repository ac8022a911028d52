DROP INDEX dice_rolls_game_crew_idx;
ALTER TABLE dice_rolls DROP COLUMN crew_id;
