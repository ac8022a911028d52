//! The combat form as the sheet's last shot left it: the same shooter, target, range,
//! burst and the flags that counted (§3.53: a fight repeats its shot turn after turn),
//! so that the next shot is one tap on Fire.

use campaign::logged_table::LoggedTable;
use campaign::sheet::SheetTable;
use eagles_office::rolls::RollView;
use eagles_office::sheets::SortieView;
use serde_json::Value;

use super::forms::{CombatForm, COMBAT_FLAGS};
use super::roll::object;

/// The last shot fired from `sortie_id` among `rolls`, if any.
pub fn last_shot(rolls: &[RollView], sortie_id: i64) -> Option<&RollView> {
    rolls
        .iter()
        .filter(|r| r.sortie_id == Some(sortie_id))
        .filter(|r| matches!(r.table, LoggedTable::Sheet(SheetTable::Combat)))
        .max_by_key(|r| r.id)
}

impl CombatForm {
    /// The form filled in as `shot` was fired. A flag is read back from the modifiers
    /// the shot's combat value counted: a flag that added nothing at its range adds
    /// nothing again at that range.
    pub fn after(shot: &RollView, lineup: &[SortieView]) -> Self {
        let mut form = Self::start();
        let Some(result) = object(&shot.result) else {
            return form;
        };
        let counted = |name: &str| shot.modifiers.get(name).is_some();
        if let Some(id) = shot.crew_id {
            form.shooter = id.to_string();
        }
        if let Some(target) = result
            .get("target_sortie")
            .and_then(Value::as_str)
            .and_then(|key| lineup.iter().find(|s| s.key == key))
        {
            form.target = target.id.to_string();
        }
        if let Some(range) = result.get("range").and_then(Value::as_u64) {
            form.range = range.to_string();
        }
        if let Some(burst) = result.get("burst").and_then(Value::as_str) {
            form.burst = burst.to_owned();
        }
        if counted("flexible_weapon") {
            form.weapon = "flexible".to_owned();
        }
        if counted("target_lower") {
            form.altitude = "lower".to_owned();
        } else if counted("target_higher") {
            form.altitude = "higher".to_owned();
        }
        for (field, _) in COMBAT_FLAGS {
            if counted(field) {
                form.tick(field);
            }
        }
        form
    }

    /// Ticks the flag `field` of the Combat Values Table.
    fn tick(&mut self, field: &str) {
        let flag = match field {
            "dual_weapons" => &mut self.dual_weapons,
            "cannon_free_firing" => &mut self.cannon_free_firing,
            "deflection" => &mut self.deflection,
            "target_spinning" => &mut self.target_spinning,
            "restricted_maneuver" => &mut self.restricted_maneuver,
            "fired_last_turn" => &mut self.fired_last_turn,
            "tailed_last_turn" => &mut self.tailed_last_turn,
            "target_stalled" => &mut self.target_stalled,
            "speed_3_or_4" => &mut self.speed_3_or_4,
            _ => return,
        };
        *flag = Some("on".to_owned());
    }
}
