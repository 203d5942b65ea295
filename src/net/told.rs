//! What the guest's game is told of a round, and how it lays the round out on its own table.
//!
//! The host's game holds the deal; the guest's is sent [`Told`]: its own hand, the upcard,
//! every move so far (a draw from the stock shows no card, as at a real table) and the cards
//! it drew itself. That is all its seat may see. To play the round with the same rules core and
//! the same table as against the computer, the guest's game deals itself a *stand-in* round
//! ([`Told::stand_in`]): its own cards where they are, the cards the host has shown where it
//! showed them, and the cards nobody has seen put anywhere they could be. Every move told then
//! replays through [`Round::apply`], and the guest's seat sees exactly what it would see in the
//! real round (tested move by move against the host's round).
//!
//! Once the hidden part of the round is over (a knock, gin, or a dead hand) the host reveals its
//! secret in the same message, and the guest deals the real round from the agreed seed and
//! checks that it is the round it was told, card for card ([`Told::revealed`]). A mismatch is a
//! [`ToldError`]: loud, and the end of the series.
//!
//! Seats on the wire are the host's (host [`HOST`], guest [`GUEST`]); the guest's table puts
//! its player at its own first seat, so its rounds swap the seats ([`local`]). A deal gives the
//! same cards to the non-dealer and the dealer whichever seat each sits in, so both games deal
//! the same cards from the same seed.

use serde::{Deserialize, Serialize};

use super::fair::HostSecret;
use crate::rules::{Action, Card, CardSet, Move, Round, RuleError, RuleSettings, Seat};

/// The host's seat on the wire.
pub const HOST: Seat = Seat::P1;
/// The guest's seat on the wire.
pub const GUEST: Seat = Seat::P2;

/// A seat on the wire as the guest's table numbers it (its player first), and back.
pub fn local(seat: Seat) -> Seat {
    seat.other()
}

/// The round in play as the guest's seat may know it (seats as on the wire).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Told {
    /// The deal's number in the series, from 1.
    pub deal: u64,
    /// Who dealt.
    pub dealer: Seat,
    /// The guest's ten cards as dealt.
    pub hand: CardSet,
    /// The upcard as dealt.
    pub upcard: Card,
    /// Every move of the round so far, both seats'.
    pub moves: Vec<Move>,
    /// The cards the guest drew from the stock, in order.
    pub drawn: Vec<Card>,
    /// The host's secret for this deal, once the hidden part of the round is over.
    pub secret: Option<HostSecret>,
}

/// Why what the guest was told cannot be its round.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ToldError {
    #[error("the deal told is not a deal: {0}")]
    /// The table told is no deal (why).
    NotADeal(String),
    #[error("move {at} of the round told does not replay: {error}")]
    /// A move told did not replay.
    Replay {
        /// Its place in the round.
        at: usize,
        /// Why the rules refused it.
        error: RuleError,
    },
    #[error("the host's game played a knock or gin without revealing its deal")]
    /// The round is over but its seed was not told.
    Unrevealed,
    #[error("the cards dealt from the agreed seed are not the cards that were played")]
    /// The seed told does not deal the round told.
    NotTheDeal,
}

impl Told {
    /// What `round` (the host's, seats as on the wire) shows the guest as deal `deal`; with
    /// `secret` when the round's hidden part is over ([`hidden_part_over`]).
    pub fn of(round: &Round, deal: u64, dealt: &Round, secret: Option<HostSecret>) -> Told {
        let mut drawn = Vec::new();
        let mut stock = dealt.stock().to_vec();
        for mv in round.history() {
            if mv.action == Action::DrawStock {
                let card = stock.pop();
                if mv.seat == GUEST {
                    drawn.extend(card);
                }
            }
        }
        Told {
            deal,
            dealer: round.dealer(),
            hand: dealt.hand(GUEST),
            upcard: dealt.upcard(),
            moves: round.history().to_vec(),
            drawn,
            secret,
        }
    }

    /// The guest's round (seats as its table numbers them): cards no one has seen stand in for
    /// the host's hand and the stock. Refused if the moves cannot have been played, or if the
    /// host knocked or went gin without revealing.
    pub fn stand_in(&self, rules: &RuleSettings) -> Result<Round, ToldError> {
        if self
            .moves
            .iter()
            .any(|m| matches!(m.action, Action::Knock { .. } | Action::Gin { .. }))
        {
            return Err(ToldError::Unrevealed);
        }
        let layout = Layout::of(self)?;
        self.replay(rules, layout.host, layout.stock)
    }

