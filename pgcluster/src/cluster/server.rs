//! The server's life through pg_ctl: its status and port, starting it (again when
//! the first attempt meets a passing failure) and stopping it.

use std::fs;
use std::process::{Command, Output};
use std::sync::PoisonError;
use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::binaries::has_pg_stat_statements;
use crate::error::{tail, ClusterError};
use crate::lock::DirLock;
use crate::pidfile::PostmasterPid;
use crate::port::{free_port, is_accepting};

use super::*;

impl Inner {
    pub(super) fn pg_ctl(&self) -> Command {
        let mut command = self.run_as.command(&self.bin_dir.join("pg_ctl"));
        // The invoking directory may be closed to the postgres user (e.g. /root).
        command.current_dir(&self.root);
        command
    }

    /// `pg_ctl status` exit code: 0 running, 3 not running, 4 no usable data dir.
    pub(super) fn status(&self) -> Result<Output, ClusterError> {
        let mut command = self.pg_ctl();
        command.arg("status").arg("-D").arg(&self.data_dir);
        run(command, "pg_ctl status")
    }

    /// The port of the server running on the data dir, once it accepts connections;
    /// `None` when no server runs there.
    pub(super) fn running_port(&self) -> Result<Option<u16>, ClusterError> {
        let deadline = Instant::now() + ATTACH_WAIT;
        loop {
            // Asked again each round: a postmaster that just crashed stays "alive" as a
            // zombie until its parent reaps it.
            let output = self.status()?;
            match output.status.code() {
                Some(0) => {}
                Some(3) => return Ok(None),
                _ => {
                    return Err(ClusterError::PgCtl {
                        action: "status",
                        data_dir: self.data_dir.clone(),
                        tail: tail(&output_text(&output), 10),
                    })
                }
            }
            let pid = PostmasterPid::read(&self.data_dir);
            if let Some(pid) = &pid {
                if pid.is_ready() && is_accepting(pid.port) {
                    return Ok(Some(pid.port));
                }
            }
            if Instant::now() >= deadline {
                return Err(ClusterError::NotAnswering {
                    data_dir: self.data_dir.clone(),
                    pid: pid.as_ref().map_or(0, |p| p.pid),
                    port: pid.as_ref().map_or(0, |p| p.port),
                });
            }
            sleep(Duration::from_millis(250));
        }
    }

    /// Starts the server on a free port and returns the port.
    pub(super) fn start(&self) -> Result<u16, ClusterError> {
        let log = self.root.join("postgres.log");
        let mut attempt = 1;
        loop {
            let port = free_port()
                .map_err(|e| ClusterError::io("could not find a free port on 127.0.0.1", e))?;
            let log_start = fs::metadata(&log).map(|m| m.len()).unwrap_or(0);
            let mut command = self.pg_ctl();
            command
                .args(["start", "-w", "-t", PG_CTL_TIMEOUT, "-D"])
                .arg(&self.data_dir)
                .arg("-l")
                .arg(&log)
                .arg("-o")
                .arg(self.server_options(port));
            let output = run(command, "pg_ctl start")?;
            if output.status.success() {
                return Ok(port);
            }
            let new_log = read_from(&log, log_start);
            let retryable = RETRYABLE_START_FAILURES
                .iter()
                .any(|marker| new_log.contains(marker));
            if !retryable || attempt == START_ATTEMPTS {
                return Err(ClusterError::Start {
                    data_dir: self.data_dir.clone(),
                    log,
                    tail: tail(&format!("{new_log}\n{}", output_text(&output)), 20),
                });
            }
            tracing::warn!(
                port,
                attempt,
                "Postgres could not start, retrying on another port"
            );
            sleep(Duration::from_millis(500 * attempt));
            attempt += 1;
        }
    }

    /// Options for `postgres`, passed through pg_ctl's shell (hence the quoted `''`).
    pub(super) fn server_options(&self, port: u16) -> String {
        let mut options = format!(
            "-p {port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' \
             -c max_connections=200"
        );
        if has_pg_stat_statements(&self.bin_dir) {
            options.push_str(" -c shared_preload_libraries=pg_stat_statements");
        }
        if self.temporary {
            // Throwaway data: durability only costs time.
            options.push_str(" -c fsync=off -c synchronous_commit=off -c full_page_writes=off");
        }
        options
    }

    pub(super) fn stop(&self, force: bool) -> Result<(), ClusterError> {
        if !self.started_here && !force {
            return Ok(());
        }
        let mut stopped = self.stopped.lock().unwrap_or_else(PoisonError::into_inner);
        if *stopped {
            return Ok(());
        }
        // Keeps a concurrent start_or_attach from attaching to a server about to go away.
        let _lock = if self.temporary {
            None
        } else {
            DirLock::acquire(&self.root).ok()
        };
        let mut command = self.pg_ctl();
        command
            .args(["stop", "-m", "fast", "-w", "-t", PG_CTL_TIMEOUT, "-D"])
            .arg(&self.data_dir);
        let output = run(command, "pg_ctl stop")?;
        // A failed stop is fine when the server is gone anyway (stopped by someone else).
        if !output.status.success() && self.status()?.status.code() == Some(0) {
            return Err(ClusterError::PgCtl {
                action: "stop",
                data_dir: self.data_dir.clone(),
                tail: tail(&output_text(&output), 10),
            });
        }
        *stopped = true;
        tracing::info!(data_dir = %self.data_dir.display(), "stopped Postgres");
        if self.temporary {
            match fs::remove_dir_all(&self.root) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => {
                    return Err(ClusterError::io(
                        format!("could not remove {}", self.root.display()),
                        e,
                    ))
                }
            }
        }
        Ok(())
    }
}
