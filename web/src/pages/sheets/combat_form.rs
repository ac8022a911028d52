//! The sheet's combat form as typed (R17): who fires at what, the burst, the weapon,
//! the Combat Values Table's flags and the dice (the combat die, and the jam die of a
//! long burst, §3.801); and the roll it asks of the office.

use campaign::sheet::combat_value::{Burst, Shot, TargetAltitude, Weapon, MAX_RANGE};
use eagles_office::sheets::{CombatRoll, SheetRollRequest};
use serde::Deserialize;

use crate::form::{ticked, FieldErrors};
use crate::pages::dice_check::sent_nonce;

use super::forms::{dice, number};

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
    /// The combat die, entered.
    pub dice: String,
    /// The jam die a long burst rolls too (§3.801), entered.
    pub jam_die: String,
    pub dual_weapons: Option<String>,
    pub cannon_free_firing: Option<String>,
    pub deflection: Option<String>,
    pub target_spinning: Option<String>,
    pub restricted_maneuver: Option<String>,
    pub fired_last_turn: Option<String>,
    pub tailed_last_turn: Option<String>,
    pub target_stalled: Option<String>,
    pub speed_3_or_4: Option<String>,
    /// A player's fresh nonce (R25), filled by the phone as the form is sent.
    pub nonce: String,
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

    /// The flags ticked, by their labels, for the table's summary.
    pub fn flags_ticked(&self) -> Vec<&'static str> {
        COMBAT_FLAGS
            .iter()
            .filter(|(field, _)| self.ticked(field))
            .map(|(_, label)| *label)
            .collect()
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
        let dice = self.dice_entered(errors, burst);
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
            nonce: sent_nonce(&self.nonce),
            unknown: Default::default(),
        }))
    }
}

impl CombatForm {
    /// The dice entered, the combat die then a long burst's jam die (§3.801), or none
    /// for the server to roll both.
    pub(super) fn dice_entered(
        &self,
        errors: &mut FieldErrors,
        burst: Option<Burst>,
    ) -> Option<Option<Vec<u32>>> {
        let (combat, jam) = (self.dice.trim(), self.jam_die.trim());
        let long = burst == Some(Burst::Long);
        // Both dice typed into the combat die's field, as they are rolled, pass too.
        let one_typed = combat.split([' ', ',']).filter(|d| !d.is_empty()).count() < 2;
        let jam_missing = jam.is_empty() && !combat.is_empty() && one_typed;
        if long && (jam_missing || (combat.is_empty() && !jam.is_empty())) {
            errors.add(
                "combat_dice",
                "a long burst rolls the jam die too (§3.801): enter the combat die and the jam die, or leave both blank for the server to roll",
            );
            return None;
        }
        if !long && !jam.is_empty() {
            errors.add(
                "combat_dice",
                "only a long burst rolls the jam die (§3.801): leave the jam die blank",
            );
            return None;
        }
        dice(errors, "combat_dice", &format!("{combat} {jam}"))
    }
}
