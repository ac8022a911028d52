//! The authorization matrix (issue 6, acceptance 1): every operation of the OpenAPI
//! document has an access class here, and each class is tried with every kind of
//! caller. Anyone without a token is refused (401) on all but public operations; the
//! referee of another private campaign finds nothing (404) anywhere in this one; a
//! player is refused (403) the referee's actions and another player's crew or side.
//! A read of a private campaign without a token is a 404 like a stranger's: to anyone
//! who may not read it, the campaign does not exist (a public campaign's reads need no
//! token, API.md Conventions). An operation added to the document without a row here
//! fails `every_operation_has_an_access_class`.

use std::collections::BTreeSet;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::support::fixtures_games::{Furnished, Loop};
use crate::support::{body, TestApp};

/// Who may call an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    /// Anyone, no token needed.
    Public,
    /// Any signed-in account; no campaign involved.
    Account,
    /// Whoever may read the campaign.
    Read,
    /// Any member of the campaign.
    Member,
    /// The campaign's referee only.
    Referee,
    /// A member acting on his own things (crew, side, membership, his sorties'
    /// sheets); here tried by player `ada` on player `karl`'s.
    Own,
    /// Read only by its owners and the referees until the debrief, a 404 to everyone
    /// else (a sheet, R20); here tried by player `ada` on `karl`'s.
    Secret,
    /// Read by the referees and the game's players (the debrief's draft, R22): a read
    /// (404 to whoever may not read the campaign), refused (403) to a player of none
    /// of the game's sorties; here tried by player `ada`, who flies none.
    Players,
}

use Access::*;

/// Every operation of the document: method, path and who may call it.
const MATRIX: &[(&str, &str, Access)] = &[
    ("GET", "/health", Public),
    ("POST", "/api/v1/tokens", Public),
    ("DELETE", "/api/v1/tokens/current", Account),
    // Accounts people make and keep themselves (R26, API v1.3): signing up needs no
    // token (here with an invitation, as the default EAGLES_SIGN_UP asks); a reset
    // link is an instance admin's, refused (403) to everyone else.
    ("POST", "/api/v1/accounts", Public),
    ("PUT", "/api/v1/accounts/current/password", Account),
    ("DELETE", "/api/v1/accounts/current/sessions", Account),
    ("POST", "/api/v1/accounts/{username}/reset", Account),
    ("GET", "/api/v1/invitations/{code}", Public),
    ("POST", "/api/v1/invitations/{code}/accept", Account),
    ("POST", "/api/v1/campaigns/{cid}/invitations", Referee),
    ("GET", "/api/v1/campaigns/{cid}/invitations", Referee),
    (
        "DELETE",
        "/api/v1/campaigns/{cid}/invitations/{id}",
        Referee,
    ),
    ("GET", "/api/v1/aircraft", Public),
    ("GET", "/api/v1/abilities", Public),
    ("POST", "/api/v1/campaigns", Account),
    ("GET", "/api/v1/campaigns", Public),
    ("GET", "/api/v1/campaigns/{cid}", Read),
    ("POST", "/api/v1/campaigns/{cid}/end", Referee),
    ("GET", "/api/v1/campaigns/{cid}/events", Read),
    ("POST", "/api/v1/campaigns/{cid}/members", Referee),
    ("GET", "/api/v1/campaigns/{cid}/members", Read),
    ("PATCH", "/api/v1/campaigns/{cid}/members/{username}", Own),
    ("DELETE", "/api/v1/campaigns/{cid}/members/{username}", Own),
    ("POST", "/api/v1/campaigns/{cid}/crew", Own),
    ("GET", "/api/v1/campaigns/{cid}/crew", Read),
    ("GET", "/api/v1/campaigns/{cid}/crew/{id}", Read),
    ("POST", "/api/v1/campaigns/{cid}/crew/{id}/abilities", Own),
    ("GET", "/api/v1/campaigns/{cid}/crew/{id}/record", Read),
    ("POST", "/api/v1/campaigns/{cid}/games", Referee),
    ("GET", "/api/v1/campaigns/{cid}/games/{gid}", Read),
    ("POST", "/api/v1/campaigns/{cid}/games/{gid}/missions", Own),
    (
        "PUT",
        "/api/v1/campaigns/{cid}/games/{gid}/missions/{mid}/assignment",
        Own,
    ),
    (
        "POST",
        "/api/v1/campaigns/{cid}/games/{gid}/debrief",
        Referee,
    ),
    ("GET", "/api/v1/campaigns/{cid}/games/{gid}/debrief", Read),
    (
        "GET",
        "/api/v1/campaigns/{cid}/games/{gid}/debrief/draft",
        Players,
    ),
    (
        "POST",
        "/api/v1/campaigns/{cid}/games/{gid}/debrief/void",
        Referee,
    ),
    ("POST", "/api/v1/campaigns/{cid}/awards/{aid}/void", Referee),
    ("POST", "/api/v1/campaigns/{cid}/rolls", Member),
    ("GET", "/api/v1/campaigns/{cid}/rolls", Read),
    ("POST", "/api/v1/campaigns/{cid}/weeks/close", Referee),
    ("GET", "/api/v1/campaigns/{cid}/weeks/{n}", Read),
    ("GET", "/api/v1/campaigns/{cid}/weeks/{n}/dice", Read),
    ("GET", "/api/v1/campaigns/{cid}/leaderboard", Read),
    ("GET", "/api/v1/campaigns/{cid}/leaderboard.csv", Read),
    ("GET", "/api/v1/campaigns/{cid}/sides", Read),
    ("GET", "/api/v1/campaigns/{cid}/players", Read),
    ("GET", "/api/v1/campaigns/{cid}/export", Referee),
    ("POST", "/api/v1/campaigns/import", Account),
    ("POST", "/api/v1/campaigns/{cid}/webhooks", Referee),
    ("GET", "/api/v1/campaigns/{cid}/webhooks", Referee),
    ("DELETE", "/api/v1/campaigns/{cid}/webhooks/{id}", Referee),
    // A sortie's players (the owners of its crew) and the referees (API v1.2).
    ("POST", "/api/v1/campaigns/{cid}/games/{gid}/sorties", Own),
    ("GET", "/api/v1/campaigns/{cid}/games/{gid}/sorties", Read),
    (
        "DELETE",
        "/api/v1/campaigns/{cid}/games/{gid}/sorties/{sid}",
        Own,
    ),
    (
        "GET",
        "/api/v1/campaigns/{cid}/games/{gid}/sorties/{sid}/sheet",
        Secret,
    ),
    (
        "POST",
        "/api/v1/campaigns/{cid}/games/{gid}/sorties/{sid}/marks",
        Own,
    ),
    (
        "POST",
        "/api/v1/campaigns/{cid}/games/{gid}/sorties/{sid}/rolls",
        Own,
    ),
];

