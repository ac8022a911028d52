//! A crewman's service record: his sorties, kills (with victims), awards, injuries and
//! ability picks, week by week. Each kind of row is read in one query for all weeks.

use crate::access::readable_campaign;
pub use eagles_office::record::{
    RecordAward, RecordInjury, RecordKill, RecordSortie, RecordVictim, RecordWeek, ServiceRecord,
};
use std::collections::BTreeMap;

use campaign::crew::CrewId;
use campaign::injuries::fate;
use eagles_db::campaigns::Campaign;
use eagles_db::crew::AwardEntry;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::service_record::{AbilityPickRow, CreditedKillRow, FlownSortieRow, InjuryRow};

use crate::error::ServiceError;
use crate::Service;
use eagles_office::access::ReadAccess;
use eagles_office::prelude::*;

/// The weeks of a crewman's service record, oldest first, for a crewman of a campaign
/// the caller may read (checked by the caller): five queries, one per kind of row.
/// The API and the crewman page both read the record through here.
pub async fn record_weeks(
    conn: &mut AsyncPgConnection,
    campaign: &Campaign,
    crew_id: i64,
) -> Result<Vec<RecordWeek>, ServiceError> {
    use eagles_db::service_record as q;
    let (sorties, kills) = q::flown(conn, crew_id).await?;
    let awards = eagles_db::crew::awards(conn, crew_id).await?;
    let injuries = q::injuries(conn, crew_id).await?;
    let abilities = q::abilities(conn, crew_id).await?;

    let mut weeks: BTreeMap<i32, RecordWeek> = BTreeMap::new();
    for s in sorties {
        week_of(&mut weeks, campaign, s.game.week)
            .sorties
            .push(sortie(s, crew_id)?);
    }
    for k in kills {
        week_of(&mut weeks, campaign, k.game.week)
            .kills
            .push(kill(k));
    }
    for a in awards {
        week_of(&mut weeks, campaign, a.week).awards.push(award(a));
    }
    for i in injuries {
        let week = i.casualty.week;
        week_of(&mut weeks, campaign, week).injuries.push(injury(i));
    }
    for AbilityPickRow { week: n, ability } in abilities {
        week_of(&mut weeks, campaign, n).abilities.push(ability);
    }
    Ok(weeks.into_values().collect())
}

fn week_of<'a>(
    weeks: &'a mut BTreeMap<i32, RecordWeek>,
    campaign: &Campaign,
    n: i32,
) -> &'a mut RecordWeek {
    weeks.entry(n).or_insert_with(|| RecordWeek {
        week: n,
        date: campaign.week_date(n),
        ..RecordWeek::default()
    })
}

fn sortie(s: FlownSortieRow, crew_id: i64) -> Result<RecordSortie, ServiceError> {
    let stored = |what: String| {
        ServiceError::Internal(format!("a stored seat of crewman {crew_id}: {what}"))
    };
    let boxes = u32::try_from(s.wound_boxes).unwrap_or(u32::MAX);
    let fate = fate(CrewId(crew_id), boxes, s.outcome).map_err(|e| stored(e.to_string()))?;
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
        sheet_sortie_id: s.sheet_id,
    })
}

fn kill(k: CreditedKillRow) -> RecordKill {
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

#[async_trait::async_trait]
impl Records for Service {
    /// A crewman's service record, week by week, in a campaign `reader` may read.
    async fn service_record(
        &self,
        reader: ReadAccess,
        crewman: CrewRef,
    ) -> Result<ServiceRecord, Error> {
        let (campaign_id, crew_id) = (crewman.campaign_id, crewman.crew_id);
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let caller = reader.into_caller();
        let scope = readable_campaign(conn, campaign_id, caller).await?;
        let crewman = eagles_db::crew::find(conn, campaign_id, crew_id)
            .await?
            .ok_or_else(|| {
                ServiceError::NotFound(format!("there is no crewman {crew_id} in this campaign"))
            })?;
        let weeks = record_weeks(conn, scope.campaign(), crew_id).await?;
        Ok(ServiceRecord {
            crew_id,
            name: crewman.name,
            weeks,
        })
    }
}
