//! The infrastructure's ports over the database, apart from the use cases: page
//! sessions, API tokens, the idempotency keys and the health probe.

mod health;
mod idempotency;
mod sessions;
mod tokens;
