//! Who runs the Postgres binaries: the invoking user, or — since Postgres refuses to run
//! as root — the `postgres` system user through `runuser`.

use std::ffi::CString;
use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::ClusterError;

/// The user the server binaries run as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RunAs {
    /// Not root: run the binaries directly.
    CurrentUser,
    /// Root: run them as the `postgres` system user, who owns the cluster directory.
    PostgresUser { uid: u32, gid: u32 },
}

impl RunAs {
    /// `PostgresUser` when the effective uid is 0, else `CurrentUser`.
    pub(crate) fn detect() -> Result<Self, ClusterError> {
        // SAFETY: geteuid has no preconditions and cannot fail.
        if unsafe { libc::geteuid() } != 0 {
            return Ok(RunAs::CurrentUser);
        }
        let (uid, gid) = lookup_user("postgres").ok_or(ClusterError::NoPostgresUser)?;
        Ok(RunAs::PostgresUser { uid, gid })
    }

    /// A command running `program` as this user.
    pub(crate) fn command(&self, program: &Path) -> Command {
        match self {
            RunAs::CurrentUser => Command::new(program),
            RunAs::PostgresUser { .. } => {
                let mut command = Command::new(runuser());
                command.args(["-u", "postgres", "--"]).arg(program);
                command
            }
        }
    }

    /// Gives `path` to the `postgres` user (no-op when not root).
    pub(crate) fn hand_over(&self, path: &Path) -> Result<(), ClusterError> {
        if let RunAs::PostgresUser { uid, gid } = *self {
            std::os::unix::fs::chown(path, Some(uid), Some(gid)).map_err(|e| {
                ClusterError::io(format!("could not give {} to postgres", path.display()), e)
            })?;
        }
        Ok(())
    }

    /// Fails with a clear message when the `postgres` user could not reach `dir`, which
    /// initdb and the server would otherwise report obscurely.
    pub(crate) fn check_traversable(&self, dir: &Path) -> Result<(), ClusterError> {
        match self.first_closed_parent(dir)? {
            Some(path) => Err(ClusterError::NotTraversable { path }),
            None => Ok(()),
        }
    }

    /// The first parent of `dir` that the `postgres` user may not enter; `None` when it
    /// reaches `dir`, or when we are not root. `dir` need not exist, its parent must.
    pub(crate) fn first_closed_parent(&self, dir: &Path) -> Result<Option<PathBuf>, ClusterError> {
        let RunAs::PostgresUser { uid, gid } = *self else {
            return Ok(None);
        };
        // The cluster directory itself is handed over, so only its parents matter.
        let parent = dir.parent().unwrap_or(dir);
        let parent = fs::canonicalize(parent)
            .map_err(|e| ClusterError::io(format!("could not resolve {}", parent.display()), e))?;
        for ancestor in parent.ancestors() {
            let meta = fs::metadata(ancestor).map_err(|e| {
                ClusterError::io(format!("could not inspect {}", ancestor.display()), e)
            })?;
            let mode = meta.mode();
            let exec_bit = if meta.uid() == uid {
                0o100
            } else if meta.gid() == gid {
                0o010
            } else {
                0o001
            };
            if mode & exec_bit == 0 {
                return Ok(Some(ancestor.to_path_buf()));
            }
        }
        Ok(None)
    }
}

/// `runuser` lives in /usr/sbin, which is not on every root PATH (e.g. `sudo -E`).
fn runuser() -> &'static str {
    ["/usr/sbin/runuser", "/sbin/runuser"]
        .into_iter()
        .find(|path| Path::new(path).is_file())
        .unwrap_or("runuser")
}

/// uid and primary gid of `name`, through the thread-safe getpwnam_r.
fn lookup_user(name: &str) -> Option<(u32, u32)> {
    let name = CString::new(name).ok()?;
    let mut buf = vec![0 as libc::c_char; 16 * 1024];
    // SAFETY: passwd is plain old data; getpwnam_r fills it and points into `buf`,
    // which outlives every use of `entry`.
    unsafe {
        let mut pwd: libc::passwd = std::mem::zeroed();
        let mut entry: *mut libc::passwd = std::ptr::null_mut();
        let rc = libc::getpwnam_r(
            name.as_ptr(),
            &mut pwd,
            buf.as_mut_ptr(),
            buf.len(),
            &mut entry,
        );
        if rc != 0 || entry.is_null() {
            return None;
        }
        Some(((*entry).pw_uid, (*entry).pw_gid))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looks_up_root_and_misses_unknown_users() {
        assert_eq!(lookup_user("root"), Some((0, 0)));
        assert_eq!(lookup_user("no-such-user-pgcluster"), None);
    }

    #[test]
    fn current_user_runs_binaries_directly() {
        let command = RunAs::CurrentUser.command(Path::new("/bin/true"));
        assert_eq!(command.get_program(), "/bin/true");
    }
}
