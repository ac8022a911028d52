//! [`eagles_office::Office`] over the database: each method takes a connection from
//! the pool, runs the use case of its module and hands back its answer with the
//! database's types left behind. The doors know only the trait.

mod accounts;
mod backup;
mod briefing;
mod campaigns;
mod crew;
mod debrief;
mod events;
mod feed;
mod games;
mod health;
mod idempotency;
mod members;
mod record;
mod reference;
mod rolls;
mod sessions;
mod sheets;
mod standings;
mod webhooks;
mod weeks;

use eagles_db::DbPool;

use crate::events::Hub;
use crate::webhooks::AddressPolicy;
use crate::ServiceError;

/// The campaign office over its database: what the binary hands the doors as an
/// `Arc<dyn eagles_office::Office>`.
#[derive(Clone)]
pub struct Service {
    pool: DbPool,
    /// Which webhook addresses may be registered (`EAGLES_WEBHOOK_ALLOW_PRIVATE`).
    webhooks: AddressPolicy,
    /// This instance's live event streams, fed by the binary's listener.
    hub: Hub,
}

impl eagles_office::Office for Service {}

impl Service {
    pub fn new(pool: DbPool, webhooks: AddressPolicy, hub: Hub) -> Self {
        Self {
            pool,
            webhooks,
            hub,
        }
    }

    /// A connection, or 503 when the database cannot be reached.
    async fn conn(&self) -> Result<eagles_db::DbConn, ServiceError> {
        Ok(self.pool.get().await?)
    }
}
