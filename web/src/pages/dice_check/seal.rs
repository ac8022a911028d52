//! A week's seal as the pages show it (R25): the commitment published when the week
//! opened, the seed once it closed, the chain so far, and the way to the check page.

use eagles_office::fair_dice::{Receipt, WeekSeal};

/// A week's seal in lines a phone can show: each hash cut into groups of eight hex
/// digits, which the template joins with `<wbr />` so a 412 px screen breaks it between
/// groups while a copy still gives the whole hash.
pub struct SealLine {
    pub week: i32,
    /// Hex SHA-256 of the seed, public from the week's start; none for a week closed
    /// before the dice could be checked.
    pub commitment: Option<Vec<String>>,
    /// The seed, once the week is closed.
    pub seed: Option<Vec<String>>,
    /// The last roll's link; none before the week's first roll.
    pub chain_head: Option<Vec<String>>,
    /// Whether it links to the week's check page: not on that page itself.
    pub show_link: bool,
}

impl SealLine {
    /// Whether the seed is published (the week closed, or the campaign ended).
    pub fn closed(&self) -> bool {
        self.seed.is_some()
    }
}

/// A hash in groups of eight hex digits.
pub fn groups(hash: &str) -> Vec<String> {
    hash.as_bytes()
        .chunks(8)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect()
}

/// A receipt's chain as a page shows it beside the roll: its first twelve hex digits,
/// enough to tell it from any other (the check page takes a receipt cut so short).
pub fn short_chain(chain: &str) -> &str {
    chain.get(..12).unwrap_or(chain)
}

/// A roll's receipt as a page shows it under the roll, for `receipts.js` to keep.
pub struct ReceiptLine {
    /// The week whose dice the roll is: the week current when it was made.
    pub week: i32,
    pub seq: i32,
    pub chain: String,
}

impl ReceiptLine {
    /// The receipt of a roll just made in the campaign's current week `week`; none for a
    /// roll without one (made before the dice could be checked).
    pub fn of(receipt: &Receipt, week: i32) -> Option<Self> {
        Some(Self {
            week,
            seq: receipt.seq?,
            chain: receipt.chain.clone()?,
        })
    }

    /// The chain as the page shows it.
    pub fn short(&self) -> &str {
        short_chain(&self.chain)
    }
}

impl From<WeekSeal> for SealLine {
    fn from(seal: WeekSeal) -> Self {
        Self {
            week: seal.week,
            commitment: seal.commitment.as_deref().map(groups),
            seed: seal.seed.as_deref().map(groups),
            chain_head: seal.chain_head.as_deref().map(groups),
            show_link: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_reads_in_groups_of_eight_and_a_receipt_by_its_first_twelve() {
        let commitment = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";
        let parts = groups(commitment);
        assert_eq!(parts.len(), 8);
        assert_eq!(parts[0], "630dcd29");
        assert_eq!(parts.concat(), commitment);
        assert_eq!(short_chain(commitment), "630dcd2966c4");
    }
}
