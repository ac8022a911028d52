//! A sheet that changed meanwhile, on a phone (API v1.3, RFC 9110): carl's phone shows
//! c1's sheet; the referee marks fuel on it through the API; the damage carl then
//! crosses off from the page he was shown is not written but shown back with what
//! changed, in words, and a button that sends it anyway — which writes it once. The
//! page fits 412 px and axe finds nothing on it.

use reqwest::Method;
use serde_json::json;

use crate::sheets::{assert_fits_and_passes, Table};
use crate::support::browser::Browser;
use crate::support::follow::ARRIVAL;
use crate::wait::until;

const PHONE: u32 = 412;

#[tokio::test]
async fn a_mark_on_a_sheet_that_changed_is_shown_back_and_sent_anyway() {
    let table = Table::start().await;
    let c1 = table.sortie("c1").await;
    let sheets = table.page(&format!("/games/{}/sheets", table.game));
    let sheet = table.api(&format!("/games/{}/sorties/{c1}/sheet", table.game));

    let phone = Browser::start(&table.app.address).await;
    phone.client.set_window_size(PHONE, 915).await.unwrap();
    phone.sign_in_as("carl").await;
    phone.open(&sheets).await;
    // Two wing boxes: the second wing box tapped crosses off both.
    let version = format!("document.querySelector('#boxes-{c1} input[name=version]')");
    let shown = phone
        .client
        .execute(&format!("return {version}.value"), vec![])
        .await
        .unwrap();

    // Meanwhile the referee marks a fuel box on c1.
    let marks = table.api(&format!("/games/{}/sorties/{c1}/marks", table.game));
    table
        .rita
        .write(Method::POST, &marks, json!({ "kind": "fuel", "boxes": 1 }))
        .await;
    // The page follows the sheet's events: once the change is shown, its forms send
    // the version shown. A phone that did not hear of it (its stream lost, scripts
    // off) still sends the version it was loaded with, as this one is made to.
    until("the fresh sheet's version in the form", ARRIVAL, || async {
        let now = phone
            .client
            .execute(&format!("return {version}.value"), vec![])
            .await
            .map_err(|e| e.to_string())?;
        if now == shown {
            Err(format!("still {now}"))
        } else {
            Ok(())
        }
    })
    .await;
    phone
        .client
        .execute(&format!("{version}.value = arguments[0]"), vec![shown])
        .await
        .unwrap();

    phone.press(&format!("box-{c1}-wings-2")).await;
    let shown = phone.text(&format!("stale-{c1}")).await.unwrap();
    assert!(
        shown.starts_with(
            "This sheet changed since the page showed it; your mark was not written. \
             c1's sheet changed since you saw it: rita marked 1 box of fuel;"
        ),
        "what changed, in words: {shown}"
    );
    assert_fits_and_passes(&phone, "sheets, a stale mark shown back").await;
    phone.screenshot("sheets-stale-phone").await;
    let read = table.rita.read(&sheet).await;
    assert_eq!(read["sections"]["wings"]["crossed"], 0, "nothing written");

    phone.press(&format!("send-anyway-{c1}")).await;
    phone.assert_path(&sheets).await;
    assert!(phone.text(&format!("stale-{c1}")).await.is_none());
    let read = table.rita.read(&sheet).await;
    assert_eq!(
        read["sections"]["wings"]["crossed"], 2,
        "sent once, as it was"
    );
    assert_eq!(read["fuel"]["used"], 1);
    phone.close().await;
}
