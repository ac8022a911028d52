//! The feed's view: the campaign's feed read model as an Atom feed, a week an entry.

use atom_syndication::{Entry, Feed, Generator, Link, Person, Text};
use campaign::sides::Side;
use eagles_office::briefing::WeekResults;
use eagles_office::feed::{CampaignFeed, FeedEnd, FeedWeek};

use super::PublicUrl;
use crate::pages::and_list;

pub(super) fn link(href: String, rel: &str, mime_type: &str, title: Option<String>) -> Link {
    Link {
        href,
        rel: rel.to_owned(),
        mime_type: Some(mime_type.to_owned()),
        title,
        ..Link::default()
    }
}

/// Builds the feed of `feed` with links under `public_url`.
pub fn atom_feed(feed: &CampaignFeed, public_url: &PublicUrl) -> Feed {
    let campaign_path = format!("/campaigns/{}", feed.campaign_id);
    // RFC 4151: the authority, a date it held the name on, then our own specific part.
    let tag = format!(
        "tag:{},{}:campaign-{}",
        public_url.tag_authority(),
        feed.created_at.format("%Y-%m-%d"),
        feed.campaign_id
    );
    let mut entries: Vec<Entry> = feed
        .weeks
        .iter()
        .map(|w| week_entry(w, &tag, &campaign_path, public_url))
        .collect();
    if let Some(end) = &feed.end {
        entries.push(end_entry(end, &tag, &campaign_path, public_url));
    }
    // Newest first, as feed readers list them.
    entries.reverse();
    let mut author = Person::default();
    author.set_name(format!("The referees of {}", feed.name));
    author.set_uri(public_url.join(&campaign_path));
    let mut generator = Generator::default();
    generator.set_value("Eagles");
    let mut atom = Feed::default();
    atom.set_id(tag);
    atom.set_title(Text::plain(format!("{}: the campaign's weeks", feed.name)));
    atom.set_updated(feed.updated().fixed_offset());
    atom.set_authors(vec![author]);
    atom.set_generator(generator);
    atom.set_links(vec![
        link(
            public_url.join(&format!("{campaign_path}/feed.atom")),
            "self",
            "application/atom+xml",
            None,
        ),
        link(
            public_url.join(&campaign_path),
            "alternate",
            "text/html",
            Some(feed.name.clone()),
        ),
    ]);
    atom.set_entries(entries);
    atom
}

pub(super) fn week_entry(
    w: &FeedWeek,
    tag: &str,
    campaign_path: &str,
    public_url: &PublicUrl,
) -> Entry {
    let week_path = format!("{campaign_path}/weeks/{}", w.week);
    let mut entry = Entry::default();
    entry.set_id(format!("{tag}/week-{}", w.week));
    entry.set_title(Text::plain(format!(
        "Week {} ({}) closed: {}",
        w.week,
        crate::words::date(w.date),
        headline(&w.results)
    )));
    entry.set_updated(w.closed_at.fixed_offset());
    let mut said = summary(&w.results);
    if let Some(dice) = dice_sentences(w) {
        said = format!("{said} {dice}");
    }
    entry.set_summary(Text::plain(said));
    entry.set_links(vec![
        link(
            public_url.join(&week_path),
            "alternate",
            "text/html",
            Some(format!("Week {}", w.week)),
        ),
        link(
            public_url.join(&format!("{week_path}/briefing")),
            "related",
            "text/html",
            Some(format!("The briefing of week {}", w.week)),
        ),
    ]);
    entry
}

/// What a club member needs to check the week's dice against the receipts he kept, and
/// the seal of the week its close opened (R25): none for a week closed before the dice
/// could be checked.
pub(super) fn dice_sentences(w: &FeedWeek) -> Option<String> {
    let mut said = Vec::new();
    if let Some(head) = &w.chain_head {
        said.push(format!(
            "The last receipt of week {}'s dice: {head}.",
            w.week
        ));
    }
    if let Some(seed) = &w.seed {
        said.push(format!("Its seed, published now: {seed}."));
    }
    if let Some(next) = &w.next_commitment {
        said.push(format!(
            "Week {}'s dice are sealed with {next}.",
            w.week + 1
        ));
    }
    (!said.is_empty()).then(|| said.join(" "))
}

