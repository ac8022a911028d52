//! The one seam of a week's dice (R25, API v1.3): a rolling write opens its week's
//! chain under the campaign's lock, every die it reads goes through it — the server's
//! derived from the seed, a person's as entered — and every roll it logs takes the
//! next `seq` and extends the chain. The lock every write of the campaign takes
//! (the week's close too) makes the places follow each other with no gap, across
//! instances; the unique index on `(campaign_id, dice_week, seq)` backs it.
//!
//! A server roll takes its place when its first die is read (its dice follow from
//! the place and the link before it); an entered roll when it is logged. A roll's
//! server dice are read in full before the next roll's: the next source to read a
//! die, or the roll's log entry, closes it.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

use campaign::dice::Dice;
use campaign::fair_dice::{
    is_valid_nonce, ChainedRoll, DiceSource as Source, SeededDice, WeekSeed,
};
use campaign::logged_table::LoggedTable;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::fair_dice::RollLink;
use eagles_db::rolls::NewRoll;
use eagles_office::access::CampaignScope;

use crate::error::{Locus, ServiceError};

/// A write's handle on its week's chain; clones share it.
#[derive(Clone)]
pub struct DiceChain(Arc<Mutex<State>>);

impl std::fmt::Debug for DiceChain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the seed: only where the chain stands.
        let state = self.state();
        f.debug_struct("DiceChain")
            .field("week", &state.week)
            .field("last_seq", &state.last_seq)
            .finish()
    }
}

struct State {
    week: i32,
    seed: WeekSeed,
    nonce: String,
    last_seq: i32,
    head: String,
    sources: u64,
    /// The server roll whose dice are being read.
    open: Option<Open>,
    /// Server rolls closed before their log entry was made, in order.
    closed: VecDeque<Closed>,
}

struct Open {
    source: u64,
    table: Option<LoggedTable>,
    seq: i32,
    prev: String,
    stream: SeededDice,
    sides: Vec<u32>,
    dice: Vec<u32>,
}

struct Closed {
    table: LoggedTable,
    dice: Vec<u32>,
    link: RollLink,
}

/// A refusal of the request's nonce, in words (R25).
fn refuse_nonce(detail: &str) -> ServiceError {
    ServiceError::invalid(detail.to_owned()).at(Locus::Field("nonce"))
}

