//! Dice anyone can check (R25, API v1.3): a week's server dice follow from the week's
//! seed, committed to by its SHA-256 when the week opens and revealed when it closes,
//! the roll's place in the week (`seq`), the chain so far and the player's nonce; every
//! roll of the week, server or entered, extends a hash chain that each answer hands
//! out as a receipt. Anyone holding the seed, the rolls and the receipts can redo it.
//!
//! The derivation, exactly: `msg` = `eagles-dice-v1|{seq}|{prev}|{nonce}`; the byte
//! stream is HMAC-SHA256(seed, msg), then HMAC-SHA256(seed, msg + "|1"), msg + "|2", …;
//! a die of `s` sides takes the next byte `b < 256 − 256 mod s` (other bytes are skipped,
//! so no face is likelier than another) and reads `b mod s + 1`. The chain link is the
//! hex SHA-256 of `{prev}|{seq}|{table}|{server|entered}|{dice joined by ","}|{nonce}`.

use std::fmt;

use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};

use crate::dice::Dice;

/// The bytes of a week's seed.
pub const SEED_BYTES: usize = 32;

/// The longest nonce a player's device may send.
pub const MAX_NONCE_LENGTH: usize = 64;

/// A week's dice seed. It never prints: `Debug` shows only its commitment, so a seed
/// cannot reach a log before the week is closed by accident.
#[derive(Clone, PartialEq, Eq)]
pub struct WeekSeed([u8; SEED_BYTES]);

impl WeekSeed {
    /// The seed of these bytes (the server draws them from the OS).
    pub const fn from_bytes(bytes: [u8; SEED_BYTES]) -> Self {
        WeekSeed(bytes)
    }

    /// The seed written as hex, as revealed once its week is closed; `None` when the text
    /// is not 64 hex digits.
    pub fn from_hex(hex: &str) -> Option<Self> {
        let bytes = from_hex(hex)?;
        Some(WeekSeed(bytes.try_into().ok()?))
    }

    /// The seed's bytes.
    pub const fn as_bytes(&self) -> &[u8; SEED_BYTES] {
        &self.0
    }

    /// The seed as hex: only for a week that is closed.
    pub fn reveal(&self) -> String {
        to_hex(&self.0)
    }

    /// The commitment published when the week opens: the hex SHA-256 of the seed's bytes.
    pub fn commitment(&self) -> String {
        to_hex(&Sha256::digest(self.0))
    }

    /// The dice of the roll that takes place `seq` of the week, after the link `prev`
    /// (the commitment for `seq` 1), with the player's `nonce` (empty for none).
    pub fn dice_for(&self, seq: u64, prev: &str, nonce: &str) -> SeededDice {
        SeededDice {
            key: self.0,
            msg: format!("eagles-dice-v1|{seq}|{prev}|{nonce}"),
            block: [0; 32],
            used: 32,
            blocks: 0,
        }
    }
}

impl fmt::Debug for WeekSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("WeekSeed").field(&self.commitment()).finish()
    }
}

/// The dice of one roll, read from its HMAC byte stream; the rules crate's tables roll
/// them through [`Dice`] like any other dice.
pub struct SeededDice {
    key: [u8; SEED_BYTES],
    msg: String,
    block: [u8; 32],
    used: usize,
    blocks: u32,
}

impl SeededDice {
    fn next_byte(&mut self) -> u8 {
        if self.used == self.block.len() {
            let mut mac =
                Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes a key of any length");
            mac.update(self.msg.as_bytes());
            if self.blocks > 0 {
                mac.update(format!("|{}", self.blocks).as_bytes());
            }
            self.block = mac.finalize().into_bytes().into();
            self.blocks += 1;
            self.used = 0;
        }
        self.used += 1;
        self.block[self.used - 1]
    }
}

impl Dice for SeededDice {
    fn roll(&mut self, sides: u32) -> u32 {
        assert!(
            (1..=256).contains(&sides),
            "a die read from bytes has 1 to 256 sides, not {sides}"
        );
        let limit = 256 - 256 % sides;
        loop {
            let byte = u32::from(self.next_byte());
            if byte < limit {
                return byte % sides + 1;
            }
        }
    }
}

/// Who threw a roll's dice: the server, from the seed, or a person at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiceSource {
    /// Derived from the week's seed.
    Server,
    /// Physical dice entered by a person (R14), kept as entered.
    Entered,
}

impl DiceSource {
    /// The word the chain hashes.
    pub const fn as_str(self) -> &'static str {
        match self {
            DiceSource::Server => "server",
            DiceSource::Entered => "entered",
        }
    }
}

/// One roll as the chain sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainedRoll<'a> {
    /// The roll's place in its week, from 1.
    pub seq: u64,
    /// The logged table's name (`2d6`, `d100`, `combat`, …).
    pub table: &'a str,
    /// Who threw the dice.
    pub source: DiceSource,
    /// The dice in the order the table reads them.
    pub dice: &'a [u32],
    /// The player's nonce; empty for none.
    pub nonce: &'a str,
}

impl ChainedRoll<'_> {
    /// This roll's link after `prev` (the commitment for the week's first roll).
    pub fn link(&self, prev: &str) -> String {
        let dice: Vec<String> = self.dice.iter().map(u32::to_string).collect();
        let text = format!(
            "{prev}|{}|{}|{}|{}|{}",
            self.seq,
            self.table,
            self.source.as_str(),
            dice.join(","),
            self.nonce
        );
        to_hex(&Sha256::digest(text.as_bytes()))
    }
}

