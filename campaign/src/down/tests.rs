//! The sequence of appendix C through `come_down`, each expected number worked out
//! from the rulebook's tables.

use std::collections::HashMap;

use super::*;
use crate::dice::FixedDice;
use crate::wire::testing::round_trips;
use GroundOffensive::*;

/// Entered dice by table and crewman; a roll asked for without dice panics, so a
/// test also proves which rolls were made.
#[derive(Default)]
struct Entered {
    dice: HashMap<(Table, Option<CrewId>), FixedDice>,
    asked: Vec<(Table, Option<CrewId>)>,
}

impl Entered {
    fn with(mut self, table: Table, crew: Option<i64>, dice: &[u32]) -> Self {
        self.dice
            .insert((table, crew.map(CrewId)), FixedDice::new(dice.to_vec()));
        self
    }
}

impl DiceFor for Entered {
    fn dice_for(
        &mut self,
        table: Table,
        crew: Option<CrewId>,
    ) -> Result<(&mut dyn Dice, bool), RuleError> {
        self.asked.push((table, crew));
        let d = self
            .dice
            .get_mut(&(table, crew))
            .unwrap_or_else(|| panic!("no dice for {table} of {crew:?}"));
        Ok((d, true))
    }
}

const PILOT: i64 = 1;
const OBSERVER: i64 = 2;

fn aboard(id: i64, position: Role) -> Aboard {
    Aboard {
        crew: CrewId(id),
        position,
        wound_boxes: 0,
        novice: false,
        nationality: Nationality::British,
    }
}

fn setting(offensive: GroundOffensive) -> Setting {
    Setting {
        side: Side::Allied,
        offensive,
        date: NaiveDate::from_ymd_opt(1917, 6, 1).unwrap(),
        dual_controls: false,
    }
}

fn at_own_lines(how: How) -> Down {
    Down {
        side_of_lines: Some(SideOfLines::Own),
        hexes_from_friendly_trenches: Some(2),
        ..Down::new(how)
    }
}

/// `come_down` with an unhurt pilot alone aboard, in a setting of `offensive`.
fn lone_pilot(
    down: &Down,
    offensive: GroundOffensive,
    dice: &mut Entered,
) -> Result<Descent, DownError> {
    come_down(
        down,
        &setting(offensive),
        &[aboard(PILOT, Role::Pilot)],
        dice,
    )
}

fn modifier(roll: &DownRoll, name: &str) -> Option<i32> {
    roll.roll
        .modifiers
        .iter()
        .find(|m| m.name == name)
        .map(|m| m.value)
}

// §11.01 landing on clear (needs 3) with [1, 2] = 3 lands; §11.03 note: he still
// rolls to evade: own side +7, 0–3 hexes +1 → [1, 1] = 2 + 8 = 10, evaded.
#[test]
fn s11_landed_then_evade_on_own_side() {
    let down = Down {
        terrain: Some(Terrain::Clear),
        ..at_own_lines(How::Landed)
    };
    let mut dice = Entered::default().with(Table::Landing, None, &[1, 2]).with(
        Table::Evade,
        Some(PILOT),
        &[1, 1],
    );
    let d = lone_pilot(&down, Quiet, &mut dice).unwrap();
    assert!(!d.aircraft_lost);
    let pilot = &d.crew[0];
    assert_eq!(pilot.rolls.len(), 2);
    assert_eq!(
        (pilot.rolls[0].roll.total, pilot.rolls[0].roll.result),
        (3, "landed")
    );
    assert_eq!(
        (pilot.rolls[1].roll.total, pilot.rolls[1].roll.result),
        (10, "evaded")
    );
    assert_eq!(pilot.outcome, Outcome::Evaded);
}

// Appendix C landing: shell holes need 8; [3, 4] = 7 crashes, the road's +1 makes it
// 8 and it lands.
#[test]
fn appendix_c_road_lands_as_other_terrain_plus_one() {
    let down = Down {
        terrain: Some(Terrain::ShellHoles),
        road: true,
        ..at_own_lines(How::Landed)
    };
    let mut dice = Entered::default().with(Table::Landing, None, &[3, 4]).with(
        Table::Evade,
        Some(PILOT),
        &[3, 3],
    );
    let d = lone_pilot(&down, Quiet, &mut dice).unwrap();
    let landing = &d.crew[0].rolls[0];
    assert_eq!((landing.roll.total, landing.roll.result), (8, "landed"));
    assert_eq!(modifier(landing, "road"), Some(1));
}

