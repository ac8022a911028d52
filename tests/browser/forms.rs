//! Every form refuses a missing or wrong CSRF token and writes nothing; every write
//! refuses a user without the role, with the same rules as the API.

use reqwest::StatusCode;

use crate::support::{
    add_crewman, add_player, count, csrf_of, give_xp, new_campaign, text_of_id, TestApp, Visitor,
    ALBERT_BALL,
};

/// A campaign refereed by rita with paul (Allied) and pat (Allied) as players, and
/// a pilot of paul's with 100 XP (one pending pick, R6).
struct Club {
    app: TestApp,
    rita: (Visitor, String),
    campaign: i64,
    pilot: i64,
}

async fn club(public: bool) -> Club {
    let app = TestApp::spawn().await;
    app.add_users(&["rita", "paul", "pat", "sam"]).await;
    let (mut rita, csrf) = app.signed_in("rita").await;
    let campaign = new_campaign(&app, &mut rita, &csrf, "Bloody April", public).await;
    for player in ["paul", "pat"] {
        add_player(&mut rita, &csrf, campaign, player, "allied").await;
    }
    let pilot = add_crewman(&app, &mut rita, &csrf, campaign, ALBERT_BALL).await;
    give_xp(&app, "rita", campaign, pilot, 50).await;
    Club {
        app,
        rita: (rita, csrf),
        campaign,
        pilot,
    }
}

/// Rows of every table a form writes, and the live sessions.
async fn written(app: &TestApp) -> i64 {
    count(
        app,
        "SELECT (SELECT count(*) FROM campaigns) + (SELECT count(*) FROM campaign_members)
              + (SELECT count(*) FROM crew) + (SELECT count(*) FROM crew_abilities)
              + (SELECT count(*) FROM sessions)",
    )
    .await
}

#[tokio::test]
async fn every_form_refuses_a_missing_or_wrong_token() {
    let Club {
        app,
        rita: (mut rita, csrf),
        campaign,
        pilot,
    } = club(true).await;
    let members = format!("/campaigns/{campaign}/members");
    let crew = format!("/campaigns/{campaign}/crew");
    let abilities = format!("/campaigns/{campaign}/crew/{pilot}/abilities");
    let forms: [(&str, Vec<(&str, &str)>); 6] = [
        (
            "/campaigns",
            vec![("name", "Jasta 11"), ("start_date", "1917-04-02")],
        ),
        (
            &members,
            vec![("username", "sam"), ("role", "player"), ("side", "allied")],
        ),
        (
            &crew,
            vec![
                ("name", "Mick Mannock"),
                ("role", "pilot"),
                ("nationality", "british"),
                ("owner", "pat"),
            ],
        ),
        (&abilities, vec![("ability", "tailing")]),
        ("/sign-out", vec![]),
        (
            "/sign-in",
            vec![("username", "rita"), ("password", "password-of-rita")],
        ),
    ];
    let before = written(&app).await;
    for (path, fields) in &forms {
        let missing = rita.post(path, fields).await;
        assert_eq!(
            missing.status(),
            StatusCode::FORBIDDEN,
            "{path} without a token"
        );
        let page = missing.text().await.unwrap();
        assert!(page.contains("this form has expired or did not come from this site"));
        let mut wrong = fields.clone();
        wrong.push(("csrf", "not-the-token"));
        let wrong = rita.post(path, &wrong).await;
        assert_eq!(
            wrong.status(),
            StatusCode::FORBIDDEN,
            "{path} with a wrong token"
        );
        // Another session's token does not do either.
        let (_, other_token) = app.signed_in("pat").await;
        let mut other = fields.clone();
        other.push(("csrf", &other_token));
        assert_eq!(
            rita.post(path, &other).await.status(),
            StatusCode::FORBIDDEN
        );
    }
    // pat's three sign-ins per form are the only writes.
    assert_eq!(written(&app).await, before + 6);
    // With the session's own token the same forms go through.
    for (path, fields) in &forms[..4] {
        let mut good = fields.clone();
        good.push(("csrf", &csrf));
        let response = rita.post(path, &good).await;
        assert_eq!(response.status(), StatusCode::SEE_OTHER, "{path}");
    }
    assert_eq!(count(&app, "SELECT count(*) FROM crew_abilities").await, 1);
}

