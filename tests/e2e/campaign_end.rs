//! The end of a campaign (issue 12, Contract v1.1 "The end of a campaign"): the
//! referee ends it from the API or from the club-night page after a confirmation; the
//! answer names the winner (§13.203, R13) and the side winning the air war (§13.204,
//! R12) as they stood in the week it ended; from then on every write to it is a 409,
//! ending it again included (the ending is not idempotent: a second end is a write to
//! an ended campaign like any other); it can still be read, exported and imported,
//! and the import keeps it ended.

use reqwest::redirect::Policy;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::support::builders::{Crewed, FIGHTER_SWEEP, OBSERVE_HQ};
use crate::support::enlist;
use crate::support::fixtures_games::{Furnished, Loop};
use crate::support::form_client::{hidden_value, session_cookie, Visitor};
use crate::support::reports::{
    observer, pilot, Debriefing, Recruit, ALBATROS, ALLIED, BISHOP, CENTRAL, HAWKER, MOTT,
    NIEUPORT, RICHT, STRUTTER, VOSS,
};
use crate::support::world::CampaignBuilder;
use crate::support::{body, problem, TestApp, CAMPAIGN_WRITES};

/// A private campaign from 1917-04-01 refereed by `referee`, with ada and cy playing
/// Allied and bob Central, and the recruits' starting crewmen (50 XP each, R3).
async fn campaign<const N: usize>(app: &TestApp, crew: [Recruit; N]) -> (String, i64, [i64; N]) {
    let world = CampaignBuilder::new("referee", "1917-04-01")
        .player("ada", "allied")
        .player("bob", "central")
        .player("cy", "allied")
        .recruits(&crew)
        .build(app)
        .await;
    (world.referee.clone(), world.campaign, world.crew())
}

async fn end(app: &TestApp, cid: i64, token: &str) -> reqwest::Response {
    app.post(
        &format!("/api/v1/campaigns/{cid}/end"),
        Some(token),
        &json!({}),
    )
    .await
}

// §13.203 and R13 pick the winner by his best crewman; §13.204 and R12 pick the side
// on doubled two-seater mission awards: here they disagree, so each is seen to be
// computed its own way. The ending is idempotent-by-refusal: the second end is a 409.
#[tokio::test]
async fn ending_names_the_r13_winner_and_the_r12_side_leader() {
    let app = TestApp::spawn().await;
    let (referee, cid, [hawker, mott, bishop, richt, voss]) =
        campaign(&app, [HAWKER, MOTT, BISHOP, RICHT, VOSS]).await;
    let office = app.referee("referee", cid).await;

    // Week 1, 20 turns. The Strutter (a two-seater, R11), assigned the Allied mission,
    // observes the enemy HQ (d10 2, R9) and lands: pilot 10, observer 20 (R4, appendix E). Hawker and Mottershead
    // share the kill of Voss (12 each, R4); Richthofen downs Bishop (24) with 3 Red
    // hits on fighter sweep (2 each: 6). One loss each: no sweep succeeds (R10).
    let game = office.game(OBSERVE_HQ, FIGHTER_SWEEP).await;
    let strutter = Crewed {
        aircraft: office.aircraft(STRUTTER).await,
        pilot: hawker,
        observer: Some(mott),
    };
    office.assign(game.id, game.allied, strutter).await;
    Debriefing::new(20)
        .sorties([
            ALLIED.mission("a1", STRUTTER, 20, [pilot(hawker, 0), observer(mott)]),
            ALLIED.sweep("a2", NIEUPORT, 12, pilot(bishop, 0)).lost(),
            CENTRAL.sweep("c1", ALBATROS, 20, pilot(richt, 3)),
            CENTRAL.sweep("c2", ALBATROS, 20, pilot(voss, 0)).lost(),
        ])
        .observed(game.allied)
        .kill("a2", &[richt])
        .kill("c2", &[hawker, mott])
        .debrief(&office, game.id)
        .await;
    office.close_week().await;

    // A player may not end it (referee only).
    let ada = app.sign_up("ada2", false).await;
    app.add_player(&referee, cid, "ada2", "central").await;
    problem(end(&app, cid, &ada).await, StatusCode::FORBIDDEN).await;

    let response = end(&app, cid, &referee).await;
    assert_eq!(response.status(), StatusCode::OK);
    let ended = body(response).await;
    assert_eq!(ended["ended_week"], 2);
    // R13, best crewman per player: bob's Richthofen 50+20+24+6 = 100; ada's Hawker
    // 50+20+12+10 = 92 (Mottershead 50+5+12+20 = 87); cy's Bishop 50+12 = 62. Bob wins.
    assert_eq!(ended["winner"]["username"], "bob");
    assert_eq!(ended["winner"]["best_crew_id"], richt);
    assert_eq!(ended["winner"]["best_xp"], 100);
    assert_eq!(ended["shared_first_place"], json!([]));
    // R12, XP earned in games only: Allied Hawker 42 + Mottershead 37 + Bishop 12 = 91,
    // plus the two-seater mission awards again, 10 + 20 = 30 (the shared kill does not
    // double): 121. Central Richthofen 50 + Voss 20 = 70. The Allies lead the air war
    // although a Central player wins the campaign.
    assert_eq!(ended["side_leader"], "allied");
    assert_eq!(ended["sides"]["allied"]["total"], 121);
    assert_eq!(ended["sides"]["central"]["total"], 70);

    let campaign = body(
        app.get(&format!("/api/v1/campaigns/{cid}"), Some(&referee))
            .await,
    )
    .await;
    assert_eq!(campaign["ended"], true);
    assert_eq!(campaign["ended_week"], 2);
    assert_eq!(campaign["current_week"], 2);

    // Ending again changes nothing and says when it ended.
    let detail = problem(end(&app, cid, &referee).await, StatusCode::CONFLICT).await;
    assert!(detail.contains("ended in week 2"), "{detail}");

    // The standings stay readable and unchanged.
    let players = body(
        app.get(&format!("/api/v1/campaigns/{cid}/players"), Some(&referee))
            .await,
    )
    .await;
    assert_eq!(players[0]["username"], "bob");
}

