//! A crewman's service record: his sorties, kills (with victims), awards, injuries and
//! ability picks, week by week. Each kind of row is read in one query for all weeks.

use crate::access::readable_campaign;
use eagles_db::users::User;
use std::collections::BTreeMap;

use campaign::calendar::week_date;
use campaign::crew::CrewId;
use campaign::injuries::{fate, FateKind, Outcome};
use campaign::ParseEnumError;
use chrono::NaiveDate;
use eagles_db::campaigns::Campaign;
use eagles_db::crew::AwardEntry;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::service_record::{AbilityRow, InjuryRow, KillRow, SortieRow};
use serde::Serialize;

use crate::error::ServiceError;

/// A crewman's service record.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ServiceRecord {
    pub crew_id: i64,
    pub name: String,
    /// Only the weeks in which something happened to him, oldest first.
    pub weeks: Vec<RecordWeek>,
}

/// One week of a service record.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
pub struct RecordWeek {
    pub week: i32,
    /// The week's date in the campaign calendar.
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    pub sorties: Vec<RecordSortie>,
    pub kills: Vec<RecordKill>,
    /// The week's ledger entries; a reversal has negative points and names the
    /// award it cancels.
    pub awards: Vec<RecordAward>,
    pub injuries: Vec<RecordInjury>,
    /// Ability codes picked this week.
    pub abilities: Vec<String>,
}

/// A sortie flown. Rows of a voided game stay in the record with `voided_week`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RecordSortie {
    pub game_id: i64,
    /// The sortie's key in its debrief.
    pub key: String,
    /// The aircraft type's name.
    pub aircraft: String,
    /// `mission` or `sweep`.
    #[schema(value_type = campaign::missions::Assignment)]
    pub assignment: String,
    /// `pilot` or `observer`.
    #[schema(value_type = campaign::crew::Role)]
    pub position: String,
    pub turns_on_board: i32,
    pub red_hits: i32,
    pub wound_boxes: i32,
    /// As sent, or as the forced-landing tables gave it.
    #[schema(value_type = campaign::injuries::Outcome)]
    pub outcome: String,
    /// What became of him (API v1.2): the worse of his wounds and his outcome (R7), or
    /// his capture (R8). The pages show this, never the outcome alone.
    pub fate: FateKind,
    pub aircraft_lost: bool,
    /// The side's mission, when this sortie flew it.
    #[schema(value_type = Option<campaign::missions::MissionType>)]
    pub mission_type: Option<String>,
    /// Whether that mission succeeded, once debriefed.
    pub mission_success: Option<bool>,
    /// The week the game was voided, if it was.
    pub voided_week: Option<i32>,
}

/// A kill credited, alone or shared.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RecordKill {
    pub game_id: i64,
    pub victim: RecordVictim,
    /// The other shooters' names.
    pub shared_with: Vec<String>,
    /// The week the game was voided, if it was.
    pub voided_week: Option<i32>,
}

/// The aircraft shot down.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RecordVictim {
    /// The victim sortie's key in its debrief.
    pub key: String,
    pub aircraft: String,
    /// Its crew's names, pilot first.
    pub crew: Vec<String>,
}

/// An entry of the XP ledger.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RecordAward {
    pub id: i64,
    pub game_id: Option<i64>,
    pub points: i32,
    pub reason: String,
    pub kind: String,
    /// The award this entry cancels, for a reversal.
    pub reverses: Option<i64>,
}

/// An injury, capture or death.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RecordInjury {
    pub game_id: Option<i64>,
    /// `minor_injury`, `serious_injury`, `captured` or `killed`.
    pub kind: String,
    pub weeks_out: Option<i32>,
    /// The last week out of service; none when he will not return.
    pub out_until_week: Option<i32>,
    pub sent_home: bool,
    /// The week the game was voided, if it was.
    pub voided_week: Option<i32>,
}

