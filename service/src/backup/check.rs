//! The checks of an export document that need no database: the version's values,
//! every name from a fixed set, every export-local reference. Each problem is reported
//! with its JSON path, before anything is written.

use std::collections::HashSet;

use campaign::abilities::Ability;
use campaign::crew::Role;
use campaign::injuries::Outcome;
use campaign::logged_table::LoggedTable;
use campaign::missions::{Assignment, MissionType};
use campaign::roster::MemberRole;
use campaign::sides::{Nationality, Side};
use campaign::tables::ground_offensive::GroundOffensive;
use eagles_office::backup::Problems;

use super::document::*;

/// Collects the ids of one list, reporting duplicates.
fn ids_of<'a>(
    problems: &mut Problems,
    list: &str,
    ids: impl Iterator<Item = &'a i64>,
) -> HashSet<i64> {
    let mut seen = HashSet::new();
    for (i, &id) in ids.enumerate() {
        if !seen.insert(id) {
            problems.push(format!("{list}[{i}].id"), format!("id {id} is used twice"));
        }
    }
    seen
}

/// Every check that needs no database.
pub(super) fn check(doc: &CampaignExport, p: &mut Problems) {
    let c = &doc.campaign;
    if let Err(e) = campaign::calendar::check_start_date(c.start_date) {
        p.push("campaign.start_date", e.to_string());
    }
    if c.current_week < 1 {
        p.push("campaign.current_week", "must be at least 1");
    }
    let current = c.current_week.max(1);
    if let Some(end) = &c.ended {
        if end.week != c.current_week {
            p.push(
                "campaign.ended.week",
                format!(
                    "a campaign ends in its current week ({}), not week {}",
                    c.current_week, end.week
                ),
            );
        }
    }

    let mut member_names = HashSet::new();
    for (i, m) in doc.members.iter().enumerate() {
        if !member_names.insert(m.username.to_lowercase()) {
            p.push(format!("members[{i}].username"), "listed twice");
        }
        p.name_of::<MemberRole>(format!("members[{i}].role"), &m.role);
        match &m.side {
            Some(side) => p.name_of::<Side>(format!("members[{i}].side"), side),
            None if m.role == MemberRole::Player.as_str() => {
                p.push(format!("members[{i}].side"), "a player needs a side")
            }
            None => {}
        }
    }

    let crew = ids_of(p, "crew", doc.crew.iter().map(|c| &c.id));
    for (i, m) in doc.crew.iter().enumerate() {
        if !member_names.contains(&m.owner.to_lowercase()) {
            p.push(
                format!("crew[{i}].owner"),
                format!("\"{}\" is not among `members`", m.owner),
            );
        }
        p.name_of::<Role>(format!("crew[{i}].role"), &m.role);
        p.name_of::<Nationality>(format!("crew[{i}].nationality"), &m.nationality);
        p.week(format!("crew[{i}].joined_week"), m.joined_week, current);
    }
    let mut picked = HashSet::new();
    for (i, pick) in doc.ability_picks.iter().enumerate() {
        p.reference(format!("ability_picks[{i}].crew"), "crew", &crew, pick.crew);
        p.name_of::<Ability>(format!("ability_picks[{i}].ability"), &pick.ability);
        p.week(format!("ability_picks[{i}].week"), pick.week, current);
        if !picked.insert((pick.crew, pick.ability.as_str())) {
            p.push(
                format!("ability_picks[{i}]"),
                "the same ability twice (appendix D)",
            );
        }
    }

    // Only a closed week's seed is public (R25).
    let ended = doc.campaign.ended.is_some();
    for (i, s) in doc.dice_seeds.iter().enumerate() {
        if campaign::fair_dice::WeekSeed::from_hex(&s.seed).is_none() {
            p.push(format!("dice_seeds[{i}].seed"), "a seed is 64 hex digits");
        }
        if !(1..current).contains(&s.week) && !(ended && s.week == current) {
            p.push(
                format!("dice_seeds[{i}].week"),
                format!(
                    "week {} is not closed; only a closed week's seed is exported",
                    s.week
                ),
            );
        }
    }
    let rolls = ids_of(p, "rolls", doc.rolls.iter().map(|r| &r.id));
    let games = ids_of(p, "games", doc.games.iter().map(|g| &g.id));
    for (i, r) in doc.rolls.iter().enumerate() {
        p.week(format!("rolls[{i}].week"), r.week, current);
        if let Some(game) = r.game {
            p.reference(format!("rolls[{i}].game"), "games", &games, game);
        }
        if let Some(crewman) = r.crew {
            p.reference(format!("rolls[{i}].crew"), "crew", &crew, crewman);
        }
        if let Some(side) = &r.side {
            p.name_of::<Side>(format!("rolls[{i}].side"), side);
        }
        p.name_of::<LoggedTable>(format!("rolls[{i}].table"), &r.table);
    }
    for (i, g) in doc.games.iter().enumerate() {
        p.week(format!("games[{i}].week"), g.week, current);
        p.reference(
            format!("games[{i}].offensive_roll"),
            "rolls",
            &rolls,
            g.offensive_roll,
        );
        p.name_of::<GroundOffensive>(format!("games[{i}].ground_offensive"), &g.ground_offensive);
    }
    for (i, m) in doc.missions.iter().enumerate() {
        p.reference(format!("missions[{i}].game"), "games", &games, m.game);
        p.reference(format!("missions[{i}].roll"), "rolls", &rolls, m.roll);
        p.name_of::<Side>(format!("missions[{i}].side"), &m.side);
        p.name_of::<MissionType>(format!("missions[{i}].mission_type"), &m.mission_type);
        for (field, id) in [("pilot", m.pilot), ("observer", m.observer)] {
            if let Some(id) = id {
                p.reference(format!("missions[{i}].{field}"), "crew", &crew, id);
            }
        }
    }
    let sorties = ids_of(p, "sorties", doc.sorties.iter().map(|s| &s.id));
    for (i, s) in doc.sorties.iter().enumerate() {
        p.reference(format!("sorties[{i}].game"), "games", &games, s.game);
        p.name_of::<Side>(format!("sorties[{i}].side"), &s.side);
        p.name_of::<Assignment>(format!("sorties[{i}].assignment"), &s.assignment);
    }
    for (i, s) in doc.sortie_crew.iter().enumerate() {
        p.reference(
            format!("sortie_crew[{i}].sortie"),
            "sorties",
            &sorties,
            s.sortie,
        );
        p.reference(format!("sortie_crew[{i}].crew"), "crew", &crew, s.crew);
        p.name_of::<Role>(format!("sortie_crew[{i}].position"), &s.position);
        p.name_of::<Outcome>(format!("sortie_crew[{i}].outcome"), &s.outcome);
    }
    for (i, k) in doc.kills.iter().enumerate() {
        p.reference(format!("kills[{i}].game"), "games", &games, k.game);
        p.reference(
            format!("kills[{i}].victim_sortie"),
            "sorties",
            &sorties,
            k.victim_sortie,
        );
        for (j, &s) in k.shooters.iter().enumerate() {
            p.reference(format!("kills[{i}].shooters[{j}]"), "crew", &crew, s);
        }
    }
    for (i, k) in doc.casualties.iter().enumerate() {
        p.reference(format!("casualties[{i}].crew"), "crew", &crew, k.crew);
        if let Some(game) = k.game {
            p.reference(format!("casualties[{i}].game"), "games", &games, game);
        }
        if let Some(roll) = k.roll {
            p.reference(format!("casualties[{i}].roll"), "rolls", &rolls, roll);
        }
        p.week(format!("casualties[{i}].week"), k.week, current);
    }
    // A reversal cancels an award written before it, so only earlier ids count.
    let mut earlier_awards = HashSet::new();
    let award_ids = ids_of(p, "xp_awards", doc.xp_awards.iter().map(|a| &a.id));
    for (i, a) in doc.xp_awards.iter().enumerate() {
        p.reference(format!("xp_awards[{i}].crew"), "crew", &crew, a.crew);
        if let Some(game) = a.game {
            p.reference(format!("xp_awards[{i}].game"), "games", &games, game);
        }
        p.week(format!("xp_awards[{i}].week"), a.week, current);
        if let Some(reversed) = a.reverses {
            if !earlier_awards.contains(&reversed) {
                p.push(
                    format!("xp_awards[{i}].reverses"),
                    if award_ids.contains(&reversed) {
                        format!("award {reversed} comes after the entry that reverses it")
                    } else {
                        format!("there is no entry with id {reversed} in `xp_awards`")
                    },
                );
            }
        }
        earlier_awards.insert(a.id);
    }
}
