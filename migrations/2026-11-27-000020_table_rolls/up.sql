-- The rolls made at the table (a `down` mark's forced landing, R8) that a debrief took
-- as its own: a roll made at the table counts once, so the debrief refers to it here
-- instead of logging it again (API v1.2, R22).
CREATE TABLE debrief_table_rolls (
    roll_id BIGINT PRIMARY KEY REFERENCES dice_rolls (id),
    game_id BIGINT NOT NULL REFERENCES games (id)
);
CREATE INDEX debrief_table_rolls_game ON debrief_table_rolls (game_id);
