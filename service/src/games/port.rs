use eagles_office::access::ReadAccess;
use eagles_office::games::*;
use eagles_office::prelude::*;

use crate::Service;

#[async_trait::async_trait]
impl Games for Service {
    async fn game(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        game_id: i64,
    ) -> Result<GameView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::games::get(&mut conn, reader.into_caller(), campaign_id, game_id).await?)
    }

    async fn open_game(
        &self,
        user: User,
        campaign_id: i64,
        request: NewGameRequest,
    ) -> Result<GameView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::games::open(&mut conn, user, campaign_id, request).await?)
    }

    async fn roll_mission(
        &self,
        user: User,
        (campaign_id, game_id): (i64, i64),
        request: MissionRequest,
    ) -> Result<MissionView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::games::roll_side(&mut conn, user, campaign_id, game_id, request).await?)
    }

    async fn assign_mission(
        &self,
        user: User,
        ids: (i64, i64, i64),
        request: AssignmentRequest,
    ) -> Result<MissionView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::games::assign(&mut conn, user, ids, request).await?)
    }

    async fn tonight(&self, reader: ReadAccess, campaign_id: i64) -> Result<Tonight, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::games::tonight(&mut conn, reader.into_caller(), campaign_id).await?)
    }

    async fn game_page(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        game_id: i64,
    ) -> Result<GamePage, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::games::page(&mut conn, reader.into_caller(), campaign_id, game_id).await?)
    }
}
