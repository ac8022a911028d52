//! The REST endpoints, one module per resource.

pub mod campaigns;
pub mod crew;
pub mod health;
pub mod members;
pub mod reference;
pub mod tokens;
