//! The campaign feed (`/campaigns/{cid}/feed.atom`): Atom 1.0 read back by the feed
//! crate's own parser, an entry per closed week and one for the end, links absolute
//! under `EAGLES_PUBLIC_URL`, and 404 for a private campaign.

use std::collections::HashSet;

use atom_syndication::Feed;
use reqwest::StatusCode;
use serde_json::json;

use crate::briefing::demo;
use crate::support::{body, TestApp};

const PUBLIC_URL: &str = "https://eagles.example.org/club";

async fn feed_of(app: &TestApp, id: i64) -> Feed {
    let response = app.get(&format!("/campaigns/{id}/feed.atom"), None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        content_type.starts_with("application/atom+xml"),
        "{content_type}"
    );
    let xml = response.bytes().await.unwrap();
    Feed::read_from(&xml[..]).unwrap_or_else(|e| {
        panic!(
            "the feed does not parse: {e}\n{}",
            String::from_utf8_lossy(&xml)
        )
    })
}

/// Every link of the feed and its entries.
fn hrefs(feed: &Feed) -> Vec<String> {
    feed.links()
        .iter()
        .chain(feed.entries().iter().flat_map(|e| e.links()))
        .map(|l| l.href().to_owned())
        .collect()
}

#[tokio::test]
async fn the_demo_feed_has_an_entry_per_closed_week_with_absolute_links_and_stable_ids() {
    let (app, id, _) = demo(Some(PUBLIC_URL)).await;
    let feed = feed_of(&app, id).await;

    // What Atom 1.0 requires of a feed and of each entry (RFC 4287 §4.1).
    assert!(
        feed.id().starts_with("tag:eagles.example.org,"),
        "{}",
        feed.id()
    );
    assert!(!feed.title().as_str().is_empty());
    assert!(!feed.authors().is_empty());
    assert!(
        feed.links()
            .iter()
            .any(|l| l.rel() == "self"
                && l.href() == format!("{PUBLIC_URL}/campaigns/{id}/feed.atom"))
    );
    // The demo closed weeks 1 to 3; week 4 is open and has no entry.
    let weeks: Vec<String> = feed.entries().iter().map(|e| e.id().to_owned()).collect();
    assert_eq!(
        weeks,
        [3, 2, 1].map(|w| format!("{}/week-{w}", feed.id())),
        "newest first"
    );
    assert_eq!(weeks.iter().collect::<HashSet<_>>().len(), 3);
    for entry in feed.entries() {
        assert!(!entry.title().as_str().is_empty());
        assert!(entry.updated() <= feed.updated());
    }
    // `updated` is when each week closed: weeks close in order.
    let updated: Vec<_> = feed.entries().iter().map(|e| *e.updated()).collect();
    assert!(
        updated[0] >= updated[1] && updated[1] >= updated[2],
        "{updated:?}"
    );
    assert_eq!(*feed.updated(), updated[0]);

    // Week 3 in short, linking the week and its briefing.
    let week_3 = &feed.entries()[0];
    assert!(week_3
        .title()
        .as_str()
        .starts_with("Week 3 (23 April 1917) closed: 1 game, 1 kill, 1 captured"));
    let summary = week_3.summary().expect("a summary").as_str();
    assert!(
        summary.contains("Werner Voss shot down the Allied SPAD VII (Georges Guynemer).")
            && summary.contains("Captured: Georges Guynemer."),
        "{summary}"
    );
    let links: Vec<(&str, &str)> = week_3.links().iter().map(|l| (l.rel(), l.href())).collect();
    assert_eq!(
        links,
        [
            (
                "alternate",
                format!("{PUBLIC_URL}/campaigns/{id}/weeks/3").as_str()
            ),
            (
                "related",
                format!("{PUBLIC_URL}/campaigns/{id}/weeks/3/briefing").as_str()
            ),
        ]
    );
    for href in hrefs(&feed) {
        assert!(
            href.starts_with(&format!("{PUBLIC_URL}/campaigns/{id}")),
            "{href}"
        );
    }

    // The campaign's pages announce the feed in their head; the others do not.
    let announced = format!("type=\"application/atom+xml\" title=\"The campaign's closed weeks (Atom)\" href=\"/campaigns/{id}/feed.atom\"");
    for page in [
        format!("/campaigns/{id}"),
        format!("/campaigns/{id}/leaderboard"),
        format!("/campaigns/{id}/crew/1"),
        format!("/campaigns/{id}/weeks/3"),
    ] {
        let html = app.get(&page, None).await.text().await.unwrap();
        let head = &html[..html.find("</head>").unwrap()];
        assert!(head.contains(&announced), "{page}: {head}");
    }
    let html = app.get("/aircraft", None).await.text().await.unwrap();
    assert!(!html.contains("application/atom+xml"));

    // The same feed again: same ids, same times.
    let again = feed_of(&app, id).await;
    assert_eq!(again.id(), feed.id());
    assert_eq!(again.entries(), feed.entries());
}

#[tokio::test]
async fn an_ended_campaign_has_an_entry_for_its_end() {
    let (app, id, password) = demo(Some(PUBLIC_URL)).await;
    let token = body(
        app.post(
            "/api/v1/tokens",
            None,
            &json!({ "username": "demo-referee", "password": password }),
        )
        .await,
    )
    .await["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let response = app
        .post(
            &format!("/api/v1/campaigns/{id}/end"),
            Some(&token),
            &json!({}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let feed = feed_of(&app, id).await;
    let ids: Vec<&str> = feed.entries().iter().map(|e| e.id()).collect();
    let end_id = format!("{}/end", feed.id());
    assert_eq!(ids[0], end_id);
    assert_eq!(ids.len(), 4, "the end and the three closed weeks");
    let end = &feed.entries()[0];
    assert!(
        end.title()
            .as_str()
            .starts_with("The campaign ended in week 4"),
        "{}",
        end.title().as_str()
    );
    assert_eq!(*feed.updated(), *end.updated());
    assert_eq!(
        end.links()[0].href(),
        format!("{PUBLIC_URL}/campaigns/{id}")
    );
}

#[tokio::test]
async fn a_private_campaign_has_no_feed() {
    let app = TestApp::spawn().await;
    let referee = app.sign_up("ref", false).await;
    let private = app.campaign(&referee, "1917-04-02", false).await;
    let response = app
        .get(&format!("/campaigns/{private}/feed.atom"), None)
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    // A public campaign without a closed week has a feed with no entry, its links
    // under the listener's own address by default.
    let public = app.campaign(&referee, "1917-04-02", true).await;
    let feed = feed_of(&app, public).await;
    assert!(feed.entries().is_empty());
    for href in hrefs(&feed) {
        assert!(
            href.starts_with(&format!("{}/campaigns/{public}", app.address)),
            "{href}"
        );
    }
    let missing = app.get("/campaigns/999999/feed.atom", None).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}
