use eagles_db::idempotency as rows;
use eagles_office::idempotency::*;
use eagles_office::prelude::*;

use super::Service;
use crate::ServiceError;

#[async_trait::async_trait]
impl IdempotencyKeys for Service {
    async fn claim_key(&self, claim: &NewClaim<'_>) -> Result<Claim, Error> {
        let mut conn = self.conn().await?;
        let row = rows::NewClaim {
            user_id: claim.user_id,
            key: claim.key,
            method: claim.method,
            path: claim.path,
            body_sha256: claim.body_sha256,
        };
        let claimed = rows::claim(&mut conn, &row)
            .await
            .map_err(ServiceError::from)?;
        Ok(match claimed {
            rows::Claim::Claimed => Claim::Claimed,
            rows::Claim::Taken(stored) => Claim::Taken(StoredKey {
                method: stored.method,
                path: stored.path,
                body_sha256: stored.body_sha256,
                status: stored.status,
                content_type: stored.content_type,
                location: stored.location,
                body: stored.body,
                created_at: stored.created_at,
            }),
        })
    }

    async fn complete_key(
        &self,
        user_id: i64,
        key: &str,
        completed: &Completed<'_>,
    ) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        let row = rows::Completed {
            status: completed.status,
            content_type: completed.content_type,
            location: completed.location,
            body: completed.body,
        };
        Ok(rows::complete(&mut conn, user_id, key, &row)
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
