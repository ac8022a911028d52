//! End-to-end tests: the real server over HTTP on a real Postgres.

mod support;

mod debrief;
mod health;
