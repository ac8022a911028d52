//! A whole week of dice rechecked (R25, API v1.3): server, entered and nonce'd rolls of
//! every table that rolls — the ground offensive and the missions (appendix E), the
//! sheets' tables (R17–R19), a forced landing at the table (R8), the campaign's tables
//! on screen (R14) and the debrief — each answer with its receipt; the week closed,
//! `scripts/check-dice` agrees with every roll and receipt and catches a tampered one,
//! and the seed was in no answer before the close.

use reqwest::StatusCode;
use serde_json::{json, Value};

use super::{check_dice, is_sha256, receipt, seqs, week_dice};
use crate::sheets::Night;
use crate::support::body;

/// Every answer taken before the close, to look for the seed in; and every receipt.
#[derive(Default)]
struct Taken {
    bodies: Vec<String>,
    receipts: Vec<Value>,
}

impl Taken {
    fn keep(&mut self, answer: &Value) {
        self.bodies.push(answer.to_string());
    }

    /// Keeps a rolling answer and its receipt (asserting it has one).
    fn roll(&mut self, answer: &Value) {
        self.keep(answer);
        self.receipts.push(receipt(answer));
    }
}

/// POSTs to the campaign's `rest` as `token` and expects a 201.
async fn made(night: &Night, token: Option<&str>, rest: &str, request: Value) -> Value {
    let path = format!("/api/v1/campaigns/{}{rest}", night.world.campaign);
    let response = night.app.post(&path, token, &request).await;
    let status = response.status();
    let answer = body(response).await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "POST {rest} {request}: {answer}"
    );
    answer
}

