use eagles_db::idempotency as rows;
use eagles_office::idempotency::*;
use eagles_office::prelude::*;

use super::Service;
use crate::ServiceError;

#[async_trait::async_trait]
impl IdempotencyKeys for Service {
    async fn claim_key(&self, claim: &NewClaim<'_>) -> Result<Claim, Error> {
        let mut conn = self.conn().await?;
        Ok(rows::claim(&mut conn, claim)
            .await
            .map_err(ServiceError::from)?)
    }

    async fn complete_key(
        &self,
        user_id: i64,
        key: &str,
        completed: &Completed<'_>,
    ) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        Ok(rows::complete(&mut conn, user_id, key, completed)
            .await
            .map_err(ServiceError::from)?)
    }

    async fn release_key(&self, user_id: i64, key: &str) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        Ok(rows::release(&mut conn, user_id, key)
            .await
            .map_err(ServiceError::from)?)
    }
}
