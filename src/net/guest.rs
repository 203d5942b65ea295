//! The guest's side of a series with a friend, as a state machine with no network in it: a
//! message from the host goes in, the messages to send back and what happened come out
//! ([`Guest::receive`]); the guest player's moves go out through [`Guest::play`], checked
//! first on the guest's own table so an honest move is never refused.
//!
//! The guest's table ([`Guest::series`]) is a [`Match`] like the one played against the
//! computer, its player at the first seat: the rounds already revealed, dealt again from their
//! agreed seeds, and the round in play as far as the guest's seat knows it
//! ([`super::told`]). Everything the host's game sends is checked before it is believed: a
//! round told must extend the one told before (no move taken back or changed), its moves must
//! replay under the rules, and a revealed secret must match its commitment and deal the very
//! cards that were played. A failed check is a [`GuestError`]; one that says the host's game
//! dealt unfairly or tried to choose its deal ([`GuestError::is_foul`]: a second, different
//! commitment for a deal, a reveal before the round's hidden part is over) ends the series.
//! The host's name is the one its first greeting gave, cleaned
//! ([`crate::seats::clean_name`]).
//!
//! Decision: a draw from the stock waits for the host's answer (which card came) before the
//! table changes; every other move does too, so the guest's table only ever shows what the
//! referee has accepted. A move over loopback takes a few milliseconds (measured in the
//! transport's tests).

use serde::{Deserialize, Serialize};

use super::fair::{FairError, GuestDeal, GuestNonce, first_dealer};
use super::host::note_foul;
use super::told::{GUEST, Told, ToldError, hidden_part_over, local};
use super::wire::{Frame, WireError, check_hello, hello};
use crate::rules::{Action, Match, Move, RuleError, RuleSettings};

