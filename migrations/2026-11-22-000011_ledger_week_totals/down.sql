DROP TRIGGER xp_awards_ledger_totals ON xp_awards;
DROP FUNCTION ledger_week_totals_awards();
DROP TABLE ledger_week_totals;
DROP TABLE ledger_groups;

-- Migration 000009's version.
CREATE OR REPLACE FUNCTION crew_week_totals_add(
    _crew BIGINT[], _week INT[], _xp BIGINT[], _kills BIGINT[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO crew_week_totals (crew_id, week, xp, kills)
    SELECT d.crew_id, d.week, COALESCE(p.xp, 0), COALESCE(p.kills, 0)
    FROM (SELECT DISTINCT u.crew_id, u.week
          FROM unnest(_crew, _week) AS u (crew_id, week)) d
    LEFT JOIN LATERAL (
        SELECT t.xp, t.kills FROM crew_week_totals t
        WHERE t.crew_id = d.crew_id AND t.week < d.week
        ORDER BY t.week DESC LIMIT 1) p ON true
    ON CONFLICT (crew_id, week) DO NOTHING;

    UPDATE crew_week_totals t
    SET xp = t.xp + s.xp, kills = t.kills + s.kills
    FROM (SELECT t2.crew_id, t2.week, sum(d.xp) AS xp, sum(d.kills) AS kills
          FROM unnest(_crew, _week, _xp, _kills) AS d (crew_id, week, xp, kills)
          JOIN crew_week_totals t2 ON t2.crew_id = d.crew_id AND t2.week >= d.week
          GROUP BY t2.crew_id, t2.week) s
    WHERE t.crew_id = s.crew_id AND t.week = s.week;
END $$;

