//! The sheet page's forms as typed, and what they ask of the office: a mark, a roll
//! on one of the sheet's tables, a sortie to declare. Every field is text, so a
//! refused form comes back as it was typed; each reason is kept under the name of
//! the field it is shown beside.

use std::collections::BTreeMap;

use campaign::crew::Role;
use campaign::down::How;
use campaign::sheet::aircraft::Section;
use campaign::sheet::marks::{Effect, Marker};
use eagles_office::debrief::DownDice;
use eagles_office::sheets::{
    DeclareSortie, MarkRequest, MissionMark, SeatRequest, SheetRollRequest,
};
use serde::Deserialize;

pub use super::combat_form::{CombatForm, COMBAT_FLAGS};
use crate::form::{ticked, FieldErrors};
use crate::pages::dice_check::sent_nonce;
use crate::pages::game::{parse_dice, seat_dice, DownInput, FactsInput, MissionAsks};

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
    /// The fields of a claim (`victim`, `shooter_pilot`, `shooter_observer`), of the
    /// mission's facts (`mission`, its type, and the facts' names) and of coming down
    /// (the names [`DownInput`] reads, each seat's crew id and dice), by name: the
    /// debrief form's readers take them as they take its own.
    #[serde(flatten)]
    pub more: BTreeMap<String, String>,
}

/// The seats whose crewmen a claim names and a landing's dice are typed for.
pub const SEATS: [&str; 2] = ["pilot", "observer"];

pub(super) fn number<T: std::str::FromStr>(
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
                // A box tapped on the drawn sheet names its section and the boxes it
                // crosses off as one value, `wings:2`; the typed form sends them apart.
                let tapped = self.typed("cross");
                let (section, boxes) = match tapped.split_once(':') {
                    Some((section, boxes)) => (section, boxes),
                    None => (self.section.as_str(), self.boxes.as_str()),
                };
                let section = number::<Section>(
                    errors,
                    "damage_section",
                    section,
                    "choose the section the marker hits",
                );
                let boxes = number::<u32>(
                    errors,
                    "damage_boxes",
                    boxes,
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
            "claim" => self.claim(errors),
            "mission" => self.mission(errors),
            "down" => self.down(errors),
            "escaped" => Some(MarkRequest::Escaped {}),
            "undo" => {
                // A roll's marks are undone with the roll (R24).
                if !self.typed("roll").is_empty() {
                    let roll = number::<i64>(
                        errors,
                        "undo",
                        &self.typed("roll"),
                        "choose the roll to undo",
                    )?;
                    return Some(MarkRequest::Undo {
                        mark: None,
                        roll: Some(roll),
                    });
                }
                let mark = number::<i64>(errors, "undo", &self.mark, "choose the mark to undo")?;
                Some(MarkRequest::Undo {
                    mark: Some(mark),
                    roll: None,
                })
            }
            _ => {
                errors.add("undo", "this form asks for no mark the page knows");
                None
            }
        }
    }
}

impl MarkForm {
    /// The field `name` of a claim, the mission's facts or coming down, as typed.
    pub fn typed(&self, name: &str) -> String {
        self.more.get(name).cloned().unwrap_or_default()
    }

    /// A claim (R22): the enemy aircraft chosen, and the crewmen ticked.
    fn claim(&self, errors: &mut FieldErrors) -> Option<MarkRequest> {
        let victim = number::<i64>(
            errors,
            "claim_victim",
            &self.typed("victim"),
            "choose the aircraft you shot down",
        );
        let shooters: Vec<i64> = SEATS
            .iter()
            .filter_map(|seat| self.typed(&format!("shooter_{seat}")).parse().ok())
            .collect();
        if shooters.is_empty() {
            errors.add("claim_shooters", "tick who shot it down");
            return None;
        }
        Some(MarkRequest::Claim {
            victim_sortie: victim?,
            shooters,
        })
    }

    /// The mission's facts (R10): those its mission (`mission`, its type) asks, each
    /// count refused beside its field.
    fn mission(&self, errors: &mut FieldErrors) -> Option<MarkRequest> {
        let asks = MissionAsks(self.typed("mission").parse().ok());
        let facts = FactsInput::read(asks, None, |field| self.typed(field));
        let counts = match facts.counts() {
            Ok(counts) => counts,
            Err(problems) => {
                for (field, problem) in problems {
                    errors.add(field, problem);
                }
                return None;
            }
        };
        Some(MarkRequest::Mission(MissionMark {
            target_observed: asks.observes_target().then_some(facts.target_observed),
            hexes_observed: asks.observes_troops().then_some(counts.hexes_observed),
            trips: asks.directs_artillery().then_some(counts.trips),
            hexes_strafed: asks.strafes().then_some(counts.hexes_strafed),
            balloon_destroyed: asks.busts_balloons().then_some(facts.balloon_destroyed),
        }))
    }

