//! The dice tables of the campaign (appendices C and E, §7.02, R8, R9, R15). Each table
//! is a function of dice and typed modifiers and returns a [`Roll`] that keeps what the
//! roll log needs (R14), whether the server rolled or a person entered the dice.
//!
//! Modifier structs deserialise from the `modifiers` object of a roll request: unknown
//! names are refused, missing flags are false.

pub mod anti_aircraft;
pub mod artillery;
pub mod bail_out;
pub mod bombing;
pub mod capture;
pub mod crash;
pub mod evade;
pub mod ground_offensive;
pub mod landing;
pub mod mission;
pub mod plain;

use serde::Serialize;

use crate::wire::wire_enum;

wire_enum! {
    /// A table the dice are rolled on (R14), with its name on the wire.
    pub enum Table {
        /// 1d10, appendix E (plus 1d6 of trips when it gives directing artillery, R9).
        Mission,
        /// 2d6, appendix E.
        GroundOffensive as "ground offensive",
        /// 1d6, §7.02.
        AntiAircraft as "anti-aircraft",
        /// 2d6, appendix C.
        Landing,
        /// 2d6, appendix C.
        Crash,
        /// 2d6, appendix C.
        BailOut as "bail out",
        /// 2d6, appendix C.
        Evade,
        /// 2d6, then 1d100 of weeks on a 2 (R8).
        Capture,
        /// 1d6, appendix C injuries.
        MinorInjury as "minor injury",
        /// 3d6, appendix C injuries.
        SeriousInjury as "serious injury",
        /// 1d6, appendix E directing artillery.
        ArtilleryTrips as "artillery trips",
        /// 1d6 per bomb run, appendix E.
        Bomb,
        /// A plain d6.
        D6,
        /// Plain 2d6.
        TwoD6 = "2d6",
        /// A plain d10.
        D10,
        /// A plain d100.
        D100,
    }
}

impl Table {
    /// The sides of each die the table reads, in order, given the dice known so far:
    /// the mission table reads a further d6 after a 6, the capture table a d100 after
    /// a 2.
    pub fn dice_sides(self, known: &[u32]) -> Vec<u32> {
        use Table::*;
        match self {
            Mission => {
                let mut sides = vec![10];
                if known.first() == Some(&mission::DIRECTING_ARTILLERY_ROLL) {
                    sides.push(6);
                }
                sides
            }
            Capture => {
                let mut sides = vec![6, 6];
                if known.len() >= 2 && known[0] + known[1] == capture::ESCAPE_ROLL {
                    sides.push(100);
                }
                sides
            }
            GroundOffensive | Landing | Crash | BailOut | Evade | TwoD6 => vec![6, 6],
            SeriousInjury => vec![6, 6, 6],
            AntiAircraft | MinorInjury | ArtilleryTrips | Bomb | D6 => vec![6],
            D10 => vec![10],
            D100 => vec![100],
        }
    }
}

/// One modifier that applied to a roll, named as in the roll request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Modifier {
    /// The modifier's name, e.g. `minor_wound`.
    pub name: &'static str,
    /// What it adds to the roll (negative for a penalty).
    pub value: i32,
}

/// Collects the modifiers that apply, leaving out those that are zero.
#[derive(Debug, Default)]
pub(crate) struct Modifiers(Vec<Modifier>);

impl Modifiers {
    pub(crate) fn add(&mut self, applies: bool, name: &'static str, value: i32) {
        if applies && value != 0 {
            self.0.push(Modifier { name, value });
        }
    }

    pub(crate) fn into_vec(self) -> Vec<Modifier> {
        self.0
    }
}

/// A roll on a table: the dice, the modifiers that applied, the modified total and the
/// result — everything the roll log keeps (R14). `T` names the table: a campaign
/// [`Table`], or an aircraft data sheet's [`SheetTable`](crate::sheet::SheetTable).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Roll<R, T = Table> {
    /// The table rolled on.
    pub table: T,
    /// The dice, in the order the table reads them.
    pub dice: Vec<u32>,
    /// The modifiers that applied.
    pub modifiers: Vec<Modifier>,
    /// The dice the result is read from plus the modifiers.
    pub total: i32,
    /// What the table gives.
    pub result: R,
}

impl<R, T> Roll<R, T> {
    /// Sum of the modifiers.
    pub fn modifier_sum(&self) -> i32 {
        self.modifiers.iter().map(|m| m.value).sum()
    }
}

/// Builds a roll from dice read as a sum plus modifiers.
pub(crate) fn summed<R, T>(
    table: T,
    dice: Vec<u32>,
    modifiers: Modifiers,
    result: impl FnOnce(i32) -> R,
) -> Roll<R, T> {
    let modifiers = modifiers.into_vec();
    let total = dice.iter().map(|&d| d as i32).sum::<i32>()
        + modifiers.iter().map(|m| m.value).sum::<i32>();
    Roll {
        table,
        dice,
        modifiers,
        total,
        result: result(total),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::testing::round_trips;

    #[test]
    fn wire_names_round_trip() {
        round_trips(Table::ALL);
        assert_eq!(Table::TwoD6.as_str(), "2d6");
        assert_eq!("2d6".parse::<Table>(), Ok(Table::TwoD6));
    }

    #[test]
    fn zero_modifiers_are_left_out() {
        let mut m = Modifiers::default();
        m.add(true, "a", 0);
        m.add(false, "b", -1);
        m.add(true, "c", 3);
        assert_eq!(
            m.into_vec(),
            [Modifier {
                name: "c",
                value: 3
            }]
        );
    }
}
