//! What a reader may see of a game, decided in one place (§13.20, §4.00, R16, R20).
//!
//! Until the game is over a side's mission assignment is its players' and the
//! referees', and a sheet is its players' and the referees'. Everyone else sees every
//! sortie of a side whose assignment he may not see in one shape (key, aircraft, crew,
//! open facts), so that nothing tells the mission aircraft from the others; the combat
//! rolls as declared at the table and the other rolls whose result the table sees.
//! A game is over for secrecy once debriefed (voided or not), abandoned, or its
//! campaign ended — the same for every view.

use crate::missions::Reader;
use crate::sides::Side;

/// Where a game stands, as secrecy reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameStage {
    /// Neither debriefed nor abandoned, its campaign running.
    InPlay,
    /// Its debrief entered.
    Debriefed,
    /// Debriefed, the debrief then voided: still debriefed.
    Voided,
    /// Its week closed without its debrief.
    Abandoned,
    /// Its campaign ended (§13.203), whatever the game's own state.
    CampaignEnded,
}

impl GameStage {
    /// Every stage, for tables.
    pub const ALL: [GameStage; 5] = [
        GameStage::InPlay,
        GameStage::Debriefed,
        GameStage::Voided,
        GameStage::Abandoned,
        GameStage::CampaignEnded,
    ];

    /// The stage of a game from its stored facts.
    pub fn of(debriefed: bool, voided: bool, abandoned: bool, campaign_ended: bool) -> Self {
        if campaign_ended {
            GameStage::CampaignEnded
        } else if voided {
            GameStage::Voided
        } else if debriefed {
            GameStage::Debriefed
        } else if abandoned {
            GameStage::Abandoned
        } else {
            GameStage::InPlay
        }
    }

    /// Whether nothing of the game is secret any more.
    pub fn over(self) -> bool {
        self != GameStage::InPlay
    }
}

/// How a roll made on a sheet shows to a reader (R20).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RollSight {
    /// Every die, modifier and crewman.
    Full,
    /// As declared at the table: the sorties, the value and the result, no modifiers
    /// (they tell of wounds and abilities) and no crewman.
    AsDeclared,
    /// Not at all.
    Hidden,
}

/// What one reader may see of one game: built once per read, asked by every view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Secrecy {
    reader: Reader,
    over: bool,
}

impl Secrecy {
    /// What `reader` may see of a game at `stage`.
    pub fn new(reader: Reader, stage: GameStage) -> Self {
        Secrecy {
            reader,
            over: stage.over(),
        }
    }

    /// Whether the game is over for secrecy: then every reader sees everything.
    pub fn over(self) -> bool {
        self.over
    }

    /// §13.20: the mission aircraft "does not have to be revealed to the opponents
    /// until the mission is completed". Shown to those who may assign it (the side's
    /// players and the referees); keeping it from the public too closes the side door
    /// of an opponent reading signed out.
    pub fn sees_assignment(self, side: Side) -> bool {
        self.over
            || match self.reader {
                Reader::Referee => true,
                Reader::Player(own) => own == side,
                Reader::Public => false,
            }
    }

    /// R20: a sheet in full is its players' (`its_player`: the reader owns one of its
    /// crew) and the referees'.
    pub fn reads_sheet(self, its_player: bool) -> bool {
        self.over || its_player || self.reader == Reader::Referee
    }

    /// R20: a roll made on a sheet; `declared_at_table` for a combat roll,
    /// `open_result` when its result is one the whole table sees (a spin, smoke, fire,
    /// a destruction).
    pub fn sees_roll(
        self,
        its_player: bool,
        declared_at_table: bool,
        open_result: bool,
    ) -> RollSight {
        if self.reads_sheet(its_player) {
            RollSight::Full
        } else if declared_at_table || open_result {
            RollSight::AsDeclared
        } else {
            RollSight::Hidden
        }
    }

