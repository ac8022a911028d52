//! End-to-end tests: the real server over HTTP on a real Postgres.

mod support;

mod accounts;
mod bench_seed;
mod campaigns;
mod cli;
mod crew;
mod debrief;
mod four_weeks;
mod games;
mod health;
mod migrations;
mod openapi;
mod reference;
mod rolls;
mod standings;
mod weeks;
