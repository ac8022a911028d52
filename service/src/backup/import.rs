//! The export document → a new campaign. Everything is checked before anything is
//! written — the version, every value with a fixed set of names, every export-local
//! reference, every account and aircraft named — and each problem is reported with
//! its JSON path. The rows are then written in one transaction with an audit row, so
//! a file the database still refuses leaves nothing behind.

use std::collections::{HashMap, HashSet};
use std::str::FromStr;

use campaign::abilities::Ability;
use campaign::crew::Role;
use campaign::experience::AwardKind;
use campaign::injuries::{CasualtyKind, Outcome};
use campaign::logged_table::LoggedTable;
use campaign::missions::{Assignment, MissionType};
use campaign::roster::MemberRole;
use campaign::sides::{Nationality, Side};
use campaign::tables::ground_offensive::GroundOffensive;
use campaign::ParseEnumError;
use chrono::Utc;
use eagles_db::backup::{self as rows, CampaignRow, MemberRow};
use eagles_db::crew::NewCrewman;
use eagles_db::debriefs::{CasualtyRecord, CasualtyRoll, DebriefRows, SeatRecord, SortieRecord};
use eagles_db::diesel::result::{DatabaseErrorKind, Error as DieselError};
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::ledger::NewAward;
use eagles_db::rolls::{NewRoll, RollRecord};
use eagles_db::users::User;
use eagles_office::campaigns::Campaign;

use super::document::*;
use crate::envelope::{self, Audit};
use crate::error::ServiceError;
use crate::text::clean_name;
use eagles_office::backup::Problems;

/// Checks and writes `doc` as a new campaign; returns its id. With an `importer`
/// (the API), he becomes its referee and the audit row names him.
pub async fn import(
    conn: &mut AsyncPgConnection,
    importer: Option<&User>,
    doc: CampaignExport,
) -> Result<i64, ServiceError> {
    let mut problems = Problems::default();
    check(&doc, &mut problems);

    let usernames = doc.usernames();
    let users = rows::user_ids(conn, &usernames).await?;
    for (path, name) in doc.username_paths() {
        if !users.contains_key(&name) {
            problems.push(
                path,
                format!("there is no account \"{name}\" on this server; create it first (`eagles user add {name}`)"),
            );
        }
    }
    let aircraft_names = doc.aircraft_names();
    let aircraft = rows::aircraft_ids(conn, &aircraft_names).await?;
    for (path, name) in doc.aircraft_paths() {
        if !aircraft.contains_key(&name) {
            problems.push(path, format!("there is no aircraft type \"{name}\""));
        }
    }
    problems.into_result()?;

    let name = clean_name("campaign.name", &doc.campaign.name, 200)?;
    envelope::create(conn, importer, async |conn| {
        let cid = write(conn, importer, &doc, &name, &users, &aircraft).await?;
        let audit = Audit::new(
            "campaign.import",
            serde_json::json!({
                "name": name,
                "exported_at": doc.exported_at,
                "crew": doc.crew.len(),
                "games": doc.games.len(),
                "rolls": doc.rolls.len(),
                "xp_awards": doc.xp_awards.len(),
            }),
        );
        Ok((cid, cid, audit))
    })
    .await
}

/// A constraint of the database the file broke despite the checks is the file's
/// fault: a 422 that quotes the constraint.
impl From<ImportWriteError> for ServiceError {
    fn from(e: ImportWriteError) -> Self {
        match e.0 {
            DieselError::DatabaseError(
                kind @ (DatabaseErrorKind::UniqueViolation
                | DatabaseErrorKind::ForeignKeyViolation
                | DatabaseErrorKind::CheckViolation
                | DatabaseErrorKind::NotNullViolation),
                info,
            ) => ServiceError::invalid(format!(
                "the file is inconsistent ({kind:?}): {}{}; nothing was imported",
                info.message(),
                info.constraint_name()
                    .map(|c| format!(" (constraint {c})"))
                    .unwrap_or_default()
            )),
            other => ServiceError::from(other),
        }
    }
}

/// A database error while writing an import.
struct ImportWriteError(DieselError);

impl From<DieselError> for ImportWriteError {
    fn from(e: DieselError) -> Self {
        Self(e)
    }
}

