//! What the player can play now, asked of the rules core's legal actions: which cards answer a
//! click ([`playable`]: they rise under the pointer and are not dimmed) and which the keyboard
//! highlight moves through ([`focusable`], [`live_focus`]). Read by the mouse, the keys, the
//! cards and their marks alike, so they never disagree.

use super::command::HandView;
use super::phase::TurnPhase;
use crate::rules::{Action, Card, Match};
use crate::seats::HUMAN;

/// Whether clicking `c` now would make a legal move (so it may rise under the pointer and is
/// not dimmed): the upcard or a pile top that may be taken, a card that may be thrown (or
/// knocked with, while `knocking`), a card that may be laid off.
pub fn playable(m: &Match, phase: TurnPhase, knocking: bool, c: Card) -> bool {
    let r = m.round();
    if r.to_act() != Some(HUMAN) {
        return false;
    }
    let top = r.discard_top() == Some(c);
    let stock_top = r.stock().last() == Some(&c);
    let legal = r.legal_actions();
    legal.iter().any(|a| match (phase, a) {
        (TurnPhase::UpcardOffer, Action::TakeUpcard) => top,
        (TurnPhase::Draw, Action::DrawStock) => stock_top,
        (TurnPhase::Draw, Action::TakeDiscard) => top,
        (TurnPhase::Discard, Action::Discard(d)) => *d == c && !knocking,
        (TurnPhase::Discard, Action::Knock { discard, .. }) => *discard == c && knocking,
        (TurnPhase::Discard, Action::Gin { discard }) => *discard == Some(c) && knocking,
        (TurnPhase::Layoff, Action::LayOff { card, .. }) => *card == c,
        _ => false,
    })
}

/// What the keyboard highlight moves through in `phase`, left to right: the pile tops that may
/// be taken when drawing or offered the upcard, the hand (in the order shown, `shown`) when
/// discarding or laying off; nothing while the computer plays.
pub(crate) fn focusable(m: &Match, phase: TurnPhase, shown: &[Card]) -> Vec<Card> {
    let r = m.round();
    match phase {
        TurnPhase::UpcardOffer | TurnPhase::Draw => {
            let mut v: Vec<Card> = r.stock().last().copied().into_iter().collect();
            v.extend(r.discard_top());
            v.retain(|&c| playable(m, phase, false, c));
            v
        }
        TurnPhase::Discard | TurnPhase::Layoff => shown
            .iter()
            .copied()
            .filter(|&c| r.hand(HUMAN).contains(c))
            .collect(),
        _ => Vec::new(),
    }
}

/// Where the highlight goes from `focus` on `dir` (−1 left, +1 right) among `list`: the next
/// card, stopping at the ends; from nowhere (or a card no longer there) the first card for →
/// and the last for ←.
pub(crate) fn step_focus(list: &[Card], focus: Option<Card>, dir: i32) -> Option<Card> {
    if list.is_empty() {
        return None;
    }
    let at = focus.and_then(|f| list.iter().position(|&c| c == f));
    let i = match at {
        None if dir < 0 => list.len() - 1,
        None => 0,
        Some(i) => (i as i32 + dir).clamp(0, list.len() as i32 - 1) as usize,
    };
    Some(list[i])
}

/// The keyboard highlight if it is on something that may be highlighted now.
pub(crate) fn live_focus(
    m: &Match,
    phase: TurnPhase,
    hand: &HandView,
    shown: &[Card],
) -> Option<Card> {
    hand.focus
        .filter(|f| focusable(m, phase, shown).contains(f))
}
