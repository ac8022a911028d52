//! End-to-end tests: the real server over HTTP on a real Postgres.

mod support;

mod accounts;
mod authz_matrix;
mod backup;
mod bad_input;
mod bench_seed;
mod campaigns;
mod cli;
mod concurrency;
mod crew;
mod debrief;
mod faults;
mod four_weeks;
mod games;
mod harness;
mod health;
mod idempotency;
mod limits;
mod migrations;
mod openapi;
mod reference;
mod rolls;
mod secrets;
mod standings;
mod weeks;
