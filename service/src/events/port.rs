use eagles_office::events::*;
use eagles_office::prelude::*;

use crate::Service;

#[async_trait::async_trait]
impl Events for Service {
    async fn open_events(
        &self,
        Subscriber { caller, address }: Subscriber<'_>,
        campaign_id: i64,
        last_event_id: Option<i64>,
    ) -> Result<OpenStream, Error> {
        let stream = crate::events::open(
            &self.pool,
            &self.hub,
            caller,
            address,
            campaign_id,
            last_event_id,
        )
        .await?;
        let starts_after = stream.last_sent();
        let items = futures_util::stream::unfold(stream, |mut stream| async move {
            let item = stream.next().await?;
            Some((item, stream))
        });
        Ok(OpenStream {
            starts_after,
            items: Box::pin(items),
        })
    }
}