// §11.01: a failed landing goes on to the crash table for each crewman. Woods need
// 6: [2, 2] = 4 − 1 (pilot's 1 wound box, minor) = 3 < 6, crashed. Crash in woods −1:
// pilot [3, 4] = 7 − 1 = 6 serious; observer [4, 4] = 8 − 1 = 7 minor.
#[test]
fn s11_failed_landing_goes_to_the_crash_table() {
    let down = Down {
        terrain: Some(Terrain::Woods),
        ..at_own_lines(How::Landed)
    };
    let mut pilot = aboard(PILOT, Role::Pilot);
    pilot.wound_boxes = 1;
    let mut dice = Entered::default()
        .with(Table::Landing, None, &[2, 2])
        .with(Table::Crash, Some(PILOT), &[3, 4])
        .with(Table::Crash, Some(OBSERVER), &[4, 4])
        .with(Table::Evade, Some(PILOT), &[3, 3])
        .with(Table::Evade, Some(OBSERVER), &[3, 3]);
    let crew = [pilot, aboard(OBSERVER, Role::Observer)];
    let d = come_down(&down, &setting(Quiet), &crew, &mut dice).unwrap();
    assert!(d.aircraft_lost);
    let landing = &d.crew[0].rolls[0];
    assert_eq!((landing.roll.total, landing.roll.result), (3, "crashed"));
    assert_eq!(modifier(landing, "minor_wound"), Some(-1));
    assert_eq!(d.crew[0].rolls[1].roll.total, 6);
    assert_eq!(d.crew[0].outcome, Outcome::SeriousInjury);
    assert_eq!(d.crew[1].rolls[0].roll.total, 7);
    assert_eq!(d.crew[1].outcome, Outcome::MinorInjury);
    assert_eq!(
        dice.asked.iter().map(|a| a.0).collect::<Vec<_>>(),
        [
            Table::Landing,
            Table::Crash,
            Table::Crash,
            Table::Evade,
            Table::Evade
        ]
    );
}

// Appendix C crash: shot down at 1–3 −2, 4–5 −3, 6+ −4. [4, 4] = 8 gives 6 serious,
// 5 killed, 4 killed; the dead roll no evade.
#[test]
fn appendix_c_shot_down_altitudes() {
    for (altitude, total, outcome) in [
        (3, 6, Outcome::SeriousInjury),
        (4, 5, Outcome::Killed),
        (6, 4, Outcome::Killed),
    ] {
        let down = Down {
            altitude,
            ..at_own_lines(How::ShotDown)
        };
        let mut dice = Entered::default()
            .with(Table::Crash, Some(PILOT), &[4, 4])
            .with(Table::Evade, Some(PILOT), &[3, 3]);
        let d = lone_pilot(&down, Quiet, &mut dice).unwrap();
        assert!(d.aircraft_lost);
        assert_eq!(d.crew[0].rolls[0].roll.total, total, "altitude {altitude}");
        assert_eq!(d.crew[0].outcome, outcome, "altitude {altitude}");
    }
}

// Appendix C: an exploded aircraft kills everyone, no roll, no evade.
#[test]
fn appendix_c_exploded_kills_all_without_rolls() {
    let mut dice = Entered::default();
    let crew = [aboard(PILOT, Role::Pilot), aboard(OBSERVER, Role::Observer)];
    let d = come_down(&Down::new(How::Exploded), &setting(Quiet), &crew, &mut dice).unwrap();
    assert!(d.aircraft_lost);
    assert!(d.crew.iter().all(|c| c.outcome == Outcome::Killed));
    assert!(dice.asked.is_empty());
}

// §11.03 note: off the board, no roll at all.
#[test]
fn s11_03_off_board_no_roll() {
    let mut dice = Entered::default();
    let d = lone_pilot(&Down::new(How::OffBoard), Quiet, &mut dice).unwrap();
    assert!(!d.aircraft_lost);
    assert_eq!(d.crew[0].outcome, Outcome::Unharmed);
    assert!(dice.asked.is_empty());
}

