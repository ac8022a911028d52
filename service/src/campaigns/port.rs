use eagles_office::access::CampaignScope;
use eagles_office::access::ReadAccess;
use eagles_office::campaigns::Campaign;
use eagles_office::campaigns::CampaignView;
use eagles_office::campaigns::*;
use eagles_office::prelude::*;
use eagles_office::window::Window;

use crate::Service;

#[async_trait::async_trait]
impl Campaigns for Service {
    async fn create_campaign(&self, user: User, new: NewCampaign) -> Result<CampaignView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::campaigns::create(&mut conn, &user, new).await?)
    }

    async fn campaigns(
        &self,
        reader: ReadAccess,
        window: Window,
    ) -> Result<Vec<CampaignView>, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::campaigns::list(&mut conn, reader.into_caller().as_ref(), window).await?)
    }

    async fn campaign(&self, reader: ReadAccess, campaign_id: i64) -> Result<CampaignView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::campaigns::get(&mut conn, reader, campaign_id).await?)
    }

    async fn campaign_scope(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<CampaignScope, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::access::readable_campaign(&mut conn, campaign_id, reader).await?)
    }

    async fn end_campaign(&self, user: User, campaign_id: i64) -> Result<CampaignEnd, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::campaigns::end(&mut conn, user, campaign_id).await?)
    }

    async fn campaign_outcome(&self, scope: CampaignScope) -> Result<CampaignEnd, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::campaigns::outcome(&mut conn, scope.campaign()).await?)
    }

    async fn readable_campaigns(&self, reader: ReadAccess) -> Result<Vec<Campaign>, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::campaigns::list_all(&mut conn, reader.into_caller().as_ref()).await?)
    }

    async fn campaign_home(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        limits: HomeLimits,
    ) -> Result<CampaignHome, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::campaigns::home(&mut conn, reader.into_caller(), campaign_id, limits).await?)
    }
}
