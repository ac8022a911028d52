//! Invariants of the aircraft data sheet's rules for every input (R17, R18).

use campaign::abilities::Ability;
use campaign::crew::Role;
use campaign::sheet::aircraft::{Section, SheetAircraft, Stability};
use campaign::sheet::combat::{resolve_combat, Shooter, ShootingAircraft};
use campaign::sheet::combat_result::{read, LINES};
use campaign::sheet::combat_value::{Burst, Shot, TargetAltitude, Weapon};
use campaign::sheet::marks::{Effect, Mark};
use campaign::sheet::state::SheetState;
use proptest::prelude::*;

fn shot() -> impl Strategy<Value = Shot> {
    (
        0u32..=4,
        prop::sample::select(Burst::ALL),
        prop::sample::select(Weapon::ALL),
        prop::sample::select(TargetAltitude::ALL),
        prop::array::uniform9(any::<bool>()),
    )
        .prop_map(|(range, burst, weapon, target_altitude, f)| Shot {
            range,
            burst,
            weapon,
            dual_weapons: f[0],
            cannon_free_firing: f[1],
            deflection: f[2],
            target_spinning: f[3],
            restricted_maneuver: f[4],
            fired_last_turn: f[5],
            tailed_last_turn: f[6],
            target_altitude,
            target_stalled: f[7],
            speed_3_or_4: f[8],
        })
}

const COMBAT_ABILITIES: [Ability; 5] = [
    Ability::Stability,
    Ability::Deflection,
    Ability::Range,
    Ability::FireValue,
    Ability::DieRollAdd,
];

/// Appendix A's Bristol F2b: A, engine 8, wings 40, fuselage 28, tail 6, fuel 67, two
/// seats with dual controls.
fn bristol() -> SheetAircraft {
    SheetAircraft::of_row("Bristol F2b", Stability::A, [8, 40, 28, 6, 67], true, true)
}

fn mark() -> impl Strategy<Value = Mark> {
    let seat = prop::sample::select(Role::ALL);
    prop_oneof![
        (prop::sample::select(Section::ALL), 1u32..12).prop_map(|(section, boxes)| {
            Mark::Damage {
                section,
                boxes,
                marker: None,
            }
        }),
        (1u32..20).prop_map(|boxes| Mark::Fuel { boxes }),
        (seat.clone(), 1u32..=2).prop_map(|(seat, boxes)| Mark::Wound { seat, boxes }),
        (prop::sample::select(Effect::ALL), any::<bool>())
            .prop_map(|(name, on)| Mark::Effect { name, on }),
        (1u32..30).prop_map(|turn| Mark::Turn { turn }),
        (seat, 0u32..9).prop_map(|(seat, count)| Mark::RedHits { seat, count }),
        (0u32..3, 0u32..5).prop_map(|(blue, red)| Mark::Hit { blue, red }),
    ]
}

proptest! {
    // R17: a shot is refused for a rule, or reads the Combat Result Table where its
    // value and die say: no line at 0 or less, at most line 17 and column 6.
    #[test]
    fn a_shot_reads_the_table_where_its_value_says(
        shot in shot(),
        seat in prop::sample::select(Role::ALL),
        wound_boxes in 0u32..=3,
        stability in prop::sample::select(Stability::ALL),
        held in prop::array::uniform5(any::<bool>()),
        spinning in any::<bool>(),
        on_fire in any::<bool>(),
        die in 1u32..=6,
    ) {
        let abilities: Vec<Ability> = COMBAT_ABILITIES
            .iter()
            .zip(held)
            .filter_map(|(a, h)| h.then_some(*a))
            .collect();
        let shooter = Shooter { seat, wound_boxes, passed_out: false, abilities: &abilities };
        let aircraft = ShootingAircraft { stability, spinning, on_fire, observer_flying: false };
        match resolve_combat(&shot, &shooter, &aircraft, die) {
            Err(e) => prop_assert!(["R17", "R18"].contains(&e.rule()), "{e}"),
            Ok(c) => {
                let sum: i32 = c.modifiers.iter().map(|m| m.value).sum();
                prop_assert_eq!(c.value, c.base + sum);
                prop_assert_eq!(c.line.is_none(), c.value <= 0);
                prop_assert!(c.line.unwrap_or(1) <= LINES);
                prop_assert!((1..=6).contains(&c.column));
                prop_assert!(c.column >= die);
                match c.line {
                    Some(line) => prop_assert_eq!(c.hits, read(line, c.column)),
                    None => prop_assert!(c.hits.is_none()),
                }
                prop_assert!(!spinning);
                prop_assert!(wound_boxes < 3);
            }
        }
    }

    // Undoing any mark gives the sheet as if it had never been made.
    #[test]
    fn undoing_a_mark_is_as_if_it_was_never_made(
        marks in prop::collection::vec(mark(), 1..25),
        pick in any::<prop::sample::Index>(),
    ) {
        let aircraft = bristol();
        let gone = pick.index(marks.len());
        let mut undone = marks.clone();
        undone.push(Mark::Undo { mark: gone });
        let mut without = marks.clone();
        without.remove(gone);
        prop_assert_eq!(
            SheetState::from_marks(&aircraft, &undone).unwrap(),
            SheetState::from_marks(&aircraft, &without).unwrap()
        );
        // Undoing the undo restores the mark.
        undone.push(Mark::Undo { mark: marks.len() });
        prop_assert_eq!(
            SheetState::from_marks(&aircraft, &undone).unwrap(),
            SheetState::from_marks(&aircraft, &marks).unwrap()
        );
    }
}
