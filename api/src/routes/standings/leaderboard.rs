//! The crew leaderboard: by XP, then kills, as JSON or CSV.

use std::collections::HashMap;

use actix_web::{get, web, HttpResponse};
use campaign::crew::{CrewId, Role};
use campaign::sides::Side;
use campaign::standings::leaderboard_ranks;
use campaign::status;
use campaign::xp::Xp;
use eagles_db::campaigns::Campaign;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::standings::{CrewTotals, StandingsFilter};
use eagles_db::DbPool;
use serde::{Deserialize, Serialize};

use super::{as_of, count};
use crate::access::readable_campaign;
use crate::auth::Caller;
use crate::error::ApiError;

/// Filters of the leaderboard.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct LeaderboardQuery {
    /// Count only what happened in weeks up to this one; the current week by default.
    pub as_of_week: Option<i32>,
    pub side: Option<Side>,
    pub role: Option<Role>,
}

/// A crewman's place on the leaderboard. The CSV has these columns in this order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LeaderboardRow {
    /// 1 for the most XP; crewmen level on XP and kills share a rank.
    pub rank: u32,
    pub crew_id: i64,
    pub name: String,
    pub side: Side,
    pub role: Role,
    /// The owning player's username.
    pub owner: String,
    /// Starting XP plus the awards made by the week.
    pub xp: i64,
    /// Kills of games not voided by the week, shared ones included.
    pub kills: i64,
    /// At least 5 kills (R6).
    pub ace: bool,
}

const CSV_HEADER: [&str; 9] = [
    "rank", "crew_id", "name", "side", "role", "owner", "xp", "kills", "ace",
];

/// The crewmen of a campaign ranked by XP, then kills.
#[utoipa::path(
    tag = "standings",
    params(("cid" = i64, Path, description = "Campaign id"), LeaderboardQuery),
    responses(
        (status = 200, body = Vec<LeaderboardRow>),
        (status = 400, body = crate::error::Problem),
        (status = 404, body = crate::error::Problem),
        (status = 422, description = "as_of_week is not a week of the campaign yet", body = crate::error::Problem),
    )
)]
#[get("/campaigns/{cid}/leaderboard")]
pub async fn leaderboard(
    pool: web::Data<DbPool>,
    Caller(caller): Caller,
    path: web::Path<i64>,
    query: web::Query<LeaderboardQuery>,
) -> Result<HttpResponse, ApiError> {
    let rows = rows(&pool, caller, path.into_inner(), &query).await?;
    Ok(HttpResponse::Ok().json(rows))
}

/// The leaderboard as CSV: a header row, then the same columns as the JSON.
#[utoipa::path(
    tag = "standings",
    params(("cid" = i64, Path, description = "Campaign id"), LeaderboardQuery),
    responses(
        (status = 200, content_type = "text/csv", body = String),
        (status = 400, body = crate::error::Problem),
        (status = 404, body = crate::error::Problem),
        (status = 422, description = "as_of_week is not a week of the campaign yet", body = crate::error::Problem),
    )
)]
#[get("/campaigns/{cid}/leaderboard.csv")]
pub async fn leaderboard_csv(
    pool: web::Data<DbPool>,
    Caller(caller): Caller,
    path: web::Path<i64>,
    query: web::Query<LeaderboardQuery>,
) -> Result<HttpResponse, ApiError> {
    let rows = rows(&pool, caller, path.into_inner(), &query).await?;
    let csv_error = |e: csv::Error| ApiError::Internal(format!("writing the leaderboard CSV: {e}"));
    // The header is written by hand so an empty leaderboard still has one.
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    writer.write_record(CSV_HEADER).map_err(csv_error)?;
    for row in &rows {
        writer.serialize(row).map_err(csv_error)?;
    }
    let body = writer
        .into_inner()
        .map_err(|e| ApiError::Internal(format!("writing the leaderboard CSV: {e}")))?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .body(body))
}

async fn rows(
    pool: &DbPool,
    caller: Option<eagles_db::users::User>,
    campaign_id: i64,
    query: &LeaderboardQuery,
) -> Result<Vec<LeaderboardRow>, ApiError> {
    let mut conn = pool.get().await?;
    let scope = readable_campaign(&mut conn, campaign_id, caller).await?;
    ranked(&mut conn, &scope.campaign, query).await
}

/// The leaderboard of a campaign the caller may read (checked by the caller with
/// `readable_campaign`): one query. The API and the pages both rank through here.
pub async fn ranked(
    conn: &mut AsyncPgConnection,
    campaign: &Campaign,
    query: &LeaderboardQuery,
) -> Result<Vec<LeaderboardRow>, ApiError> {
    let campaign_id = campaign.id;
    let week = as_of(campaign, query.as_of_week)?;
    let filter = StandingsFilter {
        role: query.role,
        nationalities: query.side.map(Side::nationalities),
    };
    let records = eagles_db::standings::leaderboard_as_of(conn, campaign_id, week, &filter).await?;
    let mut keys = records
        .iter()
        .map(|r| {
            let xp = i32::try_from(r.xp)
                .map_err(|_| ApiError::Internal(format!("crewman {}: xp {}", r.id, r.xp)))?;
            Ok((CrewId(r.id), Xp(xp), count(r.kills, "kills", r.id)?))
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let ranks = leaderboard_ranks(&mut keys);
    let mut by_id: HashMap<i64, CrewTotals> = records.into_iter().map(|r| (r.id, r)).collect();
    ranks
        .into_iter()
        .filter_map(|(rank, CrewId(id))| by_id.remove(&id).map(|r| (rank, r)))
        .map(|(rank, r)| row(rank, r))
        .collect()
}

fn row(rank: u32, r: CrewTotals) -> Result<LeaderboardRow, ApiError> {
    let (nationality, role) = (r.nationality, r.role);
    let kills = count(r.kills, "kills", r.id)?;
    Ok(LeaderboardRow {
        rank,
        crew_id: r.id,
        side: nationality.side(),
        role,
        ace: status::is_ace(kills),
        name: r.name,
        owner: r.owner,
        xp: r.xp,
        kills: r.kills,
    })
}