    /// The real round dealt from the agreed `seed` (as the guest's table numbers the seats):
    /// refused unless it deals the guest the hand, the upcard and the draws it was told and
    /// every move replays.
    pub fn revealed(&self, rules: &RuleSettings, seed: u64) -> Result<Round, ToldError> {
        let real = Round::deal(rules.clone(), local(self.dealer), seed);
        let mut stock = real.stock().to_vec();
        let mut drawn = Vec::new();
        for mv in &self.moves {
            if mv.action == Action::DrawStock {
                let card = stock.pop();
                if mv.seat == GUEST {
                    drawn.extend(card);
                }
            }
        }
        if real.hand(local(GUEST)) != self.hand
            || real.upcard() != self.upcard
            || drawn != self.drawn
        {
            return Err(ToldError::NotTheDeal);
        }
        let mut round = real;
        for (at, mv) in self.moves.iter().enumerate() {
            round
                .apply(local(mv.seat), mv.action.clone())
                .map_err(|error| ToldError::Replay { at, error })?;
        }
        Ok(round)
    }

    /// The round as dealt, the guest's seat first, with the host's hand and the stock given.
    fn dealt(
        &self,
        rules: &RuleSettings,
        host: CardSet,
        stock: Vec<Card>,
    ) -> Result<Round, ToldError> {
        let mut hands = [CardSet::EMPTY; 2];
        hands[local(GUEST).index()] = self.hand;
        hands[local(HOST).index()] = host;
        Round::with_hands(
            rules.clone(),
            local(self.dealer),
            hands,
            self.upcard,
            Some(stock),
        )
        .map_err(|e| ToldError::NotADeal(e.to_string()))
    }

    fn replay(
        &self,
        rules: &RuleSettings,
        host: CardSet,
        stock: Vec<Card>,
    ) -> Result<Round, ToldError> {
        let mut round = self.dealt(rules, host, stock)?;
        for (at, mv) in self.moves.iter().enumerate() {
            round
                .apply(local(mv.seat), mv.action.clone())
                .map_err(|error| ToldError::Replay { at, error })?;
        }
        Ok(round)
    }

    /// The guest's round as it was dealt (before any move), for a stand-in: with the same
    /// stand-in cards as [`Told::stand_in`].
    pub fn stand_in_dealt(&self, rules: &RuleSettings) -> Result<Round, ToldError> {
        let layout = Layout::of(self)?;
        self.dealt(rules, layout.host, layout.stock)
    }
}

/// True once nothing of the round is hidden that play can still use: a knock or gin has been
/// spread, or the round is over (a dead hand included). The host reveals its secret then.
pub fn hidden_part_over(round: &Round) -> bool {
    round.is_finished() || round.knock().is_some()
}

/// Where the stand-in round puts the cards the guest has not seen.
struct Layout {
    host: CardSet,
    /// The stock, bottom first (the top card is drawn first), as [`Round::with_hands`] takes it.
    stock: Vec<Card>,
}

/// Where a card the host holds came from, as far as the guest can tell.
#[derive(Clone, Copy, PartialEq)]
enum Source {
    /// Slot `i` of its hand as dealt.
    Dealt(usize),
    /// The stock card it drew as draw number `i` (from the top).
    Stock(usize),
    /// A card it took from the discard pile.
    Pile(Card),
}

