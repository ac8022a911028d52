//! Wounds, injuries and weeks out of service (R7, §10, appendix C "Injuries").

use serde::Serialize;

use crate::crew::CrewId;
use crate::dice::{throw, Dice};
use crate::error::RuleError;
use crate::tables::{Modifiers, Roll, Table};
use crate::wire::wire_enum;

/// Wound boxes a crewman has; when all are crossed off he is killed (§10.01, R7).
pub const WOUND_BOXES: u32 = 3;

wire_enum! {
    /// How bad an injury is after a game (R7).
    #[derive(PartialOrd, Ord)]
    pub enum Severity {
        /// Out 1d6−1 weeks, at least 1.
        Minor,
        /// Out 3d6 weeks; sent home on a triple.
        Serious,
    }
}

wire_enum! {
    /// What happened to a crewman's body: the result of the crash and bail-out tables,
    /// and of the wounds of a game. Ordered from best to worst, so the worse of two is
    /// their maximum (R7).
    #[derive(PartialOrd, Ord)]
    pub enum Harm {
        /// No injury.
        Unharmed,
        /// A minor injury.
        MinorInjury as "minor injury",
        /// A serious injury.
        SeriousInjury as "serious injury",
        /// Dead.
        Killed,
    }
}

impl Harm {
    /// The harm of a game's wounds: 1 box minor, 2 serious, 3 killed (R7, §10.01).
    pub fn from_wound_boxes(boxes: u32) -> Harm {
        match boxes {
            0 => Harm::Unharmed,
            1 => Harm::MinorInjury,
            2 => Harm::SeriousInjury,
            _ => Harm::Killed,
        }
    }

    /// The injury's severity, if he is injured and alive.
    pub const fn severity(self) -> Option<Severity> {
        match self {
            Harm::MinorInjury => Some(Severity::Minor),
            Harm::SeriousInjury => Some(Severity::Serious),
            Harm::Unharmed | Harm::Killed => None,
        }
    }

    /// The worse of two harms: a result lighter than the wounds is no error, the worse
    /// one applies (R7).
    pub fn worse(self, other: Harm) -> Harm {
        self.max(other)
    }
}

wire_enum! {
    /// A crewman's outcome of a game as the debrief reports it.
    pub enum Outcome {
        /// Came home unhurt (his wounds, if any, still count).
        Unharmed,
        /// A minor injury from a crash, landing or bail-out.
        MinorInjury as "minor injury",
        /// A serious injury from a crash, landing or bail-out.
        SeriousInjury as "serious injury",
        /// Killed.
        Killed,
        /// Captured after coming down (the capture roll follows, R8).
        Captured,
        /// Came down and evaded capture (his injuries still count).
        Evaded,
    }
}

/// What becomes of a crewman after a game (R7, R8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "fate", content = "severity")]
pub enum Fate {
    /// Fit for next week.
    Unharmed,
    /// Injured: roll the weeks out ([`roll_injury`]).
    Injured(Severity),
    /// Captured: roll the capture table.
    Captured,
    /// Dead.
    Killed,
}

impl Fate {
    /// The casualty a fate leaves on the record; none when unharmed.
    pub const fn casualty(self) -> Option<CasualtyKind> {
        match self {
            Fate::Unharmed => None,
            Fate::Injured(Severity::Minor) => Some(CasualtyKind::MinorInjury),
            Fate::Injured(Severity::Serious) => Some(CasualtyKind::SeriousInjury),
            Fate::Captured => Some(CasualtyKind::Captured),
            Fate::Killed => Some(CasualtyKind::Killed),
        }
    }
}

wire_enum! {
    /// A crewman's fate by name, as the debrief's answer and the pages give it (API
    /// v1.2): the final result after R7 — the worse of his wounds and the tables'
    /// results — and capture (R8).
    pub enum FateKind {
        /// Fit for next week.
        Unharmed,
        /// A minor injury.
        MinorInjury as "minor injury",
        /// A serious injury.
        SeriousInjury as "serious injury",
        /// Dead.
        Killed,
        /// Taken prisoner (the capture roll says for how long, R8).
        Captured,
    }
}

impl Fate {
    /// The fate by name.
    pub const fn kind(self) -> FateKind {
        match self {
            Fate::Unharmed => FateKind::Unharmed,
            Fate::Injured(Severity::Minor) => FateKind::MinorInjury,
            Fate::Injured(Severity::Serious) => FateKind::SeriousInjury,
            Fate::Killed => FateKind::Killed,
            Fate::Captured => FateKind::Captured,
        }
    }
}

wire_enum! {
    /// What a casualty of a game was, as the record keeps it (R7, R8).
    pub enum CasualtyKind {
        /// Injured: out for the weeks his injury roll gave.
        MinorInjury as "minor injury",
        /// Injured: out for the weeks his injury roll gave, or sent home.
        SeriousInjury as "serious injury",
        /// Captured: a prisoner, or out until his escape (R8).
        Captured,
        /// Dead.
        Killed,
    }
}