// §13.03, R8: parachutes for German crews from 1918-02-01. Bail-out at altitude 1
// −1, on fire −1: [4, 4] = 8 − 2 = 6, minor injury.
#[test]
fn s13_03_bail_out_with_and_without_parachutes() {
    let down = Down {
        altitude: 1,
        on_fire: true,
        ..at_own_lines(How::BailedOut)
    };
    let mut german = aboard(PILOT, Role::Pilot);
    german.nationality = Nationality::German;
    let mut at = setting(Quiet);
    at.side = Side::Central;
    at.date = NaiveDate::from_ymd_opt(1918, 2, 1).unwrap();
    let mut dice = Entered::default()
        .with(Table::BailOut, Some(PILOT), &[4, 4])
        .with(Table::Evade, Some(PILOT), &[3, 3]);
    let d = come_down(&down, &at, &[german], &mut dice).unwrap();
    assert_eq!(
        (
            d.crew[0].rolls[0].roll.total,
            d.crew[0].rolls[0].roll.result
        ),
        (6, "minor_injury")
    );
    assert_eq!(d.crew[0].outcome, Outcome::MinorInjury);

    at.date = NaiveDate::from_ymd_opt(1918, 1, 31).unwrap();
    let e = come_down(&down, &at, &[german], &mut Entered::default()).unwrap_err();
    assert_eq!(e.rule(), "§13.03");
    let e = lone_pilot(&down, Quiet, &mut Entered::default()).unwrap_err();
    assert!(e.to_string().contains("British"), "{e}");
    let grounded = Down {
        altitude: 0,
        ..down
    };
    assert_eq!(
        come_down(&grounded, &at, &[german], &mut Entered::default()),
        Err(DownError::BailOutOnTheGround)
    );
}

// R8 with appendix C: no man's land, 4 hexes (0), under each ground offensive for an
// Allied crewman: [3, 4] = 7 → major Central −3 = 4 captured, minor Central −1 = 6
// captured, quiet 7 evaded, minor Allied +1 = 8, major Allied +3 = 10 evaded.
#[test]
fn r8_evade_under_each_offensive() {
    for (offensive, total, outcome) in [
        (MajorCentral, 4, Outcome::Captured),
        (MinorCentral, 6, Outcome::Captured),
        (Quiet, 7, Outcome::Evaded),
        (MinorAllied, 8, Outcome::Evaded),
        (MajorAllied, 10, Outcome::Evaded),
    ] {
        let down = Down {
            side_of_lines: Some(SideOfLines::NoMansLand),
            hexes_from_friendly_trenches: Some(4),
            ..Down::new(How::ShotDown)
        };
        let mut dice = Entered::default()
            .with(Table::Crash, Some(PILOT), &[6, 6])
            .with(Table::Evade, Some(PILOT), &[3, 4]);
        let d = lone_pilot(&down, offensive, &mut dice).unwrap();
        assert_eq!(d.crew[0].rolls[1].roll.total, total, "{offensive}");
        assert_eq!(d.crew[0].outcome, outcome, "{offensive}");
    }
}

// R7 with appendix C evade: the injury counted is the worse of wounds (2 boxes,
// serious) and the crash result (minor): enemy side −5, 6+ hexes −1, serious −3:
// [6, 6] = 12 − 9 = 3, captured; the outcome keeps the crash's minor injury, the
// debrief applies the worse (R7).
#[test]
fn r7_evade_counts_the_worse_of_wounds_and_crash() {
    let down = Down {
        side_of_lines: Some(SideOfLines::Enemy),
        hexes_from_friendly_trenches: Some(6),
        ..Down::new(How::ShotDown)
    };
    let mut pilot = aboard(PILOT, Role::Pilot);
    pilot.wound_boxes = 2;
    // shot down at 0: [3, 4] = 7, minor injury
    let mut dice = Entered::default()
        .with(Table::Crash, Some(PILOT), &[3, 4])
        .with(Table::Evade, Some(PILOT), &[6, 6]);
    let d = come_down(&down, &setting(Quiet), &[pilot], &mut dice).unwrap();
    let evade = &d.crew[0].rolls[1];
    assert_eq!(modifier(evade, "serious_injury"), Some(-3));
    assert_eq!((evade.roll.total, evade.roll.result), (3, "captured"));
    assert_eq!(d.crew[0].outcome, Outcome::Captured);
}

