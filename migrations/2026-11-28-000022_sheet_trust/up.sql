-- A roll undone on the sheet it was made on (R24, API v1.3): the roll log keeps the
-- roll and says it was undone; its marks on every sheet are reversed by undo marks
-- that carry its id.
ALTER TABLE dice_rolls ADD COLUMN undone BOOLEAN NOT NULL DEFAULT false;