/// The weeks of a crewman's service record, oldest first, for a crewman of a campaign
/// the caller may read (checked by the caller): five queries, one per kind of row.
/// The API and the crewman page both read the record through here.
pub async fn record_weeks(
    conn: &mut AsyncPgConnection,
    campaign: &Campaign,
    crew_id: i64,
) -> Result<Vec<RecordWeek>, ServiceError> {
    use eagles_db::service_record as q;
    let sorties = q::sorties(conn, crew_id).await?;
    let kills = q::kills(conn, crew_id).await?;
    let awards = eagles_db::crew::awards(conn, crew_id).await?;
    let injuries = q::injuries(conn, crew_id).await?;
    let abilities = q::abilities(conn, crew_id).await?;

    let start = campaign.start_date;
    let mut weeks: BTreeMap<i32, RecordWeek> = BTreeMap::new();
    for s in sorties {
        week_of(&mut weeks, start, s.game.week)
            .sorties
            .push(sortie(s, crew_id)?);
    }
    for k in kills {
        week_of(&mut weeks, start, k.game.week).kills.push(kill(k));
    }
    for a in awards {
        week_of(&mut weeks, start, a.week).awards.push(award(a));
    }
    for i in injuries {
        let week = i.casualty.week;
        week_of(&mut weeks, start, week).injuries.push(injury(i));
    }
    for AbilityRow { week: n, ability } in abilities {
        week_of(&mut weeks, start, n).abilities.push(ability);
    }
    Ok(weeks.into_values().collect())
}

fn week_of(weeks: &mut BTreeMap<i32, RecordWeek>, start: NaiveDate, n: i32) -> &mut RecordWeek {
    weeks.entry(n).or_insert_with(|| RecordWeek {
        week: n,
        date: week_date(start, u32::try_from(n).unwrap_or(0)),
        ..RecordWeek::default()
    })
}

fn sortie(s: SortieRow, crew_id: i64) -> Result<RecordSortie, ServiceError> {
    let stored = |what: String| {
        ServiceError::Internal(format!("a stored seat of crewman {crew_id}: {what}"))
    };
    let outcome: Outcome = s
        .outcome
        .parse()
        .map_err(|e: ParseEnumError| stored(e.to_string()))?;
    let boxes = u32::try_from(s.wound_boxes).unwrap_or(u32::MAX);
    let fate = fate(CrewId(crew_id), boxes, outcome).map_err(|e| stored(e.to_string()))?;
    Ok(RecordSortie {
        game_id: s.game.game_id,
        key: s.key,
        aircraft: s.aircraft,
        assignment: s.assignment,
        position: s.position,
        turns_on_board: s.turns_on_board,
        red_hits: s.red_hits,
        wound_boxes: s.wound_boxes,
        outcome: s.outcome,
        fate: fate.kind(),
        aircraft_lost: s.aircraft_lost,
        mission_type: s.mission_type,
        mission_success: s.mission_success,
        voided_week: s.game.voided_week,
    })
}

fn kill(k: KillRow) -> RecordKill {
    RecordKill {
        game_id: k.game.game_id,
        victim: RecordVictim {
            key: k.victim_key,
            aircraft: k.victim_aircraft,
            crew: k.victim_crew,
        },
        shared_with: k.shared_with,
        voided_week: k.game.voided_week,
    }
}

fn award(a: AwardEntry) -> RecordAward {
    RecordAward {
        id: a.id,
        game_id: a.game_id,
        points: a.points,
        reason: a.reason,
        kind: a.kind,
        reverses: a.reverses,
    }
}

fn injury(i: InjuryRow) -> RecordInjury {
    let c = i.casualty;
    RecordInjury {
        game_id: c.game_id,
        kind: c.kind,
        weeks_out: c.weeks_out,
        out_until_week: c.out_until_week,
        sent_home: c.sent_home,
        voided_week: i.voided_week,
    }
}

/// A crewman's service record, week by week, in a campaign `caller` may read.
pub async fn service_record(
    conn: &mut AsyncPgConnection,
    caller: Option<User>,
    campaign_id: i64,
    crew_id: i64,
) -> Result<ServiceRecord, ServiceError> {
    let scope = readable_campaign(conn, campaign_id, caller).await?;
    let crewman = eagles_db::crew::find(conn, campaign_id, crew_id)
        .await?
        .ok_or_else(|| {
            ServiceError::NotFound(format!("there is no crewman {crew_id} in this campaign"))
        })?;
    let weeks = record_weeks(conn, &scope.campaign, crew_id).await?;
    Ok(ServiceRecord {
        crew_id,
        name: crewman.name,
        weeks,
    })
}
