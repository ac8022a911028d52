//! A sheet's version as the HTTP doors carry it: the entity tag it answers with and
//! the `If-Match` a write is made against (RFC 9110).

use super::SheetView;

impl SheetView {
    /// The sheet's version as a strong entity tag.
    pub fn etag(&self) -> String {
        format!("\"{}\"", self.version)
    }
}

/// The versions of a sheet a write was made against (`If-Match`, RFC 9110): the write
/// is refused (412) when the sheet is at none of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IfMatch(pub Vec<i64>);

impl IfMatch {
    /// The versions an `If-Match` field names: `None` for `*` (any version will do); a
    /// weak tag or one that is no sheet version of ours matches none (strong
    /// comparison).
    pub fn parse(field: &str) -> Option<IfMatch> {
        let field = field.trim();
        if field == "*" {
            return None;
        }
        let versions = field
            .split(',')
            .filter_map(|tag| {
                let tag = tag.trim().strip_prefix('"')?.strip_suffix('"')?;
                tag.parse().ok()
            })
            .collect();
        Some(IfMatch(versions))
    }
}

#[cfg(test)]
mod tests {
    use super::IfMatch;

    // RFC 9110 §13.1.1: `*` matches any current version; strong comparison, so a weak
    // tag never matches.
    #[test]
    fn if_match_reads_strong_tags() {
        assert_eq!(IfMatch::parse("*"), None);
        assert_eq!(IfMatch::parse("\"12\""), Some(IfMatch(vec![12])));
        assert_eq!(IfMatch::parse("\"3\", \"7\""), Some(IfMatch(vec![3, 7])));
        assert_eq!(IfMatch::parse("W/\"12\""), Some(IfMatch(vec![])));
    }
}
