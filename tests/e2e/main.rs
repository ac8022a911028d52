//! End-to-end tests: the real server over HTTP on a real Postgres.

mod support;

mod accounts;
mod authz_matrix;
mod backup;
mod bad_input;
mod bench_seed;
mod briefing;
mod caching;
mod campaign_end;
mod campaigns;
mod cli;
mod concurrency;
mod corrections;
mod crew;
mod debrief;
mod faults;
mod feed;
mod forced_landings;
mod four_weeks;
mod games;
mod harness;
mod health;
mod idempotency;
mod limits;
mod live_events;
mod migrations;
mod openapi;
mod reference;
mod rolls;
mod secret_missions;
mod secrets;
mod standings;
mod webhooks;
mod weeks;
