//! No page issues a query per row: each page's query count stays the same when the
//! campaign grows from one crewman to five with ledgers and abilities. Queries are
//! counted per database by diesel's instrumentation, so tests running alongside on
//! other databases do not disturb the count.

use reqwest::StatusCode;

use crate::statements::{count_statements, statements_so_far};

use crate::support::{
    add_crewman, add_player, count, give_xp, new_campaign, TestApp, Visitor, ALBERT_BALL,
};

/// Counts from now on the statements of every connection this process opens.
pub(crate) fn count_queries() {
    count_statements();
}

/// The queries one page costs.
pub(crate) async fn queries_of(database: &str, visitor: &mut Visitor, path: &str) -> u64 {
    let before = statements_so_far(database);
    let response = visitor.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    statements_so_far(database) - before
}

#[tokio::test]
async fn pages_cost_the_same_queries_whatever_their_rows() {
    count_queries();
    let app = TestApp::spawn().await;
    let database = count_db_name(&app).await;
    app.add_users(&["rita", "paul", "pat", "piet"]).await;
    let (mut rita, csrf) = app.signed_in("rita").await;
    let campaign = new_campaign(&app, &mut rita, &csrf, "Bloody April", true).await;
    for player in ["paul", "pat", "piet"] {
        add_player(&mut rita, &csrf, campaign, player, "allied").await;
    }
    let first = add_crewman(&app, &mut rita, &csrf, campaign, ALBERT_BALL).await;
    give_xp(&app, "rita", campaign, first, 50).await;
    let pages = [
        "/".to_owned(),
        format!("/campaigns/{campaign}"),
        format!("/campaigns/{campaign}/members"),
        format!("/campaigns/{campaign}/crew"),
        format!("/campaigns/{campaign}/crew/{first}"),
        "/aircraft?side=allied".to_owned(),
    ];
    let mut small = Vec::new();
    for page in &pages {
        small.push(queries_of(&database, &mut rita, page).await);
    }

    // Four more crewmen, more ledger entries and an ability.
    for (name, owner) in [
        ("Mick Mannock", "paul"),
        ("James McCudden", "pat"),
        ("Billy Bishop", "pat"),
        ("Georges Guynemer", "piet"),
    ] {
        let pilot = (name, "pilot", "british", owner);
        let id = add_crewman(&app, &mut rita, &csrf, campaign, pilot).await;
        give_xp(&app, "rita", campaign, id, 60).await;
    }
    for points in [5, 10, 20] {
        give_xp(&app, "rita", campaign, first, points).await;
    }
    rita.post(
        &format!("/campaigns/{campaign}/crew/{first}/abilities"),
        &[("csrf", &csrf), ("ability", "tailing")],
    )
    .await;
    assert_eq!(count(&app, "SELECT count(*) FROM crew").await, 5);

    let mut large = Vec::new();
    for page in &pages {
        large.push(queries_of(&database, &mut rita, page).await);
    }
    assert_eq!(small, large, "queries per page for {pages:?}");
    assert!(
        small.iter().all(|&n| n > 0),
        "the counter saw the queries: {small:?}"
    );
}

/// The name of the app's database.
pub(crate) async fn count_db_name(app: &TestApp) -> String {
    use eagles_db::diesel::sql_types::Text;
    use eagles_db::diesel_async::RunQueryDsl;
    let mut conn = app.pool.get().await.unwrap();
    eagles_db::diesel::dsl::sql::<Text>("SELECT current_database()")
        .get_result(&mut conn)
        .await
        .unwrap()
}
