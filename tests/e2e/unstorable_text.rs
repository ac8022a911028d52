//! Text the database cannot keep (contract v1.2, "Corrections"): a NUL character
//! (U+0000, which Postgres `text` refuses) anywhere a client can put text — every
//! string field of every operation of the OpenAPI document, its string path and query
//! parameters, the pages' forms, the import document, the command line — is refused
//! with a 400 or 422 naming the field, never a 500.

use std::io::Write;
use std::process::{Command, Stdio};

use reqwest::{Method, StatusCode};
use serde_json::{json, Map, Value};

use crate::support::fixtures_games::{Furnished, Loop};
use crate::support::form_client::{hidden_value, text, Visitor};
use crate::support::{body, problem, TestApp};

const NUL_TEXT: &str = "a\u{0}b";

/// The schema `schema` points at, `$ref`s followed.
fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => {
            let name = reference.trim_start_matches("#/components/schemas/");
            resolve(doc, &doc["components"]["schemas"][name])
        }
        None => schema,
    }
}

/// A plausible value for `schema`, the field named `name`: every property present
/// (optional ones too, so that their strings are tried), one item per array, one
/// entry per map, the fixture's ids for ids.
fn sample(doc: &Value, schema: &Value, name: &str, f: &Furnished, depth: usize) -> Value {
    let schema = resolve(doc, schema);
    if depth > 6 {
        return Value::Null;
    }
    for choice in ["oneOf", "anyOf"] {
        if let Some(variants) = schema.get(choice).and_then(Value::as_array) {
            let variant = variants
                .iter()
                .find(|v| resolve(doc, v).get("type") != Some(&json!("null")))
                .unwrap_or(&variants[0]);
            return sample(doc, variant, name, f, depth + 1);
        }
    }
    if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
        let mut merged = Map::new();
        for part in parts {
            match sample(doc, part, name, f, depth + 1) {
                Value::Object(fields) => merged.extend(fields),
                other => return other,
            }
        }
        return Value::Object(merged);
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        return values
            .iter()
            .find(|v| !v.is_null())
            .cloned()
            .unwrap_or(Value::Null);
    }
    let kind = match &schema["type"] {
        Value::String(kind) => kind.clone(),
        Value::Array(kinds) => kinds
            .iter()
            .filter_map(Value::as_str)
            .find(|k| *k != "null")
            .unwrap_or("null")
            .to_owned(),
        _ if schema.get("properties").is_some() => "object".to_owned(),
        _ => "null".to_owned(),
    };
    match kind.as_str() {
        "object" => {
            let mut fields = Map::new();
            if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
                for (key, property) in properties {
                    fields.insert(key.clone(), sample(doc, property, key, f, depth + 1));
                }
            } else if let Some(values) = schema.get("additionalProperties") {
                if values.is_object() {
                    fields.insert("x".into(), sample(doc, values, "x", f, depth + 1));
                }
            }
            Value::Object(fields)
        }
        "array" => json!([sample(doc, &schema["items"], name, f, depth + 1)]),
        "string" => json!(match (schema["format"].as_str(), name) {
            (Some("date"), _) => "1917-04-02",
            (Some("date-time"), _) => "1917-04-02T12:00:00Z",
            (_, "url") => "https://example.com/hook",
            (_, "username" | "owner" | "created_by") => "karl",
            (_, "password") => "password-of-karl",
            _ => "x",
        }),
        "integer" => json!(match name {
            "aircraft_id" => f.aircraft,
            "pilot_id" | "observer_id" | "crew_id" => f.karl_pilot,
            "game_id" => f.game_id,
            "mission_id" => f.central_mission,
            _ => 1,
        }),
        "number" => json!(1),
        "boolean" => json!(false),
        _ => Value::Null,
    }
}

/// The paths (as the API names them: `sorties[0].crew[0].outcome`) of every string in
/// `value`, and of every map key.
fn string_leaves(value: &Value, path: &str, found: &mut Vec<String>) {
    match value {
        Value::String(_) => found.push(path.to_owned()),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                string_leaves(item, &format!("{path}[{i}]"), found);
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                let at = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                string_leaves(item, &at, found);
            }
        }
        _ => {}
    }
}

