use eagles_office::access::ReadAccess;
use eagles_office::briefing::*;
use eagles_office::prelude::*;

use crate::Service;

#[async_trait::async_trait]
impl Briefings for Service {
    async fn briefing(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        week: i32,
    ) -> Result<Briefing, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::briefing::briefing(&mut conn, reader.into_caller(), campaign_id, week).await?)
    }
}
