//! A throwaway cluster starts, serves, and disappears on stop.

mod common;

use common::{is_ready, port_open, psql};
use pgcluster::Cluster;

#[test]
fn temporary_cluster_serves_then_vanishes() {
    let cluster = Cluster::start_temporary().expect("start_temporary");
    assert!(cluster.started_here());
    let root = cluster.root().to_path_buf();
    let port = cluster.port();

    assert!(is_ready(&cluster), "pg_isready failed on port {port}");
    assert!(port_open(port));
    assert_eq!(psql(&cluster, "SELECT 1").unwrap(), "1");
    assert_eq!(psql(&cluster, "SHOW max_connections").unwrap(), "200");
    assert_eq!(psql(&cluster, "SHOW fsync").unwrap(), "off");
    assert_eq!(
        psql(&cluster, "SHOW listen_addresses").unwrap(),
        "127.0.0.1"
    );
    let contrib = cluster.bin_dir().join("../lib/pg_stat_statements.so");
    if contrib.exists() {
        assert_eq!(
            psql(&cluster, "SHOW shared_preload_libraries").unwrap(),
            "pg_stat_statements"
        );
    }

    cluster.stop().expect("stop");
    assert!(!port_open(port), "port {port} still open after stop");
    assert!(!root.exists(), "{} still exists after stop", root.display());
    cluster.stop().expect("second stop is a no-op");
}

#[test]
fn url_and_debug_of_a_temporary_cluster() {
    let cluster = Cluster::start_temporary().expect("start_temporary");
    let password = std::fs::read_to_string(cluster.root().join("password")).unwrap();
    let url = cluster.database_url("eagles_test");
    assert_eq!(
        url,
        format!(
            "postgres://eagles:{password}@127.0.0.1:{}/eagles_test",
            cluster.port()
        )
    );
    let debug = format!("{cluster:?}");
    assert!(
        !debug.contains(&password),
        "Debug shows the password: {debug}"
    );
    assert!(debug.contains(&cluster.port().to_string()));
    // A wrong password is refused: host connections need scram-sha-256.
    let wrong = url.replace(&password, "wrong");
    let refused = std::process::Command::new(cluster.bin_dir().join("psql"))
        .args(["-X", "-c", "SELECT 1", &wrong])
        .output()
        .unwrap();
    assert!(!refused.status.success());
    // Dropping stops it too.
    let root = cluster.root().to_path_buf();
    drop(cluster);
    assert!(!root.exists());
}
