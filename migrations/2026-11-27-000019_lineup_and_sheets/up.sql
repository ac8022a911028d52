-- A game's line-up and its aircraft data sheets (API v1.2, R16–R21). A declared sortie
-- is the aircraft before play; the debrief's `sorties` are its record afterwards.
CREATE TABLE lineup_sorties (
    id BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games (id),
    -- `a1…` / `c1…` per side in the order declared (R16); kept when a sortie goes.
    key TEXT NOT NULL,
    side TEXT NOT NULL CHECK (side IN ('allied', 'central')),
    aircraft_type_id BIGINT NOT NULL REFERENCES aircraft_types (id),
    assignment TEXT NOT NULL CHECK (assignment IN ('mission', 'sweep')),
    declared_by BIGINT REFERENCES users (id),
    declared_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (game_id, key)
);
-- The mission sortie is made by the assignment (R9), one a side.
CREATE UNIQUE INDEX lineup_sorties_one_mission
    ON lineup_sorties (game_id, side) WHERE assignment = 'mission';

CREATE TABLE lineup_crew (
    sortie_id BIGINT NOT NULL REFERENCES lineup_sorties (id) ON DELETE CASCADE,
    game_id BIGINT NOT NULL REFERENCES games (id),
    crew_id BIGINT NOT NULL REFERENCES crew (id),
    position TEXT NOT NULL CHECK (position IN ('pilot', 'observer')),
    PRIMARY KEY (sortie_id, position),
    -- A crewman flies at most one sortie a game (R16).
    UNIQUE (game_id, crew_id)
);

-- What is written on a sheet, in order; nothing is deleted, an undo is a mark (R17).
CREATE TABLE sheet_marks (
    id BIGSERIAL PRIMARY KEY,
    sortie_id BIGINT NOT NULL REFERENCES lineup_sorties (id),
    place INT NOT NULL CHECK (place >= 0),
    mark JSONB NOT NULL,
    -- The roll whose effect the mark is, if a roll wrote it.
    roll_id BIGINT REFERENCES dice_rolls (id),
    marked_by BIGINT REFERENCES users (id),
    marked_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (sortie_id, place)
);

ALTER TABLE dice_rolls ADD COLUMN sortie_id BIGINT REFERENCES lineup_sorties (id);
CREATE INDEX dice_rolls_sortie ON dice_rolls (sortie_id) WHERE sortie_id IS NOT NULL;

-- A sheet's writes are events of their own kind (API v1.2: event `sheet`, the sortie's id).
ALTER TABLE campaign_events DROP CONSTRAINT campaign_events_kind_check;
ALTER TABLE campaign_events ADD CONSTRAINT campaign_events_kind_check
    CHECK (kind IN ('roll', 'game', 'mission', 'assignment', 'debrief',
                    'void', 'week', 'crew', 'member', 'end', 'sheet'));
