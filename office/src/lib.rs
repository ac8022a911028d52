//! What the campaign office offers its two doors (`eagles_api`, `eagles_web`): a port
//! (a trait) per capability — sheets, games, debriefs… — each with the inputs its use
//! cases take, the read models they answer and the [`Error`] they refuse with, and the
//! infrastructure's ports apart (`sessions`, `tokens`, `idempotency`, `health`).
//! Nothing here knows the database; `eagles_service` implements every port over it,
//! the binary registers it once per port, and each door handler asks for the ports it
//! uses. Who was checked for a campaign ([`access::CampaignScope`]) only the service
//! can say.

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
pub mod fair_dice;
pub mod feed;
pub mod games;
pub mod health;
pub mod idempotency;
pub mod identity;
pub mod live;
pub mod members;
pub mod prelude;
pub mod record;
pub mod reference;
pub mod refs;
pub mod rolls;
pub mod secrecy;
pub mod sessions;
pub mod sheets;
pub mod standings;
pub mod text;
pub mod tokens;
pub mod webhooks;
pub mod weeks;
pub mod window;
pub mod words;

pub use error::{Error, Locus};
pub use identity::User;
