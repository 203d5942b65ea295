//! What a seat knows of its opponent: the public action list replayed into the cards the
//! opponent must hold, threw and passed on, and its record turn by turn.
//!
//! Decision: its own module below both [`super::view`] (a seat's whole view holds it) and
//! [`super::style`] (which reads the record), so neither imports the other both ways.

use serde::{Deserialize, Serialize};

use crate::rules::{Action, Card, CardSet, Move, Seat};

/// Public facts about the opponent, replayed from the action list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knowledge {
    /// Cards the opponent took from the discard pile and still holds.
    pub opp_holds: CardSet,
    /// Cards the opponent discarded.
    pub opp_discarded: CardSet,
    /// Discard-pile tops the opponent passed on (by passing the upcard or drawing from stock).
    pub opp_declined: CardSet,
    /// Number of draws the opponent has made (stock or discard).
    pub opp_draws: u32,
    /// Number of draws this seat has made.
    pub my_draws: u32,
    /// What the opponent did, in order: the record the sums above are taken from, for a
    /// sampler that replays the opponent's turns (see [`crate::ai::hard`]).
    #[serde(default)]
    pub opp_events: Vec<OppEvent>,
}

/// One thing the opponent did, as its seat saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OppEvent {
    /// Passed on this pile top: passed the upcard, or drew from the stock with it on top.
    Declined(Card),
    /// Drew an unseen card from the stock.
    Stock,
    /// Took this card from the pile.
    Took(Card),
    /// Threw this card (a knock's discard included).
    Threw(Card),
}

impl Knowledge {
    /// What seat `me` knows after `history`, the round having started with `upcard` face up.
    pub fn from_history(me: Seat, upcard: Card, history: &[Move]) -> Knowledge {
        let mut k = Knowledge::default();
        let mut pile = vec![upcard];
        for m in history {
            let opp = m.seat != me;
            match &m.action {
                Action::TakeUpcard | Action::TakeDiscard => {
                    if let Some(c) = pile.pop()
                        && opp
                    {
                        k.opp_holds.insert(c);
                        k.opp_events.push(OppEvent::Took(c));
                    }
                    if opp {
                        k.opp_draws += 1;
                    } else {
                        k.my_draws += 1;
                    }
                }
                Action::PassUpcard | Action::DrawStock => {
                    if opp && let Some(&c) = pile.last() {
                        k.opp_declined.insert(c);
                        k.opp_events.push(OppEvent::Declined(c));
                    }
                    if matches!(m.action, Action::DrawStock) {
                        if opp {
                            k.opp_draws += 1;
                            k.opp_events.push(OppEvent::Stock);
                        } else {
                            k.my_draws += 1;
                        }
                    }
                }
                Action::Discard(c)
                | Action::Knock { discard: c, .. }
                | Action::Gin { discard: Some(c) } => {
                    pile.push(*c);
                    if opp {
                        k.opp_holds.remove(*c);
                        k.opp_discarded.insert(*c);
                        k.opp_events.push(OppEvent::Threw(*c));
                    }
                }
                Action::Gin { discard: None } | Action::LayOff { .. } | Action::FinishLayoffs => {}
            }
        }
        k
    }
}
