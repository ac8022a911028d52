-- Fails while a crewman's owner has left his campaign: put him back first.
ALTER TABLE crew ADD CONSTRAINT crew_campaign_id_owner_id_fkey
    FOREIGN KEY (campaign_id, owner_id) REFERENCES campaign_members (campaign_id, user_id);
DROP TABLE address_tries;
DROP TABLE password_resets;
DROP TABLE invitations;
ALTER TABLE users DROP COLUMN sign_up_key_hash;
