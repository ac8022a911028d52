//! Crew: create (R2, R3), list, read, and ability picks (R6).

mod view;

use campaign::abilities::Ability;
use campaign::events::EventKind;
use campaign::roster::MemberRole;
use campaign::roster::{self, RosterEntry};
use campaign::sides::Side;
use campaign::status;
use campaign::xp::Xp;
use eagles_db::crew::{CrewFilter, NewCrewman};
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::users::User;
pub use eagles_office::crew::{AbilityPick, CrewQuery, NewCrew};
use eagles_office::crew::{CrewRoster, CrewmanDetail};

pub use view::{crewman_view, xp_entry_view, CrewmanView, PendingPicksView, XpEntryView};

use crate::access::{readable_campaign, CampaignScope, ReadAccess};
use crate::envelope::{self, Access, Change};
use crate::error::{Locus, ServiceError};
use crate::text::clean_name;
use crate::unique::is_unique_violation;
use crate::Service;
use eagles_office::crew::*;
use eagles_office::prelude::*;

/// Creates a crewman as `user`, a member of the campaign (R2, R3); the API and the
/// pages both create crew through here.
pub async fn create(
    conn: &mut AsyncPgConnection,
    user: User,
    campaign_id: i64,
    new: NewCrew,
) -> Result<CrewmanView, ServiceError> {
    let NewCrew {
        name,
        role,
        nationality,
        replacement,
        owner,
    } = new;
    let name = clean_name("name", &name, 100)?;
    // The lock serialises crew creation per campaign, so two requests cannot both
    // pass R3.
    envelope::write(
        conn,
        campaign_id,
        &user,
        Access::Member("create crew"),
        async |conn, scope, record| {
            let owner_name = owner.unwrap_or_else(|| user.username.clone());
            if !owner_name.eq_ignore_ascii_case(&user.username) && !scope.is_referee() {
                return Err(ServiceError::Forbidden(
                    "a player may create crew only for himself; the referee creates crew for others".into(),
                ));
            }
            let week = scope.campaign().current_week;
            let owner = owner_member(conn, &scope, &owner_name).await?;
            let owner_side = owner.side.ok_or_else(|| {
                ServiceError::invalid(format!(
                    "\"{}\" has no side in this campaign; give them one before creating crew (§13.01)",
                    owner.username
                ))
            })?;
            if owner_side != nationality.side() {
                return Err(ServiceError::Unprocessable {
                    rule: Some("R2"),
                    detail: format!(
                        "§13.01: a {} crewman flies for the {} side, but \"{}\" plays {}; pick a nationality of that side",
                        nationality.label(),
                        nationality.side().label(),
                        owner.username,
                        owner_side.label()
                    ),
                    at: Some(Locus::Field("nationality")),
                });
            }
            let roster = eagles_db::crew::list(
                conn,
                campaign_id,
                &CrewFilter {
                    owner_id: Some(owner.user_id),
                    ..CrewFilter::default()
                },
            )
            .await?;
            let entries = roster
                .into_iter()
                .map(|r| {
                    let replacement = r.replacement;
                    let view = crate::crew::crewman_view(r, week)?;
                    Ok(RosterEntry {
                        role: view.role,
                        replacement,
                        available: view.available,
                    })
                })
                .collect::<Result<Vec<_>, ServiceError>>()?;
            let Xp(starting_xp) = roster::starting_xp_for_new_crewman(&entries, role, replacement)?;
            let id = eagles_db::crew::create(
                conn,
                &NewCrewman {
                    campaign_id,
                    owner_id: owner.user_id,
                    name: &name,
                    role,
                    nationality,
                    replacement,
                    starting_xp,
                    joined_week: week,
                },
            )
            .await?;
            let change = Change::new(EventKind::Crew, id).audit(
                "crew.create",
                serde_json::json!({ "crew_id": id, "name": name, "role": role, "nationality": nationality, "owner": owner.username, "replacement": replacement }),
            );
            let receipt = record.record(conn, change).await?;
            Ok((load_view(conn, campaign_id, id, week).await?, receipt))
        },
    )
    .await
}

