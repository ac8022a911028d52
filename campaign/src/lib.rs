//! Canvas Eagles campaign rules as pure functions and types: no I/O, no database, no
//! web. The API, the pages and the tests all ask this crate what the rules say.
//!
//! The rulebook is `canvas-eagles-rules-v3.6.2`; where it is ambiguous, the product's
//! decisions R1–R26 (DESIGN.md) and the further decisions in this crate's README
//! apply. Each module holds one rule area and names the rules it implements.

#![warn(missing_docs)]

mod wire;

pub mod abilities;
pub mod assignment;
pub mod calendar;
pub mod crew;
pub mod debrief;
pub mod dice;
pub mod down;
pub mod error;
pub mod events;
pub mod experience;
pub mod fair_dice;
pub mod injuries;
pub mod landed_safely;
pub mod logged_table;
pub mod missions;
pub mod roster;
pub mod secrecy;
pub mod sheet;
pub mod sides;
pub mod standings;
pub mod status;
pub mod success;
pub mod tables;
pub mod webhooks;
pub mod xp;

pub use error::RuleError;
pub use tables::{Roll, Table};
pub use wire::ParseEnumError;
