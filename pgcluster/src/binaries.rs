//! Finding the machine's Postgres server binaries (`initdb`, `pg_ctl`) and their version.

use std::env;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::ClusterError;

/// Where Debian/Ubuntu install one `<major>/bin` per Postgres version.
const VERSIONED_ROOT: &str = "/usr/lib/postgresql";

/// The directory holding `initdb` and `pg_ctl`: the first PATH entry that has both,
/// else the highest version under `/usr/lib/postgresql/*/bin`.
pub fn find_bin_dir() -> Result<PathBuf, ClusterError> {
    find_bin_dir_in(&default_search_dirs())
}

/// The first of `dirs` that holds executable `initdb` and `pg_ctl`, resolved to the
/// installation's real bin dir when they are symlinks.
///
/// [`find_bin_dir`] is this over [`default_search_dirs`]; tests pass their own list.
pub fn find_bin_dir_in(dirs: &[PathBuf]) -> Result<PathBuf, ClusterError> {
    dirs.iter()
        .find(|dir| has_server_binaries(dir))
        .map(|dir| real_bin_dir(dir))
        .ok_or(ClusterError::NoBinaries)
}

/// `/usr/local/bin/pg_ctl -> /usr/lib/postgresql/15/bin/pg_ctl` gives the latter's dir,
/// where psql, pg_isready and the `../lib` of contrib modules also are.
fn real_bin_dir(dir: &Path) -> PathBuf {
    fs::canonicalize(dir.join("pg_ctl"))
        .ok()
        .and_then(|pg_ctl| pg_ctl.parent().map(Path::to_path_buf))
        .filter(|real| has_server_binaries(real))
        .unwrap_or_else(|| dir.to_path_buf())
}

/// PATH entries in order, then `/usr/lib/postgresql/*/bin` highest version first.
///
/// PATH comes first so that a user can choose a version by putting it there; Debian
/// does not put `initdb`/`pg_ctl` on PATH, hence the versioned directories.
pub fn default_search_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = env::var_os("PATH")
        .map(|path| env::split_paths(&path).collect())
        .unwrap_or_default();
    dirs.extend(versioned_bin_dirs(Path::new(VERSIONED_ROOT)));
    dirs
}

/// `<base>/<version>/bin` for each version directory under `base`, highest version first
/// (numerically: 16 before 9.6).
pub fn versioned_bin_dirs(base: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(base) else {
        return Vec::new();
    };
    let mut versions: Vec<(Vec<u32>, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let key = version_key(&name)?;
            let bin = entry.path().join("bin");
            bin.is_dir().then_some((key, bin))
        })
        .collect();
    versions.sort_by(|a, b| b.0.cmp(&a.0));
    versions.into_iter().map(|(_, bin)| bin).collect()
}

/// `"9.6"` → `[9, 6]`; `None` for names that are not versions.
fn version_key(name: &str) -> Option<Vec<u32>> {
    name.split('.').map(|part| part.parse().ok()).collect()
}

fn has_server_binaries(dir: &Path) -> bool {
    is_executable(&dir.join("initdb")) && is_executable(&dir.join("pg_ctl"))
}

fn is_executable(path: &Path) -> bool {
    fs::metadata(path)
        .map(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

/// The major version of the binaries in `bin_dir` as `PG_VERSION` spells it
/// ("15", or "9.6" before Postgres 10), from `pg_ctl --version`.
pub(crate) fn major_version(bin_dir: &Path) -> Option<String> {
    // `--version` is answered before pg_ctl's refusal to run as root, so no runuser here.
    let output = Command::new(bin_dir.join("pg_ctl"))
        .arg("--version")
        .output()
        .ok()?;
    parse_major(&String::from_utf8_lossy(&output.stdout))
}

/// `"pg_ctl (PostgreSQL) 15.6 (Debian 15.6-0+deb12u1)"` → `"15"`.
fn parse_major(version_line: &str) -> Option<String> {
    let number = version_line.split(')').nth(1)?.split_whitespace().next()?;
    let mut parts = number.split(|c: char| !c.is_ascii_digit());
    let first: u32 = parts.next()?.parse().ok()?;
    if first >= 10 {
        Some(first.to_string())
    } else {
        let second: u32 = parts.next()?.parse().ok()?;
        Some(format!("{first}.{second}"))
    }
}

/// A bin dir whose major version is `wanted`: `preferred` if it is one, else the first
/// such among [`default_search_dirs`].
pub(crate) fn bin_dir_for_version(preferred: &Path, wanted: &str) -> Option<PathBuf> {
    if major_version(preferred).as_deref() == Some(wanted) {
        return Some(preferred.to_path_buf());
    }
    default_search_dirs()
        .into_iter()
        .filter(|dir| has_server_binaries(dir))
        .find(|dir| major_version(dir).as_deref() == Some(wanted))
}

/// The `shared_preload_libraries` entry to enable, when the contrib module is installed.
pub(crate) fn has_pg_stat_statements(bin_dir: &Path) -> bool {
    // Debian keeps modules in `<prefix>/lib`; Fedora and Homebrew in `<prefix>/lib/postgresql`.
    ["lib", "lib/postgresql"].iter().any(|lib| {
        ["so", "dylib"].iter().any(|ext| {
            bin_dir
                .join("..")
                .join(lib)
                .join(format!("pg_stat_statements.{ext}"))
                .is_file()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_major_versions() {
        assert_eq!(
            parse_major("pg_ctl (PostgreSQL) 15.6 (Debian 15.6-0+deb12u1)\n").as_deref(),
            Some("15")
        );
        assert_eq!(
            parse_major("pg_ctl (PostgreSQL) 9.6.24").as_deref(),
            Some("9.6")
        );
        assert_eq!(
            parse_major("pg_ctl (PostgreSQL) 17devel").as_deref(),
            Some("17")
        );
        assert_eq!(parse_major("garbage"), None);
    }

    #[test]
    fn version_keys_order_numerically() {
        assert!(version_key("16").unwrap() > version_key("9.6").unwrap());
        assert_eq!(version_key("main"), None);
    }
}
