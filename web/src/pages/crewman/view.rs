//! A crewman's page's view: the page, his abilities as lines, and his XP week by week
//! for the chart.

use std::collections::HashMap;

use askama::Template;
use campaign::abilities::Ability;
use campaign::missions::Assignment;
use eagles_office::crew::{CrewmanView, XpEntryView};
use eagles_office::record::RecordWeek;

use super::PickForm;
use crate::form::FieldErrors;
use crate::pages::crew_list::absence;
use crate::pages::Nav;

/// An ability as the page lists it.
pub struct AbilityLine {
    pub code: &'static str,
    pub name: &'static str,
    pub kind: &'static str,
    /// What it does at the table (appendix D).
    pub effect: String,
}

impl AbilityLine {
    pub fn of(a: Ability, effects: &HashMap<Ability, String>) -> Self {
        Self {
            code: a.code(),
            name: a.name(),
            kind: a.kind().as_str(),
            effect: effects.get(&a).cloned().unwrap_or_default(),
        }
    }
}

/// The crewman page.
#[derive(Template)]
#[template(path = "crew/page.html")]
pub struct CrewmanPage {
    pub nav: Nav,
    pub campaign_id: i64,
    pub campaign_name: String,
    pub crewman: CrewmanView,
    pub role: &'static str,
    pub nationality: &'static str,
    pub status: &'static str,
    /// "out until week 9, back in week 10", when he is out and coming back.
    pub absence: Option<String>,
    pub abilities: Vec<AbilityLine>,
    pub awards: Vec<XpEntryView>,
    /// The XP he started with (R3: 50 for the first crew, 0 for a replacement), the
    /// ledger's first line: with the awards it adds up to his XP.
    pub starting_xp: i64,
    /// The week he joined the campaign.
    pub joined_week: i32,
    /// The XP of the next ability slot (R6).
    pub next_slot_at: i32,
    /// Whether the caller may pick for him: his player or a referee, while the
    /// campaign runs.
    pub may_pick: bool,
    /// The week the campaign ended in, when it has.
    pub ended_week: Option<i32>,
    /// The abilities R6 allows him to pick now.
    pub allowed: Vec<AbilityLine>,
    pub form: PickForm,
    pub errors: FieldErrors,
    /// His service record, the weeks something happened to him, oldest first.
    pub record: Vec<RecordWeek>,
    /// His XP at the close of each week since he joined, as inline SVG.
    pub xp_chart: String,
    /// The points of that chart, for the table beside it: (week, XP).
    pub xp_by_week: Vec<(i32, i64)>,
    /// The base template offers a reload once the campaign moves past it.
    pub revision: i64,
}

/// A crewman's XP at the close of each week from `joined` to `current`: his XP now
/// less every award, plus the awards made by each week.
pub(super) fn xp_by_week(
    xp_now: i64,
    joined: i32,
    current: i32,
    record: &[RecordWeek],
) -> Vec<(i32, i64)> {
    let points_in = |w: &RecordWeek| w.awards.iter().map(|a| i64::from(a.points)).sum::<i64>();
    let starting = xp_now - record.iter().map(points_in).sum::<i64>();
    let first = record.first().map_or(joined, |w| w.week.min(joined));
    (first..=current.max(first))
        .map(|week| {
            let earned: i64 = record
                .iter()
                .filter(|w| w.week <= week)
                .map(points_in)
                .sum();
            (week, starting + earned)
        })
        .collect()
}

impl CrewmanPage {
    /// A date in the campaign's style, "9 April 1917".
    pub fn day(&self, d: &chrono::NaiveDate) -> String {
        crate::words::date(*d)
    }

    /// The aircraft with "a" or "an": "an Albatros D-III".
    pub fn an(&self, aircraft: &str) -> String {
        crate::words::article(aircraft)
    }

    /// An ability picked, by the rulebook's name (appendix D), from its code.
    pub fn ability(&self, code: &str) -> String {
        code.parse::<campaign::abilities::Ability>()
            .map_or_else(|_| code.replace('_', " "), |a| a.name().to_owned())
    }

    /// "1 week out", "9 weeks out".
    pub fn weeks_out(&self, weeks: i32) -> String {
        format!("{} out", crate::words::counted(weeks, "week"))
    }

    /// An award's reason as the page says it: a shared kill names its shooters'
    /// count in words.
    pub fn reason(&self, reason: &str) -> String {
        crate::words::award_reason(reason)
    }

    /// A time out of service in the words every page uses.
    pub fn absence_of(&self, out_until_week: i32) -> String {
        absence(out_until_week)
    }
}
