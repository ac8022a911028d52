//! The sheet page's forms as typed, and what they ask of the office: a mark, a roll
//! on one of the sheet's tables, a sortie to declare. Every field is text, so a
//! refused form comes back as it was typed; each reason is kept under the name of
//! the field it is shown beside.

use campaign::crew::Role;
use campaign::sheet::aircraft::Section;
use campaign::sheet::combat_value::{Burst, Shot, TargetAltitude, Weapon, MAX_RANGE};
use campaign::sheet::marks::{Effect, Marker};
use eagles_office::sheets::{
    CombatRoll, DeclareSortie, MarkRequest, SeatRequest, SheetRollRequest,
};
use serde::Deserialize;

use crate::form::{ticked, FieldErrors};
use crate::pages::game::parse_dice;

/// A mark's form: one per kind on the page, `kind` hidden in each.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(default)]
pub struct MarkForm {
    pub csrf: String,
    pub kind: String,
    pub section: String,
    pub boxes: String,
    pub marker: String,
    pub crewman: String,
    pub effect: String,
    pub on: String,
    pub turn: String,
    pub mark: String,
}

fn number<T: std::str::FromStr>(
    errors: &mut FieldErrors,
    field: &'static str,
    text: &str,
    reason: &str,
) -> Option<T> {
    let parsed = text.trim().parse().ok();
    if parsed.is_none() {
        errors.add(field, reason);
    }
    parsed
}

impl MarkForm {
    /// The mark the form asks for, or none with every reason noted.
    pub fn request(&self, errors: &mut FieldErrors) -> Option<MarkRequest> {
        match self.kind.as_str() {
            "damage" => {
                let section = number::<Section>(
                    errors,
                    "damage_section",
                    &self.section,
                    "choose the section the marker hits",
                );
                let boxes = number::<u32>(
                    errors,
                    "damage_boxes",
                    &self.boxes,
                    "write how many boxes the marker crosses off, e.g. 2",
                )
                .filter(|b| {
                    *b > 0 || {
                        errors.add("damage_boxes", "cross off at least one box");
                        false
                    }
                });
                let marker = match self.marker.as_str() {
                    "" => Some(None),
                    m => number::<Marker>(
                        errors,
                        "damage_marker",
                        m,
                        "choose blue, red, or no marker",
                    )
                    .map(Some),
                };
                Some(MarkRequest::Damage {
                    section: section?,
                    boxes: boxes?,
                    marker: marker?,
                })
            }
            "wound" => {
                let crew_id = number::<i64>(
                    errors,
                    "wound_crewman",
                    &self.crewman,
                    "choose the crewman wounded",
                );
                let boxes = match self.boxes.as_str() {
                    "1" => Some(1),
                    "2" => Some(2),
                    _ => {
                        errors.add(
                            "wound_crewman",
                            "a wound is one box (light) or two (serious)",
                        );
                        None
                    }
                };
                Some(MarkRequest::Wound {
                    crew_id: crew_id?,
                    boxes: boxes?,
                })
            }
            "effect" => {
                let name = number::<Effect>(errors, "effect", &self.effect, "choose an effect")?;
                Some(MarkRequest::Effect {
                    name,
                    on: self.on == "true",
                })
            }
            "turn" => {
                let turn = number::<u32>(errors, "turn", &self.turn, "the turn is a number")?;
                Some(MarkRequest::Turn { turn })
            }
            "undo" => {
                let mark = number::<i64>(errors, "undo", &self.mark, "choose the mark to undo")?;
                Some(MarkRequest::Undo { mark })
            }
            _ => {
                errors.add("undo", "this form asks for no mark the page knows");
                None
            }
        }
    }
}

/// The combat form: the shot's flags as checkboxes and selects (R17).
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(default)]
pub struct CombatForm {
    pub csrf: String,
    pub shooter: String,
    pub target: String,
    pub range: String,
    pub burst: String,
    pub weapon: String,
    pub altitude: String,
    pub dice: String,
    pub dual_weapons: Option<String>,
    pub cannon_free_firing: Option<String>,
    pub deflection: Option<String>,
    pub target_spinning: Option<String>,
    pub restricted_maneuver: Option<String>,
    pub fired_last_turn: Option<String>,
    pub tailed_last_turn: Option<String>,
    pub target_stalled: Option<String>,
    pub speed_3_or_4: Option<String>,
}

