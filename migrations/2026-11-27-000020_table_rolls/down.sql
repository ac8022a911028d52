DROP TABLE debrief_table_rolls;