    /// Whether an event of a sheet names its sortie to this reader: when he reads the
    /// sheet, or when the write changed a fact the whole table sees. Otherwise the
    /// sortie's id alone would tell which sheets are busy, the mission's among them.
    pub fn sees_sheet_event(self, its_player: bool, open_fact_changed: bool) -> bool {
        open_fact_changed || self.reads_sheet(its_player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The readers of the table: a player of the side (flying the sheet or not), a
    /// player of the other side, a referee, the public.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Who {
        SideFlyingIt,
        Side,
        OtherSide,
        Referee,
        Public,
    }

    const WHO: [Who; 5] = [
        Who::SideFlyingIt,
        Who::Side,
        Who::OtherSide,
        Who::Referee,
        Who::Public,
    ];

    fn reader(who: Who, side: Side) -> Reader {
        match who {
            Who::SideFlyingIt | Who::Side => Reader::Player(side),
            Who::OtherSide => Reader::Player(side.enemy()),
            Who::Referee => Reader::Referee,
            Who::Public => Reader::Public,
        }
    }

    /// §13.20, §4.00, R16, R20, API v1.3: every kind of reader × every state of a game
    /// × every view, against the one place that decides. Over (debriefed, voided,
    /// abandoned, campaign ended) everyone sees everything; in play the side and the
    /// referees see the assignment (the game page, the line-up's `assignment`, the
    /// briefing), a sheet's players and the referees its sheet, its rolls and its
    /// quiet events; the others the sorties in one shape, the combat rolls as
    /// declared, the open rolls and the events that change an open fact.
    #[test]
    fn every_reader_every_stage_every_view() {
        for side in Side::ALL.iter().copied() {
            for stage in GameStage::ALL {
                for who in WHO {
                    let s = Secrecy::new(reader(who, side), stage);
                    let over = stage != GameStage::InPlay;
                    let its_player = who == Who::SideFlyingIt;
                    let assignment =
                        over || matches!(who, Who::SideFlyingIt | Who::Side | Who::Referee);
                    let sheet = over || matches!(who, Who::SideFlyingIt | Who::Referee);
                    let case = format!("{who:?} of {side:?}'s game {stage:?}");
                    assert_eq!(s.over(), over, "{case}");
                    // Game page, line-up, sheets page, live page, briefing: the
                    // assignment and which sortie flies it.
                    assert_eq!(s.sees_assignment(side), assignment, "{case}: assignment");
                    // Sheet (API and page): in full, or 404.
                    assert_eq!(s.reads_sheet(its_player), sheet, "{case}: sheet");
                    // Roll log: a combat roll, an open roll, a quiet roll.
                    let full_or = |other| if sheet { RollSight::Full } else { other };
                    assert_eq!(
                        s.sees_roll(its_player, true, false),
                        full_or(RollSight::AsDeclared),
                        "{case}: combat roll"
                    );
                    assert_eq!(
                        s.sees_roll(its_player, false, true),
                        full_or(RollSight::AsDeclared),
                        "{case}: open roll"
                    );
                    assert_eq!(
                        s.sees_roll(its_player, false, false),
                        full_or(RollSight::Hidden),
                        "{case}: quiet roll"
                    );
                    // Events: a mark that changes an open fact names its sortie to
                    // everyone, a quiet one only to the sheet's readers.
                    assert!(s.sees_sheet_event(its_player, true), "{case}: open event");
                    assert_eq!(
                        s.sees_sheet_event(its_player, false),
                        sheet,
                        "{case}: quiet event"
                    );
                }
            }
        }
    }

    #[test]
    fn a_game_is_over_once_debriefed_voided_abandoned_or_its_campaign_ended() {
        assert_eq!(GameStage::of(false, false, false, false), GameStage::InPlay);
        assert_eq!(
            GameStage::of(true, false, false, false),
            GameStage::Debriefed
        );
        assert_eq!(GameStage::of(true, true, false, false), GameStage::Voided);
        assert_eq!(
            GameStage::of(false, false, true, false),
            GameStage::Abandoned
        );
        assert_eq!(
            GameStage::of(false, false, false, true),
            GameStage::CampaignEnded
        );
        assert!(!GameStage::InPlay.over());
        for stage in &GameStage::ALL[1..] {
            assert!(stage.over(), "{stage:?}");
        }
    }
}