/// The flags of the Combat Values Table the form offers as checkboxes: field, label.
pub const COMBAT_FLAGS: [(&str, &str); 9] = [
    ("deflection", "Deflection shot"),
    ("tailed_last_turn", "Tailed the target last turn"),
    ("fired_last_turn", "Fired at it last turn"),
    ("dual_weapons", "Twin weapons"),
    ("target_spinning", "Target spinning"),
    ("target_stalled", "Target stalled"),
    ("restricted_maneuver", "Restricted maneuver"),
    ("speed_3_or_4", "Speed 3 or 4"),
    ("cannon_free_firing", "Free-firing cannon"),
];

impl CombatForm {
    /// The form as it starts: range 1, a short burst from a rigid weapon, the target
    /// at the same altitude.
    pub fn start() -> Self {
        Self {
            range: "1".into(),
            burst: Burst::Short.as_str().into(),
            weapon: Weapon::Rigid.as_str().into(),
            altitude: TargetAltitude::Same.as_str().into(),
            ..Self::default()
        }
    }

    /// Whether the flag `field` is ticked.
    pub fn ticked(&self, field: &str) -> bool {
        ticked(match field {
            "dual_weapons" => &self.dual_weapons,
            "cannon_free_firing" => &self.cannon_free_firing,
            "deflection" => &self.deflection,
            "target_spinning" => &self.target_spinning,
            "restricted_maneuver" => &self.restricted_maneuver,
            "fired_last_turn" => &self.fired_last_turn,
            "tailed_last_turn" => &self.tailed_last_turn,
            "target_stalled" => &self.target_stalled,
            "speed_3_or_4" => &self.speed_3_or_4,
            _ => return false,
        })
    }

    /// The roll the form asks for, or none with every reason noted.
    pub fn request(&self, errors: &mut FieldErrors) -> Option<SheetRollRequest> {
        let shooter = number::<i64>(errors, "shooter", &self.shooter, "choose who fires");
        let target = number::<i64>(
            errors,
            "target",
            &self.target,
            "choose the aircraft fired at",
        );
        let range = number::<u32>(
            errors,
            "range",
            &self.range,
            "choose the range, 0 to 3 hexes",
        )
        .filter(|r| {
            *r <= MAX_RANGE || {
                errors.add("range", "choose the range, 0 to 3 hexes");
                false
            }
        });
        let burst = number::<Burst>(
            errors,
            "burst",
            &self.burst,
            "choose a short, medium or long burst",
        );
        let weapon = number::<Weapon>(
            errors,
            "weapon",
            &self.weapon,
            "choose a rigid or flexible weapon",
        );
        let altitude = number::<TargetAltitude>(
            errors,
            "altitude",
            &self.altitude,
            "choose the target's altitude: lower, the same or higher",
        );
        let dice = dice(errors, "combat_dice", &self.dice);
        let shot = Shot {
            range: range?,
            burst: burst?,
            weapon: weapon?,
            dual_weapons: ticked(&self.dual_weapons),
            cannon_free_firing: ticked(&self.cannon_free_firing),
            deflection: ticked(&self.deflection),
            target_spinning: ticked(&self.target_spinning),
            restricted_maneuver: ticked(&self.restricted_maneuver),
            fired_last_turn: ticked(&self.fired_last_turn),
            tailed_last_turn: ticked(&self.tailed_last_turn),
            target_altitude: altitude?,
            target_stalled: ticked(&self.target_stalled),
            speed_3_or_4: ticked(&self.speed_3_or_4),
        };
        Some(SheetRollRequest::Combat(CombatRoll {
            shooter: shooter?,
            target_sortie: target?,
            shot,
            dice: dice?,
            unknown: Default::default(),
        }))
    }
}

/// Entered dice, or none for the server to roll (R14); the reason beside `field`.
fn dice(errors: &mut FieldErrors, field: &'static str, text: &str) -> Option<Option<Vec<u32>>> {
    parse_dice(text)
        .map_err(|reason| errors.add(field, reason))
        .ok()
}

/// The other tables' form: one button a table, and what some of them need.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(default)]
pub struct TablesForm {
    pub csrf: String,
    pub table: String,
    pub dice: String,
    /// The crewman a crew wound roll is for; empty for every living one.
    pub crewman: String,
    pub section: String,
    pub position: String,
    pub sideslip: Option<String>,
}

/// The tables the form's buttons roll: wire name, button text.
pub const TABLES: [(&str, &str); 7] = [
    ("spin", "Spin test"),
    ("spin_recovery", "Spin recovery"),
    ("crew_wound", "Crew wound"),
    ("critical", "Critical damage"),
    ("unjam", "Unjam"),
    ("extinguish_fire", "Put out fire"),
    ("extinguish_smoke", "Put out smoke"),
];

