-- Maintained standings: each crewman's XP and kill credits as they stood at the close
-- of every week in which they changed, so a leaderboard (now or as of any week) reads
-- one row per crewman instead of summing the whole ledger. Triggers keep it in step
-- with the append-only ledger, the kill credits and voided games inside the writing
-- transaction, so every write path (API, pages, seeds) maintains it.
CREATE TABLE crew_week_totals (
    crew_id BIGINT NOT NULL REFERENCES crew (id) ON DELETE CASCADE,
    week    INT    NOT NULL,
    -- Ledger points (awards and reversals) made up to this week; starting XP excluded.
    xp      BIGINT NOT NULL,
    -- Kill credits of games played by this week and not voided by it.
    kills   BIGINT NOT NULL,
    PRIMARY KEY (crew_id, week)
);

-- Adds the changes (crewman, week, xp, kills) to every total from that week on,
-- first creating the week's row from the crewman's latest earlier one.
CREATE FUNCTION crew_week_totals_add(
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

CREATE FUNCTION crew_week_totals_awards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM crew_week_totals_add(array_agg(g.crew_id), array_agg(g.week),
                                 array_agg(g.points), array_agg(0::bigint))
    FROM (SELECT n.crew_id, n.week, sum(n.points)::bigint AS points
          FROM new_awards n GROUP BY n.crew_id, n.week) g;
    RETURN NULL;
END $$;

CREATE TRIGGER xp_awards_totals AFTER INSERT ON xp_awards
    REFERENCING NEW TABLE AS new_awards
    FOR EACH STATEMENT EXECUTE FUNCTION crew_week_totals_awards();

-- A kill credit counts from its game's week, and stops from the week the game is voided.
CREATE FUNCTION crew_week_totals_kills() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM crew_week_totals_add(array_agg(e.crew_id), array_agg(e.week),
                                 array_agg(0::bigint), array_agg(e.kills))
    FROM (SELECT n.crew_id, g.week, 1::bigint AS kills
          FROM new_shooters n
          JOIN kills k ON k.id = n.kill_id
          JOIN games g ON g.id = k.game_id
          UNION ALL
          SELECT n.crew_id, g.voided_week, -1::bigint
          FROM new_shooters n
          JOIN kills k ON k.id = n.kill_id
          JOIN games g ON g.id = k.game_id
          WHERE g.voided_week IS NOT NULL) e;
    RETURN NULL;
END $$;

CREATE TRIGGER kill_shooters_totals AFTER INSERT ON kill_shooters
    REFERENCING NEW TABLE AS new_shooters
    FOR EACH STATEMENT EXECUTE FUNCTION crew_week_totals_kills();

CREATE FUNCTION crew_week_totals_void() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM crew_week_totals_add(array_agg(e.crew_id), array_agg(e.week),
                                 array_agg(0::bigint), array_agg(e.kills))
    FROM (SELECT s.crew_id, OLD.voided_week AS week, 1::bigint AS kills
          FROM kill_shooters s JOIN kills k ON k.id = s.kill_id
          WHERE k.game_id = NEW.id AND OLD.voided_week IS NOT NULL
          UNION ALL
          SELECT s.crew_id, NEW.voided_week, -1::bigint
          FROM kill_shooters s JOIN kills k ON k.id = s.kill_id
          WHERE k.game_id = NEW.id AND NEW.voided_week IS NOT NULL) e;
    RETURN NULL;
END $$;

CREATE TRIGGER games_void_totals AFTER UPDATE OF voided_week ON games
    FOR EACH ROW WHEN (OLD.voided_week IS DISTINCT FROM NEW.voided_week)
    EXECUTE FUNCTION crew_week_totals_void();

-- The totals of the ledger and kills written before this migration.
INSERT INTO crew_week_totals (crew_id, week, xp, kills)
SELECT e.crew_id, e.week,
       sum(sum(e.xp)) OVER w, sum(sum(e.kills)) OVER w
FROM (SELECT a.crew_id, a.week, a.points::bigint AS xp, 0::bigint AS kills
      FROM xp_awards a
      UNION ALL
      SELECT s.crew_id, g.week, 0, 1
      FROM kill_shooters s JOIN kills k ON k.id = s.kill_id JOIN games g ON g.id = k.game_id
      UNION ALL
      SELECT s.crew_id, g.voided_week, 0, -1
      FROM kill_shooters s JOIN kills k ON k.id = s.kill_id JOIN games g ON g.id = k.game_id
      WHERE g.voided_week IS NOT NULL) e
GROUP BY e.crew_id, e.week
WINDOW w AS (PARTITION BY e.crew_id ORDER BY e.week);