/// Whether `nonce` is one a player's device may send: 1 to 64 of `A–Z a–z 0–9 _ -`.
pub fn is_valid_nonce(nonce: &str) -> bool {
    (1..=MAX_NONCE_LENGTH).contains(&nonce.len())
        && nonce
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn from_hex(hex: &str) -> Option<Vec<u8>> {
    if hex.len() % 2 != 0 {
        return None;
    }
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Dice;

    // The worked example of API v1.3 (R25): the seed is the bytes 00, 01, … 1f.
    fn seed() -> WeekSeed {
        WeekSeed::from_bytes(std::array::from_fn(|i| i as u8))
    }

    const COMMITMENT: &str = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";
    const CHAIN_1: &str = "2e98adbadc52ebc478345297c2ab03167e81ae417e75e14429e083d43f5081d2";
    const CHAIN_2: &str = "bd4061a4f4d2fe720a0cd6cb5311c84f7667bdbd869f9db7ccc0b492687c6c1e";
    const CHAIN_3: &str = "0d40b78bcc1d767ad09cd95ef23ea5d897a276b75df8c2239a8c93a675e35e50";
    const CHAIN_4: &str = "8079a13a0ce1497121b41699449aeefd711cd75691c5273ef9da1c31b7e3f036";

    #[test]
    fn the_commitment_is_the_seeds_sha256() {
        assert_eq!(seed().commitment(), COMMITMENT);
    }

    /// A server roll of the worked example: the dice `throw` reads from the stream of
    /// roll `seq` after `prev`, and the roll's link.
    fn served(
        (seq, prev, nonce): (u64, &str, &str),
        table: &str,
        throw: impl FnOnce(&mut SeededDice) -> Vec<u32>,
    ) -> (Vec<u32>, String) {
        let rolled = throw(&mut seed().dice_for(seq, prev, nonce));
        let roll = ChainedRoll {
            seq,
            table,
            source: DiceSource::Server,
            dice: &rolled,
            nonce,
        };
        let link = roll.link(prev);
        (rolled, link)
    }

    #[test]
    fn seq_1_with_a_nonce_rolls_two_d6_from_the_commitment() {
        let two_d6 = |dice: &mut SeededDice| vec![dice.roll(6), dice.roll(6)];
        let (rolled, link) = served((1, COMMITMENT, "abc"), "2d6", two_d6);
        assert_eq!(rolled, [2, 3]);
        assert_eq!(link, CHAIN_1);
    }

    #[test]
    fn seq_2_without_a_nonce_rolls_a_d100() {
        let (rolled, link) = served((2, CHAIN_1, ""), "d100", |dice| vec![dice.roll(100)]);
        assert_eq!(rolled, [1]);
        assert_eq!(link, CHAIN_2);
    }

    #[test]
    fn entered_dice_are_chained_as_entered() {
        let roll = ChainedRoll {
            seq: 3,
            table: "2d6",
            source: DiceSource::Entered,
            dice: &[3, 4],
            nonce: "",
        };
        assert_eq!(roll.link(CHAIN_2), CHAIN_3);
        let as_server = ChainedRoll {
            source: DiceSource::Server,
            ..roll
        };
        assert_ne!(
            as_server.link(CHAIN_2),
            CHAIN_3,
            "the source is in the link"
        );
    }

    #[test]
    fn a_biased_byte_is_skipped() {
        // seq 4's stream starts with 255, which is 252 or more: a d6 skips it and reads
        // the next byte.
        let seed = seed();
        let mut bytes = seed.dice_for(4, CHAIN_3, "n364");
        assert_eq!(bytes.next_byte(), 255);
        let (rolled, link) = served((4, CHAIN_3, "n364"), "d6", |dice| vec![dice.roll(6)]);
        assert_eq!(rolled, [1]);
        assert_eq!(link, CHAIN_4);
    }

    #[test]
    fn the_stream_goes_on_past_its_first_block() {
        // 40 d100 need more than the first 32 bytes: the stream's later blocks are
        // HMAC(seed, msg + "|1"), … and every die stays on its faces.
        let seed = seed();
        let mut dice = seed.dice_for(1, COMMITMENT, "abc");
        let rolled: Vec<u32> = (0..40).map(|_| dice.roll(100)).collect();
        assert!(rolled.iter().all(|d| (1..=100).contains(d)));
        let mut again = seed.dice_for(1, COMMITMENT, "abc");
        let first_two = [again.roll(6), again.roll(6)];
        assert_eq!(first_two, [2, 3], "the same roll rolls the same dice");
        let mut other = seed.dice_for(1, COMMITMENT, "abd");
        let other_dice: Vec<u32> = (0..40).map(|_| other.roll(100)).collect();
        assert_ne!(rolled, other_dice, "the nonce changes the dice");
    }

    #[test]
    fn a_seed_reads_back_from_its_hex_and_never_debug_prints() {
        let seed = seed();
        let hex = seed.reveal();
        assert_eq!(hex.len(), 64);
        assert_eq!(WeekSeed::from_hex(&hex), Some(seed.clone()));
        assert_eq!(WeekSeed::from_hex(&hex[..62]), None);
        assert_eq!(WeekSeed::from_hex(&"zz".repeat(32)), None);
        assert!(!format!("{seed:?}").contains(&hex));
    }

    #[test]
    fn nonces_are_short_plain_words() {
        assert!(is_valid_nonce("abc"));
        assert!(is_valid_nonce("n364_A-z"));
        assert!(is_valid_nonce(&"a".repeat(64)));
        assert!(!is_valid_nonce(""));
        assert!(!is_valid_nonce(&"a".repeat(65)));
        assert!(!is_valid_nonce("a b"));
        assert!(!is_valid_nonce("é"));
        assert!(
            !is_valid_nonce("a|b"),
            "a bar would break the message's fields"
        );
    }
}
