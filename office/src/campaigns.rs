//! Campaigns and their members, as the use cases hand them to the doors.

use crate::access::CampaignScope;
use crate::access::ReadAccess;
use crate::standings::{PlayerRow, SidesView};
use crate::window::Window;
use crate::User;
use campaign::calendar::{self, Era};
use campaign::roster::MemberRole;
use campaign::sides::Side;
use campaign::standings::Leader;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// A campaign as stored.
#[derive(Debug, Clone)]
pub struct Campaign {
    pub id: i64,
    pub name: String,
    pub start_date: NaiveDate,
    pub public: bool,
    pub current_week: i32,
    pub created_by: i64,
    /// The week the referee ended it in (§13.203); `None` while it runs. An ended
    /// campaign is read-only.
    pub ended_week: Option<i32>,
    /// Raised by every write to it (contract v1.1): what a reader's cache and ETag
    /// are keyed on.
    pub revision: i64,
}

impl Campaign {
    /// The date of week `week` of the campaign: its start date, then seven days a week
    /// (R1). Every page and use case dates a week by this.
    pub fn week_date(&self, week: i32) -> NaiveDate {
        calendar::week_date(self.start_date, week_number(week))
    }
}

/// How much of its lists a campaign's home reads: at most `games` games of the week,
/// and the `kills` latest kills.
#[derive(Debug, Clone, Copy)]
pub struct HomeLimits {
    pub games: i64,
    pub kills: i64,
}

/// Which campaigns a reader may see.
#[derive(Debug, Clone, Copy)]
pub enum ListedFor {
    /// No account: public campaigns only.
    Anonymous,
    /// Public campaigns and those the user is a member of.
    Member(i64),
    /// Every campaign.
    Admin,
}

/// A member of a campaign.
#[derive(Debug, Clone)]
pub struct Member {
    pub user_id: i64,
    pub username: String,
    pub role: MemberRole,
    pub side: Option<Side>,
}

/// A new campaign.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewCampaign {
    pub name: String,
    /// From 1915-06-01 to 1918-11-30 (R1).
    #[schema(value_type = String, format = Date, example = "1917-04-02")]
    pub start_date: NaiveDate,
    /// Readable without an account.
    #[serde(default)]
    pub public: bool,
}

/// A campaign and where it stands.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CampaignView {
    pub id: i64,
    pub name: String,
    #[schema(value_type = String, format = Date)]
    pub start_date: NaiveDate,
    pub public: bool,
    pub current_week: i32,
    /// The current week's date (R1: start + 7(n−1) days).
    #[schema(value_type = String, format = Date)]
    pub week_date: NaiveDate,
    /// `early` before 1917-01-01, else `late` (R1).
    pub era: Era,
    /// Whether the referee has ended it (§13.203); an ended campaign is read-only.
    pub ended: bool,
    /// The week it ended in; null while it runs.
    pub ended_week: Option<i32>,
    /// Raised by every write to the campaign: a reader holding an older one has missed
    /// something (the event stream's `id`).
    pub revision: i64,
}

impl From<Campaign> for CampaignView {
    fn from(c: Campaign) -> Self {
        let week_date = c.week_date(c.current_week);
        Self {
            id: c.id,
            name: c.name,
            start_date: c.start_date,
            public: c.public,
            current_week: c.current_week,
            week_date,
            era: calendar::era_on(week_date),
            ended: c.ended_week.is_some(),
            ended_week: c.ended_week,
            revision: c.revision,
        }
    }
}

/// Paging of the campaign list.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct CampaignListQuery {
    /// At most this many campaigns (1 to 1000, default 1000); a `Link` header with
    /// `rel="next"` points to the rest.
    pub limit: Option<u32>,
    /// Skip this many campaigns first.
    pub offset: Option<u32>,
}

/// The answer to ending a campaign: who won and which side won the air war, as the
/// standings stood in the week it ended.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CampaignEnd {
    pub campaign_id: i64,
    /// The campaign's week when it ended; it stays its current week.
    pub ended_week: i32,
    /// The player whose best crewman has the most XP, ties going to more kills, then
    /// fewer weeks out (R13); null when no crewman exists, or when several players are
    /// level on all three (they are then listed in `shared_first_place`).
    pub winner: Option<PlayerRow>,
    /// The players who share first place when R13's tie-breaks cannot part them;
    /// empty when there is a winner.
    pub shared_first_place: Vec<PlayerRow>,
    /// The side winning the air war on R12's totals: `allied`, `central` or `tied`.
    pub side_leader: Leader,
    /// The side totals it was decided on (R12).
    pub sides: SidesView,
}

/// A stored week number as the rules crate counts weeks.
pub fn week_number(week: i32) -> u32 {
    u32::try_from(week).unwrap_or(1)
}

/// A kill of a game that is not voided, as the campaign home lists it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct RecentKill {
    pub kill_id: i64,
    pub game_id: i64,
    pub week: i32,
    /// The names of the crewmen credited, in the order of their ids.
    pub shooters: Vec<String>,
    /// The side of the aircraft shot down.
    pub victim_side: String,
    pub victim_aircraft: String,
    /// Its crew's names, pilot first.
    pub victim_crew: Vec<String>,
}

/// A campaign's home page as the service reads it for one reader, once: its members
/// and crew, the first games of the week (§13.20 applied), the air war, the top
/// crews, the latest kills, the aircraft types and, once ended, how it came out.
#[derive(Debug)]
pub struct CampaignHome {
    pub scope: CampaignScope,
    pub members: Vec<Member>,
    pub crew: Vec<crate::crew::CrewmanView>,
    pub games: Vec<crate::games::GameView>,
    pub air_war: SidesView,
    pub top_crews: Vec<crate::standings::LeaderboardRow>,
    pub kills: Vec<RecentKill>,
    pub aircraft: Vec<crate::games::AircraftChoice>,
    pub end: Option<CampaignEnd>,
}

/// Campaigns: creating, listing, reading and ending them (§13.203).
#[async_trait::async_trait]
pub trait Campaigns {
    /// Creates a campaign refereed by `user` (R1).
    async fn create_campaign(
        &self,
        user: User,
        new: NewCampaign,
    ) -> Result<CampaignView, crate::Error>;

    /// The campaigns `reader` may read, newest first, within `window`.
    async fn campaigns(
        &self,
        reader: ReadAccess,
        window: Window,
    ) -> Result<Vec<CampaignView>, crate::Error>;

    /// One campaign `reader` may read.
    async fn campaign(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<CampaignView, crate::Error>;

    /// A campaign as `reader` sees it: 404 when he may not read it.
    async fn campaign_scope(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<CampaignScope, crate::Error>;

    /// Ends the campaign in its current week (§13.203): referee only.
    async fn end_campaign(&self, user: User, campaign_id: i64)
        -> Result<CampaignEnd, crate::Error>;

    /// How the campaign came out, or would come out now: its winner and final
    /// standings, for a reader who may read it.
    async fn campaign_outcome(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<CampaignEnd, crate::Error>;

    /// Every campaign `reader` may read, by id, with no window (the pages' list).
    async fn readable_campaigns(&self, reader: ReadAccess) -> Result<Vec<Campaign>, crate::Error>;

    /// A campaign's home as `reader` may read it, its lists within `limits`.
    async fn campaign_home(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        limits: HomeLimits,
    ) -> Result<CampaignHome, crate::Error>;
}