    /// How the aircraft came down and where, read as the debrief reads it (API v1.1
    /// `down`), with the dice entered, if any (R14).
    fn down(&self, errors: &mut FieldErrors) -> Option<MarkRequest> {
        let mut down = DownInput::read(|field| self.typed(field), "choose…");
        let how = down.how();
        if how.is_none() {
            errors.add("down_how", "choose how it came down");
        }
        // Read as a landing when no way is chosen, so every other problem shows too.
        let report = down.report(how.unwrap_or(How::Landed));
        if !down.errors.is_empty() {
            errors.add("down", down.errors.join("; "));
        }
        let mut dice = DownDice::default();
        let mut problems = Vec::new();
        for seat in SEATS {
            let Ok(crew_id) = self.typed(seat).parse::<i64>() else {
                continue;
            };
            let typed = ["crash_dice", "bail_out_dice", "evade_dice"]
                .map(|table| self.typed(&format!("{seat}_{table}")));
            problems.extend(seat_dice(
                &mut dice,
                crew_id,
                typed.each_ref().map(String::as_str),
            ));
        }
        if !problems.is_empty() {
            errors.add("down_dice", problems.join("; "));
        }
        let mut report = report.filter(|_| how.is_some() && problems.is_empty())?;
        report.dice = DownDice {
            landing: report.dice.landing.take(),
            ..dice
        };
        report.nonce = sent_nonce(&self.typed("nonce"));
        Some(MarkRequest::Down(Box::new(report)))
    }
}

