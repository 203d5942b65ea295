//! One round (one deal) of gin rummy as a runtime-checked state machine.
//!
//! Why one type with a runtime phase, rather than a type per phase: a round has to be stored in
//! a save file, sent to a background AI task, shown by the table in any phase and driven by
//! actions that arrive from a mouse, a bot or a replay. With one type, every driver holds the
//! same thing and asks [`Round::apply`]; the phase check is in one place, every illegal action
//! is a typed [`RuleError`] that leaves the round untouched, and nothing has to be converted
//! between phase types. The round keeps the ordered stock (top = last), so it is
//! self-contained: the deal seed plus the list of actions replays it exactly.
//!
//! Loading a round from RON goes through [`Round::check`] (serde `try_from`), so a corrupt or
//! hand-edited save cannot produce a round that loses or duplicates a card.
//!
//! Layoffs are one card at a time so the table can animate each one and chaining is natural
//! (lay off ♠8, then ♠9 fits the extended ♠5-6-7-8). At the end the defender's remaining cards
//! are arranged by the exact solver; the defender never loses points to a bad arrangement.

use std::fmt;

use rand::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

use super::card::{Card, CardSet};
use super::meld::{Arrangement, ArrangementError, Layoff, Meld, best_arrangement};
use super::settings::RuleSettings;

/// A seat at the table. In the GUI the human sits at `P1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    /// The first seat (the player, in the window).
    P1,
    /// The second seat.
    P2,
}

impl Seat {
    /// Both seats.
    pub const ALL: [Seat; 2] = [Seat::P1, Seat::P2];

    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::P1 => Seat::P2,
            Seat::P2 => Seat::P1,
        }
    }

    /// The seat's index, 0 or 1.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::P1 => "P1",
            Seat::P2 => "P2",
        })
    }
}

/// After this many moves in a round, every draw is from the stock. Taking the discard back and
/// forth never shrinks the stock, so two players could keep a round going for ever, and a save
/// of it would grow past what the game reads back (155,552 moves were seen). From here the
/// stock shrinks each turn and the round ends within about 70 more moves, by a knock or a dead
/// hand. No real round comes near it: a deal's 31 stock cards last some 60 moves.
pub const LONG_ROUND: usize = 200;

/// Where a round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The non-dealer may take the upcard or pass.
    OfferToNonDealer,
    /// The non-dealer passed; the dealer may take the upcard or pass.
    OfferToDealer,
    /// `seat` draws; `stock_only` after both passed the upcard, and once the round is
    /// [`LONG_ROUND`] moves long.
    Draw {
        /// Who draws.
        seat: Seat,
        /// The stock only.
        stock_only: bool,
    },
    /// `seat` holds 11 cards and discards, knocks or goes gin.
    Discard {
        /// Who discards.
        seat: Seat,
    },
    /// The knocker's melds are spread; the defender may lay off, then finishes.
    Layoff {
        /// Who lays off.
        defender: Seat,
    },
    /// Scored (or a dead hand). See [`Round::result`].
    Finished,
}

impl Phase {
    fn name(self) -> &'static str {
        match self {
            Phase::OfferToNonDealer | Phase::OfferToDealer => "upcard offer",
            Phase::Draw { .. } => "draw",
            Phase::Discard { .. } => "discard",
            Phase::Layoff { .. } => "layoff",
            Phase::Finished => "round over",
        }
    }
}

/// Everything a player can do. Actions carry only public information (drawing from the stock
/// does not name the card), so the list of actions taken is a public record of the round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Take the upcard, first turn.
    TakeUpcard,
    /// Pass the upcard, first turn.
    PassUpcard,
    /// Draw from the stock.
    DrawStock,
    /// Take the top of the discard pile.
    TakeDiscard,
    /// Discard a card.
    Discard(Card),
    /// Discard `discard` and knock, spreading `melds`; the rest of the hand is deadwood. If the
    /// deadwood is 0 this is gin.
    Knock {
        /// The discard.
        discard: Card,
        /// The melds spread.
        melds: Vec<Meld>,
    },
    /// Go gin, discarding `discard`; the round finds the melds. `None` is big gin (all eleven
    /// cards melded), allowed only when the big gin bonus is on.
    Gin {
        /// The discard (none: big gin).
        discard: Option<Card>,
    },
    /// Lay `card` off onto the knocker's meld number `meld` (as extended by earlier layoffs).
    LayOff {
        /// The card laid off.
        card: Card,
        /// The knocker's meld, by its place in the knock.
        meld: usize,
    },
    /// The defender is done laying off.
    FinishLayoffs,
}

impl Action {
    fn name(&self) -> &'static str {
        match self {
            Action::TakeUpcard => "taking the upcard",
            Action::PassUpcard => "passing",
            Action::DrawStock => "drawing from the stock",
            Action::TakeDiscard => "taking the discard",
            Action::Discard(_) => "discarding",
            Action::Knock { .. } => "knocking",
            Action::Gin { .. } => "going gin",
            Action::LayOff { .. } => "laying off",
            Action::FinishLayoffs => "finishing layoffs",
        }
    }
}

