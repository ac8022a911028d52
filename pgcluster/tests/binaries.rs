//! Finding initdb/pg_ctl, with injected search paths.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use pgcluster::{find_bin_dir, find_bin_dir_in, versioned_bin_dirs, ClusterError};

fn fake_bin(dir: &Path, names: &[&str]) {
    fs::create_dir_all(dir).unwrap();
    for name in names {
        let path = dir.join(name);
        fs::write(&path, "#!/bin/sh\n").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    }
}

#[test]
fn no_binaries_gives_an_actionable_error() {
    let dir = tempfile::tempdir().unwrap();
    let only_initdb = dir.path().join("half");
    fake_bin(&only_initdb, &["initdb"]);
    let err = find_bin_dir_in(&[dir.path().join("missing"), only_initdb]).unwrap_err();
    assert!(matches!(err, ClusterError::NoBinaries));
    assert_eq!(
        err.to_string(),
        "no Postgres server binaries found: install postgresql (initdb and pg_ctl) or set DATABASE_URL"
    );
}

#[test]
fn first_dir_with_both_binaries_wins() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a");
    let b = dir.path().join("b");
    let c = dir.path().join("c");
    fake_bin(&a, &["pg_ctl"]);
    fake_bin(&b, &["initdb", "pg_ctl"]);
    fake_bin(&c, &["initdb", "pg_ctl"]);
    // Not executable: does not count.
    fs::set_permissions(b.join("initdb"), fs::Permissions::from_mode(0o644)).unwrap();
    assert_eq!(find_bin_dir_in(&[a, b, c.clone()]).unwrap(), c);
}

#[test]
fn symlinked_binaries_resolve_to_the_real_bin_dir() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("lib/postgresql/15/bin");
    fake_bin(&real, &["initdb", "pg_ctl", "psql"]);
    let on_path = dir.path().join("usr-local-bin");
    fs::create_dir_all(&on_path).unwrap();
    for name in ["initdb", "pg_ctl"] {
        std::os::unix::fs::symlink(real.join(name), on_path.join(name)).unwrap();
    }
    assert_eq!(
        find_bin_dir_in(&[on_path]).unwrap(),
        fs::canonicalize(&real).unwrap()
    );
}

#[test]
fn versioned_dirs_come_highest_first() {
    let dir = tempfile::tempdir().unwrap();
    for version in ["9.6", "16", "15", "common"] {
        fs::create_dir_all(dir.path().join(version).join("bin")).unwrap();
    }
    let found: Vec<PathBuf> = versioned_bin_dirs(dir.path());
    let expected: Vec<PathBuf> = ["16", "15", "9.6"]
        .iter()
        .map(|v| dir.path().join(v).join("bin"))
        .collect();
    assert_eq!(found, expected);
}

#[test]
fn finds_the_machine_postgres() {
    let bin = find_bin_dir().expect("Postgres must be installed for these tests");
    assert!(bin.join("initdb").is_file());
    assert!(bin.join("pg_ctl").is_file());
    assert!(
        bin.join("psql").is_file(),
        "the real bin dir, not a dir of symlinks"
    );
}