/// The operations of the served document.
async fn documented(app: &TestApp) -> BTreeSet<(String, String)> {
    let doc = body(app.get("/api/openapi.json", None).await).await;
    let mut operations = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            if ["get", "post", "put", "patch", "delete"].contains(&method.as_str()) {
                operations.insert((method.to_uppercase(), path.clone()));
            }
        }
    }
    operations
}

#[tokio::test]
async fn every_operation_has_an_access_class() {
    let app = TestApp::spawn().await;
    let table: BTreeSet<(String, String)> = MATRIX
        .iter()
        .map(|(m, p, _)| (m.to_string(), p.to_string()))
        .collect();
    assert_eq!(table.len(), MATRIX.len(), "an operation is listed twice");
    let documented = documented(&app).await;
    let missing: Vec<_> = documented.difference(&table).collect();
    let stale: Vec<_> = table.difference(&documented).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "operations without an access class: {missing:?}; rows for operations not in the document: {stale:?}"
    );
}

/// The campaign everything is tried on, a stranger (the referee of another) and an
/// invitation to the campaign.
struct Fixture {
    stocked: Furnished,
    stranger: String,
    invitation: String,
}

async fn fixture() -> Fixture {
    let game = Loop::start("1917-04-02").await;
    let stranger = game.app.sign_up("sam", false).await;
    game.app.campaign(&stranger, "1916-07-01", false).await;
    // An award of the ledger: Karl's pilot's turn in a debriefed game.
    let invited = game
        .app
        .post(
            &format!("/api/v1/campaigns/{}/invitations", game.campaign),
            Some(&game.referee),
            &json!({ "role": "player", "side": "central", "uses": 5 }),
        )
        .await;
    assert_eq!(invited.status(), StatusCode::CREATED);
    let invitation = body(invited).await["code"].as_str().unwrap().to_owned();
    let stocked = Furnished::new(game).await;
    Fixture {
        stocked,
        stranger,
        invitation,
    }
}

