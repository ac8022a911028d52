use eagles_office::access::ReadAccess;
use eagles_office::prelude::*;
use eagles_office::weeks::*;

use crate::Service;

#[async_trait::async_trait]
impl Weeks for Service {
    async fn close_week(
        &self,
        user: User,
        campaign_id: i64,
        request: CloseWeekRequest,
    ) -> Result<ClosedWeek, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::weeks::close(&mut conn, user, campaign_id, request).await?)
    }

    async fn week(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        week: i32,
    ) -> Result<WeekView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::weeks::get(&mut conn, reader, campaign_id, week).await?)
    }

    async fn week_page(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        week: i32,
    ) -> Result<WeekPage, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::weeks::page(&mut conn, reader.into_caller(), campaign_id, week).await?)
    }
}
