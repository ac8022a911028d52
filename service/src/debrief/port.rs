use eagles_office::access::ReadAccess;
use eagles_office::debrief::*;
use eagles_office::prelude::*;

use crate::Service;

#[async_trait::async_trait]
impl Debriefs for Service {
    async fn debrief(
        &self,
        user: User,
        GameRef {
            campaign_id,
            game_id,
        }: GameRef,
        request: DebriefRequest,
    ) -> Result<DebriefResult, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::debrief::create(&mut conn, user, campaign_id, game_id, request).await?)
    }

    async fn preview_debrief(
        &self,
        user: User,
        GameRef {
            campaign_id,
            game_id,
        }: GameRef,
        request: DebriefRequest,
    ) -> Result<Vec<CrewRollsView>, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::debrief::preview(&mut conn, user, campaign_id, game_id, request).await?)
    }

    async fn debrief_draft(
        &self,
        reader: eagles_office::access::ReadAccess,
        game: GameRef,
    ) -> Result<eagles_office::draft::DebriefDraft, Error> {
        Ok(crate::sheets::draft::draft(&mut *self.conn().await?, reader, game).await?)
    }

    async fn void_debrief(
        &self,
        user: User,
        GameRef {
            campaign_id,
            game_id,
        }: GameRef,
        reason: String,
    ) -> Result<VoidedDebrief, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::debrief::void(&mut conn, user, campaign_id, game_id, &reason).await?)
    }

    async fn debrief_result(
        &self,
        reader: ReadAccess,
        GameRef {
            campaign_id,
            game_id,
        }: GameRef,
    ) -> Result<DebriefResult, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::debrief::result(&mut conn, reader.into_caller(), campaign_id, game_id).await?)
    }

    async fn void_award(
        &self,
        user: User,
        AwardRef {
            campaign_id,
            award_id,
        }: AwardRef,
        reason: String,
    ) -> Result<LedgerEntryView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::debrief::void_award(&mut conn, user, campaign_id, award_id, &reason).await?)
    }
}
