DELETE FROM campaign_events WHERE kind = 'sheet';
ALTER TABLE campaign_events DROP CONSTRAINT campaign_events_kind_check;
ALTER TABLE campaign_events ADD CONSTRAINT campaign_events_kind_check
    CHECK (kind IN ('roll', 'game', 'mission', 'assignment', 'debrief',
                    'void', 'week', 'crew', 'member', 'end'));
DROP INDEX dice_rolls_sortie;
ALTER TABLE dice_rolls DROP COLUMN sortie_id;
DROP TABLE sheet_marks;
DROP TABLE lineup_crew;
DROP TABLE lineup_sorties;
