//! The use cases of the campaign office, between the rules (`campaign`) and the records
//! (`eagles_db`): [`Service`] implements `eagles_office`'s ports for the two front doors
//! (`eagles_api`, `eagles_web`), each port in the module of its use cases, whose
//! methods are those use cases; the CLI calls the ones it composes directly. Each
//! takes typed input and the caller, asks `access` who may do what, runs in one
//! transaction and returns a typed view or a [`ServiceError`] that keeps its structure:
//! which rule refused, and which field, sortie or mission it concerns. Every write to a
//! campaign runs inside [`envelope::write`], which locks the campaign, checks its end
//! and the caller's access, and records the write's event, audit entry and webhook
//! deliveries; no use case records them itself.

pub mod access;
pub mod backup;
pub mod briefing;
pub mod campaigns;
pub mod crew;
pub mod debrief;
pub mod dice;
pub mod envelope;
pub mod error;
pub mod events;
pub mod fair_dice;
pub mod feed;
pub mod games;
mod live;
pub mod members;
pub mod password;
pub mod record;
pub mod reference;
pub mod rolls;
mod service;
pub mod sheets;
pub mod sign_in;
pub mod standings;
pub mod text;
pub mod throttle;
pub mod unique;
mod upkeep;
pub mod webhooks;
pub mod weeks;

pub use error::{Locus, ServiceError};
pub use service::Service;