/// `value` with the string at `path` replaced by text holding a NUL.
fn with_nul(value: &Value, path: &str) -> Value {
    let mut value = value.clone();
    let mut at = &mut value;
    for step in path.split('.') {
        let (key, indexes) = step.split_once('[').unwrap_or((step, ""));
        if !key.is_empty() {
            at = &mut at[key];
        }
        for index in indexes.split('[').filter(|i| !i.is_empty()) {
            at = &mut at[index.trim_end_matches(']').parse::<usize>().unwrap()];
        }
    }
    *at = json!(NUL_TEXT);
    value
}

/// One request of the walk: what it tried, and what it was answered.
async fn refused(
    f: &Furnished,
    method: &Method,
    path: &str,
    body: Option<&Value>,
    field: &str,
) -> Result<(), String> {
    let token = f.game.referee.as_str();
    let mut request = f.game.app.request(method.clone(), path, Some(token));
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.expect("an answer");
    let status = response.status();
    let what = format!("{method} {path} with a NUL in `{field}`");
    if status.is_server_error() {
        return Err(format!("{what}: {status}"));
    }
    if status != StatusCode::BAD_REQUEST && status != StatusCode::UNPROCESSABLE_ENTITY {
        return Err(format!("{what}: {status}, not a refusal"));
    }
    let detail = body_detail(response).await;
    if !detail.contains(&format!("`{field}`")) {
        return Err(format!("{what}: {status} without naming it: {detail}"));
    }
    Ok(())
}

async fn body_detail(response: reqwest::Response) -> String {
    let problem: Value = response.json().await.unwrap_or_default();
    problem["detail"].as_str().unwrap_or_default().to_owned()
}