/// Why an action was refused. The round is unchanged after any error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the round is over")]
    /// The round is over.
    RoundOver,
    #[error("it is not {0}'s turn")]
    /// Not this seat's turn.
    NotYourTurn(Seat),
    #[error("{action} is not allowed in the {phase} phase")]
    /// Not a move for this phase.
    WrongPhase {
        /// The move.
        action: &'static str,
        /// The phase.
        phase: &'static str,
    },
    #[error("{0} is not in the hand")]
    /// The card is not in the hand.
    CardNotInHand(Card),
    #[error("{0} was just taken from the discard pile and may not be discarded this turn")]
    /// The card just taken from the pile may not be discarded.
    DiscardTakenCard(Card),
    #[error("both players passed the upcard: draw from the stock")]
    /// Both passed the upcard: the stock only.
    MustDrawFromStock,
    #[error("the round has gone on for {0} moves: draw from the stock")]
    /// A round longer than any real one (its moves).
    LongRound(usize),
    #[error("this series has {0} rounds, the most a saved series holds: start a new series")]
    /// A series longer than any real one (its rounds).
    SeriesTooLong(usize),
    #[error("the discard pile is empty")]
    /// The discard pile is empty.
    DiscardPileEmpty,
    #[error("the stock is empty")]
    /// The stock is empty.
    StockEmpty,
    #[error("deadwood would be {deadwood}, more than the knock limit of {limit}")]
    /// Too much deadwood to knock.
    DeadwoodTooHigh {
        /// The deadwood.
        deadwood: u32,
        /// The most allowed.
        limit: u32,
    },
    #[error("those melds do not fit the hand: {0}")]
    /// The melds given are no arrangement of the hand.
    BadMelds(#[from] ArrangementError),
    #[error("not gin: {deadwood} deadwood left")]
    /// Deadwood left: not gin.
    NotGin {
        /// The deadwood.
        deadwood: u32,
    },
    #[error("big gin (no discard) is off in these rules")]
    /// Big gin is not played under these rules.
    BigGinOff,
    #[error("there is no meld number {0}")]
    /// No meld of that number.
    NoSuchMeld(usize),
    #[error("{card} does not extend the meld {meld}")]
    /// The card does not fit the meld.
    DoesNotFit {
        /// The card.
        card: Card,
        /// The meld.
        meld: Meld,
    },
    #[error("a deck must hold each of the 52 cards once")]
    /// Not a deck of 52 different cards.
    BadDeck,
}

/// An action and who took it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// Who moved.
    pub seat: Seat,
    /// The move.
    pub action: Action,
}

/// A move as everyone at the table saw it: the move, and the card it showed when it took one
/// from the discard pile (drawing from the stock shows nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeenMove {
    /// Who moved.
    pub seat: Seat,
    /// The move.
    pub action: Action,
    /// The card taken from the discard pile (the upcard or a discard), if the move took one.
    pub took: Option<Card>,
    /// Who discarded the card taken, when a player did (`None` for the dealt upcard).
    pub took_from: Option<Seat>,
}

/// The knock as spread on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knock {
    /// Who knocked.
    pub knocker: Seat,
    /// The knocker's melds as spread (before layoffs).
    pub melds: Vec<Meld>,
    /// The knocker's unmatched cards.
    pub deadwood: CardSet,
    /// Gin: no deadwood. `big` when all eleven cards were melded with no discard.
    pub gin: bool,
    /// Big gin: eleven cards melded, no discard.
    pub big_gin: bool,
    /// The defender's layoffs so far, in order.
    pub layoffs: Vec<Layoff>,
}

impl Knock {
    /// The knocker's melds with the layoffs so far added.
    pub fn current_melds(&self) -> Vec<Meld> {
        let mut melds = self.melds.clone();
        for l in &self.layoffs {
            if let Some(m) = melds.get(l.meld).and_then(|m| m.extended_by(l.card)) {
                melds[l.meld] = m;
            }
        }
        melds
    }

    /// The cards laid off so far.
    pub fn laid_off(&self) -> CardSet {
        self.layoffs.iter().map(|l| l.card).collect()
    }
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The knocker had less deadwood and scores the difference.
    Knock,
    /// The defender had as little deadwood or less and scores the bonus plus the difference.
    Undercut,
    /// No deadwood after the discard.
    Gin,
    /// All eleven cards melded, no discard.
    BigGin,
    /// The stock ran down to two cards without a knock. Nobody scores.
    DeadHand,
}

/// One player's cards at the end of the round.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spread {
    /// The melds.
    pub melds: Vec<Meld>,
    /// Unmatched cards (for the defender: after layoffs).
    pub deadwood: CardSet,
    /// The points of the deadwood.
    pub deadwood_points: u32,
}

/// The score of a finished round and everything needed to show why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    /// How the round ended.
    pub outcome: Outcome,
    /// Who knocked (none for a dead hand).
    pub knocker: Option<Seat>,
    /// Who scores (none for a dead hand).
    pub winner: Option<Seat>,
    /// Points to the winner (0 for a dead hand).
    pub points: u32,
    /// The part of `points` that is a bonus (gin, big gin or undercut bonus).
    pub bonus: u32,
    /// Each seat's spread, indexed by [`Seat::index`].
    pub spreads: [Spread; 2],
    /// The defender's layoffs onto the knocker's melds.
    pub layoffs: Vec<Layoff>,
}

/// Scores a knock: `knocker_dw` and `defender_dw` are the final deadwood counts.
pub fn score(
    rules: &RuleSettings,
    knocker: Seat,
    knocker_dw: u32,
    defender_dw: u32,
    gin: bool,
    big_gin: bool,
) -> (Outcome, Seat, u32, u32) {
    if big_gin {
        let b = rules.big_gin_bonus.unwrap_or(rules.gin_bonus);
        (Outcome::BigGin, knocker, b.saturating_add(defender_dw), b)
    } else if gin {
        (
            Outcome::Gin,
            knocker,
            rules.gin_bonus.saturating_add(defender_dw),
            rules.gin_bonus,
        )
    } else if knocker_dw < defender_dw {
        (Outcome::Knock, knocker, defender_dw - knocker_dw, 0)
    } else {
        let b = rules.undercut_bonus;
        (
            Outcome::Undercut,
            knocker.other(),
            b.saturating_add(knocker_dw - defender_dw),
            b,
        )
    }
}

/// A round in play. See the module docs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RoundData")]
pub struct Round {
    rules: RuleSettings,
    dealer: Seat,
    seed: Option<u64>,
    upcard: Card,
    hands: [CardSet; 2],
    stock: Vec<Card>,
    discard_pile: Vec<Card>,
    phase: Phase,
    taken_from_discard: Option<Card>,
    last_drawn: Option<Card>,
    knock: Option<Knock>,
    history: Vec<Move>,
    result: Option<RoundResult>,
}

/// The serialised form of a [`Round`], checked before it becomes one.
#[derive(Deserialize)]
struct RoundData {
    rules: RuleSettings,
    dealer: Seat,
    seed: Option<u64>,
    upcard: Card,
    hands: [CardSet; 2],
    stock: Vec<Card>,
    discard_pile: Vec<Card>,
    phase: Phase,
    taken_from_discard: Option<Card>,
    last_drawn: Option<Card>,
    knock: Option<Knock>,
    history: Vec<Move>,
    result: Option<RoundResult>,
}