// R13's tie-breaks: level on XP, the one with more kills, then fewer weeks out, wins;
// level on all three, nobody wins alone and the answer lists who share first place.
#[tokio::test]
async fn a_first_place_level_on_every_tie_break_is_shared_and_weeks_out_part_it() {
    let app = TestApp::spawn().await;
    let (referee, cid, [hawker, richt]) = campaign(&app, [HAWKER, RICHT]).await;
    // Nothing flown: both 50 XP (R3), no kill, no week out.
    let preview = body(
        app.get(&format!("/api/v1/campaigns/{cid}/players"), Some(&referee))
            .await,
    )
    .await;
    assert_eq!(preview[0]["rank"], 1);
    assert_eq!(preview[1]["rank"], 1);

    let other = app.campaign(&referee, "1917-04-01", false).await;
    let ended = body(end(&app, cid, &referee).await).await;
    assert_eq!(ended["winner"], Value::Null);
    let mut shared: Vec<&str> = ended["shared_first_place"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["username"].as_str().unwrap())
        .collect();
    shared.sort_unstable();
    assert_eq!(shared, ["ada", "bob"]);
    assert_eq!(ended["side_leader"], "tied");
    assert!(hawker != richt);

    // The same two in another campaign, both 10 turns on the board in week 1 (R5: 60
    // XP each), Hawker out of service for week 2 after a minor injury in it (R7), the
    // campaign ended in week 3: level on XP and no kill, so fewer weeks out decides:
    // bob wins.
    for (name, side) in [("ada", "allied"), ("bob", "central")] {
        app.add_player(&referee, other, name, side).await;
    }
    let [hawker, richt] = enlist(&app, &referee, other, [HAWKER, RICHT]).await;
    let office = app.referee("referee", other).await;
    let game = office.sweep_game().await;
    Debriefing::new(10)
        .sorties([
            ALLIED.sweep("a1", NIEUPORT, 10, pilot(hawker, 0).minor_injury(1)),
            CENTRAL.sweep("c1", ALBATROS, 10, pilot(richt, 0)),
        ])
        .debrief(&office, game.id)
        .await;
    office.close_week().await;
    office.close_week().await;
    let ended = body(end(&app, other, &referee).await).await;
    assert_eq!(ended["ended_week"], 3);
    assert_eq!(ended["winner"]["username"], "bob");
    assert_eq!(ended["winner"]["best_crew_id"], richt);
    assert_eq!(ended["winner"]["best_xp"], 60);
}

/// The campaign every write is tried on once it has ended: a crewman of each side, a
/// game with both missions, an award of the ledger, an account to add.
struct Ended {
    stocked: Furnished,
}

