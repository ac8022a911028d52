//! A cluster in a fixed directory: attach while it runs, data survives restarts and crashes.

mod common;

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::process::Command;

use common::{is_ready, is_root, port_open, psql};
use pgcluster::{Cluster, ClusterError};

#[test]
fn attach_then_restart_keeps_data() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("pg");
    // The parent of the cluster dir must be enterable by the postgres user when root.
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();

    let first = Cluster::start_or_attach(&root).expect("first start");
    assert!(first.started_here());
    let second = Cluster::start_or_attach(&root).expect("attach");
    assert!(!second.started_here());
    assert_eq!(second.port(), first.port());
    assert_eq!(
        second.database_url("postgres"),
        first.database_url("postgres")
    );

    let password_file = root.join("password");
    let meta = fs::metadata(&password_file).unwrap();
    assert_eq!(meta.permissions().mode() & 0o777, 0o600);
    // SAFETY: geteuid cannot fail.
    assert_eq!(meta.uid(), unsafe { libc::geteuid() });
    if is_root() {
        let postgres_uid = fs::metadata(root.join("data")).unwrap().uid();
        assert_ne!(postgres_uid, 0, "data dir must belong to postgres");
        assert_eq!(fs::metadata(&root).unwrap().uid(), postgres_uid);
    }

    psql(
        &second,
        "CREATE TABLE survivor (id int); INSERT INTO survivor VALUES (42)",
    )
    .unwrap();
    // Stopping an attached cluster leaves the server to its owner.
    second.stop().unwrap();
    assert!(is_ready(&first));

    let port = first.port();
    first.stop().expect("stop");
    assert!(!port_open(port));
    assert!(root.join("data/PG_VERSION").exists(), "data dir kept");

    let again = Cluster::start_or_attach(&root).expect("restart");
    assert!(again.started_here());
    assert_eq!(psql(&again, "SELECT id FROM survivor").unwrap(), "42");
    assert_eq!(psql(&again, "SHOW fsync").unwrap(), "on");
    again.stop().unwrap();
}

#[test]
fn starts_after_a_crash_left_a_stale_pid_file() {
    let dir = tempfile::tempdir().unwrap();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
    let root = dir.path().join("pg");

    let cluster = Cluster::start_or_attach(&root).expect("first start");
    psql(&cluster, "CREATE TABLE before_crash ()").unwrap();
    let pid_file = root.join("data/postmaster.pid");
    let pid = fs::read_to_string(&pid_file).unwrap();
    let pid = pid.lines().next().unwrap().trim().to_string();
    let killed = Command::new("kill").args(["-9", &pid]).status().unwrap();
    assert!(killed.success());
    // The Cluster value thinks it owns a server; forget it so its Drop does not run pg_ctl.
    std::mem::forget(cluster);
    assert!(pid_file.exists(), "a crash leaves postmaster.pid behind");

    let restarted = Cluster::start_or_attach(&root).expect("start after crash");
    assert!(restarted.started_here());
    assert!(psql(&restarted, "SELECT count(*) FROM before_crash").is_ok());
    restarted.stop().unwrap();
}

#[test]
fn missing_password_file_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
    let root = dir.path().join("pg");
    Cluster::start_or_attach(&root).unwrap().stop().unwrap();
    fs::remove_file(root.join("password")).unwrap();
    let err = Cluster::start_or_attach(&root).unwrap_err();
    assert!(matches!(err, ClusterError::MissingPassword { .. }), "{err}");
    assert!(err.to_string().contains("is missing"));
}

/// #13: a root user's clone under a mode-0700 folder still gets its embedded default;
/// the cluster is kept where the postgres user can reach it and linked from there.
#[test]
fn a_cluster_behind_a_closed_folder_is_kept_where_postgres_reaches_it() {
    if !is_root() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o700)).unwrap();
    let root = dir.path().join("pg");

    let cluster = Relocated(Cluster::start_or_attach(&root).expect("start behind a closed folder"));
    let target = fs::read_link(&root).expect("the folder asked for links to the cluster");
    assert!(
        target.starts_with(pgcluster::RELOCATION_BASE),
        "{}",
        target.display()
    );
    assert_eq!(cluster.0.root(), target);
    assert!(is_ready(&cluster.0));
    assert_eq!(fs::metadata(&target).unwrap().mode() & 0o777, 0o700);

    // A second start finds the same cluster through the link.
    let again = Cluster::start_or_attach(&root).expect("attach through the link");
    assert!(!again.started_here());
    assert_eq!(again.port(), cluster.0.port());
    cluster.0.stop().unwrap();
    assert!(!port_open(cluster.0.port()));
}

/// What is already kept in a closed folder is never moved or hidden behind a link.
#[test]
fn a_closed_folder_that_holds_something_is_reported() {
    if !is_root() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o700)).unwrap();
    let root = dir.path().join("pg");
    fs::create_dir(&root).unwrap();
    fs::write(root.join("notes.txt"), "mine").unwrap();
    let err = Cluster::start_or_attach(&root).unwrap_err();
    assert!(
        matches!(&err, ClusterError::NotTraversable { path } if path == dir.path()),
        "{err}"
    );
    assert!(root.join("notes.txt").exists());
}

/// A relocated cluster, stopped and its folder removed when the test ends, failing or not.
struct Relocated(Cluster);

impl Drop for Relocated {
    fn drop(&mut self) {
        let _ = self.0.stop();
        let _ = fs::remove_dir_all(self.0.root());
    }
}
