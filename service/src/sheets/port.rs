use eagles_office::access::ReadAccess;
use eagles_office::prelude::*;
use eagles_office::sheets::*;

use crate::sheets::{lineup, marks, rolls};
use crate::Service;

#[async_trait::async_trait]
impl Sheets for Service {
    async fn declare_sortie(
        &self,
        user: User,
        game: GameRef,
        request: DeclareSortie,
    ) -> Result<SortieView, Error> {
        Ok(lineup::declare(&mut *self.conn().await?, user, game, request).await?)
    }

    async fn withdraw_sortie(&self, user: User, sortie: SortieRef) -> Result<(), Error> {
        Ok(lineup::withdraw(&mut *self.conn().await?, user, sortie).await?)
    }

    async fn lineup(&self, reader: ReadAccess, game: GameRef) -> Result<Vec<SortieView>, Error> {
        Ok(lineup::lineup(&mut *self.conn().await?, reader, game).await?)
    }

    async fn sheet(&self, reader: ReadAccess, sortie: SortieRef) -> Result<SheetView, Error> {
        Ok(marks::sheet(&mut *self.conn().await?, reader, sortie).await?)
    }

    async fn game_sheets(
        &self,
        reader: ReadAccess,
        game: GameRef,
    ) -> Result<Vec<SheetView>, Error> {
        Ok(marks::game_sheets(&mut *self.conn().await?, reader, game).await?)
    }

    async fn mark(
        &self,
        user: User,
        sortie: SortieRef,
        mark: MarkRequest,
        if_match: Option<IfMatch>,
    ) -> Result<MarkAnswer, Error> {
        Ok(marks::mark(&mut *self.conn().await?, user, sortie, mark, if_match).await?)
    }

    async fn roll_on_sheet(
        &self,
        user: User,
        sortie: SortieRef,
        request: SheetRollRequest,
        if_match: Option<IfMatch>,
    ) -> Result<SheetRollAnswer, Error> {
        Ok(rolls::roll_on_sheet(&mut *self.conn().await?, user, sortie, request, if_match).await?)
    }
}
