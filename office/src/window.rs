//! A window onto a long list: at most `limit` rows after skipping `offset`.

/// Which rows of a list to return.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub limit: i64,
    pub offset: i64,
}

impl Window {
    /// The whole list: Postgres reads the largest bigint as no limit at all.
    pub const ALL: Window = Window {
        limit: i64::MAX,
        offset: 0,
    };
}