async fn write(
    conn: &mut AsyncPgConnection,
    importer: Option<&User>,
    doc: &CampaignExport,
    name: &str,
    users: &HashMap<String, i64>,
    aircraft: &HashMap<String, i64>,
) -> Result<i64, ImportWriteError> {
    let user = |name: &String| users[name];
    let c = &doc.campaign;
    let cid = rows::insert_campaign(
        conn,
        &CampaignRow {
            campaign: Campaign {
                id: 0,
                name: name.to_owned(),
                start_date: c.start_date,
                public: c.public,
                current_week: c.current_week,
                created_by: user(&c.created_by),
                // Set last, below: the database takes no rows into an ended campaign.
                ended_week: None,
                // A copy starts its own history: no live screen follows it yet.
                revision: 0,
            },
            created_at: c.created_at,
            ended_at: None,
        },
    )
    .await?;

    let mut members: Vec<MemberRow> = doc
        .members
        .iter()
        .map(|m| MemberRow {
            user_id: user(&m.username),
            role: m.role.clone(),
            side: m.side.clone(),
            joined_at: m.joined_at,
        })
        .collect();
    if let Some(importer) = importer {
        // Whoever imports a campaign referees it, so he can put right what he brought in.
        match members.iter_mut().find(|m| m.user_id == importer.id) {
            Some(member) => member.role = MemberRole::Referee.as_str().to_owned(),
            None => members.push(MemberRow {
                user_id: importer.id,
                role: MemberRole::Referee.as_str().to_owned(),
                side: None,
                joined_at: Utc::now(),
            }),
        }
    }
    for member in &members {
        rows::insert_member(conn, cid, member).await?;
    }

    let mut crew = HashMap::new();
    for m in &doc.crew {
        let crewman = NewCrewman {
            campaign_id: cid,
            owner_id: user(&m.owner),
            name: &m.name,
            role: named(&m.role)?,
            nationality: named(&m.nationality)?,
            replacement: m.replacement,
            starting_xp: m.starting_xp,
            joined_week: m.joined_week,
        };
        let id = rows::insert_crew(conn, &crewman, m.created_at).await?;
        crew.insert(m.id, id);
    }
    let crew_opt = |id: Option<i64>| id.map(|i| crew[&i]);
    for p in &doc.ability_picks {
        rows::insert_pick(
            conn,
            &rows::PickRow {
                crew_id: crew[&p.crew],
                ability: p.ability.clone(),
                week: p.week,
                chosen_at: p.chosen_at,
            },
        )
        .await?;
    }

    let mut rolls = HashMap::new();
    for r in &doc.rolls {
        let id = rows::insert_roll(
            conn,
            &RollRecord {
                id: 0,
                roll: NewRoll {
                    campaign_id: cid,
                    week: r.week,
                    game_id: None,
                    side: r.side.as_deref().map(named).transpose()?,
                    table_name: named(&r.table)?,
                    dice: r.dice.clone(),
                    modifiers: r.modifiers.clone(),
                    total: r.total,
                    result: r.result.clone(),
                    entered: r.entered,
                    rolled_by: r.rolled_by.as_ref().map(user),
                    // The crew are in already, so a roll names its crewman as it goes in.
                    crew_id: crew_opt(r.crew),
                    // Sheets are not in an export (play in progress, not the record).
                    sortie_id: None,
                },
                rolled_at: r.rolled_at,
                undone: r.undone,
            },
        )
        .await?;
        rolls.insert(r.id, id);
    }
    let roll_opt = |id: Option<i64>| id.map(|i| rolls[&i]);

    let mut games = HashMap::new();
    for g in &doc.games {
        let id = rows::insert_game(
            conn,
            cid,
            &rows::GameRow {
                id: 0,
                week: g.week,
                offensive_roll_id: rolls[&g.offensive_roll],
                ground_offensive: g.ground_offensive.clone(),
                turns_played: g.turns_played,
                debriefed_at: g.debriefed_at,
                voided_week: g.voided_week,
                voided_at: g.voided_at,
                voided_by: g.voided_by.as_ref().map(user),
                created_by: user(&g.created_by),
                created_at: g.created_at,
                abandoned_at: g.abandoned_at,
            },
        )
        .await?;
        games.insert(g.id, id);
    }
    let game_opt = |id: Option<i64>| id.map(|i| games[&i]);
    let links: Vec<(i64, i64)> = doc
        .rolls
        .iter()
        .filter_map(|r| r.game.map(|g| (rolls[&r.id], games[&g])))
        .collect();
    rows::set_roll_games(conn, &links).await?;

    for m in &doc.missions {
        rows::insert_mission(
            conn,
            &rows::MissionRow {
                game_id: games[&m.game],
                side: m.side.clone(),
                roll_id: rolls[&m.roll],
                mission_type: m.mission_type.clone(),
                trips_needed: m.trips_needed,
                aircraft_type_id: m.aircraft.as_ref().map(|a| aircraft[a]),
                pilot_id: crew_opt(m.pilot),
                observer_id: crew_opt(m.observer),
                success: m.success,
                details: m.details.clone(),
            },
        )
        .await?;
    }

    // The debrief rows go through the one debrief writer; the document's values were
    // checked against their names above.
    let mut debriefs = DebriefRows::default();
    let mut sorties = HashMap::new();
    for s in &doc.sorties {
        let game_id = games[&s.game];
        debriefs.sortie(SortieRecord {
            game_id,
            key: &s.key,
            side: named(&s.side)?,
            aircraft_type_id: aircraft[&s.aircraft],
            assignment: named(&s.assignment)?,
            turns_on_board: s.turns_on_board,
            aircraft_lost: s.aircraft_lost,
        });
        sorties.insert(s.id, (game_id, s.key.as_str()));
    }
    for s in &doc.sortie_crew {
        let (game_id, key) = sorties[&s.sortie];
        debriefs.seat(SeatRecord {
            game_id,
            key,
            crew_id: crew[&s.crew],
            position: named(&s.position)?,
            red_hits: s.red_hits,
            wound_boxes: s.wound_boxes,
            outcome: named(&s.outcome)?,
        });
    }
    for k in &doc.kills {
        let (game_id, victim) = sorties[&k.victim_sortie];
        let shooters: Vec<i64> = k.shooters.iter().map(|s| crew[s]).collect();
        debriefs.kill(game_id, victim, &shooters);
    }
    for k in &doc.casualties {
        let casualty = CasualtyRecord {
            crew_id: crew[&k.crew],
            game_id: game_opt(k.game),
            week: k.week,
            kind: named(&k.kind)?,
            weeks_out: k.weeks_out,
            out_until_week: k.out_until_week,
            sent_home: k.sent_home,
        };
        let roll = roll_opt(k.roll).map_or(CasualtyRoll::None, CasualtyRoll::Logged);
        debriefs.casualty(casualty, roll);
    }
    eagles_db::debriefs::write(conn, &debriefs).await?;
    let mut awards = HashMap::new();
    for a in &doc.xp_awards {
        let award = NewAward {
            campaign_id: cid,
            crew_id: crew[&a.crew],
            week: a.week,
            game_id: game_opt(a.game),
            points: a.points,
            kind: &a.kind,
            reason: &a.reason,
            two_seater_mission: a.two_seater_mission,
            reverses: a.reverses.map(|r| awards[&r]),
        };
        let id = rows::insert_award(conn, &award, a.created_at).await?;
        awards.insert(a.id, id);
    }
    if let Some(end) = &c.ended {
        rows::end_campaign(conn, cid, end.week, end.at).await?;
    }
    Ok(cid)
}

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
fn check(doc: &CampaignExport, p: &mut Problems) {
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
        p.name_of::<CasualtyKind>(format!("casualties[{i}].kind"), &k.kind);
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
        p.name_of::<AwardKind>(format!("xp_awards[{i}].kind"), &a.kind);
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

/// A value the document names, already checked to be one of `T`'s names.
fn named<T: FromStr<Err = ParseEnumError>>(value: &str) -> Result<T, ImportWriteError> {
    value.parse().map_err(|e: ParseEnumError| {
        ImportWriteError(DieselError::QueryBuilderError(
            format!("a name checked before writing: {e}").into(),
        ))
    })
}
