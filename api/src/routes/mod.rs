//! The REST endpoints, one module per resource.

pub mod accounts;
pub mod backup;
pub mod campaigns;
pub mod crew;
pub mod debrief;
pub mod events;
pub mod games;
pub mod health;
pub mod invitations;
pub mod members;
pub mod paths;
pub mod record;
pub mod reference;
pub mod rolls;
pub mod sheets;
pub mod standings;
pub mod tokens;
pub mod webhooks;
pub mod weeks;
