use super::*;
use serde_json::json;

fn said(table: impl Into<LoggedTable>, dice: &[i32], total: i32, result: Value) -> String {
    super::result(Logged {
        table: table.into(),
        dice,
        total,
        result: &result,
    })
}

// Issue 37: the tables by the rulebook's names (appendices C and E).
#[test]
fn tables_by_the_rulebooks_names() {
    assert_eq!(table_name(Table::Crash.into()), "Crash Result Table");
    assert_eq!(table_name(Table::BailOut.into()), "Bailing Out Table");
    assert_eq!(table_name(Table::Evade.into()), "Evading Table");
    assert_eq!(table_name(Table::Mission.into()), "Mission Table");
    assert_eq!(
        table_name(SheetTable::Combat.into()),
        "Combat Results Table"
    );
    for t in Table::ALL {
        assert!(!table_name((*t).into()).contains('_'));
    }
    for t in SheetTable::ALL {
        assert!(!table_name((*t).into()).contains('_'));
    }
}

// Issue 37: a shot's total is its combat value, not a "total" under a die of 5.
#[test]
fn a_shots_total_is_its_combat_value() {
    assert_eq!(total_name(SheetTable::Combat.into()), "combat value");
    assert_eq!(total_name(Table::Landing.into()), "total");
}

// Issue 37: the shot's logged JSON said in words, parsed back into its fields.
#[test]
fn a_shot_in_words() {
    let logged = json!({"blue":1,"burst":"medium","combat_value":8,"range":1,"red":2,
        "shooter_sortie":"a1","target_sortie":"c2"});
    let text = said(
        SheetTable::Combat,
        &[5],
        8,
        Value::String(logged.to_string()),
    );
    assert_eq!(
        text,
        "a1 at c2, range 1, medium burst: one blue and two red markers"
    );
    assert_eq!(said(SheetTable::Combat, &[1], 3, logged), text);
    assert_eq!(hits(1, 3), "B3R: one blue and three red markers");
    assert_eq!(hits(0, 1), "R: one red marker");
    assert_eq!(hits(0, 0), "no effect");
}

// Appendix C: the injuries give weeks out of service; a triple on a serious one sends
// the man home.
#[test]
fn injuries_say_weeks_out() {
    assert_eq!(
        said(Table::MinorInjury, &[4], 3, json!(3)),
        "3 weeks out of service"
    );
    assert_eq!(
        said(Table::MinorInjury, &[1], 1, json!(1)),
        "1 week out of service"
    );
    assert_eq!(
        said(Table::SeriousInjury, &[2, 5, 6], 13, json!(13)),
        "13 weeks out of service"
    );
    assert_eq!(
        said(Table::SeriousInjury, &[4, 4, 4], 12, json!(12)),
        "A triple: sent home for the rest of the war"
    );
}

// Appendix E: the mission by its name in the table, not `observe_hq`.
#[test]
fn missions_and_offensives_by_appendix_e() {
    assert_eq!(
        said(Table::Mission, &[2], 2, json!("observe_hq")),
        "Observe enemy HQ"
    );
    assert_eq!(
        said(Table::Mission, &[6, 4], 6, json!("direct_artillery")),
        "Directing artillery fire, 4 trips along the observation area to succeed"
    );
    assert_eq!(
        said(Table::GroundOffensive, &[1, 1], 2, json!("major_central")),
        "Major Central Forces ground attack in progress"
    );
    assert_eq!(
        said(Table::GroundOffensive, &[3, 4], 7, json!("quiet")),
        "All is quiet on the front"
    );
}

// Appendix C's results.
#[test]
fn forced_landing_results() {
    assert_eq!(
        said(Table::Landing, &[3, 4], 7, json!("landed")),
        "Landed safely"
    );
    assert_eq!(
        said(Table::Crash, &[3, 4], 6, json!("serious_injury")),
        "Serious injury"
    );
    assert_eq!(
        said(Table::Evade, &[3, 4], 5, json!("killed")),
        "Killed evading capture"
    );
    assert_eq!(
        said(Table::Capture, &[1, 1, 37], 2, json!("escaped")),
        "Exchanged or escaped: out of the war 37 weeks"
    );
    assert_eq!(
        said(Table::Capture, &[3, 4], 7, json!("prisoner")),
        "A prisoner: for him, the war is over"
    );
}

// R19: the sheet's tables, parsed back into their typed results.
#[test]
fn sheet_results() {
    assert_eq!(
        said(
            SheetTable::SpinRecovery,
            &[3, 4],
            7,
            json!("still_spinning")
        ),
        "Still spinning"
    );
    assert_eq!(
        said(SheetTable::Critical, &[6], 6, json!("engine_seizes")),
        "The engine seizes: the aircraft glides"
    );
    assert_eq!(
        said(SheetTable::Jam, &[5], 5, json!("jammed")),
        "The weapon jams"
    );
    assert_eq!(
        said(SheetTable::CrewWound, &[6], 6, json!("serious")),
        "A serious wound: two wound boxes crossed off"
    );
    assert_eq!(
        said(
            SheetTable::ConcentratedFire,
            &[3],
            3,
            json!("{\"section\":\"fuselage\",\"crew_hit\":true}")
        ),
        "All damage into the fuselage; check for a crew hit"
    );
}

// Whatever the log holds, no snake_case word reaches the page.
#[test]
fn unknown_results_lose_their_underscores() {
    assert_eq!(
        said(SheetTable::Jam, &[5], 5, json!("some_new_name")),
        "some new name"
    );
}
