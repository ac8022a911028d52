//! The crew of the rolling sortie as the sheet's tables need them: each man's seat,
//! XP and abilities on the game's week, and who of them a table rolls for.

use super::*;

/// A crewman of the sortie as the tables need him: his seat, XP and abilities.
pub(super) struct Man {
    pub(super) crew_id: i64,
    /// His name, for a refusal that names him (R23).
    pub(super) name: String,
    pub(super) seat: Role,
    pub(super) xp: Xp,
    pub(super) abilities: Vec<Ability>,
}

/// The men of the sortie with what the campaign knows of them on the game's week,
/// read together.
pub(super) async fn men(
    conn: &AsyncPgConnection,
    campaign_id: i64,
    seats: &[&LineupSeat],
    week: i32,
) -> Result<Vec<Man>, ServiceError> {
    let records = seat_crew(conn, campaign_id, seats).await?;
    seats
        .iter()
        .zip(records)
        .map(|(seat, record)| {
            let view = crewman_view(record, week)?;
            Ok(Man {
                crew_id: seat.crew_id,
                name: seat.name.clone(),
                seat: seat.position,
                xp: Xp(i32::try_from(view.xp).unwrap_or(i32::MAX)),
                abilities: view.abilities,
            })
        })
        .collect()
}

pub(super) fn man<'a>(
    men: &'a [Man],
    crew_id: i64,
    field: &'static str,
) -> Result<&'a Man, ServiceError> {
    men.iter().find(|m| m.crew_id == crew_id).ok_or_else(|| {
        ServiceError::invalid(format!(
            "the {} named is no crewman of this aircraft; name one of its crew",
            if field == "shooter" {
                "shooter"
            } else {
                "crewman"
            }
        ))
        .at(Locus::Field(field))
    })
}

pub(super) fn in_seat(men: &[Man], seat: Role) -> Result<&Man, ServiceError> {
    men.iter().find(|m| m.seat == seat).ok_or_else(|| {
        ServiceError::invalid(format!("this aircraft has no {seat}")).at(Locus::Field("position"))
    })
}

/// The men a per-crewman table rolls for: those named, or those `default` keeps.
pub(super) fn chosen<'a>(
    men: &'a [Man],
    named: Option<&[i64]>,
    default: impl Fn(&Man) -> bool,
) -> Result<Vec<&'a Man>, ServiceError> {
    match named {
        Some(ids) => ids.iter().map(|&id| man(men, id, "crew_ids")).collect(),
        None => Ok(men.iter().filter(|m| default(m)).collect()),
    }
}

/// The man at the controls (R18) as the spin tables read him; a 422 when nobody can
/// fly.
pub(super) fn at_controls<'a>(
    state: &SheetState,
    men: &'a [Man],
) -> Result<(&'a Man, AtTheControls<'a>), ServiceError> {
    let seat = state.at_the_controls().ok_or_else(|| {
        ServiceError::invalid("nobody aboard can fly the aircraft: it spins until it is down")
    })?;
    let man = in_seat(men, seat)?;
    let controls = AtTheControls {
        seat,
        xp: man.xp,
        wound_boxes: state.crew(seat).map_or(0, |c| c.wound_boxes),
        abilities: &man.abilities,
    };
    Ok((man, controls))
}