/// Entered dice, or none for the server to roll (R14); the reason beside `field`.
pub(super) fn dice(
    errors: &mut FieldErrors,
    field: &'static str,
    text: &str,
) -> Option<Option<Vec<u32>>> {
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
    /// A player's fresh nonce (R25), filled by the phone as the form is sent.
    pub nonce: String,
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
            "spin" => SheetRollRequest::Spin {
                dice: dice?,
                nonce: sent_nonce(&self.nonce),
            },
            "spin_recovery" => SheetRollRequest::SpinRecovery {
                dice: dice?,
                nonce: sent_nonce(&self.nonce),
            },
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
                    nonce: sent_nonce(&self.nonce),
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
                nonce: sent_nonce(&self.nonce),
            },
            "unjam" => SheetRollRequest::Unjam {
                position: number::<Role>(
                    errors,
                    "tables_position",
                    &self.position,
                    "choose whose weapon to clear",
                )?,
                dice: dice?,
                nonce: sent_nonce(&self.nonce),
            },
            "extinguish_fire" => SheetRollRequest::ExtinguishFire {
                sideslip: ticked(&self.sideslip),
                dice: dice?,
                nonce: sent_nonce(&self.nonce),
            },
            "extinguish_smoke" => SheetRollRequest::ExtinguishSmoke {
                dice: dice?,
                nonce: sent_nonce(&self.nonce),
            },
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
    use campaign::sheet::combat_value::{Burst, TargetAltitude};

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

    /// A mark form of `kind` with the fields of a claim, the mission or coming down.
    #[test]
    fn a_long_burst_asks_for_the_combat_die_and_the_jam_die() {
        // §3.801: a long burst tests for jamming with a die of its own.
        let long = |dice: &str, jam: &str| CombatForm {
            burst: "long".into(),
            dice: dice.into(),
            jam_die: jam.into(),
            ..CombatForm::start()
        };
        let read = |form: CombatForm| {
            let mut errors = FieldErrors::default();
            let dice = form.dice_entered(&mut errors, form.burst.parse().ok());
            (dice, errors.get("combat_dice").map(str::to_owned))
        };
        assert_eq!(read(long("5", "6")).0, Some(Some(vec![5, 6])));
        assert_eq!(read(long("", "")).0, Some(None));
        assert_eq!(read(long("5 6", "")).0, Some(Some(vec![5, 6])));
        for (dice, jam) in [("5", ""), ("", "6")] {
            let (read, reason) = read(long(dice, jam));
            assert!(read.is_none());
            assert!(reason.unwrap().contains("jam die"));
        }
        let short = CombatForm {
            jam_die: "6".into(),
            dice: "5".into(),
            ..CombatForm::start()
        };
        assert!(read(short).1.unwrap().contains("only a long burst"));
    }

    #[test]
    fn a_tapped_box_crosses_off_its_section_up_to_it() {
        // The third wing box tapped with one wing box crossed: two boxes, one red
        // marker (§3.60's damage markers).
        let form = MarkForm {
            kind: "damage".into(),
            marker: "red".into(),
            ..typed("damage", &[("cross", "wings:2")])
        };
        let mut errors = FieldErrors::default();
        let Some(MarkRequest::Damage {
            section,
            boxes,
            marker,
        }) = form.request(&mut errors)
        else {
            panic!("no damage mark: {errors:?}");
        };
        assert_eq!(
            (section, boxes, marker),
            (Section::Wings, 2, Some(Marker::Red))
        );
    }

    fn typed(kind: &str, fields: &[(&str, &str)]) -> MarkForm {
        MarkForm {
            kind: kind.into(),
            more: fields
                .iter()
                .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
                .collect(),
            ..MarkForm::default()
        }
    }

    #[test]
    fn a_claim_names_the_victim_and_the_crewmen_ticked() {
        // R22: a claim by this sortie's pilot and observer on the enemy sortie 9.
        let form = typed(
            "claim",
            &[
                ("victim", "9"),
                ("shooter_pilot", "7"),
                ("shooter_observer", "8"),
            ],
        );
        let mut errors = FieldErrors::default();
        let Some(MarkRequest::Claim {
            victim_sortie,
            shooters,
        }) = form.request(&mut errors)
        else {
            panic!("a claim: {errors:?}");
        };
        assert_eq!((victim_sortie, shooters), (9, vec![7, 8]));
    }

    #[test]
    fn a_claim_without_victim_or_shooter_says_both() {
        let form = typed("claim", &[("victim", "")]);
        let mut errors = FieldErrors::default();
        assert!(form.request(&mut errors).is_none());
        assert_eq!(
            errors.get("claim_victim"),
            Some("choose the aircraft you shot down")
        );
        assert_eq!(errors.get("claim_shooters"), Some("tick who shot it down"));
    }

    #[test]
    fn the_mission_facts_are_those_its_mission_asks() {
        // R10: trench strafing is judged on the hexes strafed alone; a fact the
        // mission does not ask is left as the sheet has it.
        let form = typed(
            "mission",
            &[
                ("mission", "strafe_trenches"),
                ("hexes_strafed", " 3 "),
                ("target_observed", "on"),
            ],
        );
        let mut errors = FieldErrors::default();
        let Some(MarkRequest::Mission(facts)) = form.request(&mut errors) else {
            panic!("the mission's facts: {errors:?}");
        };
        assert_eq!(
            facts,
            MissionMark {
                hexes_strafed: Some(3),
                ..MissionMark::default()
            }
        );
        // Observing the airfield asks whether the target was seen: unticked is no.
        let form = typed("mission", &[("mission", "observe_airfield")]);
        let Some(MarkRequest::Mission(facts)) = form.request(&mut errors) else {
            panic!("the mission's facts: {errors:?}");
        };
        assert_eq!(facts.target_observed, Some(false));
        assert_eq!((facts.hexes_observed, facts.trips), (None, None));
    }

    #[test]
    fn mission_counts_that_are_no_numbers_are_refused_in_words() {
        // An unknown mission asks every fact.
        let form = typed(
            "mission",
            &[
                ("hexes_observed", "two"),
                ("trips", "-1"),
                ("hexes_strafed", "1"),
            ],
        );
        let mut errors = FieldErrors::default();
        assert!(form.request(&mut errors).is_none());
        assert_eq!(
            errors.get("hexes_observed"),
            Some("Hexes observed is a whole number, 0 or more; \"two\" is not")
        );
        assert_eq!(
            errors.get("trips"),
            Some("Trips done is a whole number, 0 or more; \"-1\" is not")
        );
        assert!(errors.get("hexes_strafed").is_none());
    }

    #[test]
    fn coming_down_reads_as_the_debrief_reads_it() {
        // §11: shot down at altitude 3 over clear terrain, on fire, behind our own
        // lines 1 hex from the trenches; the pilot's crash dice 6 3 entered (R14),
        // the observer's left to the server.
        let form = typed(
            "down",
            &[
                ("how", "shot_down"),
                ("terrain", "clear"),
                ("on_fire", "on"),
                ("altitude", "3"),
                ("side_of_lines", "own"),
                ("hexes", "1"),
                ("pilot", "7"),
                ("pilot_crash_dice", "6 3"),
                ("observer", "8"),
                ("observer_crash_dice", ""),
            ],
        );
        let mut errors = FieldErrors::default();
        let Some(MarkRequest::Down(report)) = form.request(&mut errors) else {
            panic!("down: {errors:?}");
        };
        assert_eq!(report.how, How::ShotDown);
        assert_eq!(report.terrain.map(|t| t.as_str()), Some("clear"));
        assert!(report.on_fire && !report.smoking && !report.road);
        assert_eq!(report.altitude, 3);
        assert_eq!(report.side_of_lines.map(|s| s.as_str()), Some("own"));
        assert_eq!(report.hexes_from_friendly_trenches, Some(1));
        assert_eq!(report.dice.crash, BTreeMap::from([(7, vec![6, 3])]));
        assert_eq!(report.dice.landing, None);
    }

    #[test]
    fn coming_down_names_every_problem_at_once() {
        let form = typed(
            "down",
            &[
                ("altitude", "high"),
                ("hexes", "x"),
                ("pilot", "7"),
                ("pilot_evade_dice", "one"),
            ],
        );
        let mut errors = FieldErrors::default();
        assert!(form.request(&mut errors).is_none());
        assert_eq!(errors.get("down_how"), Some("choose how it came down"));
        let down = errors.get("down").unwrap();
        assert!(down.contains("Altitude is a whole number"), "{down}");
        assert!(
            down.contains("Hexes from the friendly trenches is a whole number"),
            "{down}"
        );
        let dice = errors.get("down_dice").unwrap();
        assert!(dice.contains("\"one\" is no die"), "{dice}");
    }

    #[test]
    fn escaped_is_one_button() {
        let mut errors = FieldErrors::default();
        let request = typed("escaped", &[]).request(&mut errors);
        assert!(matches!(request, Some(MarkRequest::Escaped {})));
    }
}
