//! The `eagles` binary's library: configuration, opening the database, the HTTP
//! server and the command-line interface. End-to-end tests start the same server.

pub mod cli;
pub mod config;
pub mod database;
pub mod head;
pub mod listener;
pub mod ports;
pub mod read_cache;
pub mod request_span;
pub mod server;
pub mod unstorable;
pub mod webhooks;