impl TryFrom<RoundData> for Round {
    type Error = String;
    fn try_from(d: RoundData) -> Result<Round, String> {
        let r = Round {
            rules: d.rules,
            dealer: d.dealer,
            seed: d.seed,
            upcard: d.upcard,
            hands: d.hands,
            stock: d.stock,
            discard_pile: d.discard_pile,
            phase: d.phase,
            taken_from_discard: d.taken_from_discard,
            last_drawn: d.last_drawn,
            knock: d.knock,
            history: d.history,
            result: d.result,
        };
        r.check()?;
        Ok(r)
    }
}

/// A uniformly shuffled deck from a seed. The shuffle is our own Fisher–Yates over ChaCha8 (whose
/// output is fixed by its spec), with unbiased bounded draws, so a seed deals the same cards on
/// every platform and with every version of the rand crate: "replay this seed" keeps working.
pub fn shuffled_deck(seed: u64) -> Vec<Card> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut deck: Vec<Card> = Card::all().collect();
    for i in (1..deck.len()).rev() {
        let j = bounded(&mut rng, i as u64 + 1) as usize;
        deck.swap(i, j);
    }
    deck
}

/// Uniform in `0..n` (n > 0) by rejection, Lemire's multiply-shift method.
fn bounded(rng: &mut impl RngCore, n: u64) -> u64 {
    let threshold = n.wrapping_neg() % n;
    loop {
        let m = u128::from(rng.next_u64()) * u128::from(n);
        if (m as u64) >= threshold {
            return (m >> 64) as u64;
        }
    }
}

impl Round {
    /// Deals a round from a seeded shuffle.
    pub fn deal(rules: RuleSettings, dealer: Seat, seed: u64) -> Round {
        let mut r = Round::from_deck_unchecked(rules, dealer, shuffled_deck(seed));
        r.seed = Some(seed);
        r
    }

    /// Deals from a given deck order: cards alternate starting with the non-dealer, ten each,
    /// then the upcard; the remaining cards form the stock with `deck[21]` at the bottom and the
    /// last card on top. For tests and puzzles.
    pub fn from_deck(
        rules: RuleSettings,
        dealer: Seat,
        deck: Vec<Card>,
    ) -> Result<Round, RuleError> {
        if deck.len() != 52 || deck.iter().copied().collect::<CardSet>().len() != 52 {
            return Err(RuleError::BadDeck);
        }
        Ok(Round::from_deck_unchecked(rules, dealer, deck))
    }

    /// Deals with chosen hands and upcard; the stock is the other cards in `stock` order if given
    /// (top = last), else the remaining cards in index order. For tests and puzzles.
    pub fn with_hands(
        rules: RuleSettings,
        dealer: Seat,
        hands: [CardSet; 2],
        upcard: Card,
        stock: Option<Vec<Card>>,
    ) -> Result<Round, RuleError> {
        let used = hands[0].union(hands[1]).with(upcard);
        if hands[0].len() != 10 || hands[1].len() != 10 || used.len() != 21 {
            return Err(RuleError::BadDeck);
        }
        let stock = match stock {
            Some(s) => {
                let set: CardSet = s.iter().copied().collect();
                if s.len() != 31 || set.len() != 31 || !set.is_disjoint(used) {
                    return Err(RuleError::BadDeck);
                }
                s
            }
            None => CardSet::FULL.difference(used).iter().collect(),
        };
        let r = Round {
            rules,
            dealer,
            seed: None,
            upcard,
            hands,
            stock,
            discard_pile: vec![upcard],
            phase: Phase::OfferToNonDealer,
            taken_from_discard: None,
            last_drawn: None,
            knock: None,
            history: Vec::new(),
            result: None,
        };
        Ok(r)
    }

    fn from_deck_unchecked(rules: RuleSettings, dealer: Seat, deck: Vec<Card>) -> Round {
        let mut hands = [CardSet::EMPTY; 2];
        let first = dealer.other();
        for (i, &c) in deck[..20].iter().enumerate() {
            let seat = if i % 2 == 0 { first } else { dealer };
            hands[seat.index()].insert(c);
        }
        let upcard = deck[20];
        let stock = deck[21..].to_vec();
        Round {
            rules,
            dealer,
            seed: None,
            upcard,
            hands,
            stock,
            discard_pile: vec![upcard],
            phase: Phase::OfferToNonDealer,
            taken_from_discard: None,
            last_drawn: None,
            knock: None,
            history: Vec::new(),
            result: None,
        }
    }

    // ---- what anyone may look at -------------------------------------------------------

