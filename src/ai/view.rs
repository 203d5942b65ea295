//! What one seat may know, and what follows from it.
//!
//! A [`View`] is built from public parts plus the seat's own hand; it has no field that could
//! hold the opponent's hand or the stock order, so a bot cannot cheat by accident. Any driver
//! (the GUI, the simulator, a test) builds one with [`View::of`] or field by field.
//!
//! [`Knowledge`] replays the public action list to find what the opponent must hold (cards they
//! took from the discard pile and have not thrown back), what they threw away and what they
//! passed on. Every bot uses it; Hard also samples hidden hands from it.

use serde::{Deserialize, Serialize};

use super::knowledge::Knowledge;
use super::style::Style;

use crate::rules::hollywood::{Game, games_for_win};
use crate::rules::{Card, CardSet, Knock, Phase, Round, RuleSettings, Scoreboard, Seat};

/// Everything a seat may know when it has to decide.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The seat the view is for.
    pub seat: Seat,
    /// The rules of the round.
    pub rules: RuleSettings,
    /// Where the round is.
    pub phase: Phase,
    /// Who dealt.
    pub dealer: Seat,
    /// The seat's own cards.
    pub hand: CardSet,
    /// The card turned up at the deal.
    pub upcard: Card,
    /// The discard pile, bottom first.
    pub discard_pile: Vec<Card>,
    /// Cards left in the stock.
    pub stock_len: usize,
    /// The card this seat took from the discard pile this turn (may not be thrown back).
    pub taken_from_discard: Option<Card>,
    /// What the public action list says about the opponent (see [`Knowledge`]).
    pub knowledge: Knowledge,
    /// Number of actions taken so far in the round.
    pub moves: usize,
    /// The knock, once spread.
    pub knock: Option<Knock>,
    /// The three Hollywood games, when the round is part of a series.
    pub games: Option<[Game; 3]>,
    /// What the opponent's earlier rounds of the series showed of how it plays (none unless
    /// the driver adds them with [`View::with_style`]).
    #[serde(default)]
    pub style: Style,
}

impl View {
    /// The view of `seat` on `round` (and the series' scoreboard, if any).
    pub fn of(round: &Round, seat: Seat, scoreboard: Option<&Scoreboard>) -> View {
        View {
            seat,
            rules: round.rules().clone(),
            phase: round.phase(),
            dealer: round.dealer(),
            hand: round.hand(seat),
            upcard: round.upcard(),
            discard_pile: round.discard_pile().to_vec(),
            stock_len: round.stock_len(),
            taken_from_discard: if round.to_act() == Some(seat) {
                round.taken_from_discard()
            } else {
                None
            },
            knowledge: Knowledge::from_history(seat, round.upcard(), round.history()),
            moves: round.history().len(),
            knock: round.knock().cloned(),
            games: scoreboard.map(|s| s.games.clone()),
            style: Style::default(),
        }
    }

    /// This view with what the opponent's earlier rounds showed of its play.
    pub fn with_style(self, style: Style) -> View {
        View { style, ..self }
    }

    /// The games a win by `seat` would be credited to (none outside a series).
    pub fn games_for_win(&self, seat: Seat) -> Vec<usize> {
        self.games
            .as_ref()
            .map(|g| games_for_win(g, seat))
            .unwrap_or_default()
    }

    /// The card on top of the discard pile, if any.
    pub fn discard_top(&self) -> Option<Card> {
        self.discard_pile.last().copied()
    }

    /// The other seat.
    pub fn opponent(&self) -> Seat {
        self.seat.other()
    }

    /// Cards whose place this seat does not know: not in its hand, not in the discard pile,
    /// not known to be in the opponent's hand, not laid off.
    pub fn unseen(&self, k: &Knowledge) -> CardSet {
        let pile: CardSet = self.discard_pile.iter().copied().collect();
        let laid = self
            .knock
            .as_ref()
            .map(|k| k.laid_off())
            .unwrap_or_default();
        let melded = match &self.knock {
            Some(kn) if kn.knocker != self.seat => {
                kn.melds.iter().fold(kn.deadwood, |a, m| a.union(m.cards()))
            }
            _ => CardSet::EMPTY,
        };
        CardSet::FULL
            .difference(self.hand)
            .difference(pile)
            .difference(k.opp_holds)
            .difference(laid)
            .difference(melded)
    }

    /// A number that changes whenever anything in the view changes; bots mix it into their
    /// seed so a decision depends only on (seed, view).
    pub fn fingerprint(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |x: u64| {
            h ^= x;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        };
        mix(self.hand.bits());
        mix(self.seat.index() as u64);
        mix(self.stock_len as u64);
        mix(self.moves as u64);
        for c in &self.discard_pile {
            mix(u64::from(c.index()));
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::knowledge::OppEvent;
    use crate::rules::Action;

    #[test]
    fn knowledge_tracks_taken_and_discarded_cards() {
        let mut r = Round::deal(RuleSettings::default(), Seat::P1, 3);
        let up = r.upcard();
        r.apply(Seat::P2, Action::TakeUpcard).unwrap();
        let hand = r.hand(Seat::P2);
        let throw = hand.iter().find(|&c| c != up).unwrap();
        r.apply(Seat::P2, Action::Discard(throw)).unwrap();
        let v = View::of(&r, Seat::P1, None);
        let k = v.knowledge.clone();
        assert_eq!(k.opp_holds, CardSet::EMPTY.with(up));
        assert_eq!(k.opp_discarded, CardSet::EMPTY.with(throw));
        assert_eq!(k.opp_draws, 1);
        assert_eq!(k.opp_events, [OppEvent::Took(up), OppEvent::Threw(throw)]);
        let unseen = v.unseen(&k);
        assert!(!unseen.contains(up) && !unseen.contains(throw));
        assert_eq!(
            unseen.len(),
            52 - 10 - 1 - 1,
            "my 10, the known upcard, the discard"
        );
        // P1 draws from the stock: P2's view learns P1 passed on `throw`.
        r.apply(Seat::P1, Action::DrawStock).unwrap();
        let k2 = View::of(&r, Seat::P2, None).knowledge;
        assert!(k2.opp_declined.contains(throw));
        assert_eq!(k2.opp_events, [OppEvent::Declined(throw), OppEvent::Stock]);
        assert_eq!(View::of(&r, Seat::P2, None).taken_from_discard, None);
    }
}
