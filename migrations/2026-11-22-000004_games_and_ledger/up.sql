-- Club-night records: the dice roll log (R14), games with their ground offensive,
-- each side's mission, the sorties flown, kills, casualties and the append-only XP
-- ledger (R4). Standings at any past week are computed from these week-stamped rows.
CREATE TABLE dice_rolls (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    campaign_id BIGINT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    week        INTEGER NOT NULL CHECK (week >= 1),
    game_id     BIGINT,
    side        TEXT CHECK (side IN ('allied', 'central')),
    table_name  TEXT NOT NULL,
    dice        INTEGER[] NOT NULL,
    modifiers   JSONB NOT NULL DEFAULT '{}'::jsonb,
    total       INTEGER NOT NULL,
    result      TEXT NOT NULL,
    -- R14: whether the server rolled or a person entered physical dice.
    entered     BOOLEAN NOT NULL,
    rolled_by   BIGINT REFERENCES users (id),
    rolled_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX dice_rolls_campaign_week_idx ON dice_rolls (campaign_id, week, id);

CREATE TABLE games (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    campaign_id       BIGINT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    week              INTEGER NOT NULL CHECK (week >= 1),
    offensive_roll_id BIGINT NOT NULL REFERENCES dice_rolls (id),
    ground_offensive  TEXT NOT NULL CHECK (ground_offensive IN (
                          'major_central', 'minor_central', 'quiet', 'minor_allied', 'major_allied')),
    turns_played      INTEGER CHECK (turns_played >= 0),
    debriefed_at      TIMESTAMPTZ,
    -- A voided debrief keeps its rows; from this week on they no longer count, and
    -- its awards are cancelled by reversing entries stamped with the same week.
    voided_week       INTEGER CHECK (voided_week >= week),
    voided_at         TIMESTAMPTZ,
    voided_by         BIGINT REFERENCES users (id),
    created_by        BIGINT NOT NULL REFERENCES users (id),
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX games_campaign_week_idx ON games (campaign_id, week);
ALTER TABLE dice_rolls ADD FOREIGN KEY (game_id) REFERENCES games (id) ON DELETE CASCADE;

CREATE TABLE missions (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id          BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    side             TEXT NOT NULL CHECK (side IN ('allied', 'central')),
    roll_id          BIGINT NOT NULL REFERENCES dice_rolls (id),
    mission_type     TEXT NOT NULL,
    trips_needed     INTEGER CHECK (trips_needed BETWEEN 1 AND 6),
    aircraft_type_id BIGINT REFERENCES aircraft_types (id),
    pilot_id         BIGINT REFERENCES crew (id),
    observer_id      BIGINT REFERENCES crew (id),
    success          BOOLEAN,
    details          JSONB,
    -- R9: one mission per side per game.
    UNIQUE (game_id, side)
);

CREATE TABLE sorties (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id          BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    key              TEXT NOT NULL,
    side             TEXT NOT NULL CHECK (side IN ('allied', 'central')),
    aircraft_type_id BIGINT NOT NULL REFERENCES aircraft_types (id),
    assignment       TEXT NOT NULL CHECK (assignment IN ('mission', 'sweep')),
    turns_on_board   INTEGER NOT NULL CHECK (turns_on_board >= 0),
    aircraft_lost    BOOLEAN NOT NULL,
    UNIQUE (game_id, key)
);

CREATE TABLE sortie_crew (
    sortie_id   BIGINT NOT NULL REFERENCES sorties (id) ON DELETE CASCADE,
    game_id     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    crew_id     BIGINT NOT NULL REFERENCES crew (id),
    position    TEXT NOT NULL CHECK (position IN ('pilot', 'observer')),
    red_hits    INTEGER NOT NULL CHECK (red_hits >= 0),
    wound_boxes INTEGER NOT NULL CHECK (wound_boxes BETWEEN 0 AND 3),
    outcome     TEXT NOT NULL,
    PRIMARY KEY (sortie_id, position),
    -- A crewman flies once per game.
    UNIQUE (game_id, crew_id)
);
CREATE INDEX sortie_crew_crew_idx ON sortie_crew (crew_id);

CREATE TABLE kills (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id          BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    victim_sortie_id BIGINT NOT NULL UNIQUE REFERENCES sorties (id) ON DELETE CASCADE
);

CREATE TABLE kill_shooters (
    kill_id BIGINT NOT NULL REFERENCES kills (id) ON DELETE CASCADE,
    crew_id BIGINT NOT NULL REFERENCES crew (id),
    PRIMARY KEY (kill_id, crew_id)
);
CREATE INDEX kill_shooters_crew_idx ON kill_shooters (crew_id);

-- Injuries, captures and deaths (R7, R8). A crewman's status and availability are
-- derived from his latest casualty and the campaign's current week.
CREATE TABLE casualties (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    crew_id        BIGINT NOT NULL REFERENCES crew (id) ON DELETE CASCADE,
    game_id        BIGINT REFERENCES games (id) ON DELETE CASCADE,
    week           INTEGER NOT NULL CHECK (week >= 1),
    kind           TEXT NOT NULL CHECK (kind IN ('minor_injury', 'serious_injury', 'captured', 'killed')),
    weeks_out      INTEGER CHECK (weeks_out >= 1),
    -- NULL with a permanent kind (killed, sent home, captured for the war).
    out_until_week INTEGER,
    sent_home      BOOLEAN NOT NULL DEFAULT false,
    roll_id        BIGINT REFERENCES dice_rolls (id),
    CONSTRAINT casualty_return_week CHECK (
        (out_until_week IS NULL) = (kind = 'killed' OR sent_home OR weeks_out IS NULL))
);
CREATE INDEX casualties_crew_idx ON casualties (crew_id, week, id);

-- The append-only XP ledger (R4). A correction is a reversing entry pointing at the
-- award it cancels; nothing is ever updated or deleted.
CREATE TABLE xp_awards (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    campaign_id    BIGINT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    crew_id        BIGINT NOT NULL REFERENCES crew (id) ON DELETE CASCADE,
    week           INTEGER NOT NULL CHECK (week >= 1),
    game_id        BIGINT REFERENCES games (id) ON DELETE CASCADE,
    points         INTEGER NOT NULL,
    kind           TEXT NOT NULL,
    reason         TEXT NOT NULL,
    -- R12: mission awards earned in a two-seater count twice for the side total.
    two_seater_mission BOOLEAN NOT NULL DEFAULT false,
    reverses       BIGINT UNIQUE REFERENCES xp_awards (id),
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX xp_awards_crew_idx ON xp_awards (crew_id, week);
CREATE INDEX xp_awards_campaign_week_idx ON xp_awards (campaign_id, week);