    /// The rules of the round.
    pub fn rules(&self) -> &RuleSettings {
        &self.rules
    }
    /// Who dealt.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    /// Who did not deal.
    pub fn non_dealer(&self) -> Seat {
        self.dealer.other()
    }
    /// The deal seed, if the round was dealt from one.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }
    /// Where the round is.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Cards left in the stock.
    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }
    /// The card turned up at the deal to start the discard pile.
    pub fn upcard(&self) -> Card {
        self.upcard
    }
    /// The discard pile, bottom first.
    pub fn discard_pile(&self) -> &[Card] {
        &self.discard_pile
    }
    /// The card on top of the discard pile, if any.
    pub fn discard_top(&self) -> Option<Card> {
        self.discard_pile.last().copied()
    }
    /// The card the player to discard took from the discard pile this turn, if any.
    pub fn taken_from_discard(&self) -> Option<Card> {
        self.taken_from_discard
    }
    /// The knock, once made.
    pub fn knock(&self) -> Option<&Knock> {
        self.knock.as_ref()
    }
    /// Every action so far, in order. All of it is public.
    pub fn history(&self) -> &[Move] {
        &self.history
    }
    /// The result, once the round is over.
    pub fn result(&self) -> Option<&RoundResult> {
        self.result.as_ref()
    }
    /// Whether the round is over.
    pub fn is_finished(&self) -> bool {
        self.phase == Phase::Finished
    }

    /// Who must act now (`None` when the round is over).
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::OfferToNonDealer => Some(self.dealer.other()),
            Phase::OfferToDealer => Some(self.dealer),
            Phase::Draw { seat, .. } | Phase::Discard { seat } => Some(seat),
            Phase::Layoff { defender } => Some(defender),
            Phase::Finished => None,
        }
    }

    // ---- private to a seat (the table shows only the owner's; bots get them via a view) ---

    /// The cards in `seat`'s hand.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }
    /// The stock, bottom first (top = last). Hidden information.
    pub fn stock(&self) -> &[Card] {
        &self.stock
    }
    /// The card most recently drawn from the stock (known only to the one who drew it).
    pub fn last_drawn(&self) -> Option<Card> {
        self.last_drawn
    }

    // ---- acting ------------------------------------------------------------------------

    /// Applies `action` by `seat`. On error the round is unchanged.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<(), RuleError> {
        if self.phase == Phase::Finished {
            return Err(RuleError::RoundOver);
        }
        if self.to_act() != Some(seat) {
            return Err(RuleError::NotYourTurn(seat));
        }
        let wrong = || RuleError::WrongPhase {
            action: action.name(),
            phase: self.phase.name(),
        };
        let hand = self.hands[seat.index()];
        match (&action, self.phase) {
            (Action::TakeUpcard, Phase::OfferToNonDealer | Phase::OfferToDealer) => {
                let c = self.discard_pile.pop().ok_or(RuleError::DiscardPileEmpty)?;
                self.hands[seat.index()].insert(c);
                self.taken_from_discard = Some(c);
                self.last_drawn = None;
                self.phase = Phase::Discard { seat };
            }
            (Action::PassUpcard, Phase::OfferToNonDealer) => self.phase = Phase::OfferToDealer,
            (Action::PassUpcard, Phase::OfferToDealer) => {
                self.phase = Phase::Draw {
                    seat: self.dealer.other(),
                    stock_only: true,
                };
            }
            (Action::DrawStock, Phase::Draw { .. }) => {
                let c = self.stock.pop().ok_or(RuleError::StockEmpty)?;
                self.hands[seat.index()].insert(c);
                self.taken_from_discard = None;
                self.last_drawn = Some(c);
                self.phase = Phase::Discard { seat };
            }
            (Action::TakeDiscard, Phase::Draw { stock_only, .. }) => {
                if stock_only && self.history.len() >= LONG_ROUND {
                    return Err(RuleError::LongRound(self.history.len()));
                }
                if stock_only {
                    return Err(RuleError::MustDrawFromStock);
                }
                let c = self.discard_pile.pop().ok_or(RuleError::DiscardPileEmpty)?;
                self.hands[seat.index()].insert(c);
                self.taken_from_discard = Some(c);
                self.last_drawn = None;
                self.phase = Phase::Discard { seat };
            }
            (Action::Discard(c), Phase::Discard { .. }) => {
                self.check_discard(hand, *c)?;
                self.do_discard(seat, *c);
                if self.stock.len() <= 2 {
                    self.finish_dead_hand();
                } else {
                    self.phase = Phase::Draw {
                        seat: seat.other(),
                        // This discard is the move that may reach the bound.
                        stock_only: self.history.len() + 1 >= LONG_ROUND,
                    };
                }
            }
            (Action::Knock { discard, melds }, Phase::Discard { .. }) => {
                self.check_discard(hand, *discard)?;
                let arr = Arrangement::from_melds(hand.without(*discard), melds)?;
                let dw = arr.deadwood_points();
                if dw > self.rules.knock_limit {
                    return Err(RuleError::DeadwoodTooHigh {
                        deadwood: dw,
                        limit: self.rules.knock_limit,
                    });
                }
                self.do_discard(seat, *discard);
                self.do_knock(seat, arr, false);
            }
            (Action::Gin { discard: Some(c) }, Phase::Discard { .. }) => {
                self.check_discard(hand, *c)?;
                let arr = best_arrangement(hand.without(*c));
                if arr.deadwood_points() > 0 {
                    return Err(RuleError::NotGin {
                        deadwood: arr.deadwood_points(),
                    });
                }
                self.do_discard(seat, *c);
                self.do_knock(seat, arr, false);
            }
            (Action::Gin { discard: None }, Phase::Discard { .. }) => {
                if self.rules.big_gin_bonus.is_none() {
                    return Err(RuleError::BigGinOff);
                }
                let arr = best_arrangement(hand);
                if arr.deadwood_points() > 0 {
                    return Err(RuleError::NotGin {
                        deadwood: arr.deadwood_points(),
                    });
                }
                self.do_knock(seat, arr, true);
            }
            (Action::LayOff { card, meld }, Phase::Layoff { .. }) => {
                if !hand.contains(*card) {
                    return Err(RuleError::CardNotInHand(*card));
                }
                let knock = self.knock.as_mut().ok_or_else(wrong)?;
                let current = knock.current_melds();
                let m = *current.get(*meld).ok_or(RuleError::NoSuchMeld(*meld))?;
                if m.extended_by(*card).is_none() {
                    return Err(RuleError::DoesNotFit {
                        card: *card,
                        meld: m,
                    });
                }
                knock.layoffs.push(Layoff {
                    card: *card,
                    meld: *meld,
                });
                self.hands[seat.index()].remove(*card);
            }
            (Action::FinishLayoffs, Phase::Layoff { .. }) => self.finish_knock(),
            _ => return Err(wrong()),
        }
        self.history.push(Move { seat, action });
        Ok(())
    }

    fn check_discard(&self, hand: CardSet, c: Card) -> Result<(), RuleError> {
        if !hand.contains(c) {
            return Err(RuleError::CardNotInHand(c));
        }
        if self.taken_from_discard == Some(c) && !self.rules.may_discard_taken_card {
            return Err(RuleError::DiscardTakenCard(c));
        }
        Ok(())
    }

    fn do_discard(&mut self, seat: Seat, c: Card) {
        self.hands[seat.index()].remove(c);
        self.discard_pile.push(c);
        self.taken_from_discard = None;
        self.last_drawn = None;
    }

    fn do_knock(&mut self, seat: Seat, arr: Arrangement, big_gin: bool) {
        let gin = arr.deadwood.is_empty();
        self.taken_from_discard = None;
        self.last_drawn = None;
        self.knock = Some(Knock {
            knocker: seat,
            melds: arr.melds,
            deadwood: arr.deadwood,
            gin,
            big_gin,
            layoffs: Vec::new(),
        });
        if gin {
            // No layoffs against gin: the defender just spreads.
            self.finish_knock();
        } else {
            self.phase = Phase::Layoff {
                defender: seat.other(),
            };
        }
    }

    fn finish_knock(&mut self) {
        let Some(k) = &self.knock else { return };
        let knocker = k.knocker;
        let defender = knocker.other();
        let def_arr = best_arrangement(self.hands[defender.index()]);
        let kd = k.deadwood.points();
        let dd = def_arr.deadwood_points();
        let (outcome, winner, points, bonus) =
            score(&self.rules, knocker, kd, dd, k.gin, k.big_gin);
        let mut spreads: [Spread; 2] = Default::default();
        spreads[knocker.index()] = Spread {
            melds: k.melds.clone(),
            deadwood: k.deadwood,
            deadwood_points: kd,
        };
        spreads[defender.index()] = Spread {
            melds: def_arr.melds,
            deadwood: def_arr.deadwood,
            deadwood_points: dd,
        };
        self.result = Some(RoundResult {
            outcome,
            knocker: Some(knocker),
            winner: Some(winner),
            points,
            bonus,
            spreads,
            layoffs: k.layoffs.clone(),
        });
        self.phase = Phase::Finished;
    }

    fn finish_dead_hand(&mut self) {
        let spread = |h: CardSet| {
            let a = best_arrangement(h);
            Spread {
                deadwood_points: a.deadwood_points(),
                melds: a.melds,
                deadwood: a.deadwood,
            }
        };
        self.result = Some(RoundResult {
            outcome: Outcome::DeadHand,
            knocker: None,
            winner: None,
            points: 0,
            bonus: 0,
            spreads: [spread(self.hands[0]), spread(self.hands[1])],
            layoffs: Vec::new(),
        });
        self.phase = Phase::Finished;
    }

    /// Every move of the round as the table saw it, in order: which card each pick-up from
    /// the discard pile took, and from whom. Worked out from the upcard and the public moves.
    pub fn seen_moves(&self) -> Vec<SeenMove> {
        // The discard pile as it grew: each card and who threw it (`None`: the upcard).
        let mut pile: Vec<(Card, Option<Seat>)> = vec![(self.upcard, None)];
        self.history
            .iter()
            .map(|m| {
                let mut seen = SeenMove {
                    seat: m.seat,
                    action: m.action.clone(),
                    took: None,
                    took_from: None,
                };
                match &m.action {
                    Action::TakeUpcard | Action::TakeDiscard => {
                        if let Some((c, from)) = pile.pop() {
                            seen.took = Some(c);
                            seen.took_from = from;
                        }
                    }
                    Action::Discard(c)
                    | Action::Knock { discard: c, .. }
                    | Action::Gin { discard: Some(c) } => pile.push((*c, Some(m.seat))),
                    _ => {}
                }
                seen
            })
            .collect()
    }

    /// Every legal action for the player to act. Knocks are listed once per legal discard with
    /// the solver's best melds (other arrangements are legal too but never better).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        match self.phase {
            Phase::OfferToNonDealer | Phase::OfferToDealer => {
                v.push(Action::TakeUpcard);
                v.push(Action::PassUpcard);
            }
            Phase::Draw { stock_only, .. } => {
                v.push(Action::DrawStock);
                if !stock_only && !self.discard_pile.is_empty() {
                    v.push(Action::TakeDiscard);
                }
            }
            Phase::Discard { seat } => {
                let hand = self.hands[seat.index()];
                for c in hand {
                    if self.check_discard(hand, c).is_err() {
                        continue;
                    }
                    v.push(Action::Discard(c));
                    let arr = best_arrangement(hand.without(c));
                    let dw = arr.deadwood_points();
                    if dw == 0 {
                        v.push(Action::Gin { discard: Some(c) });
                    } else if dw <= self.rules.knock_limit {
                        v.push(Action::Knock {
                            discard: c,
                            melds: arr.melds,
                        });
                    }
                }
                if self.rules.big_gin_bonus.is_some() && best_arrangement(hand).deadwood.is_empty()
                {
                    v.push(Action::Gin { discard: None });
                }
            }
            Phase::Layoff { defender } => {
                if let Some(k) = &self.knock {
                    let melds = k.current_melds();
                    for c in self.hands[defender.index()] {
                        for (i, m) in melds.iter().enumerate() {
                            if m.extended_by(c).is_some() {
                                v.push(Action::LayOff { card: c, meld: i });
                            }
                        }
                    }
                }
                v.push(Action::FinishLayoffs);
            }
            Phase::Finished => {}
        }
        v
    }

    /// Checks that the round is self-consistent: each of the 52 cards in exactly one place, hand
    /// sizes that fit the phase, a knock and a result exactly when the phase needs them. Used
    /// when loading a saved round; always true for a round built and played through this API.
    pub fn check(&self) -> Result<(), String> {
        let mut seen = CardSet::EMPTY;
        let mut count = 0usize;
        let laid: Vec<Card> = self
            .knock
            .iter()
            .flat_map(|k| k.layoffs.iter().map(|l| l.card))
            .collect();
        let all = self
            .hands
            .iter()
            .flat_map(|h| h.iter())
            .chain(self.stock.iter().copied())
            .chain(self.discard_pile.iter().copied())
            .chain(laid.iter().copied());
        for c in all {
            if !seen.insert(c) {
                return Err(format!("card {c} is in two places"));
            }
            count += 1;
        }
        if count != 52 {
            return Err(format!("{} cards are missing", 52 - count));
        }
        let sizes = [self.hands[0].len(), self.hands[1].len()];
        let want = |a: usize, b: usize, s: Seat| {
            let mut w = [b, b];
            w[s.index()] = a;
            w
        };
        let ok = match self.phase {
            Phase::OfferToNonDealer | Phase::OfferToDealer => {
                sizes == [10, 10] && self.discard_pile.len() == 1
            }
            Phase::Draw { .. } => sizes == [10, 10] && !self.discard_pile.is_empty(),
            Phase::Discard { seat } => sizes == want(11, 10, seat),
            Phase::Layoff { defender } => match &self.knock {
                Some(k) => {
                    k.knocker == defender.other()
                        && sizes == want(10 - k.layoffs.len(), 10, defender)
                        && self.knock_is_consistent(k)
                }
                None => false,
            },
            Phase::Finished => self.result.is_some(),
        };
        if !ok {
            return Err(format!(
                "hand sizes {sizes:?} or knock do not fit the phase {:?}",
                self.phase
            ));
        }
        if (self.phase == Phase::Finished) != self.result.is_some() {
            return Err("a result belongs to a finished round only".into());
        }
        if let Some(c) = self.taken_from_discard
            && !matches!(self.phase, Phase::Discard { seat } if self.hands[seat.index()].contains(c))
        {
            return Err(format!(
                "{c} is marked as just taken but is not in the hand"
            ));
        }
        self.rules.validate()
    }

    fn knock_is_consistent(&self, k: &Knock) -> bool {
        let hand = self.hands[k.knocker.index()];
        match Arrangement::from_melds(hand, &k.melds) {
            Ok(a) => {
                a.deadwood == k.deadwood
                    && k.current_melds().len() == k.melds.len()
                    && k.layoffs.iter().all(|l| l.meld < k.melds.len())
            }
            Err(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::cards;

    fn c(t: &str) -> Card {
        t.parse().unwrap()
    }

    fn meld(t: &str) -> Meld {
        Meld::new(cards(t)).unwrap()
    }

    /// P2 deals, so P1 is the non-dealer and is offered the upcard first.
    fn round(p1: &str, p2: &str, up: &str) -> Round {
        Round::with_hands(
            RuleSettings::default(),
            Seat::P2,
            [cards(p1), cards(p2)],
            c(up),
            None,
        )
        .unwrap()
    }

    const P1: &str = "AS 2S 3S 4S 7H 7D 7C KD KH 9C";
    const P2: &str = "2H 3H 4H 5C 6C 8D 9D TD JS QS";

    #[test]
    fn seen_moves_name_what_was_taken_from_the_pile_and_from_whom() {
        let mut r = round(P1, P2, "5H");
        r.apply(Seat::P1, Action::TakeUpcard).unwrap();
        r.apply(Seat::P1, Action::Discard(c("9C"))).unwrap();
        r.apply(Seat::P2, Action::TakeDiscard).unwrap();
        r.apply(Seat::P2, Action::Discard(c("JS"))).unwrap();
        r.apply(Seat::P1, Action::DrawStock).unwrap();
        let seen = r.seen_moves();
        assert_eq!(seen.len(), 5);
        assert_eq!((seen[0].took, seen[0].took_from), (Some(c("5H")), None));
        assert_eq!(seen[1].took, None);
        assert_eq!(
            (seen[2].took, seen[2].took_from),
            (Some(c("9C")), Some(Seat::P1))
        );
        assert_eq!(seen[4].took, None, "a stock draw shows nothing");
        // The pile the moves imply is the pile the round has.
        assert_eq!(r.discard_top(), Some(c("JS")));
    }

    #[test]
    fn deal_is_ten_each_upcard_and_31_stock_and_replays() {
        let r = Round::deal(RuleSettings::default(), Seat::P1, 42);
        assert_eq!(r.hand(Seat::P1).len(), 10);
        assert_eq!(r.hand(Seat::P2).len(), 10);
        assert_eq!(r.discard_pile().len(), 1);
        assert_eq!(r.stock_len(), 31);
        assert!(r.check().is_ok());
        assert_eq!(r, Round::deal(RuleSettings::default(), Seat::P1, 42));
        assert_ne!(
            r.hand(Seat::P1),
            Round::deal(RuleSettings::default(), Seat::P1, 43).hand(Seat::P1)
        );
        assert_eq!(r.to_act(), Some(Seat::P2), "the non-dealer is asked first");
    }

    #[test]
    fn shuffle_is_uniform_enough() {
        // Position of the ace of clubs over many seeds: each of 52 places about equally often.
        let mut counts = [0u32; 52];
        for seed in 0..52_000 {
            let d = shuffled_deck(seed);
            counts[d.iter().position(|&x| x == c("AC")).unwrap()] += 1;
        }
        let chi2: f64 = counts
            .iter()
            .map(|&n| (f64::from(n) - 1000.0).powi(2) / 1000.0)
            .sum();
        assert!(chi2 < 90.0, "chi-square {chi2} over 51 degrees of freedom");
    }

    #[test]
    fn upcard_offer_order_and_forced_stock_draw() {
        let mut r = round(P1, P2, "5H");
        assert_eq!(
            r.apply(Seat::P2, Action::PassUpcard),
            Err(RuleError::NotYourTurn(Seat::P2))
        );
        r.apply(Seat::P1, Action::PassUpcard).unwrap();
        assert_eq!(r.phase(), Phase::OfferToDealer);
        r.apply(Seat::P2, Action::PassUpcard).unwrap();
        assert_eq!(
            r.phase(),
            Phase::Draw {
                seat: Seat::P1,
                stock_only: true
            }
        );
        let before = r.clone();
        assert_eq!(
            r.apply(Seat::P1, Action::TakeDiscard),
            Err(RuleError::MustDrawFromStock)
        );
        assert_eq!(r, before, "an error leaves the round unchanged");
        r.apply(Seat::P1, Action::DrawStock).unwrap();
        assert_eq!(r.hand(Seat::P1).len(), 11);
        assert_eq!(r.stock_len(), 30);
    }

    #[test]
    fn dealer_takes_upcard_then_non_dealer_plays() {
        let mut r = round(P1, P2, "5H");
        r.apply(Seat::P1, Action::PassUpcard).unwrap();
        r.apply(Seat::P2, Action::TakeUpcard).unwrap();
        assert_eq!(r.phase(), Phase::Discard { seat: Seat::P2 });
        assert_eq!(
            r.apply(Seat::P2, Action::Discard(c("5H"))),
            Err(RuleError::DiscardTakenCard(c("5H")))
        );
        r.apply(Seat::P2, Action::Discard(c("JS"))).unwrap();
        assert_eq!(
            r.phase(),
            Phase::Draw {
                seat: Seat::P1,
                stock_only: false
            }
        );
        // The non-dealer may now take the dealer's discard.
        r.apply(Seat::P1, Action::TakeDiscard).unwrap();
        assert!(r.hand(Seat::P1).contains(c("JS")));
    }

    #[test]
    fn taken_card_may_be_discarded_when_the_rule_allows() {
        let rules = RuleSettings {
            may_discard_taken_card: true,
            ..RuleSettings::default()
        };
        let mut r =
            Round::with_hands(rules, Seat::P2, [cards(P1), cards(P2)], c("5H"), None).unwrap();
        r.apply(Seat::P1, Action::TakeUpcard).unwrap();
        r.apply(Seat::P1, Action::Discard(c("5H"))).unwrap();
        assert_eq!(r.discard_top(), Some(c("5H")));
    }

    #[test]
    fn wrong_phase_and_unknown_cards_are_errors() {
        let mut r = round(P1, P2, "5H");
        assert!(matches!(
            r.apply(Seat::P1, Action::DrawStock),
            Err(RuleError::WrongPhase { .. })
        ));
        assert!(matches!(
            r.apply(Seat::P1, Action::Discard(c("AS"))),
            Err(RuleError::WrongPhase { .. })
        ));
        r.apply(Seat::P1, Action::TakeUpcard).unwrap();
        assert_eq!(
            r.apply(Seat::P1, Action::Discard(c("QH"))),
            Err(RuleError::CardNotInHand(c("QH")))
        );
        assert!(matches!(
            r.apply(Seat::P1, Action::FinishLayoffs),
            Err(RuleError::WrongPhase { .. })
        ));
    }

    #[test]
    fn knock_limit_and_bad_melds() {
        // P1 takes the 5H: AS-4S run, 7s set, deadwood KD KH 9C 5H.
        let mut r = round(P1, P2, "5H");
        r.apply(Seat::P1, Action::TakeUpcard).unwrap();
        let melds = vec![meld("AS 2S 3S 4S"), meld("7H 7D 7C")];
        // Discarding KD leaves KH 9C 5H = 24: too much.
        assert_eq!(
            r.apply(
                Seat::P1,
                Action::Knock {
                    discard: c("KD"),
                    melds: melds.clone()
                }
            ),
            Err(RuleError::DeadwoodTooHigh {
                deadwood: 24,
                limit: 10
            })
        );
        // A meld using the discard is not in the hand any more.
        assert!(matches!(
            r.apply(
                Seat::P1,
                Action::Knock {
                    discard: c("4S"),
                    melds: melds.clone()
                }
            ),
            Err(RuleError::BadMelds(ArrangementError::NotInHand(_)))
        ));
        assert!(matches!(
            r.apply(
                Seat::P1,
                Action::Knock {
                    discard: c("KD"),
                    melds: vec![meld("AS 2S 3S"), meld("AS 2S 3S")]
                }
            ),
            Err(RuleError::BadMelds(ArrangementError::Overlap(_)))
        ));
        assert_eq!(
            r.apply(
                Seat::P1,
                Action::Gin {
                    discard: Some(c("KD"))
                }
            ),
            Err(RuleError::NotGin { deadwood: 24 })
        );
        assert_eq!(
            r.apply(Seat::P1, Action::Gin { discard: None }),
            Err(RuleError::BigGinOff)
        );
    }

    #[test]
    fn knock_layoff_chain_and_score() {
        // P1 (non-dealer) holds a run 5S-7S; after drawing 8H it knocks with 9C... build it so.
        let p1 = "5S 6S 7S 7H 7D 7C AD 2D 3D 4C";
        let p2 = "8S 9S KD KH QC 2C 3C 9H TH 6D";
        let mut r = round(p1, p2, "JC");
        r.apply(Seat::P1, Action::PassUpcard).unwrap();
        r.apply(Seat::P2, Action::PassUpcard).unwrap();
        r.apply(Seat::P1, Action::DrawStock).unwrap();
        let drawn = r.last_drawn().unwrap();
        let melds = vec![meld("5S 6S 7S"), meld("7H 7D 7C"), meld("AD 2D 3D")];
        r.apply(
            Seat::P1,
            Action::Knock {
                discard: drawn,
                melds,
            },
        )
        .unwrap();
        assert_eq!(r.phase(), Phase::Layoff { defender: Seat::P2 });
        assert_eq!(
            r.apply(Seat::P1, Action::FinishLayoffs),
            Err(RuleError::NotYourTurn(Seat::P1))
        );
        // 9S does not fit yet; 8S does, then 9S chains.
        assert!(matches!(
            r.apply(
                Seat::P2,
                Action::LayOff {
                    card: c("9S"),
                    meld: 0
                }
            ),
            Err(RuleError::DoesNotFit { .. })
        ));
        assert_eq!(
            r.apply(
                Seat::P2,
                Action::LayOff {
                    card: c("8S"),
                    meld: 7
                }
            ),
            Err(RuleError::NoSuchMeld(7))
        );
        r.apply(
            Seat::P2,
            Action::LayOff {
                card: c("8S"),
                meld: 0,
            },
        )
        .unwrap();
        r.apply(
            Seat::P2,
            Action::LayOff {
                card: c("9S"),
                meld: 0,
            },
        )
        .unwrap();
        assert!(r.check().is_ok());
        r.apply(Seat::P2, Action::FinishLayoffs).unwrap();
        let res = r.result().unwrap();
        // Knocker deadwood 4C = 4; defender KD KH QC 2C 3C 9H TH 6D = 60.
        assert_eq!(res.spreads[0].deadwood_points, 4);
        assert_eq!(res.spreads[1].deadwood_points, 60);
        assert_eq!(
            (res.outcome, res.winner, res.points),
            (Outcome::Knock, Some(Seat::P1), 56)
        );
        assert_eq!(res.layoffs.len(), 2);
        assert_eq!(
            r.apply(Seat::P2, Action::FinishLayoffs),
            Err(RuleError::RoundOver)
        );
    }

    #[test]
    fn gin_ends_at_once_without_layoffs() {
        let p1 = "5S 6S 7S 7H 7D 7C AD 2D 3D 4D";
        let p2 = "8S 9S KD KH QC 2C 3C 9H TH 6D";
        let mut r = round(p1, p2, "4S");
        r.apply(Seat::P1, Action::TakeUpcard).unwrap();
        assert_eq!(
            r.apply(
                Seat::P1,
                Action::Gin {
                    discard: Some(c("4S"))
                }
            ),
            Err(RuleError::DiscardTakenCard(c("4S")))
        );
        assert_eq!(
            r.apply(
                Seat::P1,
                Action::Gin {
                    discard: Some(c("5S"))
                }
            ),
            Err(RuleError::NotGin { deadwood: 10 })
        );
        // (4S and 6S are left over; the 7S joins the other sevens.)
        // Dropping the 4D from the end of the diamond run keeps everything melded.
        let mut g = r.clone();
        g.apply(
            Seat::P1,
            Action::Gin {
                discard: Some(c("4D")),
            },
        )
        .unwrap();
        assert_eq!(g.result().unwrap().outcome, Outcome::Gin);
        let mut r = round(p1, p2, "JC");
        r.apply(Seat::P1, Action::PassUpcard).unwrap();
        r.apply(Seat::P2, Action::TakeUpcard).unwrap();
        r.apply(Seat::P2, Action::Discard(c("6D"))).unwrap();
        // P1 draws (whatever) and goes gin discarding that card.
        r.apply(Seat::P1, Action::DrawStock).unwrap();
        let d = r.last_drawn().unwrap();
        r.apply(Seat::P1, Action::Gin { discard: Some(d) }).unwrap();
        let res = r.result().unwrap();
        assert_eq!(res.outcome, Outcome::Gin);
        let dd = res.spreads[1].deadwood_points;
        assert_eq!(res.points, 25 + dd);
        assert!(res.layoffs.is_empty());
        assert_eq!(r.phase(), Phase::Finished);
    }

    #[test]
    fn undercut_when_defender_has_as_little() {
        let rules = RuleSettings::default();
        assert_eq!(
            score(&rules, Seat::P1, 9, 7, false, false),
            (Outcome::Undercut, Seat::P2, 12, 10)
        );
        assert_eq!(
            score(&rules, Seat::P1, 7, 7, false, false),
            (Outcome::Undercut, Seat::P2, 10, 10)
        );
        assert_eq!(
            score(&rules, Seat::P1, 6, 19, false, false),
            (Outcome::Knock, Seat::P1, 13, 0)
        );
        assert_eq!(
            score(&rules, Seat::P1, 0, 8, true, false),
            (Outcome::Gin, Seat::P1, 33, 25)
        );
        let r20 = RuleSettings {
            gin_bonus: 20,
            ..rules.clone()
        };
        assert_eq!(
            score(&r20, Seat::P1, 0, 8, true, false),
            (Outcome::Gin, Seat::P1, 28, 20)
        );
        let big = RuleSettings {
            big_gin_bonus: Some(31),
            ..rules
        };
        assert_eq!(
            score(&big, Seat::P2, 0, 8, true, true),
            (Outcome::BigGin, Seat::P2, 39, 31)
        );
    }

    #[test]
    fn big_gin_when_enabled() {
        let rules = RuleSettings {
            big_gin_bonus: Some(31),
            ..RuleSettings::default()
        };
        let p1 = "5S 6S 7S 7H 7D 7C AD 2D 3D 4D";
        let p2 = "8S 9S KD KH QC 2C 3C 9H TH 6D";
        let mut r =
            Round::with_hands(rules, Seat::P2, [cards(p1), cards(p2)], c("5D"), None).unwrap();
        r.apply(Seat::P1, Action::TakeUpcard).unwrap();
        assert!(r.legal_actions().contains(&Action::Gin { discard: None }));
        r.apply(Seat::P1, Action::Gin { discard: None }).unwrap();
        let res = r.result().unwrap();
        assert_eq!(res.outcome, Outcome::BigGin);
        assert_eq!(res.points, 31 + res.spreads[1].deadwood_points);
        assert_eq!(r.hand(Seat::P1).len(), 11);
    }

    #[test]
    fn dead_hand_when_two_cards_left() {
        let mut r = Round::deal(RuleSettings::default(), Seat::P1, 9);
        r.apply(Seat::P2, Action::PassUpcard).unwrap();
        r.apply(Seat::P1, Action::PassUpcard).unwrap();
        // Both players draw and throw back what they drew until the stock is down to 2.
        while !r.is_finished() {
            let s = r.to_act().unwrap();
            r.apply(s, Action::DrawStock).unwrap();
            let d = r.last_drawn().unwrap();
            r.apply(s, Action::Discard(d)).unwrap();
        }
        assert_eq!(r.stock_len(), 2);
        let res = r.result().unwrap();
        assert_eq!(
            (res.outcome, res.winner, res.points),
            (Outcome::DeadHand, None, 0)
        );
        assert!(r.check().is_ok());
    }

    #[test]
    fn legal_actions_are_all_accepted() {
        let mut r = Round::deal(RuleSettings::default(), Seat::P2, 5);
        let mut steps = 0;
        while !r.is_finished() {
            let acts = r.legal_actions();
            assert!(!acts.is_empty());
            let seat = r.to_act().unwrap();
            for a in &acts {
                let mut probe = r.clone();
                probe
                    .apply(seat, a.clone())
                    .unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
            }
            // Prefer a knock, else the first action (drawing from the stock in the draw phase, so
            // the round cannot cycle through the discard pile forever).
            let a = acts
                .iter()
                .find(|a| matches!(a, Action::Knock { .. } | Action::Gin { .. }))
                .unwrap_or(&acts[0])
                .clone();
            r.apply(seat, a).unwrap();
            steps += 1;
        }
        assert!(steps > 2);
    }

    #[test]
    fn ron_round_trip_mid_play_and_corrupt_files_refused() {
        let mut r = Round::deal(RuleSettings::default(), Seat::P2, 77);
        r.apply(Seat::P1, Action::PassUpcard).unwrap();
        r.apply(Seat::P2, Action::PassUpcard).unwrap();
        r.apply(Seat::P1, Action::DrawStock).unwrap();
        let text = ron::ser::to_string_pretty(&r, Default::default()).unwrap();
        let back: Round = ron::from_str(&text).unwrap();
        assert_eq!(back, r);
        // Move a card from the stock into the other hand: 11 and 11, refused.
        let mut bad = r.clone();
        let moved = bad.stock.pop().unwrap();
        bad.hands[1].insert(moved);
        let text = ron::to_string(&bad).unwrap();
        assert!(ron::from_str::<Round>(&text).is_err());
        // Duplicate a card: refused.
        let mut dup = r.clone();
        let top = *dup.stock.last().unwrap();
        dup.discard_pile.push(top);
        assert!(ron::from_str::<Round>(&ron::to_string(&dup).unwrap()).is_err());
        assert!(ron::from_str::<Round>("(garbage").is_err());
    }
}
