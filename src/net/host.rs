//! The host's side of a series with a friend, as a state machine with no network in it: a
//! message from the guest goes in, the messages to send back and what happened come out
//! ([`Host::receive`]); the host player's own moves go in through [`Host::play`].
//!
//! The host's game is the one referee. It holds the match and checks every move the guest
//! sends with the rules core before anything changes: a move out of turn or against the rules
//! is refused with the core's [`RuleError`], a move made on an older table than the one in play
//! is refused as stale, and a message that is not the guest's to send now is refused too. A
//! refusal changes nothing and sends nothing (an honest guest checks its moves on its own table
//! first, so only a misbehaving one is refused). The guest is only ever sent what its seat may
//! see ([`Told`]).
//!
//! Each deal is agreed ([`super::fair`]): the host commits to a fresh secret, the guest answers
//! with its nonce, and only then is the round dealt. The next deal starts once both players
//! have asked for it ([`Host::ready`] and the guest's `Next`).
//!
//! The state is a plain value (serialisable), so a series survives a dropped connection or a
//! restart: on a new connection the host greets again and sends what the guest needs to carry
//! on (the deal's commitment, and the round in play once its nonce is in). The guest answers a
//! repeated commitment with the same nonce, which changes nothing here.
//!
//! The guest's side of the fair deal: one nonce per deal. The same nonce again is a repeat; a
//! different one is a foul ([`HostRefusal::is_foul`]) that ends the series, as a forged reveal does
//! on the guest's side. The host's secrets come from the caller per deal number and are
//! derived, not drawn ([`super::fair::derive()`]), so this side never commits twice to a deal
//! either, even across a restart.
//!
//! The friend's name is the one its first greeting gave, cleaned ([`crate::seats::clean_name`]);
//! later greetings cannot change it, so a renaming flood changes nothing (and writes nothing).

use serde::{Deserialize, Serialize};

use super::fair::{FairError, HostDeal, HostSecret, first_dealer};
use super::told::{GUEST, HOST, Told, hidden_part_over};
use super::wire::{Frame, WireError, check_hello, hello};
use crate::rules::{Action, Match, Move, Round, RuleError, RuleSettings};

