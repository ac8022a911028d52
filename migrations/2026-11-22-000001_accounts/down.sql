DROP TABLE audit_log;
DROP TABLE api_tokens;
DROP TABLE users;
