//! Issue #37, acceptance 3: the live page as the projector shows it, at 1920×1080,
//! `/campaigns/{id}/live?projector` — the demo's open fourth week with tonight's game
//! played a few turns on its sheets. No site navigation, no sign-in bar; the evening
//! fills the screen (its text reaches the bottom fifth) without scrolling either way,
//! in type read from across a room; axe finds nothing; and a roll posted meanwhile
//! appears on it without a reload, as on the live page.

use reqwest::Method;
use serde_json::json;

use crate::crawl::{demo_referee, play_tonight};
use crate::support::browser::Browser;
use crate::support::follow::{assert_window_kept, mark_window, until_stream_open, until_text};
use crate::support::{count, TestApp};

/// What the screen shows: [scrollWidth, scrollHeight, the lowest text's bottom, the
/// smallest text's size in px, the elements of the site's chrome found].
const MEASURE: &str = r#"
const d = document.documentElement;
let bottom = 0, smallest = Infinity;
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const range = document.createRange();
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.trim()) { continue; }
    range.selectNodeContents(node);
    const rects = Array.from(range.getClientRects()).filter(r => r.width > 0);
    if (!rects.length) { continue; }
    bottom = Math.max(bottom, ...rects.map(r => r.bottom));
    smallest = Math.min(smallest, parseFloat(getComputedStyle(node.parentElement).fontSize));
}
const chrome = Array.from(document.querySelectorAll(
    'header, nav, a[href="/sign-in"], a[href="/aircraft"], .who, #sign-out'))
    .map(e => e.outerHTML.slice(0, 60));
return [d.scrollWidth, d.scrollHeight, Math.round(bottom), smallest, chrome];
"#;

#[tokio::test]
async fn the_projector_fills_a_1920_by_1080_screen_without_the_sites_chrome() {
    let (app, password) = TestApp::demo().await;
    let cid = count(&app, "SELECT max(id) FROM campaigns").await;
    play_tonight(&app, &password, cid).await;
    let page = format!("/campaigns/{cid}/live?projector");
    let browser = Browser::start(&app.address).await;
    browser.client.set_window_size(1920, 1080).await.unwrap();
    browser.open(&page).await;
    // The window's bars take some of its height: the page itself gets 1920×1080.
    let bars = browser
        .client
        .execute("return window.outerHeight - window.innerHeight;", vec![])
        .await
        .unwrap()
        .as_u64()
        .unwrap();
    let bars = u32::try_from(bars).unwrap();
    browser
        .client
        .set_window_size(1920, 1080 + bars)
        .await
        .unwrap();
    let (width, height) = browser
        .client
        .execute("return [window.innerWidth, window.innerHeight];", vec![])
        .await
        .map(|v| (v[0].as_i64().unwrap(), v[1].as_i64().unwrap()))
        .unwrap();
    assert_eq!((width, height), (1920, 1080), "the projector's screen");
    let measured = browser.client.execute(MEASURE, vec![]).await.unwrap();
    browser.screenshot("projector-1920").await;
    assert_eq!(measured[4], json!([]), "the site's chrome on the projector");
    assert!(
        measured[0].as_i64().unwrap() <= width && measured[1].as_i64().unwrap() <= height,
        "the projector scrolls: {measured} in {width}×{height}"
    );
    let bottom = measured[2].as_i64().unwrap();
    assert!(
        bottom * 5 >= height * 4,
        "the text ends at {bottom} px of {height}: the bottom fifth is empty"
    );
    assert!(
        bottom <= height,
        "the text runs on below the screen, to {bottom} px"
    );
    // Read from across a room: nothing under 2% of the screen's height (about 22 px).
    let smallest = measured[3].as_f64().unwrap();
    assert!(smallest * 50.0 >= height as f64, "text of {smallest} px");
    browser.assert_well_formed(&page).await;

    // It follows the campaign as the live page does: a roll appears without a reload.
    until_stream_open(&browser).await;
    mark_window(&browser).await;
    let referee = demo_referee(&app, &password).await;
    referee
        .write(
            Method::POST,
            &format!("/api/v1/campaigns/{cid}/rolls"),
            json!({ "table": "2d6", "modifiers": {}, "dice": [6, 6] }),
        )
        .await;
    until_text(&browser, "newest-dice", "6 6").await;
    assert_window_kept(&browser, "for a roll").await;
    // One roll more still fits the screen: the oldest goes.
    let measured = browser.client.execute(MEASURE, vec![]).await.unwrap();
    let bottom = measured[2].as_i64().unwrap();
    assert!(
        bottom <= height,
        "after a roll the text runs on to {bottom} px"
    );
    browser.close().await;
}