// Appendix C landing: the observer flies a dual-controlled aircraft when the pilot is
// dead (−2), with his own wounds; the dead pilot rolls nothing. Clear needs 3:
// [2, 2] = 4 − 2 − 1 (observer's wound) = 1, crashed.
#[test]
fn appendix_c_observer_flying_when_pilot_dead() {
    let down = Down {
        terrain: Some(Terrain::Clear),
        ..at_own_lines(How::Landed)
    };
    let mut pilot = aboard(PILOT, Role::Pilot);
    pilot.wound_boxes = 3;
    let mut observer = aboard(OBSERVER, Role::Observer);
    observer.wound_boxes = 1;
    let mut at = setting(Quiet);
    at.dual_controls = true;
    let mut dice = Entered::default()
        .with(Table::Landing, None, &[2, 2])
        .with(Table::Crash, Some(OBSERVER), &[4, 4])
        .with(Table::Evade, Some(OBSERVER), &[3, 3]);
    let d = come_down(&down, &at, &[pilot, observer], &mut dice).unwrap();
    assert!(d.crew[0].rolls.is_empty());
    assert_eq!(d.crew[0].outcome, Outcome::Killed);
    let landing = &d.crew[1].rolls[0];
    assert_eq!(modifier(landing, "observer_flying"), Some(-2));
    assert_eq!((landing.roll.total, landing.roll.result), (1, "crashed"));
    at.dual_controls = false;
    let e = come_down(&down, &at, &[pilot, observer], &mut Entered::default()).unwrap_err();
    assert!(matches!(e, DownError::NobodyAtControls { .. }));
}

// Appendix C landing: a novice at the controls −1. Clear: [1, 2] = 3 − 1 = 2, crashed.
#[test]
fn appendix_c_novice_at_the_controls() {
    let down = Down {
        terrain: Some(Terrain::Clear),
        ..at_own_lines(How::Landed)
    };
    let mut pilot = aboard(PILOT, Role::Pilot);
    pilot.novice = true;
    let mut dice = Entered::default()
        .with(Table::Landing, None, &[1, 2])
        .with(Table::Crash, Some(PILOT), &[4, 4])
        .with(Table::Evade, Some(PILOT), &[3, 3]);
    let d = come_down(&down, &setting(Quiet), &[pilot], &mut dice).unwrap();
    assert_eq!(d.crew[0].rolls[0].roll.result, "crashed");
    assert_eq!(modifier(&d.crew[0].rolls[0], "novice"), Some(-1));
}

// The facts each table needs are asked for by name.
#[test]
fn missing_facts_are_named() {
    let e = lone_pilot(&Down::new(How::Landed), Quiet, &mut Entered::default()).unwrap_err();
    assert_eq!(e, DownError::TerrainMissing);
    let mut dice = Entered::default().with(Table::Crash, Some(PILOT), &[6, 6]);
    let e = lone_pilot(&Down::new(How::ShotDown), Quiet, &mut dice).unwrap_err();
    assert!(e.to_string().contains("which side of the lines"), "{e}");
}

// An evaded crewman with an injury may be reported `evaded` or with his injury.
#[test]
fn evaded_agrees_with_an_injured_evader() {
    let c = CrewDown {
        crew: CrewId(1),
        rolls: Vec::new(),
        harm: Harm::MinorInjury,
        evade: Some(EvadeResult::Evaded),
        outcome: Outcome::MinorInjury,
    };
    assert!(agrees(Outcome::MinorInjury, &c, 0));
    assert!(agrees(Outcome::Evaded, &c, 0));
    assert!(!agrees(Outcome::Unharmed, &c, 0));
    // R7: with two wound boxes the injury he takes home is serious; sent so, it agrees.
    assert!(agrees(Outcome::SeriousInjury, &c, 2));
    assert!(!agrees(Outcome::SeriousInjury, &c, 1));
    let captured = CrewDown {
        evade: Some(EvadeResult::Captured),
        outcome: Outcome::Captured,
        ..c
    };
    assert!(!agrees(Outcome::MinorInjury, &captured, 1));
}

#[test]
fn wire_names_round_trip() {
    round_trips(How::ALL);
}

// API v1.3 "Words": a forced landing's refusal cites its section and names the fact
// to give as the form labels it, never its field.
#[test]
fn refusals_name_no_field() {
    let errors = [
        DownError::TerrainMissing,
        DownError::EvadeFactMissing {
            field: "which side of the lines (own, no man's land or enemy)",
        },
        DownError::EvadeFactMissing {
            field: "the hexes from the friendly trenches",
        },
        DownError::NobodyAtControls {
            why: "the aircraft has no dual controls for the observer",
        },
        DownError::BailOutOnTheGround,
    ];
    for e in errors {
        let text = e.to_string();
        assert!(
            text.starts_with(e.rule()) && !e.rule().is_empty(),
            "{text} cites {}",
            e.rule()
        );
        assert!(
            !text.contains('_') && !text.contains("down."),
            "a field in {text}"
        );
    }
}
