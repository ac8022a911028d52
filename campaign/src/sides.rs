//! The two sides of the war and the nationalities that make them up (R2).

use crate::wire::wire_enum;

wire_enum! {
    /// A side of the war (R2).
    pub enum Side {
        /// The Entente and its allies.
        Allied as "Allied",
        /// The Central Powers.
        Central as "Central",
    }
}

impl Side {
    /// The nationalities that fly for the side (R2).
    pub fn nationalities(self) -> Vec<Nationality> {
        Nationality::ALL
            .iter()
            .copied()
            .filter(|n| n.side() == self)
            .collect()
    }

    /// The other side.
    pub const fn enemy(self) -> Side {
        match self {
            Side::Allied => Side::Central,
            Side::Central => Side::Allied,
        }
    }
}

wire_enum! {
    /// A crewman's nationality; it fixes his side for the whole war (R2).
    pub enum Nationality {
        /// French.
        French as "French",
        /// American.
        American as "American",
        /// Italian.
        Italian as "Italian",
        /// Belgian.
        Belgian as "Belgian",
        /// Russian.
        Russian as "Russian",
        /// Japanese.
        Japanese as "Japanese",
        /// British.
        British as "British",
        /// Commonwealth (Canada, Australia, …).
        Commonwealth as "Commonwealth",
        /// German.
        German as "German",
        /// Austro-Hungarian.
        AustroHungarian as "Austro-Hungarian",
        /// Turkish.
        Turkish as "Turkish",
    }
}

impl Nationality {
    /// The side this nationality fights on (R2).
    pub const fn side(self) -> Side {
        use Nationality::*;
        match self {
            French | American | Italian | Belgian | Russian | Japanese | British | Commonwealth => {
                Side::Allied
            }
            German | AustroHungarian | Turkish => Side::Central,
        }
    }
}

/// One value per side, e.g. each side's mission or the turn each side left the board.
/// Serialised as `{"allied": …, "central": …}`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PerSide<T> {
    /// The Allied value.
    pub allied: T,
    /// The Central value.
    pub central: T,
}

impl<T> PerSide<T> {
    /// The value of `side`.
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::Allied => &self.allied,
            Side::Central => &self.central,
        }
    }

    /// The value of `side`, mutably.
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Allied => &mut self.allied,
            Side::Central => &mut self.central,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::testing::round_trips;

    // R2: the eight Allied and three Central nationalities.
    #[test]
    fn r2_nationality_sides() {
        let allied: Vec<_> = Nationality::ALL
            .iter()
            .filter(|n| n.side() == Side::Allied)
            .map(|n| n.as_str())
            .collect();
        assert_eq!(
            allied,
            [
                "french",
                "american",
                "italian",
                "belgian",
                "russian",
                "japanese",
                "british",
                "commonwealth"
            ]
        );
        assert_eq!(Nationality::German.side(), Side::Central);
        assert_eq!(Nationality::AustroHungarian.side(), Side::Central);
        assert_eq!(Nationality::Turkish.side(), Side::Central);
    }

    #[test]
    fn wire_names_round_trip() {
        round_trips(Side::ALL);
        round_trips(Nationality::ALL);
        assert_eq!(Nationality::AustroHungarian.to_string(), "austro_hungarian");
        let err = "prussian".parse::<Nationality>().unwrap_err().to_string();
        assert!(err.contains("allowed values: french, american"), "{err}");
    }

    #[test]
    fn enemy_and_per_side() {
        assert_eq!(Side::Allied.enemy(), Side::Central);
        assert_eq!(Side::Central.enemy(), Side::Allied);
        let mut turns = PerSide {
            allied: None,
            central: Some(17),
        };
        *turns.get_mut(Side::Allied) = Some(20);
        assert_eq!(*turns.get(Side::Allied), Some(20));
        assert_eq!(*turns.get(Side::Central), Some(17));
    }
}
