//! Authentication: passwords, API tokens, and the request extractors that say who calls.

pub mod caller;
pub mod token;

pub use caller::{bearer_token, Caller, Reading, SignedIn};
