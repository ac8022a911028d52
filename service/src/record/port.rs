use eagles_office::prelude::*;
use eagles_office::record::*;

use crate::Service;

#[async_trait::async_trait]
impl Records for Service {
    async fn service_record(
        &self,
        caller: Option<User>,
        campaign_id: i64,
        crew_id: i64,
    ) -> Result<ServiceRecord, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::record::service_record(&mut conn, caller, campaign_id, crew_id).await?)
    }
}
