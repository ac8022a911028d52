//! Campaign members: the referee adds players and referees; players switch sides
//! only while the sides stay equal (R2).

use actix_web::{get, patch, post, web, HttpResponse};
use campaign::sides::Side;
use eagles_db::campaigns::Member;
use eagles_db::diesel_async::{AsyncConnection, AsyncPgConnection};
use eagles_db::users::User;
use eagles_db::DbPool;
use serde::{Deserialize, Serialize};

use crate::access::readable_campaign;
use crate::auth::{Caller, SignedIn};
use crate::error::{ApiError, Locus};
use crate::extract::Json;
use crate::unique::is_unique_violation;

pub use campaign::roster::MemberRole;

/// A user to add to a campaign.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewMember {
    pub username: String,
    pub role: MemberRole,
    /// Required for players; a referee may have none.
    pub side: Option<Side>,
}

/// A member of a campaign.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MemberView {
    pub username: String,
    pub role: MemberRole,
    /// Null for a neutral referee.
    pub side: Option<Side>,
}

impl From<Member> for MemberView {
    fn from(m: Member) -> Self {
        Self {
            username: m.username,
            role: m.role,
            side: m.side,
        }
    }
}

/// Adds a member; referee only.
#[utoipa::path(
    tag = "campaigns",
    security(("bearer" = [])),
    params(("cid" = i64, Path, description = "Campaign id")),
    request_body = NewMember,
    responses(
        (status = 201, body = MemberView),
        (status = 400, body = crate::error::Problem),
        (status = 401, body = crate::error::Problem),
        (status = 403, body = crate::error::Problem),
        (status = 404, body = crate::error::Problem),
        (status = 409, description = "Already a member", body = crate::error::Problem),
        (status = 422, description = "No such account, or a player without a side", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/members")]
pub async fn add_member(
    pool: web::Data<DbPool>,
    SignedIn(user): SignedIn,
    path: web::Path<i64>,
    body: Json<NewMember>,
) -> Result<HttpResponse, ApiError> {
    let mut conn = pool.get().await?;
    let view = add(&mut conn, user, path.into_inner(), body.into_inner()).await?;
    Ok(HttpResponse::Created().json(view))
}

/// Adds a member to a campaign as `user`, who must referee it; the API and the pages
/// both add members through here.
pub async fn add(
    conn: &mut AsyncPgConnection,
    user: User,
    campaign_id: i64,
    new: NewMember,
) -> Result<MemberView, ApiError> {
    let NewMember {
        username,
        role,
        side,
    } = new;
    let scope = readable_campaign(conn, campaign_id, Some(user)).await?;
    let referee = scope.require_referee("add members")?.clone();
    if role == MemberRole::Player && side.is_none() {
        return Err(
            ApiError::invalid("a player needs a `side`: allied or central (R2)")
                .at(Locus::Field("side")),
        );
    }
    let account = eagles_db::users::find_by_username(conn, &username)
        .await?
        .ok_or_else(|| {
            ApiError::invalid(format!(
                "there is no account named \"{username}\": create it first with `eagles user add {username}`"
            ))
            .at(Locus::Field("username"))
        })?;
    let campaign_id = scope.campaign.id;
    let result = conn
        .transaction::<_, diesel::result::Error, _>(async move |conn| {
            eagles_db::campaigns::add_member(conn, campaign_id, account.id, role, side).await?;
            eagles_db::audit::record(
                conn,
                Some(referee.id),
                Some(campaign_id),
                "member.add",
                serde_json::json!({ "username": account.username, "role": role, "side": side }),
            )
            .await?;
            Ok(account)
        })
        .await;
    match result {
        Ok(account) => Ok(MemberView {
            username: account.username,
            role,
            side,
        }),
        Err(e) if is_unique_violation(&e) => Err(ApiError::Conflict(format!(
            "\"{username}\" is already a member of this campaign"
        ))),
        Err(e) => Err(e.into()),
    }
}

/// Lists a campaign's members.
#[utoipa::path(
    tag = "campaigns",
    params(("cid" = i64, Path, description = "Campaign id")),
    responses((status = 200, body = Vec<MemberView>), (status = 404, body = crate::error::Problem))
)]
#[get("/campaigns/{cid}/members")]
pub async fn list_members(
    pool: web::Data<DbPool>,
    Caller(caller): Caller,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let mut conn = pool.get().await?;
    let scope = readable_campaign(&mut conn, path.into_inner(), caller).await?;
    let members = eagles_db::campaigns::members(&mut conn, scope.campaign.id).await?;
    let views: Vec<MemberView> = members.into_iter().map(MemberView::from).collect();
    Ok(HttpResponse::Ok().json(views))
}