impl Layout {
    /// Walks the moves, placing each card the host shows where it can have come from: a card it
    /// discards is the card it just drew from the stock when it drew one it had not shown, else
    /// a card of its hand as dealt (or an earlier unseen draw). Cards still unplaced fill the rest.
    fn of(told: &Told) -> Result<Layout, ToldError> {
        let bad = |why: &str| ToldError::NotADeal(why.to_string());
        if told.hand.len() != 10 || told.hand.contains(told.upcard) {
            return Err(bad(
                "the guest's hand is not ten cards apart from the upcard",
            ));
        }
        let mut dealt: [Option<Card>; 10] = [None; 10];
        let mut draws: Vec<Option<Card>> = Vec::new();
        let mut held: Vec<Source> = (0..10).map(Source::Dealt).collect();
        let mut seen = told.hand.with(told.upcard);
        let mut pile = vec![told.upcard];
        let mut guest_draws = told.drawn.iter();
        for mv in &told.moves {
            let host = mv.seat == HOST;
            match &mv.action {
                Action::TakeUpcard | Action::TakeDiscard => {
                    let top = pile.pop().ok_or_else(|| bad("a draw from an empty pile"))?;
                    if host {
                        held.push(Source::Pile(top));
                    }
                }
                Action::DrawStock if host => {
                    held.push(Source::Stock(draws.len()));
                    draws.push(None);
                }
                Action::DrawStock => {
                    let card = *guest_draws
                        .next()
                        .ok_or_else(|| bad("a draw of the guest's that it was not told"))?;
                    if seen.contains(card) {
                        return Err(bad("a card drawn that is elsewhere"));
                    }
                    seen = seen.with(card);
                    draws.push(Some(card));
                }
                Action::Discard(card) if host => {
                    let card = *card;
                    let shown = |s: &Source| match *s {
                        Source::Dealt(i) => dealt[i] == Some(card),
                        Source::Stock(i) => draws[i] == Some(card),
                        Source::Pile(c) => c == card,
                    };
                    let at = match held.iter().position(shown) {
                        Some(at) => at,
                        None => {
                            if seen.contains(card) {
                                return Err(bad("the host discarded a card it cannot hold"));
                            }
                            // An unseen card of the host's: the one just drawn, else the
                            // first unseen one it holds.
                            let unseen = |s: &Source| match *s {
                                Source::Dealt(i) => dealt[i].is_none(),
                                Source::Stock(i) => draws[i].is_none(),
                                Source::Pile(_) => false,
                            };
                            let at = match held.last() {
                                Some(s @ Source::Stock(_)) if unseen(s) => held.len() - 1,
                                _ => held.iter().position(unseen).ok_or_else(|| {
                                    bad("the host discarded a card it cannot hold")
                                })?,
                            };
                            match held[at] {
                                Source::Dealt(i) => dealt[i] = Some(card),
                                Source::Stock(i) => draws[i] = Some(card),
                                Source::Pile(_) => {}
                            }
                            seen = seen.with(card);
                            at
                        }
                    };
                    held.remove(at);
                    pile.push(card);
                }
                Action::Discard(card) => pile.push(*card),
                Action::PassUpcard | Action::FinishLayoffs | Action::LayOff { .. } => {}
                Action::Knock { .. } | Action::Gin { .. } => return Err(ToldError::Unrevealed),
            }
        }
        if guest_draws.next().is_some() {
            return Err(bad("more draws told than the guest made"));
        }
        if draws.len() > 31 {
            return Err(bad("more draws than the stock holds"));
        }
        // Everything unplaced, in card order, fills the empty places.
        let mut rest = CardSet::FULL.difference(seen).iter();
        let mut fill = |slot: &mut Option<Card>| -> Result<Card, ToldError> {
            match *slot {
                Some(c) => Ok(c),
                None => {
                    let c = rest.next().ok_or_else(|| bad("more cards than a deck"))?;
                    *slot = Some(c);
                    Ok(c)
                }
            }
        };
        let mut host = CardSet::EMPTY;
        for slot in &mut dealt {
            host = host.with(fill(slot)?);
        }
        let mut top_down = Vec::with_capacity(31);
        for slot in &mut draws {
            top_down.push(fill(slot)?);
        }
        while top_down.len() < 31 {
            top_down.push(fill(&mut None)?);
        }
        top_down.reverse();
        Ok(Layout {
            host,
            stock: top_down,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Level, View};
    use crate::net::fair::{GuestNonce, HostDeal, HostSecret, deal_seed};

    /// The guest's view of its stand-in round is the view its seat has of the real round, at
    /// every move of many bot-played rounds (knocks and gin included, after the reveal).
    #[test]
    fn the_guests_stand_in_round_shows_its_seat_exactly_what_the_real_round_shows_it() {
        let rules = RuleSettings::default();
        let mut checked = 0;
        for n in 0..200u64 {
            let secret = HostSecret([n as u8; 32]);
            let nonce = GuestNonce([7; 32]);
            let seed = deal_seed(&secret, &nonce, n + 1);
            let dealer = if n % 2 == 0 { HOST } else { GUEST };
            let dealt = Round::deal(rules.clone(), dealer, seed);
            let mut round = dealt.clone();
            let bots = [Level::Medium.bot(n), Level::Easy.bot(n + 99)];
            loop {
                let over = hidden_part_over(&round);
                let told = Told::of(&round, n + 1, &dealt, over.then_some(secret));
                let mine = if over {
                    told.revealed(&rules, seed).unwrap()
                } else {
                    told.stand_in(&rules).unwrap()
                };
                let (theirs, ours) = (
                    View::of(&round, GUEST, None),
                    View::of(&mine, local(GUEST), None),
                );
                assert_eq!(
                    ours.hand,
                    theirs.hand,
                    "deal {n} move {}",
                    round.history().len()
                );
                assert_eq!(ours.discard_pile, theirs.discard_pile);
                assert_eq!(ours.stock_len, theirs.stock_len);
                assert_eq!(ours.taken_from_discard, theirs.taken_from_discard);
                assert_eq!(ours.knowledge, theirs.knowledge);
                let seen = |v: &View| {
                    v.knock
                        .clone()
                        .map(|k| (k.melds, k.deadwood, k.gin, k.layoffs))
                };
                assert_eq!(seen(&ours), seen(&theirs));
                assert_eq!(
                    ours.knock.map(|k| k.knocker),
                    theirs.knock.map(|k| local(k.knocker))
                );
                assert_eq!(mine.to_act().map(local), round.to_act());
                if over {
                    assert_eq!(mine.hand(local(HOST)), round.hand(HOST));
                    assert_eq!(
                        mine.result().map(|r| r.winner.map(local)),
                        round.result().map(|r| r.winner)
                    );
                }
                checked += 1;
                let Some(seat) = round.to_act() else { break };
                let view = View::of(&round, seat, None);
                let action = bots[seat.index()].decide(&view);
                round.apply(seat, action).unwrap();
            }
        }
        assert!(checked > 3000, "{checked} positions");
    }

    #[test]
    fn a_deal_gives_the_same_cards_to_the_same_player_whichever_seat_each_sits_in() {
        for seed in 0..50 {
            let a = Round::deal(RuleSettings::default(), Seat::P1, seed);
            let b = Round::deal(RuleSettings::default(), Seat::P2, seed);
            assert_eq!(a.hand(Seat::P1), b.hand(Seat::P2));
            assert_eq!(a.hand(Seat::P2), b.hand(Seat::P1));
            assert_eq!(a.stock(), b.stock());
            assert_eq!(a.upcard(), b.upcard());
        }
    }

    /// A round told with a wrong card, a move that cannot be, an unrevealed knock or a reveal of
    /// another deal is refused.
    #[test]
    fn a_round_told_wrong_is_refused() {
        let rules = RuleSettings::default();
        let secret = HostSecret([3; 32]);
        let mut host = HostDeal::new(1, secret);
        let (seed, _) = host.accept_nonce(1, GuestNonce([4; 32])).unwrap();
        let dealt = Round::deal(rules.clone(), HOST, seed);
        let mut round = dealt.clone();
        let bots = [Level::Medium.bot(1), Level::Easy.bot(2)];
        while !hidden_part_over(&round) {
            let seat = round.to_act().unwrap();
            let a = bots[seat.index()].decide(&View::of(&round, seat, None));
            round.apply(seat, a).unwrap();
        }
        let told = Told::of(&round, 1, &dealt, Some(secret));
        assert!(told.revealed(&rules, seed).is_ok());
        assert_eq!(told.revealed(&rules, seed ^ 1), Err(ToldError::NotTheDeal));
        if round.knock().is_some() {
            assert_eq!(told.stand_in(&rules).err(), Some(ToldError::Unrevealed));
        }
        let mut wrong = Told::of(&dealt, 1, &dealt, None);
        wrong.hand = wrong
            .hand
            .without(wrong.hand.iter().next().unwrap())
            .with(wrong.upcard);
        assert!(matches!(
            wrong.stand_in(&rules),
            Err(ToldError::NotADeal(_))
        ));
        let mut early = Told::of(&dealt, 1, &dealt, None);
        early.moves.push(Move {
            seat: dealt.non_dealer(),
            action: Action::DrawStock,
        });
        early.drawn.push(dealt.stock()[0]);
        assert!(
            early.stand_in(&rules).is_err(),
            "a draw before the upcard is offered"
        );
        let mut foreign = Told::of(&dealt, 1, &dealt, None);
        foreign.moves.push(Move {
            seat: dealt.non_dealer(),
            action: Action::Discard(foreign.upcard),
        });
        assert!(foreign.stand_in(&rules).is_err());
    }
}
