//! A roll's consequences are the roll's (API v1.3, R24): the markers a combat result
//! puts on its target are not undone from the target's sheet; undoing the roll on the
//! sheet it was made on reverses its marks on both sheets at once and the roll log
//! keeps it, undone; server dice are undone by a referee only; and not while damage
//! drawn from its markers stands.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::sheets::{mccudden_at, red_marker_on_the_wings, Night};
use crate::support::body;
use crate::support::form_client::Visitor;

/// McCudden's shot from a2 at c1 on a night with four sorties declared, as rolled.
struct Shot {
    night: Night,
    mccudden: i64,
    a2: i64,
    c1: i64,
    /// The roll's answer.
    shot: Value,
    roll: i64,
}

impl Shot {
    /// The shot with `dice` entered, or the server's without.
    async fn fired(dice: Option<[u32; 1]>) -> Shot {
        let night = Night::new().await;
        let [_, _, mccudden, _, _, _] = night.crew;
        let [_, a2, c1, _] = night.four_sorties().await;
        let shot = night.roll("bea", a2, mccudden_at(mccudden, c1, dice)).await;
        let roll = shot["roll"]["id"].as_i64().unwrap();
        Shot {
            night,
            mccudden,
            a2,
            c1,
            shot,
            roll,
        }
    }
}

fn marks_of<'a>(sheet: &'a Value, kind: &str) -> Vec<&'a Value> {
    sheet["marks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["kind"] == kind)
        .collect()
}

async fn logged(night: &Night, roll: i64) -> Value {
    let rolls = night.rolls("rita").await;
    rolls
        .into_iter()
        .find(|r| r["id"] == roll)
        .expect("the roll is kept in the log")
}

#[tokio::test]
async fn the_targets_player_cannot_undo_a_rolls_markers_and_the_rolls_undo_restores_both() {
    let Shot {
        night,
        mccudden,
        a2,
        c1,
        shot,
        roll,
    } = Shot::fired(Some([5])).await;
    let voss = night.crew[3];
    assert_eq!(shot["sheet"]["red_hits"][mccudden.to_string()], 3, "R21");
    let target = body(night.sheet("kurt", c1).await).await;
    assert_eq!(target["to_draw"], json!({ "blue": 1, "red": 3 }));

    // The target's player may not take the markers off his own sheet: they are the
    // roll's, and the refusal names it and who rolled it, in words.
    let hit = marks_of(&target, "hit")[0]["id"].clone();
    let undo = json!({ "kind": "undo", "mark": hit });
    let detail = night.refusal("kurt", c1, undo, StatusCode::CONFLICT).await;
    for words in ["combat roll", "James McCudden", "bea", "a2's sheet"] {
        assert!(detail.contains(words), "{words}: {detail}");
    }
    let unchanged = body(night.sheet("kurt", c1).await).await;
    assert_eq!(
        unchanged["to_draw"],
        json!({ "blue": 1, "red": 3 }),
        "nothing written"
    );
    // Nor is the roll undone from the target's sheet.
    let undo = json!({ "kind": "undo", "roll": roll });
    let detail = night.refusal("kurt", c1, undo, StatusCode::CONFLICT).await;
    assert!(detail.contains("made on a2's sheet"), "{detail}");

    // Nor may the shooter's player keep the roll and drop one of its marks on his own
    // sheet (his red hits): a roll's marks go with the roll, whole (R24).
    let shooter = body(night.sheet("bea", a2).await).await;
    let red_hits = marks_of(&shooter, "red_hits")[0]["id"].clone();
    let undo = json!({ "kind": "undo", "mark": red_hits });
    let detail = night.refusal("bea", a2, undo, StatusCode::CONFLICT).await;
    assert!(detail.contains("undo the roll itself"), "{detail}");
    let kept = body(night.sheet("bea", a2).await).await;
    assert_eq!(kept["red_hits"][mccudden.to_string()], 3, "nothing written");

    // The shooter's player undoes the roll of entered dice (a typo): both sheets at once.
    let undone = night
        .mark("bea", a2, json!({ "kind": "undo", "roll": roll }))
        .await;
    assert_eq!(undone["red_hits"][mccudden.to_string()], 0);
    let target = body(night.sheet("kurt", c1).await).await;
    assert_eq!(target["to_draw"], json!({ "blue": 0, "red": 0 }));
    assert_eq!(target["due"], json!([]));
    assert_eq!(marks_of(&target, "hit")[0]["undone"], true);
    let log = logged(&night, roll).await;
    assert_eq!(
        (&log["undone"], &log["result"]["red"]),
        (&json!(true), &json!(3))
    );
    // Once is enough.
    let undo = json!({ "kind": "undo", "roll": roll });
    let detail = night.refusal("bea", a2, undo, StatusCode::CONFLICT).await;
    assert!(detail.contains("undone already"), "{detail}");

    // A long burst's jam test is its roll's: Voss at a2, range 1, long burst: 5 + 3 + 1
    // = 9, the jam die 5 jams (R19); undoing the shot unjams him and undoes both rolls.
    let burst = json!({ "table": "combat", "shooter": voss, "target_sortie": a2, "range": 1,
                        "burst": "long", "weapon": "rigid", "dice": [2, 5] });
    let long = night.roll("kurt", c1, burst).await;
    assert_eq!(long["sheet"]["state"]["jammed"]["pilot"], true);
    let shot = long["rolls"][0]["id"].as_i64().unwrap();
    let jam = long["rolls"][1]["id"].as_i64().unwrap();
    let undone = night
        .mark("kurt", c1, json!({ "kind": "undo", "roll": shot }))
        .await;
    assert_eq!(undone["state"]["jammed"]["pilot"], false);
    assert_eq!(logged(&night, shot).await["undone"], true);
    assert_eq!(logged(&night, jam).await["undone"], true);
}

