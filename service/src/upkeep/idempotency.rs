use std::time::{Duration, Instant};

use eagles_db::idempotency as rows;
use eagles_office::idempotency::*;
use eagles_office::prelude::*;

use crate::Service;
use crate::ServiceError;

/// How long a request waits for the first request with its key to end before it is
/// answered that the first still runs (a request taking this long is stuck).
const WAIT_AT_MOST: Duration = Duration::from_secs(60);

/// The first pause between two looks at a running claim, doubled up to the longest:
/// a repeat sent while the first still runs (a double tap) is answered within a
/// round trip or two of the first's end.
const FIRST_PAUSE: Duration = Duration::from_millis(5);
const LONGEST_PAUSE: Duration = Duration::from_millis(100);

#[async_trait::async_trait]
impl IdempotencyKeys for Service {
    async fn claim_key(&self, claim: &NewClaim<'_>) -> Result<Claim, Error> {
        let started = Instant::now();
        let mut pause = FIRST_PAUSE;
        loop {
            // The connection goes back to the pool while this request waits.
            let claimed = {
                let mut conn = self.conn().await?;
                rows::claim(&mut conn, claim)
                    .await
                    .map_err(ServiceError::from)?
            };
            match &claimed {
                Claim::Taken(stored)
                    if stored.is_running()
                        && stored.is_for(claim)
                        && started.elapsed() < WAIT_AT_MOST =>
                {
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(LONGEST_PAUSE);
                }
                _ => return Ok(claimed),
            }
        }
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
