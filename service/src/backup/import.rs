//! The export document → a new campaign. Everything is checked before anything is
//! written — the version, every value with a fixed set of names, every export-local
//! reference, every account and aircraft named — and each problem is reported with
//! its JSON path. The rows are then written in one transaction with an audit row, so
//! a file the database still refuses leaves nothing behind.

use std::collections::HashMap;
use std::str::FromStr;

use campaign::roster::MemberRole;
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
    super::check::check(&doc, &mut problems);

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
            eagles_db::Error::Query(DieselError::DatabaseError(
                kind @ (DatabaseErrorKind::UniqueViolation
                | DatabaseErrorKind::ForeignKeyViolation
                | DatabaseErrorKind::CheckViolation
                | DatabaseErrorKind::NotNullViolation),
                info,
            )) => ServiceError::invalid(format!(
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
struct ImportWriteError(eagles_db::Error);

impl From<eagles_db::Error> for ImportWriteError {
    fn from(e: eagles_db::Error) -> Self {
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
        .map(|m| {
            Ok(MemberRow {
                user_id: user(&m.username),
                role: named(&m.role)?,
                side: m.side.as_deref().map(named).transpose()?,
                joined_at: m.joined_at,
            })
        })
        .collect::<Result<_, ImportWriteError>>()?;
    if let Some(importer) = importer {
        // Whoever imports a campaign referees it, so he can put right what he brought in.
        match members.iter_mut().find(|m| m.user_id == importer.id) {
            Some(member) => member.role = MemberRole::Referee,
            None => members.push(MemberRow {
                user_id: importer.id,
                role: MemberRole::Referee,
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
                ability: named(&p.ability)?,
                week: p.week,
                chosen_at: p.chosen_at,
            },
        )
        .await?;
    }

    // The closed weeks' seeds come with their rolls' places (R25); the open week starts
    // its chain afresh with a seed of this server's (its own stayed secret).
    let mut seeded = std::collections::HashSet::new();
    for s in &doc.dice_seeds {
        // Checked before the write (`check`): every seed reads.
        let Some(seed) = campaign::fair_dice::WeekSeed::from_hex(&s.seed) else {
            continue;
        };
        eagles_db::fair_dice::give_seed(conn, cid, s.week, seed.as_bytes()).await?;
        seeded.insert(s.week);
    }
    let mut rolls = HashMap::new();
    for r in &doc.rolls {
        let link = match (r.dice_week, r.seq, &r.chain, &r.sides) {
            (Some(week), Some(seq), Some(chain), Some(sides)) if seeded.contains(&week) => {
                eagles_db::fair_dice::RollLink {
                    dice_week: Some(week),
                    seq: Some(seq),
                    nonce: r.nonce.clone(),
                    chain: Some(chain.clone()),
                    sides: Some(sides.clone()),
                }
            }
            _ => Default::default(),
        };
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
                    link,
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
                ground_offensive: named(&g.ground_offensive)?,
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
                side: named(&m.side)?,
                roll_id: rolls[&m.roll],
                mission_type: named(&m.mission_type)?,
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
            kind: k.kind,
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
            kind: a.kind.as_str(),
            reason: &a.reason,
            two_seater_mission: a.two_seater_mission,
            reverses: a.reverses.map(|r| awards[&r]),
        };
        let id = rows::insert_award(conn, &award, a.created_at).await?;
        awards.insert(a.id, id);
    }
    if let Some(end) = &c.ended {
        rows::end_campaign(conn, cid, end.week, end.at).await?;
    } else {
        let mut seed = [0u8; campaign::fair_dice::SEED_BYTES];
        rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut seed);
        eagles_db::fair_dice::give_seed(conn, cid, c.current_week, &seed).await?;
    }
    Ok(cid)
}

/// A value the document names, already checked to be one of `T`'s names.
fn named<T: FromStr<Err = ParseEnumError>>(value: &str) -> Result<T, ImportWriteError> {
    value.parse().map_err(|e: ParseEnumError| {
        ImportWriteError(
            DieselError::QueryBuilderError(format!("a name checked before writing: {e}").into())
                .into(),
        )
    })
}
