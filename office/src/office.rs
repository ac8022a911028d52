//! The one trait the doors hold: every use case, grouped by what it concerns. Each
//! group is a trait of its own module; [`Office`] is all of them together, and the
//! binary hands the doors an `Arc<dyn Office>` (as `actix_web::web::Data<dyn Office>`).
//! A door brings the groups into scope with `use eagles_office::prelude::*`.

use crate::prelude::*;

/// Every use case of the campaign office.
pub trait Office:
    Accounts
    + Backups
    + Briefings
    + Campaigns
    + Crew
    + Debriefs
    + Events
    + Feeds
    + Games
    + Health
    + IdempotencyKeys
    + Members
    + Records
    + Reference
    + Rolls
    + Sessions
    + Sheets
    + Standings
    + Webhooks
    + Weeks
    + Send
    + Sync
    + 'static
{
}