#[tokio::test]
async fn a_closed_week_of_every_table_rechecks_against_its_seed() {
    let night = Night::new().await; // the game's ground offensive, entered: seq 1
    let cid = night.world.campaign;
    let mut taken = Taken::default();
    let opened = week_dice(&night.app, cid, 1, None).await;
    taken.keep(&opened);
    // R25: the commitment is public from the start, the seed is not.
    assert!(is_sha256(&opened["commitment"]), "{opened}");
    assert_eq!(opened["seed"], Value::Null);
    assert_eq!(seqs(&opened), [1]);

    // The missions (appendix E): the referee's from the seed alone, Karl's with the
    // nonce his phone sent.
    let missions = format!("/games/{}/missions", night.game);
    let allied = made(
        &night,
        night.token("rita"),
        &missions,
        json!({ "side": "allied" }),
    )
    .await;
    taken.roll(&allied);
    let central = json!({ "side": "central", "nonce": "karl-mission-1" });
    taken.roll(&made(&night, night.token("karl"), &missions, central).await);

    // The sheets' tables (R17–R19): a shot from the server's dice with a nonce, entered
    // wound dice, friendly fire from the server's dice.
    let ball_sortie = night.balls_bristol().await["id"].as_i64().unwrap();
    let voss_sortie = night.voss_albatros().await["id"].as_i64().unwrap();
    taken.keep(&json!([ball_sortie, voss_sortie]));
    let voss = night.crew[3];
    let mut shot = crate::sheets::mccudden_at(voss, ball_sortie, None);
    shot["nonce"] = json!("kurt-shot-1");
    for (who, sortie, roll) in [
        ("kurt", voss_sortie, shot),
        (
            "ada",
            ball_sortie,
            json!({ "table": "crew_wound", "dice": [2, 5], "nonce": "ada-w" }),
        ),
        (
            "ada",
            ball_sortie,
            json!({ "table": "friendly_fire", "nonce": "ada-ff" }),
        ),
    ] {
        let answer = night.roll(who, sortie, roll).await;
        taken.keep(&answer);
        receipt(&answer["roll"]);
        for roll in answer["rolls"].as_array().unwrap() {
            taken.receipts.push(receipt(roll));
        }
    }

    // A forced landing played out at the table (R8): its rolls' receipts beside the sheet.
    let landed = night
        .mark(
            "kurt",
            voss_sortie,
            json!({ "kind": "down", "how": "landed", "terrain": "clear", "side_of_lines": "own",
                    "hexes_from_friendly_trenches": 2, "nonce": "kurt-down" }),
        )
        .await;
    taken.keep(&landed);
    let down_receipts = landed["receipts"].as_array().expect("a down's receipts");
    assert!(!down_receipts.is_empty(), "{landed}");
    for r in down_receipts {
        assert!(r["roll_id"].is_i64(), "{r}");
        taken.receipts.push(receipt(r));
    }

    // The campaign's tables on screen (R14): the capture table's 2d6 and d100 from the
    // seed and Ada's nonce, 2d6 entered.
    for request in [
        json!({ "table": "capture", "nonce": "ada-capture" }),
        json!({ "table": "2d6", "dice": [3, 4] }),
    ] {
        taken.roll(&made(&night, night.token("ada"), "/rolls", request).await);
    }
    // The referee opens a second game: its ground offensive from the seed alone.
    let second = made(&night, night.token("rita"), "/games", json!({})).await;
    taken.keep(&second);
    taken.receipts.push(receipt(&second["ground_offensive"]));

    // The debrief of the first game, drafted from its sheets: the landing made at the
    // table counts once, and its webhook carries the chain head.
    let draft = night
        .app
        .get(&night.path("/debrief/draft"), night.token("rita"))
        .await;
    let draft = body(draft).await;
    taken.keep(&draft);
    let debriefed = night
        .made("rita", "/debrief", draft["request"].clone())
        .await;
    taken.keep(&debriefed);

    // R20: until the debrief a sheet's roll is its players' and the referees'; every
    // reader sees the same places and links, a roll he may not see only as those.
    let as_referee = week_dice(&night.app, cid, 1, night.token("rita")).await;
    let n = seqs(&as_referee).len() as i64;
    assert_eq!(
        seqs(&as_referee),
        (1..=n).collect::<Vec<_>>(),
        "no gap: {as_referee}"
    );
    assert!(n >= 10, "{as_referee}");
    assert_eq!(
        as_referee["chain_head"],
        as_referee["rolls"][n as usize - 1]["chain"]
    );
    let as_anyone = week_dice(&night.app, cid, 1, None).await;
    let links = |dice: &Value| -> Vec<Value> {
        dice["rolls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["chain"].clone())
            .collect()
    };
    assert_eq!(links(&as_anyone), links(&as_referee));
    taken.keep(&as_referee);
    taken.keep(&as_anyone);
    // Every receipt handed out is a roll of the week as the referee reads it.
    for r in &taken.receipts {
        let line = &as_referee["rolls"][r["seq"].as_i64().unwrap() as usize - 1];
        assert_eq!(line["chain"], r["chain"], "{r}");
    }
    // The nonces are the week's, as sent.
    let nonces: Vec<&str> = as_referee["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["nonce"].as_str())
        .collect();
    for nonce in [
        "karl-mission-1",
        "kurt-shot-1",
        "ada-w",
        "ada-ff",
        "kurt-down",
        "ada-capture",
    ] {
        assert!(nonces.contains(&nonce), "{nonce} in {nonces:?}");
    }

    let close = format!("/api/v1/campaigns/{cid}/weeks/close");
    let abandon = json!({ "abandon_open_games": true });
    let closed = night.app.post(&close, night.token("rita"), &abandon).await;
    assert_eq!(closed.status(), StatusCode::OK);
    let closed = body(closed).await;
    // The close's answer is the last taken before the seed is public.
    taken.keep(&closed);

    let revealed = week_dice(&night.app, cid, 1, None).await;
    let seed = revealed["seed"]
        .as_str()
        .expect("the seed once the week is closed");
    assert_eq!(seed.len(), 64);
    for (i, answer) in taken.bodies.iter().enumerate() {
        assert!(
            !answer.contains(seed),
            "answer {i} before the close held the seed: {answer}"
        );
    }
    assert_eq!(revealed["commitment"], opened["commitment"]);
    assert_eq!(links(&revealed), links(&as_referee));
    // Week 2 is committed to from its start, with a seed of its own.
    let next = week_dice(&night.app, cid, 2, None).await;
    assert!(is_sha256(&next["commitment"]));
    assert_ne!(next["commitment"], opened["commitment"]);
    assert_eq!(next["seed"], Value::Null);

    // The club's own recheck agrees with every roll and every receipt…
    let (agrees, said) = check_dice(&night.app, cid, 1, None).await;
    assert!(agrees, "{said}");
    let receipts = Value::from(taken.receipts.clone());
    let (agrees, said) = check_dice(&night.app, cid, 1, Some(&receipts)).await;
    assert!(agrees, "{said}");
    // …and catches a receipt the chain no longer matches.
    let mut tampered = taken.receipts.clone();
    tampered[2]["chain"] = json!("0".repeat(64));
    let (agrees, said) = check_dice(&night.app, cid, 1, Some(&Value::from(tampered))).await;
    assert!(!agrees, "{said}");
    assert!(said.contains("differs from the receipt"), "{said}");
}
