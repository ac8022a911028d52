//! End-to-end tests: the real server over HTTP on a real Postgres.

mod support;

mod games;
mod health;
mod rolls;
mod weeks;
