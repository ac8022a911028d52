DROP INDEX kills_game_idx;
