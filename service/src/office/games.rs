use eagles_office::games::{GameView, Games};
use eagles_office::{Error, User};

use super::Service;

#[async_trait::async_trait]
impl Games for Service {
    async fn game(
        &self,
        caller: Option<User>,
        campaign_id: i64,
        game_id: i64,
    ) -> Result<GameView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::games::get(&mut conn, caller, campaign_id, game_id).await?)
    }
}