/// Why a message from the host, or a move of the guest player's, changed nothing.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GuestError {
    #[error("{0}")]
    /// A frame that is no message.
    Wire(#[from] WireError),
    #[error("{0}")]
    /// The host told a table that is no deal.
    Told(#[from] ToldError),
    #[error("{0}")]
    /// The deal was not fair.
    Fair(#[from] FairError),
    #[error("the rules refuse that move: {0}")]
    /// The rules refused a move.
    Rule(#[from] RuleError),
    #[error("the host's game changed a move already played")]
    /// The host rewrote a table it had told.
    Rewritten,
    #[error("the host's game changed the rules of the series")]
    /// The host changed the rules after its greeting.
    OtherRules,
    #[error("a message the host may not send now: {0}")]
    /// A message that has no place now (what it was).
    NotNow(&'static str),
}

impl GuestError {
    /// The host's game dealt or reported a round that is not the agreed one, or tried to
    /// choose its deal (a second commitment, an early reveal): the series ends.
    pub fn is_foul(&self) -> bool {
        match self {
            GuestError::Fair(e) => e.is_foul(),
            GuestError::Told(ToldError::NotTheDeal) | GuestError::Rewritten => true,
            _ => false,
        }
    }
}

/// What a message changed, for the guest's table to show.
#[derive(Clone, Debug, PartialEq)]
pub enum GuestEvent {
    /// The host greeted (on every connection), under this name (its first greeting's,
    /// cleaned; empty if it gave none), with the series' rules.
    Greeted {
        /// The host's name.
        name: String,
        /// The rules it offers.
        rules: RuleSettings,
    },
    /// Deal number `deal` is dealt.
    Dealt {
        /// Its number.
        deal: u64,
    },
    /// A move was played (seats as on the guest's table).
    Moved(Move),
    /// The deal's secret was revealed and checked: the round is the agreed deal `seed`.
    Revealed {
        /// Its number.
        deal: u64,
        /// Its seed.
        seed: u64,
    },
    /// The host ended the series.
    Left,
}

pub use super::host::Reply;

/// A revealed round: its deal's seed and its moves (seats as on the wire).
type Revealed = (u64, Vec<Move>);

/// The guest's series with a friend.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Guest {
    name: String,
    host: Option<String>,
    rules: Option<RuleSettings>,
    #[serde(skip)]
    greeted: bool,
    /// The deal being agreed or in play: the host's commitment and our nonce.
    dealing: Option<GuestDeal>,
    /// This series' revealed rounds: each deal's seed and its moves (seats as on the wire).
    revealed: Vec<Revealed>,
    /// The round in play as last told.
    told: Option<Told>,
    /// The guest's table, rebuilt from the above after each message.
    #[serde(skip)]
    series: Option<Match>,
    /// The host dealt unfairly: nothing more is taken.
    foul: Option<String>,
    ended: bool,
}

impl Guest {
    /// Joins as `name`.
    pub fn new(name: &str) -> Guest {
        Guest {
            name: name.to_string(),
            host: None,
            rules: None,
            greeted: false,
            dealing: None,
            revealed: Vec::new(),
            told: None,
            series: None,
            foul: None,
            ended: false,
        }
    }

    /// The guest's table: its player at the first seat.
    pub fn series(&self) -> Option<&Match> {
        self.series.as_ref()
    }
    /// The host's name and the series' rules, once greeted.
    pub fn host(&self) -> Option<&str> {
        self.host.as_deref().filter(|n| !n.is_empty())
    }
    /// The rules the host offered, once greeted.
    pub fn rules(&self) -> Option<&RuleSettings> {
        self.rules.as_ref()
    }
    /// Why the series ended in a foul, if it did.
    pub fn foul(&self) -> Option<&str> {
        self.foul.as_deref()
    }
    /// Whether the series has ended.
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// The guest's table dealt again from what it was told (after reading the state back from
    /// disk, where the table is not kept): refused if that does not deal and replay.
    pub fn rebuild(&mut self) -> Result<(), GuestError> {
        let Some(told) = self.told.clone() else {
            self.series = None;
            return Ok(());
        };
        let seed = self.revealed_seed(&told)?;
        let (revealed, series) = self.table_with(&told, seed)?;
        self.revealed = revealed;
        self.series = Some(series);
        Ok(())
    }

    /// The seed of `told`'s round, if its secret is revealed: checked against the commitment.
    fn revealed_seed(&self, told: &Told) -> Result<Option<u64>, GuestError> {
        let dealing = self
            .dealing
            .as_ref()
            .ok_or(GuestError::NotNow("a round before its commitment"))?;
        match told.secret {
            Some(secret) => Ok(Some(dealing.check_reveal(told.deal, &secret)?)),
            None => Ok(None),
        }
    }

    /// A new connection: the guest's greeting.
    pub fn connected(&mut self) -> Vec<Frame> {
        self.greeted = false;
        vec![hello(&self.name, None)]
    }

    /// A message from the host. `nonce` gives this side's nonce for a deal committed to, by
    /// its number (derived from the guest's key: [`super::fair::derive()`]).
    pub fn receive(
        &mut self,
        msg: Frame,
        nonce: impl FnOnce(u64) -> GuestNonce,
    ) -> Result<Reply<GuestEvent>, GuestError> {
        if self.foul.is_some() || self.ended {
            return Err(GuestError::NotNow("the series has ended"));
        }
        let res = self.take(msg, nonce);
        note_foul(&res, GuestError::is_foul, &mut self.foul);
        res
    }

    fn take(
        &mut self,
        msg: Frame,
        nonce: impl FnOnce(u64) -> GuestNonce,
    ) -> Result<Reply<GuestEvent>, GuestError> {
        if !self.greeted && !matches!(msg, Frame::Hello { .. }) {
            return Err(GuestError::NotNow("a message before the greeting"));
        }
        let mut out = Reply::default();
        match msg {
            Frame::Hello {
                ref name,
                ref rules,
                ..
            } => {
                check_hello(&msg)?;
                let rules = rules
                    .clone()
                    .ok_or(GuestError::NotNow("a host greeting with no rules"))?;
                rules.validate().map_err(|_| GuestError::OtherRules)?;
                if self.rules.as_ref().is_some_and(|r| r != &rules) {
                    return Err(GuestError::OtherRules);
                }
                self.rules = Some(rules.clone());
                // The host's name is fixed by its first greeting.
                let name = self
                    .host
                    .get_or_insert_with(|| crate::seats::clean_name(name).unwrap_or_default())
                    .clone();
                self.greeted = true;
                out.events.push(GuestEvent::Greeted { name, rules });
            }
            Frame::Commit { deal, commitment } => {
                let nonce = match self.dealing.as_ref().filter(|d| d.deal() == deal) {
                    // The deal committed to already (a reconnection sends its commitment
                    // again): the same nonce for the same commitment, and a foul for any other.
                    Some(d) => d.answer(commitment)?,
                    None => {
                        // The next deal, once the round before it is revealed and over.
                        let next = self.revealed.len() as u64 + 1;
                        let in_play = self.told.as_ref().map(|t| t.deal);
                        let finished = self
                            .series
                            .as_ref()
                            .is_none_or(|m| m.round().is_finished() && !m.scoreboard().is_over());
                        if deal != next || in_play == Some(deal) || !finished {
                            return Err(GuestError::NotNow("a commitment for a deal not next"));
                        }
                        let d = GuestDeal::new(deal, commitment, nonce(deal));
                        let n = d.nonce();
                        self.dealing = Some(d);
                        n
                    }
                };
                out.send.push(Frame::Nonce { deal, nonce });
            }
            Frame::Told(told) => {
                let before = self
                    .series
                    .as_ref()
                    .map_or(0, |m| m.round().history().len());
                let new_deal = self.told.as_ref().is_none_or(|t| t.deal != told.deal);
                let seed = self.check_told(&told)?;
                let (revealed, series) = self.table_with(&told, seed)?;
                self.revealed = revealed;
                let moves = series.round().history();
                if new_deal {
                    out.events.push(GuestEvent::Dealt { deal: told.deal });
                }
                let from = if new_deal { 0 } else { before };
                out.events
                    .extend(moves.iter().skip(from).cloned().map(GuestEvent::Moved));
                let was_revealed =
                    !new_deal && self.told.as_ref().is_some_and(|t| t.secret.is_some());
                if let (Some(seed), false) = (seed, was_revealed) {
                    out.events.push(GuestEvent::Revealed {
                        deal: told.deal,
                        seed,
                    });
                }
                self.series = Some(series);
                self.told = Some(told);
            }
            Frame::Ping => {}
            Frame::Bye => {
                self.ended = true;
                out.events.push(GuestEvent::Left);
            }
            Frame::Nonce { .. } | Frame::Move { .. } | Frame::Next { .. } => {
                return Err(GuestError::NotNow("a message only the guest sends"));
            }
        }
        Ok(out)
    }

    /// Checks a round told against the commitment and what was told before: the deal's seed
    /// if the secret is revealed.
    fn check_told(&self, told: &Told) -> Result<Option<u64>, GuestError> {
        let dealing = self
            .dealing
            .as_ref()
            .ok_or(GuestError::NotNow("a round before its commitment"))?;
        if dealing.deal() != told.deal {
            return Err(FairError::WrongDeal {
                expected: dealing.deal(),
                got: told.deal,
            }
            .into());
        }
        if let Some(prev) = self.told.as_ref().filter(|t| t.deal == told.deal) {
            let extends = told.moves.starts_with(&prev.moves)
                && told.drawn.starts_with(&prev.drawn)
                && (told.dealer, told.hand, told.upcard) == (prev.dealer, prev.hand, prev.upcard)
                && (prev.secret.is_none() || prev.secret == told.secret);
            if !extends {
                return Err(GuestError::Rewritten);
            }
        }
        self.revealed_seed(told)
    }

    /// The guest's table with `told` as the round in play: the revealed rounds dealt again
    /// from their seeds (`told`'s own among them once `seed` is known), then `told`'s round as
    /// far as it is known.
    fn table_with(
        &self,
        told: &Told,
        seed: Option<u64>,
    ) -> Result<(Vec<Revealed>, Match), GuestError> {
        let rules = self
            .rules
            .clone()
            .ok_or(GuestError::NotNow("a round before the rules"))?;
        let earlier = told.deal.saturating_sub(1);
        let mut revealed: Vec<Revealed> = self.revealed.clone();
        revealed.truncate(earlier as usize);
        if told.deal == 0 || revealed.len() as u64 != earlier {
            return Err(GuestError::NotNow(
                "a round whose earlier rounds were not revealed",
            ));
        }
        if let Some(seed) = seed {
            // Checked card for card before it is dealt into the match.
            let round = told.revealed(&rules, seed)?;
            // A secret shown while the host's hand is still hidden is no honest host's.
            if !hidden_part_over(&round) {
                return Err(FairError::EarlyReveal { deal: told.deal }.into());
            }
            revealed.push((seed, told.moves.clone()));
        }
        let mut m: Option<Match> = None;
        for (i, (seed, moves)) in revealed.iter().enumerate() {
            let dealt = match m.as_mut() {
                None => {
                    m = Some(Match::agreed(
                        rules.clone(),
                        local(first_dealer(*seed)),
                        *seed,
                    ));
                    Ok(())
                }
                Some(m) => m.next_round_agreed(*seed),
            };
            let m = m.as_mut().ok_or(ToldError::NotTheDeal)?;
            dealt.map_err(|_| ToldError::NotTheDeal)?;
            if i as u64 + 1 == told.deal && m.round().dealer() != local(told.dealer) {
                return Err(ToldError::NotTheDeal.into());
            }
            for (at, mv) in moves.iter().enumerate() {
                m.apply(local(mv.seat), mv.action.clone())
                    .map_err(|error| ToldError::Replay { at, error })?;
            }
        }
        let m = match (seed, m) {
            (Some(_), Some(m)) => m,
            (_, m) => {
                let dealt = told.stand_in_dealt(&rules)?;
                let mut m = match m {
                    None => Match::agreed_known(dealt).map_err(|_| ToldError::NotTheDeal)?,
                    Some(mut m) => {
                        m.next_round_known(dealt)
                            .map_err(|_| ToldError::NotTheDeal)?;
                        m
                    }
                };
                // The stand-in refuses what a real round would (an unrevealed knock included).
                let round = told.stand_in(&rules)?;
                for mv in round.history() {
                    m.apply(mv.seat, mv.action.clone())
                        .map_err(|error| ToldError::Replay { at: 0, error })?;
                }
                m
            }
        };
        Ok((revealed, m))
    }

    /// The guest player's move, checked on its own table first: the message to send.
    pub fn play(&self, action: Action) -> Result<Frame, GuestError> {
        let mut msgs = self.play_all(std::slice::from_ref(&action))?;
        msgs.pop().ok_or(GuestError::NotNow("no move"))
    }

    /// The guest player's moves in turn (laying off several cards), each checked on its own
    /// table with the ones before it applied: the messages to send.
    pub fn play_all(&self, actions: &[Action]) -> Result<Vec<Frame>, GuestError> {
        let (Some(m), Some(told)) = (&self.series, &self.told) else {
            return Err(GuestError::NotNow("a move before the deal"));
        };
        if self.foul.is_some() || self.ended {
            return Err(GuestError::NotNow("the series has ended"));
        }
        let mut m = m.clone();
        let mut out = Vec::with_capacity(actions.len());
        for action in actions {
            let at = m.round().history().len();
            m.apply(local(GUEST), action.clone())?;
            out.push(Frame::Move {
                deal: told.deal,
                at,
                action: action.clone(),
            });
        }
        Ok(out)
    }

    /// The guest player asks for the next deal: the message to send, once the round is over.
    pub fn ready(&self) -> Option<Frame> {
        let (m, told) = (self.series.as_ref()?, self.told.as_ref()?);
        (m.round().is_finished() && !m.scoreboard().is_over())
            .then_some(Frame::Next { deal: told.deal })
    }
}