impl CasualtyKind {
    /// The injury's severity, for an injury.
    pub const fn severity(self) -> Option<Severity> {
        match self {
            CasualtyKind::MinorInjury => Some(Severity::Minor),
            CasualtyKind::SeriousInjury => Some(Severity::Serious),
            CasualtyKind::Captured | CasualtyKind::Killed => None,
        }
    }
}

/// A crewman's fate from his wound boxes and reported outcome: three boxes kill him;
/// otherwise the worse of the wounds and the reported injury applies (R7). A captured
/// crewman's wounds are not rolled: the capture decides when he returns, if ever.
pub fn fate(crew: CrewId, wound_boxes: u32, outcome: Outcome) -> Result<Fate, RuleError> {
    if wound_boxes > WOUND_BOXES {
        return Err(RuleError::WoundBoxesOutOfRange {
            crew,
            boxes: wound_boxes,
        });
    }
    let wounds = Harm::from_wound_boxes(wound_boxes);
    let reported = match outcome {
        Outcome::Killed => return Ok(Fate::Killed),
        Outcome::Captured if wounds == Harm::Killed => return Ok(Fate::Killed),
        Outcome::Captured => return Ok(Fate::Captured),
        Outcome::Unharmed | Outcome::Evaded => Harm::Unharmed,
        Outcome::MinorInjury => Harm::MinorInjury,
        Outcome::SeriousInjury => Harm::SeriousInjury,
    };
    Ok(match wounds.worse(reported) {
        Harm::Unharmed => Fate::Unharmed,
        Harm::Killed => Fate::Killed,
        harm => Fate::Injured(harm.severity().expect("injured and alive")),
    })
}

/// The weeks an injury keeps a crewman out (appendix C "Injuries", R7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct InjuryWeeks {
    /// The injury.
    pub severity: Severity,
    /// Weeks out of service, at least 1.
    pub weeks_out: u32,
    /// A serious injury on a triple: home for the rest of the war; `weeks_out` then
    /// has no effect.
    pub sent_home: bool,
}

impl InjuryWeeks {
    /// The last week he is out, for an injury in week `week`; `None` when sent home.
    pub fn out_until_week(&self, week: u32) -> Option<u32> {
        (!self.sent_home).then(|| out_until_week(week, self.weeks_out))
    }
}

/// Out `weeks_out` weeks after week `week` → out until week `week + weeks_out` (R7).
pub const fn out_until_week(week: u32, weeks_out: u32) -> u32 {
    week + weeks_out
}

/// The first week he can fly again: the week after `out_until_week` (R7).
pub const fn available_again_in_week(out_until_week: u32) -> u32 {
    out_until_week + 1
}

/// The table an injury's weeks are rolled on.
pub const fn injury_table(severity: Severity) -> Table {
    match severity {
        Severity::Minor => Table::MinorInjury,
        Severity::Serious => Table::SeriousInjury,
    }
}