impl Fixture {
    /// The path with its ids filled in; `{id}` and `{username}` name Karl's things,
    /// which Ada may not touch.
    fn path(&self, template: &str) -> String {
        self.stocked
            .fill(template)
            .replace("{code}", &self.invitation)
    }

    /// A body that parses, so a refusal is about the caller and not the input.
    fn body(&self, method: &str, template: &str) -> Option<Value> {
        if let Some(body) = self.stocked.body(method, template) {
            return Some(body);
        }
        let write = (method, template.rsplit('/').next().unwrap());
        let body = match write {
            ("GET", _) | ("DELETE", _) => return None,
            ("POST", "tokens") => json!({ "username": "ada", "password": "password-of-ada" }),
            ("POST", "accounts") => {
                json!({ "username": "wilhelm", "password": "Albatros-D.III-over-Douai",
                                            "invitation": self.invitation })
            }
            ("PUT", "password") => json!({ "current_password": "password-of-ada",
                                           "new_password": "Albatros-D.III-over-Douai" }),
            ("POST", "reset") => json!({}),
            ("POST", "accept") => json!({ "side": "central" }),
            ("POST", "invitations") => json!({ "role": "player" }),
            ("POST", "campaigns") => json!({ "name": "Another", "start_date": "1917-04-02" }),
            ("PATCH", _) => json!({ "side": "allied" }),
            ("POST", "games") => json!({}),
            ("POST", "close") => json!({}),
            ("POST", "end") => json!({}),
            ("POST", "import") => json!({ "format": "eagles-campaign", "version": 1 }),
            ("POST", "webhooks") => json!({ "url": "https://example.com/hook",
                                            "events": ["week_closed"] }),
            other => panic!("no body for {other:?}: add one"),
        };
        Some(body)
    }

    async fn call(&self, method: &str, template: &str, token: Option<&str>) -> StatusCode {
        let method: Method = method.parse().unwrap();
        let mut request =
            self.stocked
                .game
                .app
                .request(method.clone(), &self.path(template), token);
        if let Some(body) = self.body(method.as_str(), template) {
            request = request.json(&body);
        }
        request.send().await.expect("a response").status()
    }
}

#[tokio::test]
async fn every_operation_refuses_who_it_must() {
    let f = fixture().await;
    let ada = f.stocked.game.ada.clone();
    assert_ne!(f.stocked.ada_pilot, f.stocked.karl_pilot);
    let mut failures = Vec::new();
    let mut expect = |what: String, got: StatusCode, ok: bool| {
        if !ok {
            failures.push(format!("{what}: got {got}"));
        }
    };
    for &(method, template, access) in MATRIX {
        let op = format!("{method} {template}");
        if access == Public {
            let got = f.call(method, template, None).await;
            expect(format!("{op} without a token → 2xx"), got, got.is_success());
            continue;
        }
        let anonymous = f.call(method, template, None).await;
        let expected = if matches!(access, Read | Secret | Players) {
            StatusCode::NOT_FOUND
        } else {
            StatusCode::UNAUTHORIZED
        };
        expect(
            format!("{op} without a token → {expected}"),
            anonymous,
            anonymous == expected,
        );
        if access == Account {
            continue;
        }
        let stranger = f.call(method, template, Some(&f.stranger)).await;
        expect(
            format!("{op} by the referee of another campaign → 404"),
            stranger,
            stranger == StatusCode::NOT_FOUND,
        );
        let player = f.call(method, template, Some(&ada)).await;
        match access {
            Secret => expect(
                format!("{op} by player ada (not hers) → 404"),
                player,
                player == StatusCode::NOT_FOUND,
            ),
            Referee | Own | Players => expect(
                format!("{op} by player ada ({access:?}) → 403"),
                player,
                player == StatusCode::FORBIDDEN,
            ),
            Read | Member => expect(
                format!("{op} by player ada → allowed"),
                player,
                ![
                    StatusCode::UNAUTHORIZED,
                    StatusCode::FORBIDDEN,
                    StatusCode::NOT_FOUND,
                ]
                .contains(&player)
                    || template.ends_with("/debrief"),
            ),
            Public | Account => unreachable!(),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
