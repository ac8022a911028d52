//! A logged roll's modifiers in the rulebook's words: the log keeps each by its wire
//! name with what it added (`{"shot_down_at_altitude": -2}`); a page says "shot down at
//! altitude 1–3 −2", the row of appendix C or the Combat Values table it comes from.

use serde_json::Value;

use super::signed;

/// The row a modifier comes from, given what it added: some rows are read from a
/// range the value tells apart (altitude 1–3 is −2, 4–5 is −3, 6+ is −4).
pub fn modifier_name(name: &str, value: i64) -> String {
    let fixed = match name {
        // Appendix C.
        "minor_wound" => "minor wound",
        "serious_wound" => "serious wound",
        "minor_injury" => "minor injury",
        "serious_injury" => "serious injury",
        "novice" => "flown by a novice",
        "observer_flying" => "observer flying the aircraft",
        "co_pilot_flying" => "co-pilot flying the aircraft",
        "smoking" => "aircraft smoking",
        "on_fire" => "aircraft on fire",
        "gliding" => "aircraft gliding",
        "critical_damage" => "critical damage",
        "road" => "road",
        "pusher" => "a pusher aircraft",
        "altitude_1" => "bailing out at altitude 1",
        "aircraft_destroyed" => "aircraft destroyed",
        "own_side_of_lines" => "on his own side of the lines",
        "enemy_side_of_lines" => "on the enemy's side of the lines",
        "ground_offensive" => "ground attack in progress",
        // §7.02, appendix E.
        "late_war" => "late war",
        "bombardier" => "Bombardier ability",
        // The Combat Values table and appendix D.
        "medium_burst" => "medium burst",
        "long_burst" => "long burst",
        "stability_ability" => "Stability ability",
        "speed_3_or_4" => "shooter's speed 3 or 4",
        "dual_weapons" => "dual weapons",
        "cannon_free_firing" => "free firing a cannon",
        "flexible_weapon" => "flexible weapon",
        "deflection" => "deflection",
        "deflection_ability" => "Deflection ability",
        "target_spinning" => "target spinning",
        "restricted_maneuver" => "restricted maneuver",
        "fired_last_turn" => "fired at the target last turn",
        "tailed_last_turn" => "tailed the target last turn",
        "target_lower" => "target at lower altitude",
        "target_higher" => "target at higher altitude",
        "target_stalled" => "target stalled",
        "fire_value" => "Fire Value ability",
        "die_roll_add" => "Die Roll Add ability",
        "incendiary" => "incendiary rounds",
        "stability" => "stability",
        "spin_recovery" => "Spin Recovery ability",
        _ => "",
    };
    if !fixed.is_empty() {
        return fixed.to_owned();
    }
    match (name, value) {
        ("shot_down_at_altitude", -2) => "shot down at altitude 1–3".to_owned(),
        ("shot_down_at_altitude", -3) => "shot down at altitude 4–5".to_owned(),
        ("shot_down_at_altitude", _) => "shot down at altitude 6+".to_owned(),
        ("hexes_from_friendly_trenches", 1) => "0–3 hexes from friendly trenches".to_owned(),
        ("hexes_from_friendly_trenches", _) => "6+ hexes from friendly trenches".to_owned(),
        ("terrain", -1) => "crashed in woods or a trench line".to_owned(),
        ("terrain", -2) => "crashed in shell holes".to_owned(),
        ("terrain", -3) => "crashed in a village".to_owned(),
        ("terrain", _) => "terrain".to_owned(),
        (other, _) => other.replace('_', " "),
    }
}

/// The modifiers of a logged roll: "shot down at altitude 1–3 −2, aircraft on fire −1",
/// or "none".
pub fn modifiers(logged: &Value) -> String {
    let said: Vec<String> = logged
        .as_object()
        .into_iter()
        .flatten()
        .map(|(name, value)| match value.as_i64() {
            Some(n) => format!("{} {}", modifier_name(name, n), signed(n)),
            None => modifier_name(name, 0),
        })
        .collect();
    if said.is_empty() {
        "none".to_owned()
    } else {
        said.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    // Issue 37: "shot down at altitude -2" said as appendix C's row.
    #[test]
    fn rows_of_appendix_c() {
        assert_eq!(
            modifiers(&json!({"shot_down_at_altitude": -2, "on_fire": -1})),
            "aircraft on fire \u{2212}1, shot down at altitude 1–3 \u{2212}2"
        );
        assert_eq!(
            modifiers(&json!({"shot_down_at_altitude": -4})),
            "shot down at altitude 6+ \u{2212}4"
        );
        assert_eq!(
            modifiers(&json!({"terrain": -2})),
            "crashed in shell holes \u{2212}2"
        );
        assert_eq!(
            modifiers(&json!({"tailed_last_turn": 2, "long_burst": 4})),
            "long burst +4, tailed the target last turn +2"
        );
        assert_eq!(modifiers(&json!({})), "none");
        assert_eq!(modifiers(&json!({"something_new": 1})), "something new +1");
    }
}
