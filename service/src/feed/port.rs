use eagles_office::feed::*;
use eagles_office::prelude::*;

use crate::Service;

#[async_trait::async_trait]
impl Feeds for Service {
    async fn feed(&self, campaign_id: i64) -> Result<CampaignFeed, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::feed::feed(&mut conn, campaign_id).await?)
    }
}
