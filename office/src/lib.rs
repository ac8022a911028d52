//! What the campaign office offers its two doors (`eagles_api`, `eagles_web`): every use
//! case as a method of [`Office`], with the inputs it takes, the read models it answers
//! and the [`Error`] it refuses with. Nothing here knows the database; `eagles_service`
//! implements [`Office`] over it, and the binary hands the doors an `Arc<dyn Office>`.
//! The `diesel` feature, which only the service and `eagles_db` turn on, lets the types
//! that are rows as stored (a campaign, an aircraft type, an idempotency key) be read
//! from a query as they are, and converts the database's errors.

pub mod access;
pub mod accounts;
pub mod backup;
pub mod briefing;
pub mod campaigns;
pub mod credentials;
pub mod crew;
pub mod debrief;
pub mod draft;
pub mod error;
pub mod events;
pub mod feed;
pub mod games;
pub mod health;
pub mod idempotency;
pub mod identity;
pub mod members;
pub mod office;
pub mod prelude;
pub mod record;
pub mod reference;
pub mod rolls;
pub mod secrecy;
pub mod sessions;
pub mod sheets;
pub mod standings;
pub mod text;
pub mod webhooks;
pub mod weeks;
pub mod window;

pub use error::{Error, Locus};
pub use identity::User;
pub use office::Office;
