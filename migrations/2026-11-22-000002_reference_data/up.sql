-- Reference data of the rulebook: the aircraft of appendices A and B and the special
-- abilities of appendix D. Loaded idempotently at start from seeds/ and the rules crate.
CREATE TABLE aircraft_types (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name           TEXT NOT NULL UNIQUE,
    side           TEXT NOT NULL CHECK (side IN ('allied', 'central')),
    stability      TEXT NOT NULL CHECK (stability IN ('A', 'B', 'C')),
    engine         SMALLINT NOT NULL CHECK (engine > 0),
    wings          SMALLINT NOT NULL CHECK (wings > 0),
    fuselage       SMALLINT NOT NULL CHECK (fuselage > 0),
    tail           SMALLINT NOT NULL CHECK (tail > 0),
    fuel           SMALLINT NOT NULL CHECK (fuel > 0),
    armament       TEXT NOT NULL,
    -- Text, not a number: the BE2c/BE2e reads "1/2".
    dive           TEXT NOT NULL,
    climb          SMALLINT NOT NULL CHECK (climb > 0),
    dual_controls  BOOLEAN NOT NULL,
    -- Text such as "8+" or "9 (8+)"; NULL where the rulebook has "-".
    early_altitude TEXT,
    late_altitude  TEXT,
    -- A type enters service on the first day of its month (R15).
    service_start  DATE NOT NULL CHECK (EXTRACT(DAY FROM service_start) = 1),
    crew           SMALLINT NOT NULL CHECK (crew IN (1, 2)),
    note           TEXT
);
CREATE INDEX aircraft_types_side_start_idx ON aircraft_types (side, service_start);

CREATE TABLE abilities (
    code   TEXT PRIMARY KEY,
    name   TEXT NOT NULL,
    kind   TEXT NOT NULL CHECK (kind IN ('pilot', 'gunnery', 'observer', 'ace')),
    min_xp INTEGER NOT NULL CHECK (min_xp >= 0)
);
