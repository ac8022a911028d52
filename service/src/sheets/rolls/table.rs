//! One table rolled on a sheet (R17–R19): the dice it takes, the men it rolls for and
//! what the rules crate makes of them, before anything is stored.

use super::*;

/// Rolls what the request asks on the sheet whose state is `state`.
#[allow(clippy::too_many_arguments)]
pub(super) fn roll(
    request: &SheetRollRequest,
    state: &SheetState,
    men: &[Man],
    era: calendar::Era,
    context: &RollContext,
    dice: &mut SheetDice,
) -> Result<Vec<Made>, ServiceError> {
    let entered = matches!(dice, SheetDice::Entered(_));
    let stability = state.stability;
    let name = |seat: Role| {
        men.iter()
            .find(|m| m.seat == seat)
            .map_or_else(|| format!("the {seat}"), |m| m.name.clone())
    };
    let mut rolls = Vec::new();
    match request {
        SheetRollRequest::Combat(CombatRoll { shooter, shot, .. }) => {
            let man = man(men, *shooter, "shooter")?;
            turn::check_roll(state, SheetTable::Combat, man.seat, name)?;
            let sheet = state.crew(man.seat).copied().unwrap_or_default();
            let firing = Shooter {
                seat: man.seat,
                wound_boxes: sheet.wound_boxes,
                passed_out: sheet.passed_out,
                abilities: &man.abilities,
            };
            let combat = roll_combat(shot, &firing, &state.shooting_aircraft(), dice)?;
            let marks = effects::combat_marks(&combat, man.seat);
            let mut shot_made = made(
                context,
                &combat.to_roll(),
                entered,
                Some(man.crew_id),
                marks.shooter,
            );
            shot_made.target_marks = marks.target;
            rolls.push(shot_made);
            if shot.burst == Burst::Long {
                let jam = roll_jam(shot.burst, dice)?;
                let marks = effects::jam_marks(man.seat, jam.result);
                rolls.push(made(context, &jam, entered, Some(man.crew_id), marks));
            }
        }
        SheetRollRequest::CrewWound { crew_ids, .. } => {
            let alive = |m: &Man| state.crew(m.seat).is_some_and(|c| !c.killed());
            for man in chosen(men, crew_ids.as_deref(), alive)? {
                let wound = roll_crew_wound(dice);
                let marks = effects::wound_marks(man.seat, wound.result);
                rolls.push(made(context, &wound, entered, Some(man.crew_id), marks));
            }
        }
        SheetRollRequest::Unjam { position, .. } => {
            let man = in_seat(men, *position)?;
            if !state.crew(man.seat).is_some_and(|c| c.jammed) {
                return Err(not_now(&format!("the {position}'s weapon is not jammed")));
            }
            turn::check_roll(state, SheetTable::Unjam, man.seat, name)?;
            let unjam = roll_unjam(&man.abilities, dice);
            let marks = effects::unjam_marks(man.seat, unjam.result);
            rolls.push(made(context, &unjam, entered, Some(man.crew_id), marks));
        }
        SheetRollRequest::Spin { .. } => {
            if state.spinning() {
                return Err(not_now(
                    "the aircraft is spinning already: roll spin recovery",
                ));
            }
            let (man, controls) = at_controls(state, men)?;
            let spin = roll_spin(stability, &controls, dice);
            let marks = effects::spin_marks(spin.result);
            rolls.push(made(context, &spin, entered, Some(man.crew_id), marks));
        }
        SheetRollRequest::SpinRecovery { .. } => {
            if !state.spinning() {
                return Err(not_now("the aircraft is not spinning"));
            }
            let (man, controls) = at_controls(state, men)?;
            turn::check_roll(state, SheetTable::SpinRecovery, man.seat, name)?;
            let recovery = roll_spin_recovery(stability, &controls, dice);
            let marks = effects::recovery_marks(recovery.result);
            rolls.push(made(context, &recovery, entered, Some(man.crew_id), marks));
        }
        SheetRollRequest::Critical { section, .. } => {
            let critical = roll_critical(*section, state.section(*section).state(), dice)?;
            let seized = critical.result == Critical::EngineSeizes;
            let marks = effects::critical_marks(critical.result);
            rolls.push(made(context, &critical, entered, None, marks));
            if seized {
                let fire = roll_engine_fire(dice);
                let marks = effects::engine_fire_marks(fire.result);
                rolls.push(made(context, &fire, entered, None, marks));
            }
        }
        SheetRollRequest::ExtinguishFire { sideslip, .. } => {
            if !state.fire {
                return Err(not_now("the aircraft is not on fire"));
            }
            let out = roll_fire_out(*sideslip, dice);
            let marks = effects::fire_out_marks(out.result);
            rolls.push(made(context, &out, entered, None, marks));
        }
        SheetRollRequest::ExtinguishSmoke { .. } => {
            if !state.smoke {
                return Err(not_now("the aircraft is not issuing smoke"));
            }
            let out = roll_smoke_out(dice);
            let marks = effects::smoke_out_marks(out.result);
            rolls.push(made(context, &out, entered, None, marks));
        }
        SheetRollRequest::Anoxia {
            altitude, crew_ids, ..
        } => {
            let able = |m: &Man| state.crew(m.seat).is_some_and(|c| c.able());
            for man in chosen(men, crew_ids.as_deref(), able)? {
                let test = roll_anoxia(era, *altitude, dice)?;
                let marks = effects::anoxia_marks(man.seat, test.result);
                rolls.push(made(context, &test, entered, Some(man.crew_id), marks));
            }
        }
        SheetRollRequest::ConcentratedFire {
            shooter,
            clock,
            range,
            ..
        } => {
            let man = man(men, *shooter, "shooter")?;
            let area = roll_concentrated_fire(&man.abilities, *range, *clock, dice)?;
            let marks = vec![Mark::Rolled {
                table: SheetTable::ConcentratedFire,
                seat: None,
            }];
            rolls.push(made(context, &area, entered, Some(man.crew_id), marks));
        }
        SheetRollRequest::FriendlyFire { .. } => {
            let fire = roll_friendly_fire(dice);
            let marks = vec![Mark::Rolled {
                table: SheetTable::FriendlyFire,
                seat: None,
            }];
            rolls.push(made(context, &fire, entered, None, marks));
        }
        SheetRollRequest::Bomb { altitude, .. } => {
            let bombardier = men.iter().any(|m| {
                m.seat == Role::Observer
                    && m.abilities.contains(&Ability::Bombardier)
                    && state.crew(m.seat).is_some_and(|c| c.able())
            });
            let run = BombModifiers {
                altitude: *altitude,
                bombardier,
            };
            let bomb = roll_bomb(&run, dice)?;
            let result = bomb.result.as_str();
            rolls.push(Made {
                entry: log_entry(context, &bomb, result, entered),
                marks: Vec::new(),
                target_marks: Vec::new(),
            });
        }
    }
    Ok(rolls)
}