impl DiceChain {
    /// The chain of the current week of `scope`'s campaign, for a write under its lock,
    /// with the caller's `nonce`: 422 for a nonce that is not 1–64 letters, digits, `-`
    /// or `_`, or one from a referee (his dice follow from the seed and the chain alone).
    pub async fn open(
        conn: &mut AsyncPgConnection,
        scope: &CampaignScope,
        nonce: Option<&str>,
    ) -> Result<Self, ServiceError> {
        if let Some(nonce) = nonce {
            if !is_valid_nonce(nonce) {
                return Err(refuse_nonce(
                    "the nonce is 1 to 64 letters, digits, dashes or underscores; leave it out or send a fresh one",
                ));
            }
            if scope.is_referee() {
                return Err(refuse_nonce(
                    "a referee's roll takes no nonce: his dice follow from the week's seed and the chain alone; leave it out",
                ));
            }
        }
        let campaign = scope.campaign();
        let week = campaign.current_week;
        let tail = match eagles_db::fair_dice::chain_tail(conn, campaign.id, week).await? {
            Some(tail) => tail,
            None => {
                super::seeds::give(conn, campaign.id, week).await?;
                eagles_db::fair_dice::chain_tail(conn, campaign.id, week)
                    .await?
                    .ok_or_else(|| {
                        ServiceError::Internal(format!("week {week} has no dice seed"))
                    })?
            }
        };
        let seed = super::seeds::seed_of(&tail.seed)?;
        let head = tail.chain.unwrap_or_else(|| seed.commitment());
        Ok(Self(Arc::new(Mutex::new(State {
            week,
            seed,
            nonce: nonce.unwrap_or_default().to_owned(),
            last_seq: tail.seq.unwrap_or(0),
            head,
            sources: 0,
            open: None,
            closed: VecDeque::new(),
        }))))
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while holding it is a bug that already failed the request.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Server dice for a roll on `table` (none when one source rolls several tables, each
    /// logged before the next is read).
    pub fn server(&self, table: Option<LoggedTable>) -> ServerDice {
        let mut state = self.state();
        state.sources += 1;
        ServerDice {
            chain: self.clone(),
            source: state.sources,
            table,
        }
    }

    /// Gives `entry` its place and link as it is logged: the next place for entered
    /// dice, the place its dice were read at for the server's.
    pub fn seal(&self, entry: &mut NewRoll) {
        let mut state = self.state();
        let dice: Vec<u32> = entry.dice.iter().map(|&d| d.max(0) as u32).collect();
        if entry.entered {
            state.close_open(None);
            let sides = sides_of(entry.table_name, &dice);
            entry.link = state.extend(entry.table_name, Source::Entered, &dice, sides);
            return;
        }
        // The roll being read, or one closed since: a debrief reads every aircraft's
        // forced landing before it logs the first, and logs each crewman's fate roll
        // between them.
        let reading = state
            .open
            .as_ref()
            .is_some_and(|o| o.dice == dice && o.table.is_none_or(|t| t == entry.table_name));
        if reading {
            state.close_open(Some(entry.table_name));
        }
        let at = state
            .closed
            .iter()
            .rposition(|c| c.table == entry.table_name && c.dice == dice)
            .filter(|_| reading)
            .or_else(|| {
                state
                    .closed
                    .iter()
                    .position(|c| c.table == entry.table_name && c.dice == dice)
            });
        let closed = at
            .and_then(|at| state.closed.remove(at))
            .unwrap_or_else(|| {
                panic!(
                    "the server roll logged ({} {dice:?}) was read through the week's chain",
                    entry.table_name.as_str()
                )
            });
        entry.link = closed.link;
    }
}

impl State {
    /// The next link after the head, taking the next place.
    fn extend(
        &mut self,
        table: LoggedTable,
        source: Source,
        dice: &[u32],
        sides: Vec<u32>,
    ) -> RollLink {
        self.last_seq += 1;
        let link = ChainedRoll {
            seq: self.last_seq as u64,
            table: table.as_str(),
            source,
            dice,
            nonce: &self.nonce,
        }
        .link(&self.head);
        self.head = link.clone();
        self.link(self.last_seq, link, sides)
    }

    fn link(&self, seq: i32, chain: String, sides: Vec<u32>) -> RollLink {
        RollLink {
            dice_week: Some(self.week),
            seq: Some(seq),
            nonce: Some(self.nonce.clone()).filter(|n| !n.is_empty()),
            chain: Some(chain),
            sides: Some(sides.into_iter().map(|s| s as i32).collect()),
        }
    }

    /// Closes the server roll being read, if any, on `table` when it does not know its
    /// own: its link follows from its dice.
    fn close_open(&mut self, table: Option<LoggedTable>) {
        let Some(open) = self.open.take() else {
            return;
        };
        let table = open
            .table
            .or(table)
            .expect("a server roll read by several tables is logged before the next is read");
        let chain = ChainedRoll {
            seq: open.seq as u64,
            table: table.as_str(),
            source: Source::Server,
            dice: &open.dice,
            nonce: &self.nonce,
        }
        .link(&open.prev);
        self.head = chain.clone();
        let link = self.link(open.seq, chain, open.sides);
        self.closed.push_back(Closed {
            table,
            dice: open.dice,
            link,
        });
    }

    /// The next die of `sides` for the server roll of `source`, opening it at the next
    /// place when it is not the one being read.
    fn die(&mut self, source: u64, table: Option<LoggedTable>, sides: u32) -> u32 {
        if self.open.as_ref().is_some_and(|o| o.source != source) {
            self.close_open(None);
        }
        let open = match &mut self.open {
            Some(open) => open,
            none => {
                self.last_seq += 1;
                let stream = self
                    .seed
                    .dice_for(self.last_seq as u64, &self.head, &self.nonce);
                none.insert(Open {
                    source,
                    table,
                    seq: self.last_seq,
                    prev: self.head.clone(),
                    stream,
                    sides: Vec::new(),
                    dice: Vec::new(),
                })
            }
        };
        let die = open.stream.roll(sides);
        open.sides.push(sides);
        open.dice.push(die);
        die
    }
}

/// Each die's sides of dice entered on `table`, in the order it reads them: a sheet's
/// tables read six-sided dice (R17–R19).
fn sides_of(table: LoggedTable, dice: &[u32]) -> Vec<u32> {
    match table {
        LoggedTable::Campaign(table) => table.dice_sides(dice),
        LoggedTable::Sheet(_) => vec![6; dice.len()],
    }
}

/// The server's dice of one source: derived from the week's seed, the place and the
/// link before it, and the player's nonce (R25); never drawn from another generator.
pub struct ServerDice {
    chain: DiceChain,
    source: u64,
    table: Option<LoggedTable>,
}

impl Dice for ServerDice {
    fn roll(&mut self, sides: u32) -> u32 {
        self.chain.state().die(self.source, self.table, sides)
    }
}

impl DiceChain {
    /// The week's last link so far; none before its first roll.
    pub fn chain_head(&self) -> Option<String> {
        let state = self.state();
        (state.last_seq > 0).then(|| state.head.clone())
    }
}
