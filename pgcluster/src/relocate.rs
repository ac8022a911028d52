//! A root user's checkout often lies in a folder closed to other users (`/root` is mode
//! 0700), where the `postgres` user who runs the server cannot reach a cluster. Such a
//! cluster is kept under [`RELOCATION_BASE`] instead, and the directory asked for
//! becomes a link to it, so that every later start (and `eagles user add` beside a
//! running service) finds the same cluster the same way.

use std::fs;
use std::io::ErrorKind;
use std::path::{Component, Path, PathBuf};

use crate::cluster::set_mode;
use crate::error::ClusterError;
use crate::privileges::RunAs;

/// Where relocated clusters live: a place every user may enter, kept across reboots.
pub const RELOCATION_BASE: &str = "/var/lib/eagles";

/// The directory that holds the cluster of `root` (an absolute path): `root` itself,
/// the directory it links to, or — when we are root and the `postgres` user cannot
/// enter one of its parents — a new directory under [`RELOCATION_BASE`] that `root`
/// now links to.
pub(crate) fn reachable_root(root: &Path, run_as: RunAs) -> Result<PathBuf, ClusterError> {
    if let Ok(target) = fs::read_link(root) {
        return Ok(linked(root, target));
    }
    let parent = root.parent().unwrap_or(root);
    fs::create_dir_all(parent)
        .map_err(|e| ClusterError::io(format!("could not create {}", parent.display()), e))?;
    let Some(closed) = run_as.first_closed_parent(root)? else {
        return Ok(root.to_path_buf());
    };
    if root.exists() && !is_empty_dir(root) {
        // Something is kept there already: never move or hide it.
        return Err(ClusterError::NotTraversable { path: closed });
    }
    let _ = fs::remove_dir(root);
    let base = Path::new(RELOCATION_BASE);
    let target = base.join(relocated_name(
        &fs::canonicalize(parent)
            .map_err(|e| ClusterError::io(format!("could not resolve {}", parent.display()), e))?,
        root,
    ));
    fs::create_dir_all(&target)
        .map_err(|e| ClusterError::io(format!("could not create {}", target.display()), e))?;
    set_mode(base, 0o755)?;
    // The password file lives there: keep other users out.
    set_mode(&target, 0o700)?;
    match std::os::unix::fs::symlink(&target, root) {
        Ok(()) => {}
        // Another process (a CLI command beside the service) linked it first.
        Err(e) if e.kind() == ErrorKind::AlreadyExists => {
            if let Ok(theirs) = fs::read_link(root) {
                return Ok(linked(root, theirs));
            }
            return Err(ClusterError::io(
                format!("could not link {}", root.display()),
                e,
            ));
        }
        Err(e) => {
            return Err(ClusterError::io(
                format!("could not link {}", root.display()),
                e,
            ));
        }
    }
    tracing::warn!(
        "the postgres user cannot enter {}: the embedded cluster lives in {} (linked from {})",
        closed.display(),
        target.display(),
        root.display()
    );
    Ok(target)
}

/// A link's target, read relative to the link's folder when it is relative.
fn linked(root: &Path, target: PathBuf) -> PathBuf {
    match root.parent() {
        Some(parent) if target.is_relative() => parent.join(target),
        _ => target,
    }
}

fn is_empty_dir(path: &Path) -> bool {
    fs::read_dir(path).is_ok_and(|mut entries| entries.next().is_none())
}

/// One folder name per cluster directory, readable: `/root/eagles/.eagles` and `pg`
/// give `root-eagles-.eagles-pg`.
fn relocated_name(parent: &Path, root: &Path) -> String {
    let mut parts: Vec<String> = parent
        .components()
        .filter_map(|c| match c {
            Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    parts.extend(root.file_name().map(|n| n.to_string_lossy().into_owned()));
    parts.join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_path() {
        assert_eq!(
            relocated_name(Path::new("/root/eagles/.eagles"), Path::new("/x/pg")),
            "root-eagles-.eagles-pg"
        );
    }

    #[test]
    fn a_user_who_is_not_root_keeps_the_folder_asked_for() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("nested/pg");
        assert_eq!(reachable_root(&root, RunAs::CurrentUser).unwrap(), root);
        assert!(!root.exists(), "only its parent is made here");
    }

    #[test]
    fn a_link_is_followed() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("elsewhere");
        fs::create_dir(&target).unwrap();
        let root = dir.path().join("pg");
        std::os::unix::fs::symlink("elsewhere", &root).unwrap();
        assert_eq!(reachable_root(&root, RunAs::CurrentUser).unwrap(), target);
    }
}