pub(super) fn end_entry(
    end: &FeedEnd,
    tag: &str,
    campaign_path: &str,
    public_url: &PublicUrl,
) -> Entry {
    let outcome = &end.outcome;
    let winner = match (&outcome.winner, outcome.shared_first_place.as_slice()) {
        (Some(w), _) => format!("{} wins with {} XP (§13.203)", w.username, w.best_xp),
        (None, []) => "nobody flew, so nobody wins".to_owned(),
        (None, shared) => format!(
            "{} share first place (§13.203)",
            shared
                .iter()
                .map(|p| p.username.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let air_war = match outcome.side_leader.as_str() {
        "allied" => "The Allies won the air war",
        "central" => "The Central Powers won the air war",
        _ => "The air war ended level",
    };
    let mut entry = Entry::default();
    entry.set_id(format!("{tag}/end"));
    entry.set_title(Text::plain(format!(
        "The campaign ended in week {}: {winner}",
        outcome.ended_week
    )));
    entry.set_updated(end.ended_at.fixed_offset());
    entry.set_summary(Text::plain(format!(
        "{winner}. {air_war}, {} to {} (§13.204). Its last week: {}",
        outcome.sides.allied.total,
        outcome.sides.central.total,
        summary(&end.last_week)
    )));
    entry.set_links(vec![
        link(
            public_url.join(campaign_path),
            "alternate",
            "text/html",
            Some("The campaign's final standings".to_owned()),
        ),
        link(
            public_url.join(&format!("{campaign_path}/weeks/{}", outcome.ended_week)),
            "related",
            "text/html",
            Some(format!("Week {}", outcome.ended_week)),
        ),
    ]);
    entry
}

pub(super) fn count(n: usize, one: &str, many: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// The week in a few words, for the entry's title.
pub(super) fn headline(r: &WeekResults) -> String {
    let mut parts = vec![count(r.games, "game", "games")];
    if !r.abandoned.is_empty() {
        parts.push(count(r.abandoned.len(), "abandoned", "abandoned"));
    }
    if !r.kills.is_empty() {
        parts.push(count(r.kills.len(), "kill", "kills"));
    }
    if !r.deaths.is_empty() {
        parts.push(count(r.deaths.len(), "killed", "killed"));
    }
    if !r.captures.is_empty() {
        parts.push(count(r.captures.len(), "captured", "captured"));
    }
    parts.join(", ")
}

/// The week's results in short, as sentences.
pub(super) fn summary(r: &WeekResults) -> String {
    let played = match r.games {
        0 => "No game was played.".to_owned(),
        n => format!("{}.", count(n, "game", "games")),
    };
    let mut sentences = vec![played];
    sentences.extend(abandoned_sentence(&r.abandoned));
    if r.games == 0 {
        return sentences.join(" ");
    }
    for k in &r.kills {
        let crew = if k.victim_crew.is_empty() {
            String::new()
        } else {
            format!(" ({})", k.victim_crew.join(", "))
        };
        let side = Side::ALL
            .iter()
            .find(|s| s.as_str() == k.victim_side)
            .map_or("", |s| s.label());
        sentences.push(format!(
            "{} shot down the {side} {}{crew}.",
            k.shooters.join(" and "),
            k.victim_aircraft
        ));
    }
    let names = |lines: &[eagles_office::briefing::CasualtyLine]| {
        lines
            .iter()
            .map(|c| c.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !r.deaths.is_empty() {
        sentences.push(format!("Killed: {}.", names(&r.deaths)));
    }
    if !r.captures.is_empty() {
        sentences.push(format!("Captured: {}.", names(&r.captures)));
    }
    if !r.injuries.is_empty() {
        sentences.push(format!("Wounded: {}.", names(&r.injuries)));
    }
    let missions: Vec<String> = r
        .missions
        .iter()
        .map(|m| {
            let result = match m.success {
                Some(true) => "succeeded",
                Some(false) => "failed",
                None => "was not debriefed",
            };
            format!("{} {} {result}", m.side.label(), m.mission_type.label())
        })
        .collect();
    if !missions.is_empty() {
        sentences.push(format!("Missions: {}.", missions.join("; ")));
    }
    sentences.join(" ")
}

/// "Game 4 was abandoned without a debrief when the week closed (no awards, no
/// casualties).", when a game was (API v1.2).
pub(super) fn abandoned_sentence(games: &[i64]) -> Option<String> {
    let names: Vec<String> = games.iter().map(|g| format!("Game {g}")).collect();
    let verb = match names.len() {
        0 => return None,
        1 => "was",
        _ => "were",
    };
    Some(format!(
        "{} {verb} abandoned without a debrief when the week closed (no awards, no casualties).",
        and_list(&names)
    ))
}
