//! What a door needs to call the office: the trait with all its groups in scope, the
//! caller and the refusal.

pub use crate::accounts::Accounts;
pub use crate::backup::Backups;
pub use crate::briefing::Briefings;
pub use crate::campaigns::Campaigns;
pub use crate::crew::Crew;
pub use crate::debrief::Debriefs;
pub use crate::events::Events;
pub use crate::feed::Feeds;
pub use crate::games::Games;
pub use crate::health::Health;
pub use crate::idempotency::IdempotencyKeys;
pub use crate::members::Members;
pub use crate::record::Records;
pub use crate::reference::Reference;
pub use crate::rolls::Rolls;
pub use crate::sessions::Sessions;
pub use crate::sheets::Sheets;
pub use crate::standings::Standings;
pub use crate::webhooks::Webhooks;
pub use crate::weeks::Weeks;
pub use crate::{Error, Office, User};
