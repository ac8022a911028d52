//! What a door needs to call the office: every port in scope, the caller and the
//! refusal.

// The use cases' ports.
pub use crate::accounts::Accounts;
pub use crate::backup::Backups;
pub use crate::briefing::Briefings;
pub use crate::campaigns::Campaigns;
pub use crate::crew::Crew;
pub use crate::debrief::Debriefs;
pub use crate::events::Events;
pub use crate::fair_dice::FairDice;
pub use crate::feed::Feeds;
pub use crate::games::Games;
pub use crate::live::LiveBoard;
pub use crate::members::Members;
pub use crate::record::Records;
pub use crate::reference::Reference;
pub use crate::rolls::Rolls;
pub use crate::sheets::{Lineups, SheetMarks, SheetRolls, Sheets};
pub use crate::standings::Standings;
pub use crate::webhooks::Webhooks;
pub use crate::weeks::Weeks;

// The infrastructure's ports.
pub use crate::health::Health;
pub use crate::idempotency::IdempotencyKeys;
pub use crate::sessions::Sessions;
pub use crate::tokens::Tokens;

pub use crate::refs::*;
pub use crate::{Error, User};
