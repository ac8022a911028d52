//! An exclusive lock on the cluster directory, so that a service and a CLI command
//! starting at the same moment do not both initdb or start the same cluster.

use std::fs::{File, OpenOptions};
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::io::AsRawFd;
use std::path::Path;

use crate::error::ClusterError;

/// Held while it lives; the kernel releases it when the file is closed, even on a crash.
pub(crate) struct DirLock {
    _file: File,
}

impl DirLock {
    /// Blocks until `root/.lock` is exclusively ours.
    pub fn acquire(root: &Path) -> Result<Self, ClusterError> {
        let path = root.join(".lock");
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .mode(0o600)
            .open(&path)
            .map_err(|e| ClusterError::io(format!("could not open {}", path.display()), e))?;
        loop {
            // SAFETY: the descriptor is valid for the lifetime of `file`.
            if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) } == 0 {
                return Ok(DirLock { _file: file });
            }
            let err = std::io::Error::last_os_error();
            if err.kind() != std::io::ErrorKind::Interrupted {
                return Err(ClusterError::io(
                    format!("could not lock {}", path.display()),
                    err,
                ));
            }
        }
    }
}
