//! A game's line-up and its aircraft data sheets (API v1.2, R16–R21): [`lineup`]
//! declares the sorties, [`marks`] writes and reads the sheets, [`rolls`] rolls the
//! sheet's tables and [`down`] the forced landing's as a `down` mark is written;
//! [`read`] sums a sheet's marks into its read model. Every write goes through the
//! envelope: one revision and one `sheet` event each.

mod down;
pub mod draft;
pub mod lineup;
mod load;
pub mod marks;
pub(crate) mod read;
pub mod rolls;
pub mod secrecy;
mod undo;
mod words;