impl TablesForm {
    /// The roll the button pressed asks for, or none with every reason noted.
    pub fn request(&self, errors: &mut FieldErrors) -> Option<SheetRollRequest> {
        let dice = dice(errors, "tables_dice", &self.dice);
        let request = match self.table.as_str() {
            "spin" => SheetRollRequest::Spin { dice: dice? },
            "spin_recovery" => SheetRollRequest::SpinRecovery { dice: dice? },
            "crew_wound" => {
                let crew_ids = match self.crewman.as_str() {
                    "" => None,
                    c => Some(vec![number::<i64>(
                        errors,
                        "tables_crewman",
                        c,
                        "choose a crewman, or every living one",
                    )?]),
                };
                SheetRollRequest::CrewWound {
                    crew_ids,
                    dice: dice?,
                }
            }
            "critical" => SheetRollRequest::Critical {
                section: number::<Section>(
                    errors,
                    "tables_section",
                    &self.section,
                    "choose the critically damaged section",
                )?,
                dice: dice?,
            },
            "unjam" => SheetRollRequest::Unjam {
                position: number::<Role>(
                    errors,
                    "tables_position",
                    &self.position,
                    "choose whose weapon to clear",
                )?,
                dice: dice?,
            },
            "extinguish_fire" => SheetRollRequest::ExtinguishFire {
                sideslip: ticked(&self.sideslip),
                dice: dice?,
            },
            "extinguish_smoke" => SheetRollRequest::ExtinguishSmoke { dice: dice? },
            _ => {
                errors.add("tables_dice", "press the button of the table to roll");
                return None;
            }
        };
        Some(request)
    }
}

/// The form to declare a sortie: an aircraft type and the player's own crew (R16),
/// the fields of the mission assignment's form.
pub use crate::pages::game::AssignForm as DeclareForm;

impl DeclareForm {
    /// The sortie the form declares, or none with every reason noted.
    pub fn request(&self, errors: &mut FieldErrors) -> Option<DeclareSortie> {
        let aircraft_id = number::<i64>(errors, "aircraft", &self.aircraft, "choose the aircraft");
        let pilot = number::<i64>(errors, "pilot", &self.pilot, "choose the pilot");
        let observer = match self.observer.as_str() {
            "" => Some(None),
            o => number::<i64>(errors, "observer", o, "choose the observer, or none").map(Some),
        };
        let mut crew = vec![SeatRequest {
            crew_id: pilot?,
            position: Role::Pilot,
        }];
        if let Some(observer) = observer? {
            crew.push(SeatRequest {
                crew_id: observer,
                position: Role::Observer,
            });
        }
        Some(DeclareSortie {
            aircraft_id: aircraft_id?,
            crew,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damage_form_names_every_problem() {
        let form = MarkForm {
            kind: "damage".into(),
            boxes: "x".into(),
            marker: "green".into(),
            ..MarkForm::default()
        };
        let mut errors = FieldErrors::default();
        assert!(form.request(&mut errors).is_none());
        assert!(errors.get("damage_section").is_some());
        assert!(errors.get("damage_boxes").is_some());
        assert!(errors.get("damage_marker").is_some());
    }

    #[test]
    fn the_combat_form_reads_as_a_shot() {
        // R17's example: range 1, medium burst, tailed last turn, target lower.
        let form = CombatForm {
            shooter: "7".into(),
            target: "9".into(),
            burst: "medium".into(),
            altitude: "lower".into(),
            tailed_last_turn: Some("on".into()),
            dice: "5".into(),
            ..CombatForm::start()
        };
        let mut errors = FieldErrors::default();
        let Some(SheetRollRequest::Combat(roll)) = form.request(&mut errors) else {
            panic!("a combat roll: {errors:?}");
        };
        assert_eq!((roll.shooter, roll.target_sortie), (7, 9));
        assert_eq!(roll.shot.range, 1);
        assert_eq!(roll.shot.burst, Burst::Medium);
        assert_eq!(roll.shot.target_altitude, TargetAltitude::Lower);
        assert!(roll.shot.tailed_last_turn && !roll.shot.deflection);
        assert_eq!(roll.dice, Some(vec![5]));
    }

    #[test]
    fn a_range_past_3_is_refused() {
        let form = CombatForm {
            shooter: "1".into(),
            target: "2".into(),
            range: "4".into(),
            ..CombatForm::start()
        };
        let mut errors = FieldErrors::default();
        assert!(form.request(&mut errors).is_none());
        assert_eq!(errors.get("range"), Some("choose the range, 0 to 3 hexes"));
    }
}
