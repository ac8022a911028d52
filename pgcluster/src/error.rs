//! The one error type of the crate; each message says what to do about it.

use std::io;
use std::path::PathBuf;

/// Why a cluster could not be found, created, started, attached to or stopped.
///
/// Messages are meant to be printed as they are: they name the cause and the fix.
/// None of them ever contains the superuser password.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    /// Neither PATH nor `/usr/lib/postgresql/*/bin` holds `initdb` and `pg_ctl`.
    #[error(
        "no Postgres server binaries found: install postgresql (initdb and pg_ctl) or set DATABASE_URL"
    )]
    NoBinaries,

    /// Postgres refuses to run as root and there is nobody to run it as.
    #[error(
        "running as root but there is no `postgres` system user: install the postgresql package \
         (which creates it), create the user, or run as a non-root user"
    )]
    NoPostgresUser,

    /// Running as root, the `postgres` user cannot traverse a parent of the cluster directory.
    #[error(
        "the `postgres` system user cannot enter {path}, a parent of the cluster directory: \
         make it traversable (chmod o+x) or put the cluster elsewhere"
    )]
    NotTraversable {
        /// The first directory that is closed to the `postgres` user.
        path: PathBuf,
    },

    /// A program (initdb, pg_ctl, runuser) could not be executed at all.
    #[error("could not run {program}: {source}")]
    Spawn {
        /// The program as it was invoked.
        program: String,
        /// Why it could not be executed.
        source: io::Error,
    },

    /// A file-system operation on the cluster directory failed.
    #[error("{context}: {source}")]
    Io {
        /// What was being done, naming the path.
        context: String,
        /// The underlying error.
        source: io::Error,
    },

    /// `initdb` exited with an error.
    #[error(
        "initdb failed to create {data_dir}: fix the cause below, remove that directory if it \
         exists, and retry (or set DATABASE_URL). initdb said:\n{tail}"
    )]
    Initdb {
        /// The data directory initdb was asked to create.
        data_dir: PathBuf,
        /// The last lines of initdb's output.
        tail: String,
    },

    /// `pg_ctl start` failed (after retries when the port was taken).
    #[error(
        "Postgres did not start on {data_dir} (full log: {log}): fix the cause below and retry, \
         or set DATABASE_URL. Last log lines:\n{tail}"
    )]
    Start {
        /// The cluster's data directory.
        data_dir: PathBuf,
        /// The server log file.
        log: PathBuf,
        /// The last lines of the log and of pg_ctl's output.
        tail: String,
    },

    /// `pg_ctl status` or `pg_ctl stop` failed.
    #[error("pg_ctl {action} failed on {data_dir}: {tail}")]
    PgCtl {
        /// `status` or `stop`.
        action: &'static str,
        /// The cluster's data directory.
        data_dir: PathBuf,
        /// The last lines of pg_ctl's output.
        tail: String,
    },

    /// The data directory was made by another major version than the binaries found.
    #[error(
        "the cluster in {data_dir} was created by Postgres {data_version}, but the binaries \
         found ({bin_dir}) are Postgres {found}: install Postgres {data_version}, or move the \
         directory away to start afresh (its data is then not used)"
    )]
    VersionMismatch {
        /// The cluster's data directory.
        data_dir: PathBuf,
        /// Major version in `PG_VERSION`.
        data_version: String,
        /// Major version of the binaries found.
        found: String,
        /// Where those binaries are.
        bin_dir: PathBuf,
    },

    /// The data directory exists but the password file beside it does not.
    #[error(
        "{path} is missing, so nobody can log into the cluster in {data_dir}: restore the file, \
         or remove the cluster directory to start afresh (its data is lost)"
    )]
    MissingPassword {
        /// Where the password file should be.
        path: PathBuf,
        /// The cluster's data directory.
        data_dir: PathBuf,
    },

    /// A server holds the data directory but does not accept connections.
    #[error(
        "a server (pid {pid}) holds {data_dir} but does not answer on 127.0.0.1:{port}: wait \
         for it to finish starting, stop it (pg_ctl stop -D {data_dir}), or if no such server \
         runs remove {data_dir}/postmaster.pid"
    )]
    NotAnswering {
        /// The cluster's data directory.
        data_dir: PathBuf,
        /// The pid from `postmaster.pid`.
        pid: i32,
        /// The port from `postmaster.pid`.
        port: u16,
    },
}

impl ClusterError {
    pub(crate) fn io(context: impl Into<String>, source: io::Error) -> Self {
        ClusterError::Io {
            context: context.into(),
            source,
        }
    }
}

/// The last `lines` lines of `text`, trimmed, for error messages.
pub(crate) fn tail(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.trim_end().lines().collect();
    let start = all.len().saturating_sub(lines);
    all[start..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::tail;

    #[test]
    fn tail_keeps_the_last_lines() {
        assert_eq!(tail("a\nb\nc\n", 2), "b\nc");
        assert_eq!(tail("a", 5), "a");
        assert_eq!(tail("", 5), "");
    }
}