/// A side switch.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SideChange {
    pub side: Side,
}

/// Moves a player to the other side: the player himself or a referee, and only when
/// the sides are equal in players afterwards (R2). His crewmen keep their side.
#[utoipa::path(
    tag = "campaigns",
    security(("bearer" = [])),
    params(("cid" = i64, Path, description = "Campaign id"), ("username" = String, Path)),
    request_body = SideChange,
    responses(
        (status = 200, body = MemberView),
        (status = 401, body = crate::error::Problem),
        (status = 403, body = crate::error::Problem),
        (status = 404, body = crate::error::Problem),
        (status = 422, description = "The sides would not be equal (R2)", body = crate::error::Problem),
    )
)]
#[patch("/campaigns/{cid}/members/{username}")]
pub async fn change_side(
    pool: web::Data<DbPool>,
    SignedIn(user): SignedIn,
    path: web::Path<(i64, String)>,
    body: Json<SideChange>,
) -> Result<HttpResponse, ApiError> {
    let (campaign_id, username) = path.into_inner();
    let mut conn = pool.get().await?;
    let view = switch_side(&mut conn, user, campaign_id, username, body.side).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Moves the member `username` to `side` as `user`: himself, or anyone as a referee,
/// and only when the sides stay equal (R2). The API and the members page both switch
/// sides through here.
pub async fn switch_side(
    conn: &mut AsyncPgConnection,
    user: User,
    campaign_id: i64,
    username: String,
    side: Side,
) -> Result<MemberView, ApiError> {
    let scope = readable_campaign(conn, campaign_id, Some(user.clone())).await?;
    let is_self = username.eq_ignore_ascii_case(&user.username);
    if !is_self {
        scope.require_referee("move another player to the other side")?;
    }
    conn
        .transaction::<_, ApiError, _>(async move |conn| {
                // Locking the campaign serialises side changes, so two switches cannot
                // both pass the equal-sides check.
                eagles_db::campaigns::find_for_update(conn, campaign_id).await?;
                let members = eagles_db::campaigns::members(conn, campaign_id).await?;
                let member = members
                    .iter()
                    .find(|m| m.username.eq_ignore_ascii_case(&username))
                    .ok_or_else(|| {
                        ApiError::NotFound(format!("\"{username}\" is not a member of this campaign"))
                    })?
                    .clone();
                if member.role != MemberRole::Player {
                    return Err(ApiError::invalid(
                        "only players have a side to switch; a referee's side is set when added",
                    ));
                }
                if member.side == Some(side) {
                    return Ok(MemberView::from(member));
                }
                let count = |s: Side, m: &Member| m.role == MemberRole::Player && m.side == Some(s);
                let on = |s: Side| members.iter().filter(|m| count(s, m)).count();
                let (mut allied, mut central) = (on(Side::Allied), on(Side::Central));
                match side {
                    Side::Allied => (allied, central) = (allied + 1, central - 1),
                    Side::Central => (allied, central) = (allied - 1, central + 1),
                }
                if allied != central {
                    return Err(ApiError::Unprocessable {
                        rule: Some("R2"),
                        detail: format!(
                            "R2: a player may switch sides only if the sides stay equal in players; after this switch there would be {allied} Allied and {central} Central players"
                        ),
                        at: Some(Locus::Field("side")),
                    });
                }
                eagles_db::campaigns::set_side(conn, campaign_id, member.user_id, side)
                    .await?;
                eagles_db::audit::record(
                    conn,
                    Some(user.id),
                    Some(campaign_id),
                    "member.side",
                    serde_json::json!({ "username": member.username, "side": side }),
                )
                .await?;
                Ok(MemberView {
                    side: Some(side),
                    ..MemberView::from(member)
                })
        })
        .await
}

use eagles_db::diesel;
