//! A private Postgres cluster run with the machine's own `initdb` and `pg_ctl`: the
//! *embedded default* of the service when no `DATABASE_URL` is set, and the throwaway
//! clusters of tests.
//!
//! - [`Cluster::start_or_attach`] creates a cluster in a directory on first use, starts
//!   it, or attaches to the server another process (the running service) already started.
//! - [`Cluster::start_temporary`] makes a throwaway cluster in a temp dir.
//! - When the process runs as root, the binaries run as the `postgres` system user,
//!   because Postgres refuses to run as root; a cluster asked for in a folder that user
//!   cannot enter is kept under [`RELOCATION_BASE`] and linked from there.
//!
//! Everything here blocks (std::process): call it before the async runtime starts or
//! from `spawn_blocking`.

mod binaries;
mod cluster;
mod error;
mod lock;
mod pidfile;
mod port;
mod privileges;
mod relocate;
mod secret;
mod temporary;

pub use binaries::{default_search_dirs, find_bin_dir, find_bin_dir_in, versioned_bin_dirs};
pub use cluster::Cluster;
pub use error::ClusterError;
pub use relocate::RELOCATION_BASE;
