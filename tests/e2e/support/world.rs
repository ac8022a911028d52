//! The one world the end-to-end tests stand in: a campaign set up as a club sets one
//! up, through the API — its referee, the players on their sides, their starting
//! crewmen (R3) — by [`CampaignBuilder`], with the referee's hand ([`Referee`]) for
//! what follows. The named campaigns of the tests (`Loop`, `Squadron`, the standings'
//! clubs) are presets of this builder.

use std::collections::HashMap;

use super::builders::Referee;
use super::reports::Recruit;
use super::TestApp;

/// What to set up: a campaign named "Bloody April" refereed by a new account.
pub struct CampaignBuilder<'a> {
    referee: &'a str,
    start_date: &'a str,
    public: bool,
    /// New accounts playing `side`.
    players: Vec<(String, &'a str)>,
    /// Starting crewmen `(name, role, nationality, owner)`, created in order.
    crew: Vec<(String, &'a str, &'a str, String)>,
}

/// The campaign as set up.
pub struct World {
    pub campaign: i64,
    /// The referee's token.
    pub referee: String,
    /// Each player's token, by username.
    pub tokens: HashMap<String, String>,
    /// The crewmen's ids, in the order created.
    pub crew: Vec<i64>,
    /// The referee's hand, writing through the use cases.
    pub office: Referee,
}

impl<'a> CampaignBuilder<'a> {
    /// A private campaign refereed by the new account `referee`, from `start_date`.
    pub fn new(referee: &'a str, start_date: &'a str) -> Self {
        CampaignBuilder {
            referee,
            start_date,
            public: false,
            players: Vec::new(),
            crew: Vec::new(),
        }
    }

    /// Readable by anyone, or not.
    pub fn public(self, public: bool) -> Self {
        CampaignBuilder { public, ..self }
    }

    /// A new account playing `side`.
    pub fn player(mut self, username: impl Into<String>, side: &'a str) -> Self {
        self.players.push((username.into(), side));
        self
    }

    /// A starting crewman of `owner` (50 XP, R3; a novice observer or pilot as R3 has
    /// it).
    pub fn crewman(
        mut self,
        name: impl Into<String>,
        role: &'a str,
        nationality: &'a str,
        owner: impl Into<String>,
    ) -> Self {
        self.crew
            .push((name.into(), role, nationality, owner.into()));
        self
    }

    /// The starting crewmen `recruits`, `(owner, name, role, nationality)` each, in
    /// order.
    pub fn recruits(self, recruits: &[Recruit]) -> Self {
        recruits
            .iter()
            .fold(self, |builder, &(owner, name, role, nationality)| {
                builder.crewman(name, role, nationality, owner)
            })
    }

    /// Sets the campaign up on `app`, account by account and crewman by crewman.
    pub async fn build(self, app: &TestApp) -> World {
        let referee = app.sign_up(self.referee, false).await;
        let campaign = app.campaign(&referee, self.start_date, self.public).await;
        let mut tokens = HashMap::new();
        for (username, side) in &self.players {
            tokens.insert(username.clone(), app.sign_up(username, false).await);
            app.add_player(&referee, campaign, username, side).await;
        }
        let mut crew = Vec::new();
        for (name, role, nationality, owner) in &self.crew {
            let recruit = (name.as_str(), *role, *nationality, owner.as_str());
            crew.push(app.crewman(&referee, campaign, recruit).await);
        }
        World {
            campaign,
            referee,
            tokens,
            crew,
            office: app.referee(self.referee, campaign).await,
        }
    }
}

impl World {
    /// The crewmen's ids, as many as were created.
    pub fn crew<const N: usize>(&self) -> [i64; N] {
        self.crew
            .clone()
            .try_into()
            .expect("as many crewmen as created")
    }
}
