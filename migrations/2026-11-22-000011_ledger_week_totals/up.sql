-- Maintained side totals (R12): the ledger summed per campaign, crewman nationality,
-- award kind and two-seater flag, as it stood at the close of every week in which the
-- sum changed. The side totals (now or as of any week) then read one row per group
-- instead of summing the whole ledger. The trigger keeps it in step with the
-- append-only ledger inside the writing transaction, so every write path maintains it.
CREATE TABLE ledger_groups (
    id                 BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    campaign_id        BIGINT  NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    nationality        TEXT    NOT NULL,
    kind               TEXT    NOT NULL,
    two_seater_mission BOOLEAN NOT NULL,
    UNIQUE (campaign_id, nationality, kind, two_seater_mission)
);

CREATE TABLE ledger_week_totals (
    group_id BIGINT NOT NULL REFERENCES ledger_groups (id) ON DELETE CASCADE,
    week     INT    NOT NULL,
    -- Ledger points (awards and reversals) of the group made up to this week.
    points   BIGINT NOT NULL,
    PRIMARY KEY (group_id, week)
);

CREATE FUNCTION ledger_week_totals_awards() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    change RECORD;
BEGIN
    INSERT INTO ledger_groups (campaign_id, nationality, kind, two_seater_mission)
    SELECT DISTINCT n.campaign_id, c.nationality, n.kind, n.two_seater_mission
    FROM new_awards n JOIN crew c ON c.id = n.crew_id
    ON CONFLICT DO NOTHING;

    -- Week by week, in order: the group's row for the week, started from its latest
    -- earlier one, then the week's points added to it and every later row. One index
    -- range per change, however long the campaign.
    FOR change IN
        SELECT g.id AS group_id, n.week, sum(n.points)::bigint AS points
        FROM new_awards n
        JOIN crew c ON c.id = n.crew_id
        JOIN ledger_groups g ON g.campaign_id = n.campaign_id AND g.nationality = c.nationality
             AND g.kind = n.kind AND g.two_seater_mission = n.two_seater_mission
        GROUP BY g.id, n.week
        ORDER BY g.id, n.week
    LOOP
        INSERT INTO ledger_week_totals (group_id, week, points)
        VALUES (change.group_id, change.week,
                COALESCE((SELECT t.points FROM ledger_week_totals t
                          WHERE t.group_id = change.group_id AND t.week < change.week
                          ORDER BY t.week DESC LIMIT 1), 0))
        ON CONFLICT (group_id, week) DO NOTHING;
        UPDATE ledger_week_totals t SET points = t.points + change.points
        WHERE t.group_id = change.group_id AND t.week >= change.week;
    END LOOP;
    RETURN NULL;
END $$;

CREATE TRIGGER xp_awards_ledger_totals AFTER INSERT ON xp_awards
    REFERENCING NEW TABLE AS new_awards
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_week_totals_awards();

-- The totals of the ledger written before this migration.
INSERT INTO ledger_groups (campaign_id, nationality, kind, two_seater_mission)
SELECT DISTINCT a.campaign_id, c.nationality, a.kind, a.two_seater_mission
FROM xp_awards a JOIN crew c ON c.id = a.crew_id;

INSERT INTO ledger_week_totals (group_id, week, points)
SELECT g.id, a.week, sum(sum(a.points)) OVER (PARTITION BY g.id ORDER BY a.week)
FROM xp_awards a
JOIN crew c ON c.id = a.crew_id
JOIN ledger_groups g ON g.campaign_id = a.campaign_id AND g.nationality = c.nationality
     AND g.kind = a.kind AND g.two_seater_mission = a.two_seater_mission
GROUP BY g.id, a.week;

-- The crewmen's totals (migration 000009) change the same way: one index range per
-- crewman and week, where one joined update read every crewman's every week.
CREATE OR REPLACE FUNCTION crew_week_totals_add(
    _crew BIGINT[], _week INT[], _xp BIGINT[], _kills BIGINT[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    change RECORD;
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

    FOR change IN
        SELECT u.crew_id, u.week, sum(u.xp) AS xp, sum(u.kills) AS kills
        FROM unnest(_crew, _week, _xp, _kills) AS u (crew_id, week, xp, kills)
        GROUP BY u.crew_id, u.week
        ORDER BY u.crew_id, u.week
    LOOP
        UPDATE crew_week_totals t SET xp = t.xp + change.xp, kills = t.kills + change.kills
        WHERE t.crew_id = change.crew_id AND t.week >= change.week;
    END LOOP;
END $$;
