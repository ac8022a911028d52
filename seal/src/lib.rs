//! The key that makes a checked access (`eagles_office::access::CampaignScope`). The
//! office's types take it to build the proof that a reader was checked for a
//! campaign; only the crates that list this one as a dependency can make a key, and
//! only the service does (`eagles_service::access`). The doors (`eagles_api`,
//! `eagles_web`) do not depend on it, so whatever access they hold came from the
//! service: Rust cannot check which crate calls a public function, but Cargo does
//! check which crates a crate may name.

/// Leave to build one checked access: spent by the constructor that takes it.
#[derive(Debug)]
pub struct Key(());

impl Key {
    /// A key, for the service's access check. No `Default`: `Default::default()`
    /// would make one without naming this crate.
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        Key(())
    }
}
