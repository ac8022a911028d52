DROP TABLE address_tries;
DROP TABLE password_resets;
DROP TABLE invitations;
