//! Every page of the demo campaign, read anonymously, by a player and by the referee,
//! passes axe-core with no violation (the engine of `@axe-core/cli`, all its default
//! rules), and its markup is well-formed with every field labelled.

use crate::support::browser::Browser;
use crate::support::{campaign_pages, count, TestApp};

/// The pages a reader of the demo can open, by path: each HTML route of `web/` with the
/// demo's ids filled in (a debriefed game and an open one, a closed week and the
/// current one, and the error page of a path that does not exist).
async fn demo_pages(app: &TestApp) -> Vec<String> {
    let cid = count(app, "SELECT max(id) FROM campaigns").await;
    let crewman = count(app, "SELECT min(id) FROM crew").await;
    let debriefed = count(
        app,
        "SELECT min(id) FROM games WHERE debriefed_at IS NOT NULL",
    )
    .await;
    let week = count(
        app,
        "SELECT current_week::bigint FROM campaigns WHERE id = (SELECT max(id) FROM campaigns)",
    )
    .await;
    let mut pages: Vec<String> = ["/", "/sign-in", "/aircraft", "/no-such-page"]
        .map(String::from)
        .into();
    pages.extend(campaign_pages(cid));
    let campaign = format!("/campaigns/{cid}");
    pages.push(format!("{campaign}/crew/{crewman}"));
    pages.push(format!("{campaign}/games/{debriefed}"));
    let open = count(
        app,
        "SELECT coalesce(min(id), 0) FROM games WHERE debriefed_at IS NULL AND voided_week IS NULL",
    )
    .await;
    if open > 0 {
        pages.push(format!("{campaign}/games/{open}"));
    }
    for n in [week - 1, week] {
        pages.push(format!("{campaign}/weeks/{n}"));
        pages.push(format!("{campaign}/weeks/{n}/briefing"));
    }
    pages
}

#[tokio::test]
async fn every_page_of_the_demo_passes_axe_signed_in_or_not() {
    let (app, password) = TestApp::demo().await;
    let pages = demo_pages(&app).await;
    for reader in [None, Some("demo-ada"), Some("demo-referee")] {
        let browser = Browser::reading_as(&app.address, reader, &password).await;
        let who = reader.unwrap_or("anonymous");
        for page in &pages {
            browser.open(page).await;
            browser
                .assert_well_formed(&format!("{page} as {who}"))
                .await;
        }
        if reader == Some("demo-referee") {
            // The referee's confirmation before the campaign ends (§13.203).
            let cid = count(&app, "SELECT max(id) FROM campaigns").await;
            let confirm = format!("/campaigns/{cid}/club-night?end=confirm");
            browser.open(&confirm).await;
            browser.assert_well_formed(&confirm).await;
        }
        browser.close().await;
    }
}
