//! Reading `postmaster.pid`, which a running server keeps in its data directory.

use std::fs;
use std::path::Path;

/// What a running server says about itself in `postmaster.pid`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PostmasterPid {
    pub pid: i32,
    pub port: u16,
    /// `starting`, `ready`, `stopping` or `standby`; absent while the file is being written.
    pub status: Option<String>,
}

impl PostmasterPid {
    /// Reads `<data_dir>/postmaster.pid`; `None` when it is missing or incomplete.
    pub fn read(data_dir: &Path) -> Option<Self> {
        Self::parse(&fs::read_to_string(data_dir.join("postmaster.pid")).ok()?)
    }

    /// Lines: pid, data dir, start time, port, socket dir, listen address, shmem key, status.
    fn parse(text: &str) -> Option<Self> {
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        Some(PostmasterPid {
            pid: lines.first()?.parse().ok()?,
            port: lines.get(3)?.parse().ok()?,
            status: lines
                .get(7)
                .filter(|s| !s.is_empty())
                .map(|s| s.to_string()),
        })
    }

    pub fn is_ready(&self) -> bool {
        self.status.as_deref() == Some("ready")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_pid_file() {
        let text = "4242\n/tmp/x/data\n1700000000\n54321\n\n127.0.0.1\n  1234     5678\nready   \n";
        let pid = PostmasterPid::parse(text).unwrap();
        assert_eq!(pid.pid, 4242);
        assert_eq!(pid.port, 54321);
        assert!(pid.is_ready());
    }

    #[test]
    fn incomplete_files_give_none_or_no_status() {
        assert_eq!(PostmasterPid::parse("4242\n/tmp/x/data\n"), None);
        let starting = PostmasterPid::parse("1\n/d\n0\n5432\n").unwrap();
        assert_eq!(starting.status, None);
        assert!(!starting.is_ready());
    }
}
