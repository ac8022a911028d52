DROP TABLE sign_in_failures;
DROP TABLE idempotency_keys;
