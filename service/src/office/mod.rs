//! [`eagles_office::Office`] over the database: each method takes a connection from
//! the pool, runs the use case of its module and hands back its answer with the
//! database's types left behind. The doors know only the trait.

mod backup;
mod briefing;
mod campaigns;
mod crew;
mod debrief;
mod feed;
mod games;
mod members;
mod record;
mod reference;
mod rolls;
mod sessions;
mod standings;
mod webhooks;
mod weeks;

use eagles_db::DbPool;

use crate::webhooks::AddressPolicy;
use crate::ServiceError;

/// The campaign office over its database: what the binary hands the doors as an
/// `Arc<dyn eagles_office::Office>`.
#[derive(Clone)]
pub struct Service {
    pool: DbPool,
    /// Which webhook addresses may be registered (`EAGLES_WEBHOOK_ALLOW_PRIVATE`).
    webhooks: AddressPolicy,
}

impl Service {
    pub fn new(pool: DbPool, webhooks: AddressPolicy) -> Self {
        Self { pool, webhooks }
    }

    /// A connection, or 503 when the database cannot be reached.
    async fn conn(&self) -> Result<eagles_db::DbConn, ServiceError> {
        Ok(self.pool.get().await?)
    }
}
