ALTER TABLE dice_rolls DROP COLUMN undone;
