//! A roll's nonce and its retries (R25, API v1.3): a nonce is 1–64 letters, digits,
//! `-` or `_`; a referee's roll takes none; a retried request rolls nothing and hands
//! out the same receipt.

use reqwest::StatusCode;
use serde_json::json;

use super::{receipt, seqs, week_dice};
use crate::support::fixtures_games::Loop;
use crate::support::{body, problem};

#[tokio::test]
async fn a_referees_nonce_and_a_malformed_one_are_refused_in_words() {
    let lp = Loop::start("1917-04-23").await;
    let referees = lp
        .post(
            "/rolls",
            Some(&lp.referee),
            &json!({ "table": "d6", "nonce": "abc" }),
        )
        .await;
    let detail = problem(referees, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(
        detail.contains("a referee's roll takes no nonce"),
        "{detail}"
    );
    // The rulebook's words, not the design's number, in `detail` (R17).
    assert!(!detail.contains("R25"), "{detail}");
    let game = lp
        .post("/games", Some(&lp.referee), &json!({ "nonce": "abc" }))
        .await;
    problem(game, StatusCode::UNPROCESSABLE_ENTITY).await;
    for nonce in [json!(""), json!("a b"), json!("x".repeat(65)), json!("a|b")] {
        let response = lp
            .post(
                "/rolls",
                Some(&lp.ada),
                &json!({ "table": "d6", "nonce": nonce }),
            )
            .await;
        let detail = problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(detail.contains("letters, digits"), "{nonce}: {detail}");
    }
    // Nothing refused took a place in the week's dice.
    let dice = week_dice(&lp.app, lp.campaign, 1, Some(&lp.referee)).await;
    assert_eq!(seqs(&dice), Vec::<i64>::new());
    assert_eq!(dice["chain_head"], serde_json::Value::Null);
}

#[tokio::test]
async fn a_retried_roll_hands_out_the_same_receipt_and_rolls_nothing() {
    let lp = Loop::start("1917-04-23").await;
    let send = || {
        lp.app
            .request(reqwest::Method::POST, &lp.path("/rolls"), Some(&lp.ada))
            .header("Idempotency-Key", "fair-dice-1")
            .json(&json!({ "table": "2d6", "nonce": "phone-7" }))
            .send()
    };
    let first = send().await.expect("the roll");
    assert_eq!(first.status(), StatusCode::CREATED);
    let first = body(first).await;
    let again = body(send().await.expect("the retry")).await;
    assert_eq!(receipt(&again), receipt(&first));
    assert_eq!(
        (&again["id"], &again["dice"]),
        (&first["id"], &first["dice"])
    );
    let next = body(
        lp.post("/rolls", Some(&lp.ada), &json!({ "table": "d6" }))
            .await,
    )
    .await;
    // One roll made by the key: the next roll is the week's second.
    assert_eq!(
        (
            receipt(&first)["seq"].clone(),
            receipt(&next)["seq"].clone()
        ),
        (json!(1), json!(2))
    );
}