#[tokio::test]
async fn a_server_roll_is_undone_by_a_referee_only() {
    let Shot {
        night,
        mccudden,
        a2,
        c1,
        shot,
        roll,
    } = Shot::fired(None).await;
    assert_eq!(shot["roll"]["entered"], false);
    let before = body(night.sheet("bea", a2).await).await;

    // No fishing for a better die: the shooter's player may not undo the server's dice.
    let undo = json!({ "kind": "undo", "roll": roll });
    let detail = night.refusal("bea", a2, undo, StatusCode::FORBIDDEN).await;
    assert!(detail.contains("only a referee"), "{detail}");
    let after = body(night.sheet("bea", a2).await).await;
    assert_eq!(after["marks"], before["marks"], "nothing written");
    assert_eq!(logged(&night, roll).await["undone"], false);

    let undone = night
        .mark("rita", a2, json!({ "kind": "undo", "roll": roll }))
        .await;
    assert_eq!(undone["red_hits"][mccudden.to_string()], 0);
    assert!(marks_of(&undone, "rolled")
        .iter()
        .all(|m| m["undone"] == true));
    assert_eq!(logged(&night, roll).await["undone"], true);
    let target = body(night.sheet("kurt", c1).await).await;
    assert_eq!(target["to_draw"], json!({ "blue": 0, "red": 0 }));
}

#[tokio::test]
async fn a_roll_whose_markers_were_drawn_is_not_undone_until_they_are() {
    let Shot {
        night,
        mccudden,
        a2,
        c1,
        roll,
        ..
    } = Shot::fired(Some([5])).await;
    // Kurt draws a red marker of the B3R onto the wings (§3.541).
    let drawn = night.mark("kurt", c1, red_marker_on_the_wings()).await;
    let damage = drawn["marks"].as_array().unwrap().last().unwrap()["id"].clone();

    let undo = json!({ "kind": "undo", "roll": roll });
    let detail = night.refusal("rita", a2, undo, StatusCode::CONFLICT).await;
    assert!(
        detail.contains("c1: 3 boxes on the wings (a red marker), marked by kurt"),
        "the drawn mark named: {detail}"
    );
    let shooter = body(night.sheet("bea", a2).await).await;
    assert_eq!(
        shooter["red_hits"][mccudden.to_string()],
        3,
        "nothing written"
    );
    assert_eq!(logged(&night, roll).await["undone"], false);

    // Once the drawn damage is undone, so is the roll.
    night
        .mark("kurt", c1, json!({ "kind": "undo", "mark": damage }))
        .await;
    night
        .mark("rita", a2, json!({ "kind": "undo", "roll": roll }))
        .await;
    let target = body(night.sheet("kurt", c1).await).await;
    assert_eq!(target["to_draw"], json!({ "blue": 0, "red": 0 }));
    assert_eq!(target["sections"]["wings"]["crossed"], 0);
    assert_eq!(logged(&night, roll).await["undone"], true);
}

// The pages offer the right undo (R24): the shooter's sheet the roll's, the target's
// none for the roll's markers.
#[tokio::test]
async fn the_sheet_pages_offer_the_rolls_undo_on_the_shooters_sheet_only() {
    let Shot {
        night, c1, roll, ..
    } = Shot::fired(Some([5])).await;
    let page = format!(
        "/campaigns/{}/games/{}/sheets",
        night.world.campaign, night.game
    );
    let visitor = Visitor::open(&night.app).await;

    let bea = Visitor::session_of(&night.app, "bea").await;
    let html = visitor.page(&night.app, &page, &bea).await;
    assert!(
        html.contains(&format!(
            r#"<input type="hidden" name="roll" value="{roll}" />"#
        )),
        "the roll's undo on a2's sheet"
    );
    assert!(html.contains("Undo: the combat roll"), "in words");

    let kurt = Visitor::session_of(&night.app, "kurt").await;
    let html = visitor.page(&night.app, &page, &kurt).await;
    assert!(
        html.contains(&format!(r#"id="sheet-{c1}""#)),
        "c1's sheet is shown"
    );
    assert!(
        !html.contains(&format!(r#"id="undo-{c1}""#)),
        "no undo of the roll's markers"
    );
}

/// The export keeps an undone roll as undone, and an import of it too: the record of
/// the night says which rolls stood (R24, R14).
#[tokio::test]
async fn an_undone_roll_stays_undone_through_export_and_import() {
    let Shot {
        night, a2, roll, ..
    } = Shot::fired(Some([5])).await;
    night
        .mark("bea", a2, json!({ "kind": "undo", "roll": roll }))
        .await;

    let rita = night.token("rita");
    let cid = night.world.campaign;
    let exported = night
        .app
        .get(&format!("/api/v1/campaigns/{cid}/export"), rita)
        .await;
    assert_eq!(exported.status(), StatusCode::OK);
    let document = body(exported).await;
    let combat: Vec<&Value> = document["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["table"] == "combat")
        .collect();
    assert_eq!(combat.len(), 1, "{combat:?}");
    assert_eq!(combat[0]["undone"], true);

    let imported = night
        .app
        .post("/api/v1/campaigns/import", rita, &document)
        .await;
    assert_eq!(imported.status(), StatusCode::CREATED);
    let copy = body(imported).await["id"].as_i64().unwrap();
    let again = night
        .app
        .get(&format!("/api/v1/campaigns/{copy}/export"), rita)
        .await;
    let again = body(again).await;
    let undone: Vec<bool> = again["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["table"] == "combat")
        .map(|r| r["undone"] == true)
        .collect();
    assert_eq!(undone, [true]);
}