/// Acceptance (issue 23, item 2): every string field of every operation, every string
/// path and query parameter, with a NUL in turn, as the campaign's referee.
#[tokio::test]
async fn a_nul_in_any_string_of_any_operation_is_refused_naming_it() {
    let f = Furnished::new(Loop::start("1917-04-02").await).await;
    let doc = body(f.game.app.get("/api/openapi.json", None).await).await;
    let mut failures = Vec::new();
    let mut tried = 0;
    for (template, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let Ok(method) = method.to_uppercase().parse::<Method>() else {
                continue;
            };
            if !["GET", "POST", "PUT", "PATCH", "DELETE"].contains(&method.as_str()) {
                continue;
            }
            let schema = &operation["requestBody"]["content"]["application/json"]["schema"];
            let body = (!schema.is_null()).then(|| sample(&doc, schema, "", &f, 0));
            let path = f.fill(template);
            // Each string of the body in turn.
            if let Some(body) = &body {
                let mut leaves = Vec::new();
                string_leaves(body, "", &mut leaves);
                for leaf in leaves {
                    tried += 1;
                    let sent = with_nul(body, &leaf);
                    if let Err(e) = refused(&f, &method, &path, Some(&sent), &leaf).await {
                        failures.push(e);
                    }
                }
            }
            // Each string parameter of the path and the query in turn.
            let parameters = operation["parameters"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            for parameter in parameters {
                let parameter = resolve(&doc, &parameter);
                let schema = resolve(&doc, &parameter["schema"]);
                let is_string = schema["type"] == "string"
                    || schema["type"]
                        .as_array()
                        .is_some_and(|t| t.contains(&json!("string")))
                    || schema.get("enum").is_some()
                    || schema.get("oneOf").is_some();
                if !is_string {
                    continue;
                }
                let name = parameter["name"].as_str().unwrap();
                let target = match parameter["in"].as_str() {
                    Some("path") => {
                        let filled = f.fill(&template.replace(&format!("{{{name}}}"), "a%00b"));
                        filled
                    }
                    Some("query") => format!("{path}?{name}=a%00b"),
                    _ => continue,
                };
                tried += 1;
                if let Err(e) = refused(&f, &method, &target, body.as_ref(), name).await {
                    failures.push(e);
                }
            }
        }
    }
    assert!(tried > 50, "only {tried} fields tried");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The first report of the issue: a NUL in the username asked for a token was a 500.
#[tokio::test]
async fn a_token_for_a_username_with_a_nul_is_refused() {
    let app = TestApp::spawn().await;
    let detail = problem(
        app.post(
            "/api/v1/tokens",
            None,
            &json!({ "username": NUL_TEXT, "password": "whatever it is" }),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        detail.contains("`username`") && detail.contains("NUL"),
        "{detail}"
    );
}

/// A page form with a NUL: the sign-in page's username comes back with the refusal
/// beside the field; a crew name or its player is refused before the page's handler
/// runs, naming the field by the label the page shows, and nothing is written.
#[tokio::test]
async fn a_page_form_with_a_nul_comes_back_naming_the_field() {
    let game = Loop::start("1917-04-02").await;
    let app = &game.app;
    let visitor = Visitor::open(app).await;
    // The sign-in page places it beside the field, keeping what was typed.
    let response = visitor.sign_in(app, NUL_TEXT, "password-of-rita").await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = response.text().await.unwrap();
    let beside = html
        .split("id=\"username-error\">")
        .nth(1)
        .and_then(|rest| rest.split("</span>").next())
        .unwrap_or_else(|| panic!("a refusal beside the username: {html}"));
    assert!(
        beside.starts_with("Username holds a NUL character"),
        "{beside}"
    );
    assert!(
        html.contains("value=\"ab\""),
        "the username kept as typed, less the NUL"
    );

    let cookie = Visitor::session_of(app, "rita").await;
    let crew_path = format!("/campaigns/{}/crew", game.campaign);
    let html = visitor.page(app, &crew_path, &cookie).await;
    let csrf = hidden_value(&html, "csrf").expect("the crew form's token");
    for (field, label, form) in [
        (
            "name",
            "Name",
            vec![
                ("csrf", csrf.as_str()),
                ("name", NUL_TEXT),
                ("role", "pilot"),
                ("nationality", "british"),
                ("owner", "ada"),
            ],
        ),
        (
            "owner",
            "Player",
            vec![
                ("csrf", csrf.as_str()),
                ("name", "Jean Chaput"),
                ("role", "pilot"),
                ("nationality", "french"),
                ("owner", NUL_TEXT),
            ],
        ),
    ] {
        let response = app
            .client
            .post(format!("{}{crew_path}", app.address))
            .header("cookie", &cookie)
            .form(&form)
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}"
        );
        let page = text(&response.text().await.unwrap());
        assert!(
            page.contains(label) && page.contains("NUL"),
            "{field}: {page}"
        );
    }
    // Nothing was written.
    let crew = body(game.get("/crew", Some(&game.referee)).await).await;
    assert_eq!(crew.as_array().map(Vec::len), Some(0), "{crew}");

    // A filter form's query string.
    let response = app
        .get(
            &format!("/campaigns/{}/leaderboard?side=a%00b", game.campaign),
            None,
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let page = text(&response.text().await.unwrap());
    assert!(page.contains("“Side”") && page.contains("NUL"), "{page}");
}

/// The import document with a NUL in a crewman's name: a 422 naming its path, nothing
/// written.
#[tokio::test]
async fn an_import_document_with_a_nul_names_its_path() {
    let game = Loop::start("1917-04-02").await;
    game.crewman("Ball", "pilot", "british", "ada").await;
    let mut document = body(game.get("/export", Some(&game.referee)).await).await;
    document["crew"][0]["name"] = json!(NUL_TEXT);
    let before = body(game.app.get("/api/v1/campaigns", Some(&game.referee)).await).await;
    let detail = problem(
        game.app
            .post("/api/v1/campaigns/import", Some(&game.referee), &document)
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        detail.contains("`crew[0].name`") && detail.contains("NUL"),
        "{detail}"
    );
    let after = body(game.app.get("/api/v1/campaigns", Some(&game.referee)).await).await;
    assert_eq!(before, after, "nothing was imported");
}

/// `eagles user add` with a NUL in the password on standard input: a clear error and
/// a non-zero exit, no account. (An argument cannot carry a NUL: the operating system
/// ends it there.)
#[tokio::test]
async fn the_command_line_refuses_a_password_with_a_nul() {
    let app = TestApp::spawn().await;
    let url = app._database.as_ref().unwrap().url().to_owned();
    let mut child = Command::new(env!("CARGO_BIN_EXE_eagles"))
        .args(["user", "add", "nadia"])
        .env("DATABASE_URL", &url)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"correct\0horse battery\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("NUL"), "{stderr}");
    let token = app
        .post(
            "/api/v1/tokens",
            None,
            &json!({ "username": "nadia", "password": "correct horse battery" }),
        )
        .await;
    assert_eq!(
        token.status(),
        StatusCode::UNAUTHORIZED,
        "no account was made"
    );
}
