DROP TABLE crew_abilities;
DROP TABLE crew;
DROP TABLE campaign_members;
DROP TABLE campaigns;
