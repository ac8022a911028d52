//! The debrief form filled in from the sheets' draft (API v1.2, R22): the draft's
//! request written as the form's fields, so the referee checks what the players
//! marked, decides what the sheets leave open, and confirms in one submit.

use std::collections::BTreeMap;

use eagles_office::debrief::{CrewReport, DebriefRequest, DownReport, SortieReport};
use eagles_office::draft::Conflict;

use super::debrief_form::{DebriefForm, RawForm};

/// The form's fields (see [`super::debrief_form`]'s names) holding `request`.
pub fn fields(request: &DebriefRequest) -> RawForm {
    let mut form = Fields::default();
    form.put("turns_played", request.turns_played);
    let left = request.enemy_left_board_on_turn;
    form.maybe("left_allied", left.allied);
    form.maybe("left_central", left.central);
    for sortie in &request.sorties {
        sortie_fields(&mut form, sortie);
    }
    form.put("kill_rows", request.kills.len().max(1));
    for (n, kill) in request.kills.iter().enumerate() {
        let n = n + 1;
        form.put(&format!("k{n}_victim"), &kill.victim);
        for shooter in &kill.shooters {
            form.put(&format!("k{n}_shooters"), shooter);
        }
    }
    for m in &request.missions {
        let f = |field: &str| format!("m{}_{field}", m.mission_id);
        form.tick(&f("landed_safely"), m.landed_safely);
        form.tick(&f("target_observed"), m.target_observed);
        form.put(&f("hexes_observed"), m.hexes_observed);
        form.tick(&f("target_destroyed"), m.target_destroyed);
        form.put(&f("trips"), m.trips);
        form.put(&f("hexes_strafed"), m.hexes_strafed);
        form.tick(&f("balloon_destroyed"), m.balloon_destroyed);
    }
    RawForm(form.0)
}

fn sortie_fields(form: &mut Fields, sortie: &SortieReport) {
    let key = &sortie.key;
    let f = |field: &str| format!("{key}_{field}");
    form.maybe(&f("aircraft"), sortie.aircraft_id);
    form.put(&f("turns"), sortie.turns_on_board);
    let no_dice = BTreeMap::new();
    let dice = |table: fn(&DownReport) -> &BTreeMap<i64, Vec<u32>>| {
        sortie.down.as_ref().map_or(&no_dice, table)
    };
    if let Some(down) = &sortie.down {
        form.put(&f("how"), down.how.as_str());
        form.maybe(&f("terrain"), down.terrain.map(|t| t.as_str()));
        for (field, ticked) in [
            ("road", down.road),
            ("smoking", down.smoking),
            ("on_fire", down.on_fire),
            ("gliding", down.gliding),
            ("critical_damage", down.critical_damage),
            ("pusher", down.pusher),
            ("destroyed", down.aircraft_destroyed),
        ] {
            form.tick(&f(field), ticked);
        }
        form.put(&f("altitude"), down.altitude);
        form.maybe(&f("side_of_lines"), down.side_of_lines.map(|s| s.as_str()));
        form.maybe(&f("hexes"), down.hexes_from_friendly_trenches);
        form.maybe(&f("landing_dice"), down.dice.landing.as_deref().map(words));
    }
    for man in &sortie.crew {
        let seat = format!("{key}_{}", man.position.as_str());
        let s = |field: &str| format!("{seat}_{field}");
        form.put(&seat, man.crew_id);
        form.put(&s("red_hits"), man.red_hits);
        form.put(&s("wounds"), man.wound_boxes);
        let of = |table: &BTreeMap<i64, Vec<u32>>| table.get(&man.crew_id).map(|d| words(d));
        form.maybe(
            &s("injury_dice"),
            crew_dice(man, |d| d.injury.as_deref()).or_else(|| of(dice(|d| &d.dice.injury))),
        );
        form.maybe(
            &s("capture_dice"),
            crew_dice(man, |d| d.capture.as_deref()).or_else(|| of(dice(|d| &d.dice.capture))),
        );
        form.maybe(&s("crash_dice"), of(dice(|d| &d.dice.crash)));
        form.maybe(&s("bail_out_dice"), of(dice(|d| &d.dice.bail_out)));
        form.maybe(&s("evade_dice"), of(dice(|d| &d.dice.evade)));
    }
}

fn crew_dice(
    man: &CrewReport,
    which: fn(&eagles_office::debrief::CrewDice) -> Option<&[u32]>,
) -> Option<String> {
    man.dice.as_ref().and_then(which).map(words)
}

/// Dice as the form's fields take them: "3 4".
fn words(dice: &[u32]) -> String {
    dice.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[derive(Default)]
struct Fields(Vec<(String, String)>);

impl Fields {
    fn put(&mut self, name: &str, value: impl ToString) {
        self.0.push((name.to_owned(), value.to_string()));
    }

    fn maybe(&mut self, name: &str, value: Option<impl ToString>) {
        if let Some(value) = value {
            self.put(name, value);
        }
    }

    fn tick(&mut self, name: &str, ticked: bool) {
        if ticked {
            self.put(name, "on");
        }
    }
}

impl DebriefForm {
    /// Marks the form as drafted and places each of the draft's `conflicts` beside its
    /// sortie's row (`keys` names the sorties by id); one whose sortie has no row
    /// stands above the form.
    pub fn take_draft(&mut self, conflicts: &[Conflict], keys: &[(i64, String)]) {
        self.drafted = true;
        for conflict in conflicts {
            let key = conflict
                .sortie_id
                .and_then(|id| keys.iter().find(|(k, _)| *k == id))
                .map(|(_, key)| key.as_str());
            let row = key.and_then(|key| self.rows_mut().find(|r| r.key == key));
            match row {
                Some(row) => row.to_decide.push(conflict.detail.clone()),
                None => self.errors.push(conflict.detail.clone()),
            }
        }
    }
}
