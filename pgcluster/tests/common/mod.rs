//! Helpers shared by the integration tests: talking to a cluster without a Rust driver.

#![allow(dead_code)]

use std::process::Command;

use pgcluster::Cluster;

/// True when `pg_isready` reports that the server accepts connections.
pub fn is_ready(cluster: &Cluster) -> bool {
    Command::new(cluster.bin_dir().join("pg_isready"))
        .args(["-h", "127.0.0.1", "-p", &cluster.port().to_string()])
        .output()
        .map(|out| out.status.success())
        .unwrap_or(false)
}

/// Runs `sql` through psql as the superuser (password from the URL); returns stdout.
pub fn psql(cluster: &Cluster, sql: &str) -> Result<String, String> {
    let url = cluster.database_url("postgres");
    let output = Command::new(cluster.bin_dir().join("psql"))
        .args(["-X", "-v", "ON_ERROR_STOP=1", "-tA", "-c", sql, &url])
        .output()
        .map_err(|e| e.to_string())?;
    if output.status.success() {
        Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

/// True when something accepts TCP connections on 127.0.0.1:`port`.
pub fn port_open(port: u16) -> bool {
    std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
}

pub fn is_root() -> bool {
    // SAFETY: geteuid cannot fail.
    unsafe { libc::geteuid() == 0 }
}
