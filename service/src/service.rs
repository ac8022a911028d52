//! The campaign office over its database: one value that implements every port of
//! `eagles_office` (each port's `impl` is its use cases, in their area's module, and
//! the infrastructure's in `upkeep`). The binary registers it once per port, and
//! each door handler asks for the port it uses.

use eagles_db::DbPool;

use crate::accounts::AccountSettings;
use crate::events::Hub;
use crate::webhooks::AddressPolicy;
use crate::ServiceError;

/// The campaign office over its database.
#[derive(Clone)]
pub struct Service {
    pub(crate) pool: DbPool,
    /// Which webhook addresses may be registered (`EAGLES_WEBHOOK_ALLOW_PRIVATE`).
    pub(crate) webhooks: AddressPolicy,
    /// This instance's live event streams, fed by the binary's listener.
    pub(crate) hub: Hub,
    /// Who may sign up, and where links handed on point (R26).
    pub(crate) accounts: AccountSettings,
}

impl Service {
    pub fn new(pool: DbPool, webhooks: AddressPolicy, hub: Hub) -> Self {
        Self {
            pool,
            webhooks,
            hub,
            accounts: AccountSettings::default(),
        }
    }

    /// The same office with these account settings (`EAGLES_SIGN_UP`,
    /// `EAGLES_PUBLIC_URL`).
    pub fn with_accounts(self, accounts: AccountSettings) -> Self {
        Self { accounts, ..self }
    }

    /// A connection, or 503 when the database cannot be reached.
    pub(crate) async fn conn(&self) -> Result<eagles_db::DbConn, ServiceError> {
        Ok(self.pool.get().await.map_err(eagles_db::Error::from)?)
    }
}
