//! The `eagles` binary as a club would run it: `serve` on the embedded default, and
//! `user add` against the same data while it runs.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use crate::support::server::free_port;
use crate::support::wait::until_healthy;

const EAGLES: &str = env!("CARGO_BIN_EXE_eagles");

fn eagles(data_dir: &Path) -> Command {
    let mut command = Command::new(EAGLES);
    command
        .env_remove("DATABASE_URL")
        .env("EAGLES_DATA_DIR", data_dir)
        .env("RUST_LOG", "warn");
    command
}

fn serve(data_dir: &Path, port: u16) -> Child {
    eagles(data_dir)
        .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start eagles serve")
}

/// Starts `eagles serve` on a free port and waits until it answers healthy (the first
/// start makes a cluster with initdb: slow on a loaded machine). Returns the process
/// and the port.
async fn serve_healthy(client: &reqwest::Client, data_dir: &Path) -> (Child, u16) {
    let port = free_port();
    let service = serve(data_dir, port);
    until_healthy(
        client,
        &format!("http://127.0.0.1:{port}"),
        Duration::from_secs(90),
    )
    .await;
    (service, port)
}

/// The status of `POST /api/v1/tokens` for ada's account on the service at `port`.
async fn token_for_ada(client: &reqwest::Client, port: u16) -> StatusCode {
    client
        .post(format!("http://127.0.0.1:{port}/api/v1/tokens"))
        .json(&json!({ "username": "ada", "password": "correct horse" }))
        .send()
        .await
        .unwrap()
        .status()
}

/// A fresh folder for the data (`data` in a temporary one, kept as long as the
/// `TempDir`). The embedded cluster runs as the postgres user when we are root: let it in.
fn fresh_data_dir() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(
        dir.path(),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let data_dir = dir.path().join("data");
    (dir, data_dir)
}

/// `eagles ARGS` against the database at `url`, to its end.
fn run_on(url: &str, args: &[&str]) -> Output {
    Command::new(EAGLES)
        .args(args)
        .env("DATABASE_URL", url)
        .env("RUST_LOG", "warn")
        .output()
        .unwrap()
}

fn stop(mut child: Child) {
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    assert!(
        child.wait().unwrap().success(),
        "eagles serve exits cleanly on SIGTERM"
    );
}

fn postmaster_port(data_dir: &Path) -> Option<u16> {
    let pid_file = std::fs::read_to_string(data_dir.join("pg/data/postmaster.pid")).ok()?;
    pid_file.lines().nth(3)?.trim().parse().ok()
}

fn user_add(data_dir: &Path, name: &str, password: &str) -> Output {
    let mut child = eagles(data_dir)
        .args(["user", "add", name])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.take().unwrap(), "{password}").unwrap();
    child.wait_with_output().unwrap()
}

/// #13: as root, `eagles serve` from a clone under a mode-0700 folder (a root user's
/// checkout in /root) starts on the embedded default with no setting at all: the
/// cluster is kept where the `postgres` user reaches it, the log says where, and
/// stopping the service stops it.
#[tokio::test]
async fn serve_from_a_folder_closed_to_postgres_starts_on_the_embedded_default() {
    // SAFETY: geteuid has no preconditions and cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("not root: Postgres runs as this user, nothing is relocated");
        return;
    }
    let home = tempfile::tempdir().unwrap();
    std::fs::set_permissions(
        home.path(),
        std::os::unix::fs::PermissionsExt::from_mode(0o700),
    )
    .unwrap();
    let clone = home.path().join("eagles");
    std::fs::create_dir(&clone).unwrap();
    let log = clone.join("serve.log");
    let port = free_port();
    let service = Command::new(EAGLES)
        .current_dir(&clone)
        .env_remove("DATABASE_URL")
        .env_remove("EAGLES_DATA_DIR")
        .env("RUST_LOG", "warn")
        .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("start eagles serve");
    let cluster = clone.join(".eagles/pg");
    let _cleanup = RemoveLinkTarget(cluster.clone());
    let client = reqwest::Client::new();
    until_healthy(
        &client,
        &format!("http://127.0.0.1:{port}"),
        Duration::from_secs(90),
    )
    .await;

    let target = std::fs::read_link(&cluster).expect(".eagles/pg links to the cluster");
    assert!(
        target.starts_with(pgcluster::RELOCATION_BASE),
        "{}",
        target.display()
    );
    let said = std::fs::read_to_string(&log).unwrap();
    assert!(
        said.contains(&target.display().to_string()),
        "the log says where the cluster lives: {said}"
    );
    let pg_port = postmaster_port(&clone.join(".eagles")).expect("its Postgres runs");
    stop(service);
    assert!(std::net::TcpStream::connect(("127.0.0.1", pg_port)).is_err());
}

/// Removes the folder a relocated cluster's link points to when the test ends.
struct RemoveLinkTarget(PathBuf);

impl Drop for RemoveLinkTarget {
    fn drop(&mut self) {
        if let Ok(target) = std::fs::read_link(&self.0) {
            let _ = std::fs::remove_dir_all(target);
        }
    }
}

