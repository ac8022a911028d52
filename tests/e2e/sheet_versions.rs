//! A sheet that changed meanwhile (API v1.3, RFC 9110): `GET …/sheet` and every mark's
//! and roll's answer carry a strong `ETag`, the sheet's version, which any mark on it
//! changes (its own, another sheet's roll, an undo) and nothing else does; a write
//! with `If-Match` of another version → 412 saying who marked what since, nothing
//! written; the matching version → 2xx.

use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use crate::sheets::Night;
use crate::support::{body, problem};

fn etag(response: &Response) -> String {
    let tag = response.headers()["etag"].to_str().unwrap().to_owned();
    assert!(
        tag.starts_with('"') && tag.ends_with('"'),
        "a strong tag: {tag}"
    );
    tag
}

async fn version(night: &Night, who: &str, sortie: i64) -> String {
    let response = night.sheet(who, sortie).await;
    assert_eq!(response.status(), StatusCode::OK);
    etag(&response)
}

/// POSTs `request` to the sheet of `sortie` (`marks` or `rolls`) with `If-Match`.
async fn post_if(
    night: &Night,
    who: &str,
    (sortie, what): (i64, &str),
    if_match: &str,
    request: Value,
) -> Response {
    night
        .app
        .request(
            Method::POST,
            &night.path(&format!("/sorties/{sortie}/{what}")),
            night.token(who),
        )
        .header("if-match", if_match)
        .json(&request)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_stale_if_match_is_refused_with_what_changed_and_the_matching_one_is_taken() {
    let night = Night::new().await;
    let [_, _, mccudden, _, _, _] = night.crew;
    let [_, a2, c1, _] = night.four_sorties().await;

    // The version the page shows; a mark made on it is taken and moves it on.
    let shown = version(&night, "kurt", c1).await;
    let turn = json!({ "kind": "turn", "turn": 1 });
    let marked = post_if(&night, "kurt", (c1, "marks"), &shown, turn).await;
    assert_eq!(marked.status(), StatusCode::CREATED);
    let after_turn = etag(&marked);
    assert_ne!(after_turn, shown);
    assert_eq!(version(&night, "kurt", c1).await, after_turn, "GET agrees");
    // Nothing but a mark on it changes it: a mark on another sheet, reads.
    night
        .mark("bea", a2, json!({ "kind": "turn", "turn": 1 }))
        .await;
    assert_eq!(version(&night, "rita", c1).await, after_turn);

    // Another sheet's roll changes it: McCudden's B3R puts markers on c1 (R17).
    let shot = json!({ "table": "combat", "shooter": mccudden, "target_sortie": c1,
                       "range": 1, "burst": "medium", "weapon": "rigid",
                       "tailed_last_turn": true, "target_altitude": "lower", "dice": [5] });
    let a2_before = version(&night, "bea", a2).await;
    let fired = post_if(&night, "bea", (a2, "rolls"), &a2_before, shot).await;
    assert_eq!(fired.status(), StatusCode::CREATED);
    assert_ne!(
        etag(&fired),
        a2_before,
        "a roll's answer carries its sheet's version"
    );
    let after_shot = version(&night, "kurt", c1).await;
    assert_ne!(after_shot, after_turn);

    // Kurt draws a marker from the page he saw before the shot: 412, in words.
    let marks_before = body(night.sheet("kurt", c1).await).await["marks"].clone();
    let draw = json!({ "kind": "damage", "section": "tail", "boxes": 2, "marker": "red" });
    let stale = post_if(&night, "kurt", (c1, "marks"), &after_turn, draw.clone()).await;
    let detail = problem(stale, StatusCode::PRECONDITION_FAILED).await;
    assert!(
        detail.contains("c1's sheet changed")
            && detail.contains("bea's roll marked markers to draw: 1 blue, 3 red"),
        "who marked what: {detail}"
    );
    assert!(
        !detail.contains("turn 1"),
        "only what changed since: {detail}"
    );
    let marks_after = body(night.sheet("kurt", c1).await).await["marks"].clone();
    assert_eq!(marks_after, marks_before, "nothing written");
    // A roll made against a stale version is refused the same way, and rolls nothing.
    let rolls = night.rolls("rita").await.len();
    let spin = json!({ "table": "spin", "dice": [6, 6] });
    let stale = post_if(&night, "kurt", (c1, "rolls"), &after_turn, spin).await;
    assert_eq!(stale.status(), StatusCode::PRECONDITION_FAILED);
    assert_eq!(night.rolls("rita").await.len(), rolls, "no roll logged");
    // A weak tag never matches (strong comparison); `*` matches any version.
    let weak = format!("W/{after_shot}");
    let refused = post_if(&night, "kurt", (c1, "marks"), &weak, draw.clone()).await;
    assert_eq!(refused.status(), StatusCode::PRECONDITION_FAILED);

    // With the version he now sees, the same mark is taken.
    let drawn = post_if(&night, "kurt", (c1, "marks"), &after_shot, draw).await;
    assert_eq!(drawn.status(), StatusCode::CREATED);
    let after_draw = etag(&drawn);
    let drawn = body(drawn).await;
    assert_eq!(drawn["to_draw"], json!({ "blue": 1, "red": 2 }));

    // An undo changes it as any mark does.
    let last = drawn["marks"].as_array().unwrap().last().unwrap()["id"].clone();
    let undo = json!({ "kind": "undo", "mark": last });
    let undone = post_if(&night, "kurt", (c1, "marks"), "*", undo).await;
    assert_eq!(undone.status(), StatusCode::CREATED);
    assert_ne!(etag(&undone), after_draw);
}
