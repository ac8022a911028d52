//! The cluster itself: create it with initdb, start it or attach to the running server,
//! hand out its URL, stop it.

use std::fmt;
use std::fs::{self, File};
use std::io::{Read, Seek, SeekFrom};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Arc, Mutex, Once, PoisonError};
use std::time::Duration;

use crate::binaries::find_bin_dir;
use crate::error::{tail, ClusterError};
use crate::lock::DirLock;
use crate::privileges::RunAs;
use crate::relocate::reachable_root;
use crate::temporary;

mod initdb;
mod server;

use initdb::{initdb, matching_bin_dir};

/// The superuser initdb creates; the URL logs in as it.
const SUPERUSER: &str = "eagles";
/// How often `start` tries a fresh port when the last one was taken meanwhile.
const START_ATTEMPTS: u64 = 3;
/// Seconds pg_ctl waits for start or stop; generous because CI machines are shared.
const PG_CTL_TIMEOUT: &str = "120";
/// How long an attaching process waits for a server that is still starting up.
const ATTACH_WAIT: Duration = Duration::from_secs(30);
/// Log lines that mean "try again on another port / in a moment", not a real failure.
const RETRYABLE_START_FAILURES: &[&str] = &[
    "Address already in use",
    "could not create any TCP/IP sockets",
    "pre-existing shared memory block",
];

/// A Postgres cluster in a directory of its own, running on 127.0.0.1.
///
/// Layout of the cluster directory (`root`): `data/` (the data directory),
/// `password` (the superuser password, mode 0600), `postgres.log` (server log),
/// `.lock` (serialises starts and stops between processes).
///
/// Dropping a `Cluster` stops the server if this process started it (see [`Cluster::stop`]);
/// a `Cluster` held in a static is never dropped: use [`Cluster::stop_at_exit`].
pub struct Cluster {
    inner: Arc<Inner>,
}

struct Inner {
    root: PathBuf,
    data_dir: PathBuf,
    bin_dir: PathBuf,
    port: u16,
    password: String,
    started_here: bool,
    temporary: bool,
    run_as: RunAs,
    stopped: Mutex<bool>,
}

impl Cluster {
    /// Finds the binaries; initdb's `root/data` if it does not exist yet (superuser
    /// `eagles`, a random password kept in `root/password`, scram-sha-256, listening on
    /// 127.0.0.1 only, no unix socket); attaches to the server already running on that
    /// data directory (port from `postmaster.pid`), else starts it on a free port with
    /// `pg_ctl start -w`, logging to `root/postgres.log`.
    ///
    /// When the process runs as root, initdb and pg_ctl run as the `postgres` system user
    /// via `runuser`, and `root` is given to that user; when that user cannot enter a
    /// parent of `root`, the cluster lives under [`crate::RELOCATION_BASE`] and `root` links
    /// to it.
    pub fn start_or_attach(root: &Path) -> Result<Cluster, ClusterError> {
        // The binaries may run in another working directory (as the postgres user).
        let root = &std::path::absolute(root)
            .map_err(|e| ClusterError::io(format!("could not resolve {}", root.display()), e))?;
        let bin_dir = find_bin_dir()?;
        let run_as = RunAs::detect()?;
        let root = &reachable_root(root, run_as)?;
        if !root.exists() {
            fs::create_dir_all(root)
                .map_err(|e| ClusterError::io(format!("could not create {}", root.display()), e))?;
            // The password file lives here: keep other users out.
            set_mode(root, 0o700)?;
        }
        Self::open(root.to_path_buf(), bin_dir, run_as, false)
    }

    /// A throwaway cluster in a fresh temp dir, with durability off for speed; `stop`
    /// removes the dir. Throwaway clusters whose owning process died without stopping
    /// them (a killed test run) are stopped and removed first.
    pub fn start_temporary() -> Result<Cluster, ClusterError> {
        let bin_dir = find_bin_dir()?;
        let run_as = RunAs::detect()?;
        temporary::reap_orphans(&bin_dir, run_as);
        let root = temporary::create_dir()?;
        let cluster = Self::open(root.clone(), bin_dir, run_as, true);
        if cluster.is_err() {
            let _ = fs::remove_dir_all(&root);
        }
        cluster
    }

    fn open(
        root: PathBuf,
        bin_dir: PathBuf,
        run_as: RunAs,
        temporary: bool,
    ) -> Result<Cluster, ClusterError> {
        run_as.hand_over(&root)?;
        run_as.check_traversable(&root)?;
        let _lock = DirLock::acquire(&root)?;
        let data_dir = root.join("data");
        let password_file = root.join("password");

        let (bin_dir, password) = match fs::read_to_string(data_dir.join("PG_VERSION")) {
            Ok(version) => {
                let bin_dir = matching_bin_dir(&bin_dir, version.trim(), &data_dir)?;
                let password = fs::read_to_string(&password_file).map_err(|_| {
                    ClusterError::MissingPassword {
                        path: password_file.clone(),
                        data_dir: data_dir.clone(),
                    }
                })?;
                (bin_dir, password.trim().to_string())
            }
            Err(_) => {
                let password = initdb(&root, &data_dir, &bin_dir, run_as, temporary)?;
                (bin_dir, password)
            }
        };

        let mut inner = Inner {
            root,
            data_dir,
            bin_dir,
            port: 0,
            password,
            started_here: false,
            temporary,
            run_as,
            stopped: Mutex::new(false),
        };
        match inner.running_port()? {
            Some(port) => {
                inner.port = port;
                tracing::info!(port, data_dir = %inner.data_dir.display(), "attached to running Postgres");
            }
            None => {
                inner.port = inner.start()?;
                inner.started_here = true;
                tracing::info!(port = inner.port, data_dir = %inner.data_dir.display(), "started Postgres");
            }
        }
        Ok(Cluster {
            inner: Arc::new(inner),
        })
    }

