DROP TABLE abilities;
DROP TABLE aircraft_types;
