DROP INDEX dice_rolls_sortie;
ALTER TABLE dice_rolls DROP COLUMN sortie_id;
DROP TABLE sheet_marks;
DROP TABLE lineup_crew;
DROP TABLE lineup_sorties;