async fn ended_campaign() -> Ended {
    let game = Loop::start("1917-04-02").await;
    game.app.sign_up("sam", false).await;
    let stocked = Furnished::new(game).await;
    let response = end(
        &stocked.game.app,
        stocked.game.campaign,
        &stocked.game.referee,
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    Ended { stocked }
}

impl Ended {
    /// The path with real ids; a parameter this does not know gets 1, so a new
    /// operation is still tried (and its row below says if it needs better).
    fn path(&self, template: &str) -> String {
        let mut path = self.stocked.fill(template);
        while let (Some(open), Some(close)) = (path.find('{'), path.find('}')) {
            path.replace_range(open..=close, "1");
        }
        path
    }

    /// A body each operation would accept from the referee on a running campaign, so
    /// that the 409 is about the end and nothing else.
    fn body(&self, method: &str, template: &str) -> Option<Value> {
        let write = (method, template.rsplit('/').next().unwrap());
        match write {
            ("DELETE", _) => None,
            ("PATCH", _) => Some(json!({ "side": "central" })),
            ("POST", "invitations") => Some(json!({ "role": "player" })),
            _ => Some(
                self.stocked
                    .body(method, template)
                    .unwrap_or_else(|| json!({})),
            ),
        }
    }
}

// Contract v1.1: once ended, every write → 409 saying so. The operations come from the
// served OpenAPI document (every non-GET operation under /api/v1/campaigns/{cid}), so
// an endpoint added later is tried without touching this test.
#[tokio::test]
async fn every_write_to_an_ended_campaign_is_a_409() {
    let f = ended_campaign().await;
    let app = &f.stocked.game.app;
    let doc = body(app.get("/api/openapi.json", None).await).await;
    let mut tried = Vec::new();
    let mut failures = Vec::new();
    for (template, item) in doc["paths"].as_object().unwrap() {
        if !template.starts_with("/api/v1/campaigns/{cid}") {
            continue;
        }
        for method in item.as_object().unwrap().keys() {
            let method = method.to_uppercase();
            if !["POST", "PUT", "PATCH", "DELETE"].contains(&method.as_str()) {
                continue;
            }
            let mut request = app.request(
                method.parse::<Method>().unwrap(),
                &f.path(template),
                Some(&f.stocked.game.referee),
            );
            if let Some(body) = f.body(&method, template) {
                request = request.json(&body);
            }
            let response = request.send().await.expect("a response");
            let status = response.status();
            let text = response.text().await.unwrap_or_default();
            if status != StatusCode::CONFLICT || !text.contains("ended in week 1") {
                failures.push(format!("{method} {template}: {status} {text}"));
            }
            tried.push(format!("{method} {template}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The writes of API.md are among those tried.
    for op in CAMPAIGN_WRITES {
        assert!(tried.iter().any(|t| t == op), "{op} was tried: {tried:?}");
    }

    // Nothing was written: the roll log and the crew are as they were at the end.
    let crew = body(
        f.stocked
            .game
            .get("/crew", Some(&f.stocked.game.referee))
            .await,
    )
    .await;
    // Ball, Voss and Wolff (Karl's sortie's pilot) of the furnished campaign.
    assert_eq!(crew.as_array().unwrap().len(), 3);
    assert!(crew
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["abilities"] == json!([])));
    assert!(f.stocked.ada_pilot != f.stocked.karl_pilot);
    // Reads still answer.
    for read in [
        "",
        "/leaderboard",
        "/sides",
        "/players",
        "/rolls",
        "/weeks/1",
    ] {
        let response = f.stocked.game.get(read, Some(&f.stocked.game.ada)).await;
        assert_eq!(response.status(), StatusCode::OK, "GET …{read}");
    }
}

// An ended campaign exports with its end, and the import keeps it ended (and read-only);
// a document whose end is not in its current week is refused, naming the field.
#[tokio::test]
async fn an_ended_campaign_exports_and_imports_ended() {
    let f = ended_campaign().await;
    let app = &f.stocked.game.app;
    let referee = &f.stocked.game.referee;
    let export = |cid: i64| {
        let path = format!("/api/v1/campaigns/{cid}/export");
        async move { body(app.get(&path, Some(referee)).await).await }
    };
    let original = export(f.stocked.game.campaign).await;
    assert_eq!(original["campaign"]["ended"]["week"], 1);
    // The document shows how it ended: Voss's 1 XP for a turn on the board is the only
    // award, so karl's best crewman leads Ball's 0 (R13) and the Central side leads the
    // air war 1 to 0 (R12: the turn award counts once, it is no two-seater mission).
    assert_eq!(
        original["campaign"]["ended"]["final_standings"],
        json!({ "winner": "karl", "shared_first_place": [], "side_leader": "central",
                "allied_total": 0, "central_total": 1 })
    );

    let import = |document: &Value| {
        app.request(Method::POST, "/api/v1/campaigns/import", Some(referee))
            .json(document)
            .send()
    };
    let response = import(&original).await.unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    let copy = body(response).await;
    assert_eq!(copy["ended"], true);
    assert_eq!(copy["ended_week"], 1);
    let copy_id = copy["id"].as_i64().unwrap();
    let mut again = export(copy_id).await;
    let mut first = original.clone();
    for doc in [&mut again, &mut first] {
        doc.as_object_mut().unwrap().remove("exported_at");
    }
    assert_eq!(again, first, "the export of the import equals the original");
    let detail = problem(
        app.post(
            &format!("/api/v1/campaigns/{copy_id}/rolls"),
            Some(referee),
            &json!({ "table": "d6", "modifiers": {} }),
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(detail.contains("ended in week 1"), "{detail}");

    let mut wrong = original.clone();
    wrong["campaign"]["ended"]["week"] = json!(5);
    let detail = problem(
        import(&wrong).await.unwrap(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(detail.contains("campaign.ended.week"), "{detail}");
}

// The club-night page: the referee asks to end, is asked "End the campaign? This
// cannot be undone" on a page of its own (a GET form, no JavaScript), confirms, and
// lands on the campaign home, which shows the end and the winner (§13.203, R13); the
// page's write forms are gone and a write sent anyway is refused (409).
#[tokio::test]
async fn the_referee_ends_it_from_the_club_night_page_after_confirming() {
    let lp = Loop::start("1917-04-02").await;
    lp.crewman("Ball", "pilot", "british", "ada").await;
    let visitor = Visitor::open(&lp.app).await;
    let cookie = session_cookie(&visitor.sign_in(&lp.app, "rita", "password-of-rita").await)
        .expect("signed in");
    let club_night = format!("/campaigns/{}/club-night", lp.campaign);
    let html = visitor.page(&lp.app, &club_night, &cookie).await;
    assert!(html.contains("id=\"end-campaign\""), "{html}");
    let csrf = hidden_value(&html, "csrf").unwrap();
    let form_key = |html: &str| hidden_value(html, "form_key").expect("the form's one-time key");

    let confirm = visitor
        .page(&lp.app, &format!("{club_night}?end=confirm"), &cookie)
        .await;
    assert!(
        confirm.contains("End the campaign? This cannot be undone"),
        "{confirm}"
    );
    assert!(
        confirm.contains("ada"),
        "the winner it would end on: {confirm}"
    );

    // A player is not asked: only the referee ends a campaign.
    let player = Visitor::open(&lp.app).await;
    let player_cookie =
        session_cookie(&player.sign_in(&lp.app, "ada", "password-of-ada").await).unwrap();
    let refused = player
        .get(
            &lp.app,
            &format!("{club_night}?end=confirm"),
            &player_cookie,
        )
        .await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);

    let client = reqwest::Client::builder()
        .redirect(Policy::none())
        .build()
        .unwrap();
    let post = |action: &'static str, key: String| {
        client
            .post(format!("{}{club_night}", lp.app.address))
            .header("cookie", &cookie)
            .form(&[
                ("csrf", csrf.as_str()),
                ("form_key", &key),
                ("action", action),
            ])
            .send()
    };
    let ended = post("end", form_key(&html)).await.unwrap();
    assert_eq!(ended.status(), StatusCode::SEE_OTHER);
    let home = format!("/campaigns/{}", lp.campaign);
    assert_eq!(ended.headers()["location"], home.as_str());

    let html = visitor.page(&lp.app, &home, &cookie).await;
    assert!(html.contains("Ended in week 1 — winner ada"), "{html}");
    let html = visitor.page(&lp.app, &club_night, &cookie).await;
    for form in ["open-game", "close-week", "end-campaign"] {
        assert!(!html.contains(&format!("id=\"{form}\"")), "{form} is gone");
    }
    assert!(html.contains("ended in week 1"));
    let open = post("open", form_key(&html)).await.unwrap();
    assert_eq!(open.status(), StatusCode::CONFLICT);
    let campaign = body(lp.get("", Some(&lp.referee)).await).await;
    assert_eq!(campaign["ended"], true);
}

// §13.203: an ended campaign is read-only, so no page offers its referee a form that
// writes (only the sign-out form of the header is left); its pages still read.
#[tokio::test]
async fn no_page_of_an_ended_campaign_offers_a_write_form() {
    let f = ended_campaign().await;
    let app = &f.stocked.game.app;
    let visitor = Visitor::open(app).await;
    let cookie =
        session_cookie(&visitor.sign_in(app, "rita", "password-of-rita").await).expect("signed in");
    let campaign = format!("/campaigns/{}", f.stocked.game.campaign);
    for page in [
        String::new(),
        "/club-night".into(),
        "/members".into(),
        "/crew".into(),
        format!("/crew/{}", f.stocked.karl_pilot),
        "/dice".into(),
        format!("/games/{}", f.stocked.game_id),
    ] {
        let path = format!("{campaign}{page}");
        let html = visitor.page(app, &path, &cookie).await;
        let writes: Vec<&str> = html
            .split("<form ")
            .skip(1)
            .filter(|form| form.contains("method=\"post\"") && !form.contains("/sign-out\""))
            .collect();
        assert!(writes.is_empty(), "{path} offers {writes:?}");
    }
}
