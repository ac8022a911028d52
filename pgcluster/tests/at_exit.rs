//! Process-exit behaviour, observed from outside: this test binary re-runs itself as a
//! child process that starts a throwaway cluster and then exits.

mod common;

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use common::port_open;
use pgcluster::Cluster;

const CHILD_ENV: &str = "PGCLUSTER_AT_EXIT_CHILD";

/// Runs `child_process` in a fresh process in the given mode; returns (root, port).
fn run_child(mode: &str) -> (PathBuf, u16) {
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--ignored", "--exact", "child_process", "--nocapture"])
        .env(CHILD_ENV, mode)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "child failed: {stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("CLUSTER "))
        .unwrap_or_else(|| panic!("no CLUSTER line in {stdout}"));
    let (root, port) = line.rsplit_once(' ').unwrap();
    (PathBuf::from(root), port.parse().unwrap())
}

#[test]
fn stop_at_exit_stops_a_static_cluster() {
    let (root, port) = run_child("at_exit");
    assert!(!port_open(port), "server still up after the child exited");
    assert!(!root.exists(), "{} left behind", root.display());
}

#[test]
fn orphans_of_killed_processes_are_reaped() {
    let (root, port) = run_child("orphan");
    assert!(port_open(port), "the orphan should still run until reaped");
    let next = Cluster::start_temporary().unwrap();
    assert!(!port_open(port), "orphan still up");
    assert!(!root.exists(), "orphan dir {} left behind", root.display());
    next.stop().unwrap();
}

/// Not a test on its own: the child side of the tests above.
#[test]
#[ignore]
fn child_process() {
    static CLUSTER: OnceLock<Cluster> = OnceLock::new();
    let Ok(mode) = std::env::var(CHILD_ENV) else {
        return;
    };
    let cluster = CLUSTER.get_or_init(|| Cluster::start_temporary().unwrap());
    println!("CLUSTER {} {}", cluster.root().display(), cluster.port());
    match mode.as_str() {
        "at_exit" => cluster.stop_at_exit(),
        // Dies without running exit hooks, as a killed test run would.
        _ => unsafe { libc::_exit(0) },
    }
}