async fn owner_member(
    conn: &mut AsyncPgConnection,
    scope: &CampaignScope,
    owner_name: &str,
) -> Result<eagles_db::campaigns::Member, ServiceError> {
    let not_member = || {
        ServiceError::invalid(format!(
            "\"{owner_name}\" is not a member of this campaign; the referee adds players first"
        ))
    };
    let account = eagles_db::users::find_by_username(conn, owner_name)
        .await?
        .ok_or_else(not_member)?;
    eagles_db::campaigns::member(conn, scope.campaign().id, account.id)
        .await?
        .ok_or_else(not_member)
}

async fn load_view(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    crew_id: i64,
    week: i32,
) -> Result<CrewmanView, ServiceError> {
    let record = eagles_db::crew::find(conn, campaign_id, crew_id)
        .await?
        .ok_or_else(|| {
            ServiceError::NotFound(format!("there is no crewman {crew_id} in this campaign"))
        })?;
    crate::crew::crewman_view(record, week)
}

/// The crewmen of a campaign `caller` may read, narrowed by `query`.
pub async fn list(
    conn: &mut AsyncPgConnection,
    reader: impl Into<ReadAccess>,
    campaign_id: i64,
    query: &CrewQuery,
) -> Result<Vec<CrewmanView>, ServiceError> {
    let scope = readable_campaign(conn, campaign_id, reader).await?;
    let filter = CrewFilter {
        role: query.role,
        nationalities: query.side.map(Side::nationalities),
        ..CrewFilter::default()
    };
    let week = scope.campaign().current_week;
    eagles_db::crew::list(conn, scope.campaign().id, &filter)
        .await?
        .into_iter()
        .map(|r| crate::crew::crewman_view(r, week))
        .collect()
}

#[async_trait::async_trait]
impl Crew for Service {
    async fn create_crewman(
        &self,
        user: User,
        campaign_id: i64,
        new: NewCrew,
    ) -> Result<CrewmanView, Error> {
        create(&mut *self.conn().await?, user, campaign_id, new).await
    }

    /// Picks an ability for a crewman as `user`, his owner or a referee (R6); the API and
    /// the pages both pick through here.
    async fn pick_ability(
        &self,
        user: User,
        crewman: CrewRef,
        pick: Ability,
    ) -> Result<CrewmanView, Error> {
        let (campaign_id, crew_id) = (crewman.campaign_id, crewman.crew_id);
        let mut conn = self.conn().await?;
        envelope::write(
            &mut conn,
            campaign_id,
            &user,
            Access::Reader,
            async |conn, scope, record| {
                let week = scope.campaign().current_week;
                // Lock the crewman so concurrent picks see each other's slots.
                eagles_db::crew::lock(conn, crew_id).await?;
                let current = load_view(conn, campaign_id, crew_id, week).await?;
                if !current.owner.eq_ignore_ascii_case(&user.username) && !scope.is_referee() {
                    scope.require_member("pick abilities")?;
                    return Err(ServiceError::Forbidden(format!(
                        "only {}'s player or a referee may pick his abilities",
                        current.name
                    )));
                }
                let xp = Xp(i32::try_from(current.xp).unwrap_or(i32::MAX));
                let kills = u32::try_from(current.kills).unwrap_or(u32::MAX);
                status::check_pick(current.role, xp, kills, &current.abilities, pick)?;
                eagles_db::crew::add_ability(conn, crew_id, pick.code(), week)
                    .await
                    .map_err(|e| {
                        if is_unique_violation(&e) {
                            ServiceError::Conflict(format!(
                                "{} was picked for this crewman at the same moment; reload",
                                pick.name()
                            ))
                        } else {
                            e.into()
                        }
                    })?;
                let change = Change::new(EventKind::Crew, crew_id).audit(
                    "crew.ability",
                    serde_json::json!({ "crew_id": crew_id, "ability": pick }),
                );
                let receipt = record.record(conn, change).await?;
                Ok((load_view(conn, campaign_id, crew_id, week).await?, receipt))
            },
        )
        .await
    }

