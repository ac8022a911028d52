//! A new data directory: initdb with a fresh superuser password, and the binaries an
//! existing one needs.

use std::fs;
use std::path::{Path, PathBuf};

use crate::binaries::{bin_dir_for_version, major_version};
use crate::error::{tail, ClusterError};
use crate::privileges::RunAs;
use crate::secret::{generate_password, write_private};

use super::*;

/// Runs initdb on `data_dir` and returns the new superuser password.
pub(super) fn initdb(
    root: &Path,
    data_dir: &Path,
    bin_dir: &Path,
    run_as: RunAs,
    temporary: bool,
) -> Result<String, ClusterError> {
    let password = generate_password()
        .map_err(|e| ClusterError::io("could not read /dev/urandom for a password", e))?;
    let password_file = root.join("password");
    write_private(&password_file, &password)
        .map_err(|e| ClusterError::io(format!("could not write {}", password_file.display()), e))?;
    // `root/password` stays the invoking user's; initdb (maybe another user) gets a copy.
    let pwfile = root.join(".initdb-pwfile");
    write_private(&pwfile, &password)
        .map_err(|e| ClusterError::io(format!("could not write {}", pwfile.display()), e))?;
    let output = run_as.hand_over(&pwfile).and_then(|()| {
        let mut command = run_as.command(&bin_dir.join("initdb"));
        command
            .arg("-D")
            .arg(data_dir)
            .args(["-U", SUPERUSER])
            .arg(format!("--pwfile={}", pwfile.display()))
            .args([
                "--auth-local=scram-sha-256",
                "--auth-host=scram-sha-256",
                "--encoding=UTF8",
                "--locale=C",
            ])
            .current_dir(root);
        if temporary {
            command.arg("--no-sync");
        }
        run(command, "initdb")
    });
    let _ = fs::remove_file(&pwfile);
    let output = output?;
    if !output.status.success() {
        return Err(ClusterError::Initdb {
            data_dir: data_dir.to_path_buf(),
            tail: tail(&output_text(&output), 20),
        });
    }
    tracing::info!(data_dir = %data_dir.display(), "created Postgres cluster");
    Ok(password)
}

/// The bin dir to run an existing data dir of major version `data_version` with.
pub(super) fn matching_bin_dir(
    found: &Path,
    data_version: &str,
    data_dir: &Path,
) -> Result<PathBuf, ClusterError> {
    bin_dir_for_version(found, data_version).ok_or_else(|| ClusterError::VersionMismatch {
        data_dir: data_dir.to_path_buf(),
        data_version: data_version.to_string(),
        found: major_version(found).unwrap_or_else(|| "of unknown version".to_string()),
        bin_dir: found.to_path_buf(),
    })
}
