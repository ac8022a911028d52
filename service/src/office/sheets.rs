use eagles_office::access::ReadAccess;
use eagles_office::prelude::*;
use eagles_office::sheets::*;

use super::Service;
use crate::sheets::{lineup, marks, rolls};

#[async_trait::async_trait]
impl Sheets for Service {
    async fn declare_sortie(
        &self,
        user: User,
        campaign_id: i64,
        game_id: i64,
        request: DeclareSortie,
    ) -> Result<SortieView, Error> {
        let mut conn = self.conn().await?;
        Ok(lineup::declare(&mut conn, user, campaign_id, game_id, request).await?)
    }

    async fn withdraw_sortie(
        &self,
        user: User,
        campaign_id: i64,
        game_id: i64,
        sortie_id: i64,
    ) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        Ok(lineup::withdraw(&mut conn, user, campaign_id, game_id, sortie_id).await?)
    }

    async fn lineup(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        game_id: i64,
    ) -> Result<Vec<SortieView>, Error> {
        let mut conn = self.conn().await?;
        Ok(lineup::lineup(&mut conn, reader, campaign_id, game_id).await?)
    }

    async fn sheet(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        game_id: i64,
        sortie_id: i64,
    ) -> Result<SheetView, Error> {
        let mut conn = self.conn().await?;
        Ok(marks::sheet(&mut conn, reader, campaign_id, game_id, sortie_id).await?)
    }

    async fn mark(
        &self,
        user: User,
        campaign_id: i64,
        game_id: i64,
        sortie_id: i64,
        mark: MarkRequest,
    ) -> Result<SheetView, Error> {
        let mut conn = self.conn().await?;
        let ids = (campaign_id, game_id, sortie_id);
        Ok(marks::mark(&mut conn, user, ids, mark).await?)
    }

    async fn roll_on_sheet(
        &self,
        user: User,
        campaign_id: i64,
        game_id: i64,
        sortie_id: i64,
        request: SheetRollRequest,
    ) -> Result<SheetRollAnswer, Error> {
        let mut conn = self.conn().await?;
        let ids = (campaign_id, game_id, sortie_id);
        Ok(rolls::roll_on_sheet(&mut conn, user, ids, request).await?)
    }
}
