use eagles_office::backup::*;
use eagles_office::campaigns::CampaignView;
use eagles_office::prelude::*;

use crate::Service;

#[async_trait::async_trait]
impl Backups for Service {
    async fn export(&self, user: User, campaign_id: i64) -> Result<CampaignExport, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::backup::export_as(&mut conn, user, campaign_id).await?)
    }

    async fn import(&self, user: User, document: CampaignExport) -> Result<CampaignView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::backup::import_as(&mut conn, &user, document).await?)
    }
}
