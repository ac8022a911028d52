//! Configuration from the environment; command-line flags override it.
//!
//! | variable | meaning | default |
//! |---|---|---|
//! | `DATABASE_URL` | the Postgres to use | unset: the embedded default under `EAGLES_DATA_DIR/pg` |
//! | `EAGLES_BIND` | address `eagles serve` listens on | `127.0.0.1:8080` |
//! | `EAGLES_DATA_DIR` | where the embedded default keeps its cluster | `.eagles` |
//! | `EAGLES_POOL_SIZE` | database connections per instance | `10` |
//! | `RUST_LOG` | log filter | `info` |

use std::fmt;
use std::path::PathBuf;

/// A database URL, which carries a password: it never prints.
#[derive(Clone)]
pub struct DatabaseUrl(pub String);

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DatabaseUrl(<hidden>)")
    }
}

/// Where the data lives.
#[derive(Debug, Clone)]
pub struct DatabaseConfig {
    /// `DATABASE_URL`, when set.
    pub url: Option<DatabaseUrl>,
    /// The embedded default's folder.
    pub data_dir: PathBuf,
    pub pool_size: usize,
}

impl DatabaseConfig {
    /// Reads `DATABASE_URL`, `EAGLES_DATA_DIR` and `EAGLES_POOL_SIZE`.
    pub fn from_env() -> Result<Self, String> {
        let url = std::env::var("DATABASE_URL")
            .ok()
            .filter(|u| !u.trim().is_empty())
            .map(DatabaseUrl);
        let data_dir = std::env::var_os("EAGLES_DATA_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(".eagles"));
        let pool_size =
            match std::env::var("EAGLES_POOL_SIZE") {
                Ok(v) => v.parse::<usize>().ok().filter(|n| *n > 0).ok_or_else(|| {
                    format!("EAGLES_POOL_SIZE must be a positive number, not {v:?}")
                })?,
                Err(_) => 10,
            };
        Ok(Self {
            url,
            data_dir,
            pool_size,
        })
    }
}