#[tokio::test]
async fn serve_on_the_embedded_default_keeps_data_across_restarts() {
    let (_dir, data_dir) = fresh_data_dir();
    let client = reqwest::Client::new();

    let (service, port) = serve_healthy(&client, &data_dir).await;
    let pg_port = postmaster_port(&data_dir).expect("the embedded Postgres is running");

    // `user add` works against the running service's data.
    let added = user_add(&data_dir, "ada", "correct horse");
    assert!(
        added.status.success(),
        "{}",
        String::from_utf8_lossy(&added.stderr)
    );
    assert!(String::from_utf8_lossy(&added.stdout).contains("created account \"ada\""));
    let again = user_add(&data_dir, "ada", "another one");
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already an account"));
    let short = user_add(&data_dir, "bob", "short");
    assert!(String::from_utf8_lossy(&short.stderr).contains("too short"));

    assert_eq!(token_for_ada(&client, port).await, StatusCode::CREATED);

    // Stopping the service stops its Postgres.
    stop(service);
    assert!(std::net::TcpStream::connect(("127.0.0.1", pg_port)).is_err());
    assert!(postmaster_port(&data_dir).is_none());

    // Starting again keeps the account.
    let (service, port) = serve_healthy(&client, &data_dir).await;
    assert_eq!(token_for_ada(&client, port).await, StatusCode::CREATED);
    stop(service);
}

#[test]
fn migrate_runs_and_user_add_starts_and_stops_the_cluster_itself() {
    let (_dir, data_dir) = fresh_data_dir();
    let migrate = eagles(&data_dir).arg("migrate").output().unwrap();
    assert!(
        migrate.status.success(),
        "{}",
        String::from_utf8_lossy(&migrate.stderr)
    );
    assert!(String::from_utf8_lossy(&migrate.stdout).contains("up to date"));
    let added = user_add(&data_dir, "ada", "correct horse");
    assert!(added.status.success());
    // Nobody was running it before, so nothing is left running after.
    assert!(postmaster_port(&data_dir).is_none());
}

// `eagles seed demo` plays a public campaign through the API: three closed weeks, the
// fourth open with its game rolled; a second run refuses instead of duplicating.
#[tokio::test]
async fn seed_demo_creates_a_public_campaign_with_closed_weeks() {
    let test_db = crate::support::database::fresh_database().await;
    let url = test_db.url().to_owned();
    let seed = || run_on(&url, &["seed", "demo"]);
    let first = seed();
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert!(String::from_utf8_lossy(&first.stdout).contains("demo-referee"));

    let app = crate::support::TestApp::on_database(&url);
    let campaigns = crate::support::body(app.get("/api/v1/campaigns", None).await).await;
    assert_eq!(campaigns.as_array().unwrap().len(), 1);
    let campaign = &campaigns[0];
    assert_eq!(campaign["name"], "Bloody April (demo)");
    assert_eq!(campaign["current_week"], 4);
    let id = campaign["id"].as_i64().unwrap();
    let board = crate::support::body(
        app.get(&format!("/api/v1/campaigns/{id}/leaderboard"), None)
            .await,
    )
    .await;
    assert_eq!(board.as_array().unwrap().len(), 12);
    let week = crate::support::body(
        app.get(&format!("/api/v1/campaigns/{id}/weeks/4"), None)
            .await,
    )
    .await;
    assert_eq!(week["games"].as_array().unwrap().len(), 1);

    let second = seed();
    assert!(!second.status.success());
    assert!(String::from_utf8_lossy(&second.stderr).contains("seeded in this database before"));
}

// Issue 6: `eagles export <id> > file` then `eagles import file` gives a second
// campaign whose export is the same document but for the moment of export; a damaged
// file is refused with the path of the problem and a failing exit status.
#[tokio::test]
async fn export_and_import_round_trip_on_the_command_line() {
    let test_db = crate::support::database::fresh_database().await;
    let url = test_db.url().to_owned();
    let run = |args: &[&str]| run_on(&url, args);
    let seeded = run(&["seed", "demo"]);
    assert!(seeded.status.success());
    let app = crate::support::TestApp::on_database(&url);
    let campaigns = crate::support::body(app.get("/api/v1/campaigns", None).await).await;
    let id = campaigns[0]["id"].as_i64().unwrap().to_string();

    let exported = run(&["export", &id]);
    assert!(
        exported.status.success(),
        "{}",
        String::from_utf8_lossy(&exported.stderr)
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("campaign.json");
    std::fs::write(&file, &exported.stdout).unwrap();
    let imported = run(&["import", file.to_str().unwrap()]);
    assert!(
        imported.status.success(),
        "{}",
        String::from_utf8_lossy(&imported.stderr)
    );
    let said = String::from_utf8_lossy(&imported.stdout).into_owned();
    assert!(said.starts_with("imported campaign "), "{said}");
    let copy = said
        .trim_start_matches("imported campaign ")
        .split(' ')
        .next()
        .unwrap()
        .to_owned();
    assert_ne!(copy, id);

    let again = run(&["export", &copy]);
    assert!(again.status.success());
    let strip = |bytes: &[u8]| {
        let mut document: serde_json::Value = serde_json::from_slice(bytes).unwrap();
        document.as_object_mut().unwrap().remove("exported_at");
        document
    };
    assert_eq!(strip(&again.stdout), strip(&exported.stdout));

    let mut damaged: serde_json::Value = serde_json::from_slice(&exported.stdout).unwrap();
    damaged["ability_picks"] = json!([{ "crew": 999, "ability": "deflection", "week": 1,
                                        "chosen_at": "2026-11-22T10:00:00Z" }]);
    std::fs::write(&file, serde_json::to_vec(&damaged).unwrap()).unwrap();
    let refused = run(&["import", file.to_str().unwrap()]);
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(
        said.contains("`ability_picks[0].crew`: there is no entry with id 999 in `crew`"),
        "{said}"
    );
    let campaigns = crate::support::body(app.get("/api/v1/campaigns", None).await).await;
    assert_eq!(campaigns.as_array().unwrap().len(), 2);
}
