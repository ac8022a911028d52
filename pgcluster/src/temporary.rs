//! Throwaway cluster directories under the system temp dir, and the clean-up of those
//! left behind by processes that were killed before they could stop their cluster.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

use crate::cluster::{run, set_mode};
use crate::error::ClusterError;
use crate::privileges::RunAs;

const PREFIX: &str = "pgcluster-";
/// Holds the pid of the process that owns a throwaway cluster.
const OWNER_FILE: &str = "owner";

/// A fresh `pgcluster-XXXX` dir in the temp dir, recorded as owned by this process.
pub(crate) fn create_dir() -> Result<PathBuf, ClusterError> {
    let root = tempfile::Builder::new()
        .prefix(PREFIX)
        .tempdir()
        .map_err(|e| ClusterError::io("could not create a temp dir for Postgres", e))?
        .keep();
    // tempfile makes it 0700; when root, the postgres user must be able to enter it.
    set_mode(&root, 0o755)?;
    fs::write(root.join(OWNER_FILE), std::process::id().to_string())
        .map_err(|e| ClusterError::io(format!("could not write into {}", root.display()), e))?;
    Ok(root)
}

/// Stops and removes throwaway clusters whose owning process no longer exists (a test
/// run killed by a signal never runs its exit hooks). Best effort: errors are ignored.
pub(crate) fn reap_orphans(bin_dir: &Path, run_as: RunAs) {
    let Ok(entries) = fs::read_dir(env::temp_dir()) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let root = entry.path();
        let is_ours = entry
            .file_name()
            .to_str()
            .is_some_and(|name| name.starts_with(PREFIX));
        if !is_ours {
            continue;
        }
        let owner = fs::read_to_string(root.join(OWNER_FILE))
            .ok()
            .and_then(|pid| pid.trim().parse::<i32>().ok());
        // No owner file yet means being created right now: leave it.
        if owner.is_none_or(process_exists) {
            continue;
        }
        let data_dir = root.join("data");
        if data_dir.join("postmaster.pid").exists() {
            let mut command = run_as.command(&bin_dir.join("pg_ctl"));
            command
                .args(["stop", "-m", "immediate", "-w", "-D"])
                .arg(&data_dir)
                .current_dir(&root);
            let _ = run(command, "pg_ctl stop");
        }
        if fs::remove_dir_all(&root).is_ok() {
            tracing::info!(dir = %root.display(), "removed an orphaned temporary Postgres cluster");
        }
    }
}

/// False only when the pid certainly names no process (ESRCH); a process of another
/// user (EPERM) counts as existing.
fn process_exists(pid: i32) -> bool {
    if pid <= 0 {
        return true;
    }
    // SAFETY: signal 0 performs only the existence and permission check.
    if unsafe { libc::kill(pid, 0) } == 0 {
        return true;
    }
    std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

#[cfg(test)]
mod tests {
    use super::process_exists;

    #[test]
    fn this_process_exists() {
        assert!(process_exists(std::process::id() as i32));
        assert!(process_exists(0));
    }
}
