//! Issue #35, acceptance 3 (API v1.3 "A write happens once"): the venue's Wi-Fi loses
//! the answer to a mark, and the phone reloads the page it was left on, which sends
//! the form again — the same form, with the same one-time key. The wing is crossed
//! off once: 2 boxes, not 4.
//!
//! The answer is dropped in the browser through the DevTools protocol (Fetch, at the
//! response stage: the server has written the mark, the page never sees it); the
//! reload then sends the POST again as a phone's would.

use std::time::Duration;

use reqwest::Method;
use serde_json::{json, Value};

use crate::claims;
use crate::support::api::Api;
use crate::support::browser::Browser;
use crate::support::cdp;
use crate::support::{aircraft_id, TestApp};
use crate::wait::until;

const ARRIVAL: Duration = Duration::from_secs(30);

/// A public campaign refereed by rita, paul flying Albert Ball in a Nieuport 17 in its
/// first game; the sheets page and the sortie's id.
pub(crate) async fn paul_in_the_air(app: &TestApp) -> (String, i64) {
    app.add_users(&["rita", "paul"]).await;
    let rita = Api::as_user(app, "rita").await;
    let campaign = rita.bloody_april().await;
    let api = |rest: &str| format!("/api/v1/campaigns/{campaign}{rest}");
    rita.write(
        Method::POST,
        &api("/members"),
        json!({ "username": "paul", "role": "player", "side": "allied" }),
    )
    .await;
    let ball = rita
        .write(
            Method::POST,
            &api("/crew"),
            json!({ "name": "Albert Ball", "role": "pilot", "nationality": "british",
                    "owner": "paul" }),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    let game = rita
        .write(Method::POST, &api("/games"), json!({ "dice": [3, 4] }))
        .await["id"]
        .as_i64()
        .unwrap();
    let nieuport = aircraft_id(app, "Nieuport 17").await;
    let sortie = rita
        .write(
            Method::POST,
            &api(&format!("/games/{game}/sorties")),
            json!({ "aircraft_id": nieuport,
                    "crew": [{ "crew_id": ball, "position": "pilot" }] }),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    (format!("/campaigns/{campaign}/games/{game}/sheets"), sortie)
}

/// Fails the request the browser holds at the response stage: its id is not told to a
/// WebDriver client (CDP events do not reach one), so the ids Chromium hands out in
/// turn are tried until one names it.
async fn drop_the_answer(phone: &Browser) {
    until("the mark's answer to be held", ARRIVAL, || async {
        for n in 1..=20 {
            let id = format!("interception-job-{n}.0");
            let failed = cdp::execute(
                &phone.client,
                "Fetch.failRequest",
                json!({ "requestId": id, "errorReason": "ConnectionReset" }),
            )
            .await;
            if failed.is_ok() {
                return Ok(());
            }
        }
        Err("no answer held yet".to_owned())
    })
    .await;
}

/// Waits until the page at `path` has loaded.
async fn until_page(phone: &Browser, path: &str) {
    until(&format!("the page {path}"), ARRIVAL, || async {
        let url = phone
            .client
            .current_url()
            .await
            .map_err(|e| e.to_string())?;
        let ready = phone
            .client
            .execute("return document.readyState === 'complete';", vec![])
            .await
            .map_err(|e| e.to_string())?;
        match (url.path() == path, ready) {
            (true, Value::Bool(true)) => Ok(()),
            _ => Err(format!("{url} shown")),
        }
    })
    .await;
}

#[tokio::test]
async fn a_mark_whose_answer_was_lost_and_sent_again_by_a_reload_is_marked_once() {
    let app = TestApp::spawn().await;
    let (sheets, sortie) = paul_in_the_air(&app).await;
    let phone = Browser::start_not_waiting_for_pages(&app.address).await;
    phone.sign_in_as("paul").await;
    phone.open(&sheets).await;
    claims::count_tries(&app.pool).await;

    // The wing, 2 boxes (appendix A: the Nieuport 17's wings have 16): the second
    // wing box tapped crosses off both.
    let marks = format!("{}{sheets}/{sortie}/marks", app.address);
    cdp::execute(
        &phone.client,
        "Fetch.enable",
        json!({ "patterns": [{ "urlPattern": marks, "requestStage": "Response" }] }),
    )
    .await
    .expect("Fetch.enable");
    phone.click(&format!("box-{sortie}-wings-2")).await;
    drop_the_answer(&phone).await;
    let marked = "SELECT count(*) FROM sheet_marks";
    assert_eq!(
        crate::database::count(&app.pool, marked).await,
        1,
        "the server wrote the mark before its answer was lost"
    );
    cdp::execute(&phone.client, "Fetch.disable", json!({}))
        .await
        .expect("Fetch.disable");
    // The phone shows its error page for the form's address; reloading it sends the
    // form again.
    until_page(&phone, &format!("{sheets}/{sortie}/marks")).await;
    cdp::execute(&phone.client, "Page.reload", json!({}))
        .await
        .expect("Page.reload");
    until_page(&phone, &sheets).await;

    claims::until_tried(&app.pool, 2, "the form sent again with its key").await;
    claims::stop_counting(&app.pool).await;
    assert_eq!(
        crate::database::count(&app.pool, marked).await,
        1,
        "one mark: the wing crossed off once"
    );
    let wings = "SELECT count(*) FROM sheet_marks WHERE mark->>'boxes' = '2'";
    assert_eq!(crate::database::count(&app.pool, wings).await, 1);
    phone.close().await;
}
