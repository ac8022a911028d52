use eagles_office::access::ReadAccess;
use eagles_office::prelude::*;
use eagles_office::record::*;

use crate::Service;

#[async_trait::async_trait]
impl Records for Service {
    async fn service_record(
        &self,
        reader: ReadAccess,
        CrewRef {
            campaign_id,
            crew_id,
        }: CrewRef,
    ) -> Result<ServiceRecord, Error> {
        let mut conn = self.conn().await?;
        Ok(
            crate::record::service_record(&mut conn, reader.into_caller(), campaign_id, crew_id)
                .await?,
        )
    }
}