    async fn crew(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        query: CrewQuery,
    ) -> Result<Vec<CrewmanView>, Error> {
        list(&mut *self.conn().await?, reader, campaign_id, &query).await
    }

    /// One crewman with his awards.
    async fn crewman(&self, reader: ReadAccess, crewman: CrewRef) -> Result<CrewmanView, Error> {
        let (campaign_id, crew_id) = (crewman.campaign_id, crewman.crew_id);
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let scope = readable_campaign(conn, campaign_id, reader).await?;
        let mut view = load_view(conn, campaign_id, crew_id, scope.campaign().current_week).await?;
        let awards = eagles_db::crew::awards(conn, crew_id).await?;
        view.awards = Some(awards.into_iter().map(xp_entry_view).collect());
        Ok(view)
    }

    /// The crew page of a campaign `caller` may read: every crewman, and the players.
    async fn crew_roster(&self, reader: ReadAccess, campaign_id: i64) -> Result<CrewRoster, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let caller = reader.into_caller();
        let scope = readable_campaign(conn, campaign_id, caller).await?;
        let players = eagles_db::campaigns::members(conn, campaign_id)
            .await?
            .into_iter()
            .filter(|m| m.role == MemberRole::Player)
            .map(|m| m.username)
            .collect();
        let week = scope.campaign().current_week;
        let crew = eagles_db::crew::list(conn, campaign_id, &CrewFilter::default())
            .await?
            .into_iter()
            .map(|r| crewman_view(r, week))
            .collect::<Result<_, _>>()?;
        Ok(CrewRoster {
            scope,
            crew,
            players,
        })
    }

    /// The aircraft type each crewman of a campaign `reader` may read flew last.
    async fn last_flown(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<std::collections::HashMap<i64, String>, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let scope = readable_campaign(conn, campaign_id, reader).await?;
        Ok(
            eagles_db::aircraft_flown::last_flown(conn, scope.campaign().id)
                .await?
                .into_iter()
                .map(|f| (f.crew_id, f.aircraft))
                .collect(),
        )
    }

    /// One crewman's page in a campaign `reader` may read: 404 for a crewman not in it.
    async fn crewman_detail(
        &self,
        reader: ReadAccess,
        crewman: CrewRef,
    ) -> Result<CrewmanDetail, Error> {
        let (campaign_id, crew_id) = (crewman.campaign_id, crewman.crew_id);
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let caller = reader.into_caller();
        let scope = readable_campaign(conn, campaign_id, caller).await?;
        let record = eagles_db::crew::find(conn, campaign_id, crew_id)
            .await?
            .ok_or_else(|| {
                ServiceError::NotFound(format!("there is no crewman {crew_id} in this campaign"))
            })?;
        let joined_week = record.joined_week;
        let crewman = crewman_view(record, scope.campaign().current_week)?;
        let awards = eagles_db::crew::awards(conn, crew_id)
            .await?
            .into_iter()
            .map(xp_entry_view)
            .collect();
        let service = crate::record::record_weeks(conn, scope.campaign(), crew_id).await?;
        let ability_effects = crate::reference::ability_effects(conn).await?;
        let may_pick = scope.running()
            && (scope.is_referee()
                || scope
                    .caller()
                    .is_some_and(|u| u.username.eq_ignore_ascii_case(&crewman.owner)));
        Ok(CrewmanDetail {
            scope,
            crewman,
            joined_week,
            awards,
            record: service,
            ability_effects,
            may_pick,
        })
    }
}
