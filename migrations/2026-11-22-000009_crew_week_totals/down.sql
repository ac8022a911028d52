DROP TRIGGER games_void_totals ON games;
DROP TRIGGER kill_shooters_totals ON kill_shooters;
DROP TRIGGER xp_awards_totals ON xp_awards;
DROP FUNCTION crew_week_totals_void();
DROP FUNCTION crew_week_totals_kills();
DROP FUNCTION crew_week_totals_awards();
DROP FUNCTION crew_week_totals_add(BIGINT[], INT[], BIGINT[], BIGINT[]);
DROP TABLE crew_week_totals;