/// Why a message from the guest changed nothing.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum HostRefusal {
    #[error("{0}")]
    /// A frame that is no message.
    Wire(#[from] WireError),
    #[error("the rules refuse that move: {0}")]
    /// The rules refused the guest's move.
    Rule(#[from] RuleError),
    #[error("{0}")]
    /// The deal was not agreed fairly.
    Fair(#[from] FairError),
    #[error("a move made on an older table (deal {deal}, move {at})")]
    /// A move made on an older table.
    Stale {
        /// The deal it was made in.
        deal: u64,
        /// How many moves its round had.
        at: usize,
    },
    #[error("a message the guest may not send now: {0}")]
    /// A message that has no place now (what it was).
    NotNow(&'static str),
}

impl HostRefusal {
    /// The guest's game tried to choose a deal: the series ends.
    pub fn is_foul(&self) -> bool {
        matches!(self, HostRefusal::Fair(e) if e.is_foul())
    }
}

/// What a message changed, for the host's table to show.
#[derive(Clone, Debug, PartialEq)]
pub enum HostEvent {
    /// The friend greeted (on every connection), under this name (its first greeting's,
    /// cleaned; empty if it gave none).
    Greeted {
        /// The guest's name.
        name: String,
    },
    /// Deal number `deal` is dealt.
    Dealt {
        /// Its number.
        deal: u64,
    },
    /// The friend moved.
    Moved(Move),
    /// The friend asks for the next deal.
    Ready,
    /// The friend ended the series.
    Left,
}

/// What to send and what happened.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply<E> {
    /// Frames to send to the guest.
    pub send: Vec<Frame>,
    /// What happened, for the table.
    pub events: Vec<E>,
}

impl<E> Default for Reply<E> {
    fn default() -> Self {
        Reply {
            send: Vec::new(),
            events: Vec::new(),
        }
    }
}

/// Notes in `foul` why a refusal ended the series, if `is_foul` says it did: either side keeps
/// it, and takes nothing more.
pub(super) fn note_foul<T, E: std::fmt::Display>(
    res: &Result<T, E>,
    is_foul: impl Fn(&E) -> bool,
    foul: &mut Option<String>,
) {
    if let Err(e) = res
        && is_foul(e)
    {
        *foul = Some(e.to_string());
    }
}

/// The host's series with a friend.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Host {
    name: String,
    rules: RuleSettings,
    friend: Option<String>,
    /// Whether the friend has greeted on this connection.
    #[serde(skip)]
    greeted: bool,
    /// The match, from the first agreed deal on.
    series: Option<Match>,
    /// The deal being agreed, or in play.
    dealing: Option<HostDeal>,
    /// Who has asked for the next deal: the host, the guest.
    ready: [bool; 2],
    /// The friend has ended the series.
    ended: bool,
    /// The guest's game broke the fair deal: nothing more is taken.
    #[serde(default)]
    foul: Option<String>,
}

impl Host {
    /// Hosts a series under `rules`, as `name`.
    pub fn new(name: &str, rules: RuleSettings) -> Host {
        Host {
            name: name.to_string(),
            rules,
            friend: None,
            greeted: false,
            series: None,
            dealing: None,
            ready: [false; 2],
            ended: false,
            foul: None,
        }
    }

    /// The match, once the first deal is agreed (seats as on the wire: the host first).
    pub fn series(&self) -> Option<&Match> {
        self.series.as_ref()
    }
    /// The rules of the series.
    pub fn rules(&self) -> &RuleSettings {
        &self.rules
    }
    /// The friend's name, once greeted with one (empty when the greeting's name cleaned to
    /// nothing: the table's default name then).
    pub fn friend(&self) -> Option<&str> {
        self.friend.as_deref().filter(|n| !n.is_empty())
    }
    /// Whether the series has ended.
    pub fn ended(&self) -> bool {
        self.ended
    }
    /// Why the series ended in a foul, if it did.
    pub fn foul(&self) -> Option<&str> {
        self.foul.as_deref()
    }
    /// Who has asked for the next deal: the host, the guest.
    pub fn ready_for_next(&self) -> [bool; 2] {
        self.ready
    }

    /// A new connection: the host's greeting. The rest follows the friend's.
    pub fn connected(&mut self) -> Vec<Frame> {
        self.greeted = false;
        vec![hello(&self.name, Some(self.rules.clone()))]
    }

    /// A message from the guest. `secret` gives the secret half of a deal to be committed to,
    /// by its number (derived from the host's key: [`super::fair::derive()`]). A refusal changes
    /// nothing, except that a foul ends the series.
    pub fn receive(
        &mut self,
        msg: Frame,
        secret: impl FnOnce(u64) -> HostSecret,
    ) -> Result<Reply<HostEvent>, HostRefusal> {
        if self.ended || self.foul.is_some() {
            return Err(HostRefusal::NotNow("the series has ended"));
        }
        let res = self.take(msg, secret);
        note_foul(&res, HostRefusal::is_foul, &mut self.foul);
        res
    }

    fn take(
        &mut self,
        msg: Frame,
        secret: impl FnOnce(u64) -> HostSecret,
    ) -> Result<Reply<HostEvent>, HostRefusal> {
        if !self.greeted && !matches!(msg, Frame::Hello { .. }) {
            return Err(HostRefusal::NotNow("a message before the greeting"));
        }
        let mut out = Reply::default();
        match msg {
            Frame::Hello { ref name, .. } => {
                check_hello(&msg)?;
                self.greeted = true;
                let name = self
                    .friend
                    .get_or_insert_with(|| crate::seats::clean_name(name).unwrap_or_default())
                    .clone();
                out.events.push(HostEvent::Greeted { name });
                let deal = self
                    .dealing
                    .get_or_insert_with(|| HostDeal::new(1, secret(1)));
                out.send.push(commit(deal));
                out.send.extend(self.told().map(Frame::Told));
            }
            Frame::Nonce { deal, nonce } => {
                let dealing = self
                    .dealing
                    .as_mut()
                    .ok_or(HostRefusal::NotNow("a nonce before a commitment"))?;
                let mut next = dealing.clone();
                let (seed, new) = next.accept_nonce(deal, nonce)?;
                if !new {
                    // A repeat, as after a reconnection: the round in play was sent with the
                    // greeting.
                    return Ok(out);
                }
                let series = match self.series.clone() {
                    None => Match::agreed(self.rules.clone(), first_dealer(seed), seed),
                    Some(mut m) => {
                        m.next_round_agreed(seed)?;
                        m
                    }
                };
                *dealing = next;
                self.series = Some(series);
                self.ready = [false; 2];
                out.events.push(HostEvent::Dealt { deal });
                out.send.extend(self.told().map(Frame::Told));
            }
            Frame::Move { deal, at, action } => {
                let m = self
                    .playing()
                    .ok_or(HostRefusal::NotNow("a move before the deal"))?;
                if deal != m.deals() || at != m.round().history().len() {
                    return Err(HostRefusal::Stale { deal, at });
                }
                let mut m = m.clone();
                m.apply(GUEST, action.clone())?;
                self.series = Some(m);
                out.events.push(HostEvent::Moved(Move {
                    seat: GUEST,
                    action,
                }));
                out.send.extend(self.told().map(Frame::Told));
            }
            Frame::Next { deal } => {
                let m = self
                    .playing()
                    .ok_or(HostRefusal::NotNow("the next deal before the first"))?;
                if deal != m.deals() || !m.round().is_finished() || m.scoreboard().is_over() {
                    return Err(HostRefusal::NotNow(
                        "the next deal while a round is in play",
                    ));
                }
                if !self.ready[1] {
                    self.ready[1] = true;
                    out.events.push(HostEvent::Ready);
                    out.send.extend(self.deal_next(secret));
                }
            }
            Frame::Ping => {}
            Frame::Bye => {
                self.ended = true;
                out.events.push(HostEvent::Left);
            }
            Frame::Commit { .. } | Frame::Told(_) => {
                return Err(HostRefusal::NotNow("a message only the host sends"));
            }
        }
        Ok(out)
    }

    /// The host player's own move: what to send the guest.
    pub fn play(&mut self, action: Action) -> Result<Vec<Frame>, RuleError> {
        let Some(m) = self.playing() else {
            return Err(RuleError::WrongPhase {
                action: "moving",
                phase: "deal not yet agreed",
            });
        };
        let mut m = m.clone();
        m.apply(HOST, action)?;
        self.series = Some(m);
        Ok(self.told().map(Frame::Told).into_iter().collect())
    }

    /// The host player asks for the next deal: it is committed to once the guest asks too.
    pub fn ready(&mut self, secret: impl FnOnce(u64) -> HostSecret) -> Vec<Frame> {
        let Some(m) = self.playing() else {
            return Vec::new();
        };
        if !m.round().is_finished() || m.scoreboard().is_over() {
            return Vec::new();
        }
        self.ready[0] = true;
        self.deal_next(secret)
    }

    /// Ends the series: the message to send.
    pub fn end(&mut self) -> Frame {
        self.ended = true;
        Frame::Bye
    }

    /// The match while a deal is in play (its nonce taken).
    fn playing(&self) -> Option<&Match> {
        match &self.dealing {
            Some(d) if d.has_nonce() => self.series.as_ref(),
            _ => None,
        }
    }

    /// Commits to the next deal once both players have asked for it.
    fn deal_next(&mut self, secret: impl FnOnce(u64) -> HostSecret) -> Vec<Frame> {
        let (Some(m), [true, true]) = (&self.series, self.ready) else {
            return Vec::new();
        };
        let number = m.deals() + 1;
        let deal = HostDeal::new(number, secret(number));
        let msg = commit(&deal);
        self.dealing = Some(deal);
        vec![msg]
    }

    /// The round in play as the guest may know it, with the secret once its hidden part is
    /// over.
    pub fn told(&self) -> Option<Told> {
        let m = self.playing()?;
        let round = m.round();
        let dealt = Round::deal(self.rules.clone(), round.dealer(), round.seed()?);
        let secret = self
            .dealing
            .as_ref()
            .filter(|_| hidden_part_over(round))
            .and_then(|d| d.reveal().ok());
        Some(Told::of(round, m.deals(), &dealt, secret))
    }
}

fn commit(deal: &HostDeal) -> Frame {
    Frame::Commit {
        deal: deal.deal(),
        commitment: deal.commitment(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::fair::GuestNonce;
    use crate::rules::{CardSet, Seat, best_arrangement};

    /// A host mid-deal, the round in play dealt with chosen hands (host first), `dealer`
    /// dealing and the K♦ turned up.
    fn host_with(hands: [&str; 2], dealer: Seat) -> Host {
        let hands = hands.map(|h| CardSet::parse(h).unwrap());
        let round = Round::with_hands(
            RuleSettings::default(),
            dealer,
            hands,
            "KD".parse().unwrap(),
            None,
        )
        .unwrap();
        let mut dealing = HostDeal::new(1, HostSecret([1; 32]));
        dealing.accept_nonce(1, GuestNonce([2; 32])).unwrap();
        let mut h = Host::new("Ana", RuleSettings::default());
        h.greeted = true;
        h.series = Some(Match::with_round(round));
        h.dealing = Some(dealing);
        h
    }

    fn guest_move(h: &mut Host, action: Action) -> Result<Reply<HostEvent>, HostRefusal> {
        let m = h.series().unwrap();
        let (deal, at) = (m.deals(), m.round().history().len());
        h.receive(Frame::Move { deal, at, action }, |_| HostSecret([0; 32]))
    }

    /// The guest holds three melds and the 2♥ and takes the K♦: a knock that breaks a meld
    /// leaves too much deadwood, and is refused with the core's reason, changing nothing.
    #[test]
    fn a_guests_knock_over_the_limit_is_refused_with_the_cores_reason() {
        let mut h = host_with(
            [
                "6C QS 7C AD 2D 5D 8H 9H KH KS",
                "3C 4C 5C 7D 7H 7S 9S TS JS 2H",
            ],
            HOST,
        );
        guest_move(&mut h, Action::TakeUpcard).unwrap();
        let discard = "3C".parse().unwrap();
        let melds =
            best_arrangement(h.series().unwrap().round().hand(GUEST).without(discard)).melds;
        let before = h.clone();
        let e = guest_move(&mut h, Action::Knock { discard, melds }).unwrap_err();
        assert!(
            matches!(e, HostRefusal::Rule(RuleError::DeadwoodTooHigh { .. })),
            "{e}"
        );
        assert_eq!(h, before);
        // A discard of a card the guest does not hold, likewise.
        let e = guest_move(&mut h, Action::Discard("6C".parse().unwrap())).unwrap_err();
        assert!(
            matches!(e, HostRefusal::Rule(RuleError::CardNotInHand(_))),
            "{e}"
        );
        assert_eq!(h, before);
    }

    /// The host knocks; the guest's layoff that fits none of its melds is refused, one that
    /// fits is taken.
    #[test]
    fn a_guests_layoff_that_fits_nothing_is_refused() {
        let mut h = host_with(
            [
                "3C 4C 5C 7D 7H 7S 9S TS JS 2H",
                "6C QS 7C AD 2D 5D 8H 9H KH KS",
            ],
            GUEST,
        );
        h.play(Action::TakeUpcard).unwrap();
        let discard = "2H".parse().unwrap();
        let melds = best_arrangement(h.series().unwrap().round().hand(HOST).without(discard)).melds;
        let club_run = melds
            .iter()
            .position(|m| m.cards().contains("4C".parse().unwrap()))
            .unwrap();
        h.play(Action::Knock { discard, melds }).unwrap();
        let before = h.clone();
        let e = guest_move(
            &mut h,
            Action::LayOff {
                card: "AD".parse().unwrap(),
                meld: club_run,
            },
        )
        .unwrap_err();
        assert!(
            matches!(e, HostRefusal::Rule(RuleError::DoesNotFit { .. })),
            "{e}"
        );
        assert_eq!(h, before);
        guest_move(
            &mut h,
            Action::LayOff {
                card: "6C".parse().unwrap(),
                meld: club_run,
            },
        )
        .unwrap();
        assert_eq!(
            h.series().unwrap().round().history().len(),
            before.series().unwrap().round().history().len() + 1
        );
    }
}
