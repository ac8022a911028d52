//! The HTTP face of `eagles_office::standings`.

use actix_web::{get, web, HttpResponse};
use eagles_office::prelude::*;
use eagles_office::standings::{
    LeaderboardQuery, LeaderboardRow, PlayerRow, PlayersQuery, SidesQuery, SidesView,
};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::Reading;
use crate::error::ApiError;
use crate::routes::paths::CampaignPath;

/// An endpoint of a standings view, named as the office's method that reads it: anyone
/// who may read the campaign reads it as the query asks, as of a week of the campaign
/// (the current one by default), as JSON.
macro_rules! standings_view {
    ($(#[doc = $doc:literal])* $name:ident, $path:literal, $query:ty, $view:ty) => {
        $(#[doc = $doc])*
        #[utoipa::path(
            tag = "standings",
            params(CampaignPath, $query),
            responses(
                (status = 200, body = $view),
                (status = 422, description = "as_of_week is not a week of the campaign yet", body = crate::error::Problem),
            )
        )]
        #[get($path)]
        pub async fn $name(
            standings: web::Data<dyn Standings>,
            Reading(reader): Reading,
            path: web::Path<CampaignPath>,
            query: web::Query<$query>,
        ) -> Result<HttpResponse, ApiError> {
            let view = standings.$name(reader, path.cid, query.into_inner()).await?;
            Ok(HttpResponse::Ok().json(view))
        }
    };
}

standings_view!(
    /// The crewmen of a campaign ranked by XP, then kills.
    leaderboard,
    "/campaigns/{cid}/leaderboard",
    LeaderboardQuery,
    Vec<LeaderboardRow>
);

standings_view!(
    /// The players ranked by their best crewman: most XP, then more kills, then fewer
    /// weeks out (R13). Only players with crew are ranked.
    players,
    "/campaigns/{cid}/players",
    PlayersQuery,
    Vec<PlayerRow>
);

standings_view!(
    /// The side totals of the air war.
    sides,
    "/campaigns/{cid}/sides",
    SidesQuery,
    SidesView
);

/// The leaderboard as CSV: a header row, then the same columns as the JSON.
#[utoipa::path(
    tag = "standings",
    params(CampaignPath, LeaderboardQuery),
    responses(
        (status = 200, content_type = "text/csv", body = String),
        (status = 422, description = "as_of_week is not a week of the campaign yet", body = crate::error::Problem),
    )
)]
#[get("/campaigns/{cid}/leaderboard.csv")]
pub async fn leaderboard_csv(
    standings: web::Data<dyn Standings>,
    Reading(reader): Reading,
    path: web::Path<CampaignPath>,
    query: web::Query<LeaderboardQuery>,
) -> Result<HttpResponse, ApiError> {
    let rows = standings
        .leaderboard(reader, path.cid, query.into_inner())
        .await?;
    // The header is written by hand so an empty leaderboard still has one.
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    writer.write_record(CSV_HEADER).map_err(csv_error)?;
    for row in rows {
        writer.serialize(row).map_err(csv_error)?;
    }
    let bytes = writer.into_inner().map_err(csv_error)?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .body(bytes))
}

/// Mounts this module's endpoints inside `/api/v1`.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(leaderboard)
        .service(leaderboard_csv)
        .service(sides)
        .service(players);
}

fn csv_error(e: impl std::fmt::Display) -> ApiError {
    ApiError(Error::Internal(format!("writing the leaderboard CSV: {e}")))
}

const CSV_HEADER: [&str; 9] = [
    "rank", "crew_id", "name", "side", "role", "owner", "xp", "kills", "ace",
];