#[tokio::test]
async fn write_forms_refuse_users_without_the_role() {
    let Club {
        app,
        rita: (mut rita, rita_csrf),
        campaign,
        pilot,
    } = club(true).await;
    let before = written(&app).await;
    let members = format!("/campaigns/{campaign}/members");
    let crew = format!("/campaigns/{campaign}/crew");
    let abilities = format!("/campaigns/{campaign}/crew/{pilot}/abilities");

    // A player may not add members: the referee's action.
    let (mut pat, pat_csrf) = app.signed_in("pat").await;
    let response = pat
        .post(
            &members,
            &[
                ("csrf", &pat_csrf),
                ("username", "sam"),
                ("role", "player"),
                ("side", "allied"),
            ],
        )
        .await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert!(response
        .text()
        .await
        .unwrap()
        .contains("only a referee of &#34;Bloody April&#34; may add members"));
    // Nor pick for another player's crewman.
    let response = pat
        .post(&abilities, &[("csrf", &pat_csrf), ("ability", "tailing")])
        .await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    // And the members page shows him no form.
    let page = pat.get(&members).await.text().await.unwrap();
    assert!(!page.contains("Add a member"));

    // A stranger may read the public campaign but not write to it.
    let (mut sam, sam_csrf) = app.signed_in("sam").await;
    let response = sam
        .post(
            &crew,
            &[
                ("csrf", &sam_csrf),
                ("name", "Max Immelmann"),
                ("role", "pilot"),
                ("nationality", "german"),
            ],
        )
        .await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert!(!sam
        .get(&crew)
        .await
        .text()
        .await
        .unwrap()
        .contains("New crewman"));

    // A visitor who has not signed in gets 401 even with his session's token.
    let mut visitor = app.visitor();
    let token = csrf_of(&visitor.get("/sign-in").await.text().await.unwrap());
    let response = visitor
        .post(
            "/campaigns",
            &[
                ("csrf", &token),
                ("name", "Jasta 11"),
                ("start_date", "1917-04-02"),
            ],
        )
        .await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);

    // Three sign-ins (pat, sam, the visitor's session) are the only writes.
    assert_eq!(written(&app).await, before + 3);

    // The owner of the pilot may pick; a second pick finds no slot (R6: 100 XP gives
    // one slot) and comes back with the reason next to the field.
    let (mut paul, paul_csrf) = app.signed_in("paul").await;
    let response = paul
        .post(&abilities, &[("csrf", &paul_csrf), ("ability", "tailing")])
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let response = rita
        .post(&abilities, &[("csrf", &rita_csrf), ("ability", "maneuver")])
        .await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = response.text().await.unwrap();
    assert_eq!(
        text_of_id(&page, "ability-error").as_deref(),
        Some("§13.102: no ability slot is free: 100 XP gives 1 slot(s), all used; the next comes at 250 XP")
    );
}

#[tokio::test]
async fn a_private_campaign_is_not_there_for_a_stranger() {
    let Club {
        app,
        campaign,
        pilot,
        ..
    } = club(false).await;
    let (mut sam, csrf) = app.signed_in("sam").await;
    for path in [
        format!("/campaigns/{campaign}"),
        format!("/campaigns/{campaign}/members"),
        format!("/campaigns/{campaign}/crew"),
        format!("/campaigns/{campaign}/crew/{pilot}"),
    ] {
        let response = sam.get(&path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let page = response.text().await.unwrap();
        assert!(
            page.contains(&format!("there is no campaign {campaign}")),
            "{path}"
        );
    }
    let response = sam
        .post(
            &format!("/campaigns/{campaign}/crew/{pilot}/abilities"),
            &[("csrf", &csrf), ("ability", "tailing")],
        )
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let mut anonymous = app.visitor();
    assert_eq!(
        anonymous
            .get(&format!("/campaigns/{campaign}"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    assert!(!anonymous
        .get("/")
        .await
        .text()
        .await
        .unwrap()
        .contains("Bloody April"));
}
