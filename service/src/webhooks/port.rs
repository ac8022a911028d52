use eagles_office::access::ReadAccess;
use eagles_office::prelude::*;
use eagles_office::webhooks::*;

use crate::Service;

#[async_trait::async_trait]
impl Webhooks for Service {
    async fn create_webhook(
        &self,
        user: User,
        campaign_id: i64,
        new: NewWebhook,
    ) -> Result<CreatedWebhook, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::webhooks::create(&mut conn, user, campaign_id, new, self.webhooks).await?)
    }

    async fn webhooks(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<Vec<WebhookView>, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::webhooks::list(&mut conn, reader.into_caller(), campaign_id).await?)
    }

    async fn delete_webhook(
        &self,
        user: User,
        WebhookRef {
            campaign_id,
            webhook_id,
        }: WebhookRef,
    ) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        Ok(crate::webhooks::delete(&mut conn, user, campaign_id, webhook_id).await?)
    }
}