/// Rolls the weeks out of an injury: minor 1d6−1, at least 1; serious 3d6, sent home
/// when the three dice are equal (appendix C, R7).
pub fn roll_injury<D: Dice + ?Sized>(severity: Severity, dice: &mut D) -> Roll<InjuryWeeks> {
    let table = injury_table(severity);
    let rolled = throw(dice, &table.dice_sides(&[]));
    let mut modifiers = Modifiers::default();
    modifiers.add(severity == Severity::Minor, "minor_injury", -1);
    let modifiers = modifiers.into_vec();
    let total = rolled.iter().sum::<u32>() as i32 + modifiers.iter().map(|m| m.value).sum::<i32>();
    let sent_home = severity == Severity::Serious && rolled.windows(2).all(|w| w[0] == w[1]);
    Roll {
        table,
        result: InjuryWeeks {
            severity,
            weeks_out: total.max(1) as u32,
            sent_home,
        },
        dice: rolled,
        modifiers,
        total,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;
    use crate::wire::testing::round_trips;

    const C: CrewId = CrewId(7);

    // R7, §10.01: 1 box minor, 2 serious, 3 killed.
    #[test]
    fn r7_wound_boxes_to_severity() {
        assert_eq!(Harm::from_wound_boxes(0), Harm::Unharmed);
        assert_eq!(Harm::from_wound_boxes(1).severity(), Some(Severity::Minor));
        assert_eq!(
            Harm::from_wound_boxes(2).severity(),
            Some(Severity::Serious)
        );
        assert_eq!(Harm::from_wound_boxes(3), Harm::Killed);
        assert_eq!(fate(C, 3, Outcome::Unharmed), Ok(Fate::Killed));
        assert_eq!(
            fate(C, 2, Outcome::Unharmed),
            Ok(Fate::Injured(Severity::Serious))
        );
        assert_eq!(
            fate(C, 1, Outcome::Evaded),
            Ok(Fate::Injured(Severity::Minor))
        );
        assert_eq!(fate(C, 0, Outcome::Unharmed), Ok(Fate::Unharmed));
        let e = fate(C, 4, Outcome::Unharmed).unwrap_err();
        assert_eq!(e.rule(), "R7");
    }

    // R7: the worse of the wounds and the crash/landing/bail-out result applies.
    #[test]
    fn r7_worse_of_wounds_and_result() {
        // a lighter outcome than the wounds is no error: the wounds apply
        assert_eq!(
            fate(C, 2, Outcome::MinorInjury),
            Ok(Fate::Injured(Severity::Serious))
        );
        // a worse outcome than the wounds applies
        assert_eq!(
            fate(C, 1, Outcome::SeriousInjury),
            Ok(Fate::Injured(Severity::Serious))
        );
        assert_eq!(
            fate(C, 0, Outcome::MinorInjury),
            Ok(Fate::Injured(Severity::Minor))
        );
        assert_eq!(fate(C, 1, Outcome::Killed), Ok(Fate::Killed));
        assert_eq!(
            Harm::SeriousInjury.worse(Harm::MinorInjury),
            Harm::SeriousInjury
        );
        assert_eq!(Harm::Unharmed.worse(Harm::Killed), Harm::Killed);
    }

    // R8: captured means the capture roll; three boxes still kill.
    #[test]
    fn r8_captured_fate() {
        assert_eq!(fate(C, 2, Outcome::Captured), Ok(Fate::Captured));
        assert_eq!(fate(C, 3, Outcome::Captured), Ok(Fate::Killed));
    }

    // API v1.2, R7, R8: the fate by name is the final result, never the table's alone:
    // a serious wound under an "unharmed" crash result is a serious injury.
    #[test]
    fn r7_fate_names_the_final_result() {
        let kind = |boxes, outcome| fate(C, boxes, outcome).map(Fate::kind);
        assert_eq!(kind(2, Outcome::Unharmed), Ok(FateKind::SeriousInjury));
        assert_eq!(kind(1, Outcome::Evaded), Ok(FateKind::MinorInjury));
        assert_eq!(kind(0, Outcome::Evaded), Ok(FateKind::Unharmed));
        assert_eq!(kind(3, Outcome::MinorInjury), Ok(FateKind::Killed));
        assert_eq!(kind(1, Outcome::Captured), Ok(FateKind::Captured));
        assert_eq!(
            FateKind::NAMES,
            [
                "unharmed",
                "minor_injury",
                "serious_injury",
                "killed",
                "captured"
            ]
        );
    }

    fn weeks(severity: Severity, dice: &[u32]) -> InjuryWeeks {
        roll_injury(severity, &mut FixedDice::new(dice)).result
    }

    // Appendix C: minor injury 1d6−1 weeks, at least 1.
    #[test]
    fn appendix_c_minor_injury_weeks() {
        let expected = [1, 1, 2, 3, 4, 5];
        for (die, w) in (1..=6).zip(expected) {
            let r = weeks(Severity::Minor, &[die]);
            assert_eq!(r.weeks_out, w, "die {die}");
            assert!(!r.sent_home);
        }
        let roll = roll_injury(Severity::Minor, &mut FixedDice::new([4]));
        assert_eq!((roll.total, roll.modifier_sum()), (3, -1));
    }

    // Appendix C: serious injury 3d6 weeks; a triple sends him home.
    #[test]
    fn appendix_c_serious_injury_weeks() {
        let r = weeks(Severity::Serious, &[2, 5, 6]);
        assert_eq!((r.weeks_out, r.sent_home), (13, false));
        let r = weeks(Severity::Serious, &[4, 4, 5]);
        assert_eq!((r.weeks_out, r.sent_home), (13, false));
        let r = weeks(Severity::Serious, &[1, 1, 1]);
        assert_eq!((r.weeks_out, r.sent_home), (3, true));
        assert_eq!(r.out_until_week(5), None);
        let r = weeks(Severity::Serious, &[6, 6, 6]);
        assert!(r.sent_home);
    }

    // R7: out k weeks after week w → out until w+k, available again in w+k+1.
    #[test]
    fn r7_return_week() {
        let r = weeks(Severity::Minor, &[4]); // 3 weeks
        assert_eq!(r.out_until_week(5), Some(8));
        assert_eq!(available_again_in_week(8), 9);
        assert_eq!(out_until_week(5, 13), 18);
    }

    #[test]
    fn wire_names_round_trip() {
        round_trips(Severity::ALL);
        round_trips(Harm::ALL);
        round_trips(FateKind::ALL);
        round_trips(Outcome::ALL);
    }
}