    /// `postgres://eagles:<password>@127.0.0.1:<port>/<dbname>`.
    pub fn database_url(&self, dbname: &str) -> String {
        format!(
            "postgres://{SUPERUSER}:{}@127.0.0.1:{}/{dbname}",
            self.inner.password, self.inner.port
        )
    }

    /// The TCP port the server listens on (127.0.0.1).
    pub fn port(&self) -> u16 {
        self.inner.port
    }

    /// True when this process started the server (false when it attached).
    pub fn started_here(&self) -> bool {
        self.inner.started_here
    }

    /// The cluster directory.
    pub fn root(&self) -> &Path {
        &self.inner.root
    }

    /// The Postgres data directory, `root/data`.
    pub fn data_dir(&self) -> &Path {
        &self.inner.data_dir
    }

    /// The directory of the Postgres binaries in use (`psql`, `pg_dump`, … are there too).
    pub fn bin_dir(&self) -> &Path {
        &self.inner.bin_dir
    }

    /// `pg_ctl stop -m fast -w` if this process started the server; for a temporary
    /// cluster also removes its dir. Idempotent.
    ///
    /// A cluster this process merely attached to is left running (the process that
    /// started it owns it), so a CLI command may call `stop` unconditionally; use
    /// [`Cluster::stop_server`] to stop it regardless.
    pub fn stop(&self) -> Result<(), ClusterError> {
        self.inner.stop(false)
    }

    /// Stops the server even if another process started it.
    pub fn stop_server(&self) -> Result<(), ClusterError> {
        self.inner.stop(true)
    }

    /// Stops the server at once (`pg_ctl stop -m immediate`), as a crash would: open
    /// transactions are cut off and roll back. Data and port are kept, so
    /// [`Cluster::restart_server`] brings it back where clients expect it. For fault tests.
    pub fn crash_server(&self) -> Result<(), ClusterError> {
        let mut command = self.inner.pg_ctl();
        command
            .args(["stop", "-m", "immediate", "-w", "-t", PG_CTL_TIMEOUT, "-D"])
            .arg(&self.inner.data_dir);
        let output = run(command, "pg_ctl stop")?;
        if !output.status.success() {
            return Err(ClusterError::PgCtl {
                action: "stop",
                data_dir: self.inner.data_dir.clone(),
                tail: tail(&output_text(&output), 10),
            });
        }
        Ok(())
    }

    /// Starts the server again on the port it had, after [`Cluster::crash_server`].
    pub fn restart_server(&self) -> Result<(), ClusterError> {
        let mut command = self.inner.pg_ctl();
        command
            .args(["start", "-w", "-t", PG_CTL_TIMEOUT, "-D"])
            .arg(&self.inner.data_dir)
            .arg("-l")
            .arg(self.inner.root.join("postgres.log"))
            .arg("-o")
            .arg(self.inner.server_options(self.inner.port));
        let output = run(command, "pg_ctl start")?;
        if !output.status.success() {
            return Err(ClusterError::Start {
                data_dir: self.inner.data_dir.clone(),
                log: self.inner.root.join("postgres.log"),
                tail: tail(&output_text(&output), 20),
            });
        }
        Ok(())
    }

    /// Registers a process-exit hook (libc `atexit`) that stops this cluster as
    /// [`Cluster::stop`] would: for test binaries, whose statics are never dropped.
    pub fn stop_at_exit(&self) {
        static REGISTER: Once = Once::new();
        AT_EXIT
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(Arc::clone(&self.inner));
        REGISTER.call_once(|| {
            // SAFETY: the hook is a plain extern "C" fn that never unwinds.
            unsafe { libc::atexit(stop_registered_clusters) };
        });
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        if let Err(err) = self.inner.stop(false) {
            tracing::warn!(%err, "could not stop Postgres");
        }
    }
}

impl fmt::Debug for Cluster {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cluster")
            .field("root", &self.inner.root)
            .field("data_dir", &self.inner.data_dir)
            .field("bin_dir", &self.inner.bin_dir)
            .field("port", &self.inner.port)
            .field("password", &"<hidden>")
            .field("started_here", &self.inner.started_here)
            .field("temporary", &self.inner.temporary)
            .finish()
    }
}

static AT_EXIT: Mutex<Vec<Arc<Inner>>> = Mutex::new(Vec::new());

extern "C" fn stop_registered_clusters() {
    let clusters = std::mem::take(&mut *AT_EXIT.lock().unwrap_or_else(PoisonError::into_inner));
    for cluster in clusters {
        // Unwinding out of an atexit hook would abort the process.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| cluster.stop(false)));
    }
}

/// Runs `command` to completion with its output captured.
pub(crate) fn run(mut command: Command, program: &str) -> Result<Output, ClusterError> {
    command
        .stdin(Stdio::null())
        .output()
        .map_err(|source| ClusterError::Spawn {
            program: program.to_string(),
            source,
        })
}

fn output_text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// What was appended to `path` after byte `offset` (empty if unreadable).
fn read_from(path: &Path, offset: u64) -> String {
    let mut text = String::new();
    if let Ok(mut file) = File::open(path) {
        if file.seek(SeekFrom::Start(offset)).is_ok() {
            let mut bytes = Vec::new();
            let _ = file.read_to_end(&mut bytes);
            text = String::from_utf8_lossy(&bytes).into_owned();
        }
    }
    text
}

pub(crate) fn set_mode(path: &Path, mode: u32) -> Result<(), ClusterError> {
    fs::set_permissions(path, fs::Permissions::from_mode(mode))
        .map_err(|e| ClusterError::io(format!("could not chmod {}", path.display()), e))
}
