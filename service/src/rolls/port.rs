use eagles_office::access::ReadAccess;
use eagles_office::prelude::*;
use eagles_office::rolls::*;

use crate::Service;

#[async_trait::async_trait]
impl Rolls for Service {
    async fn roll(
        &self,
        user: User,
        campaign_id: i64,
        request: RollRequest,
    ) -> Result<RollView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::rolls::roll(&mut conn, user, campaign_id, request).await?)
    }

    async fn rolls(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        RollFilter { week, window }: RollFilter,
    ) -> Result<Vec<RollView>, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::rolls::list(&mut conn, reader, campaign_id, week, window).await?)
    }
}
